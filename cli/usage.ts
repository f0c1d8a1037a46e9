// Shared conventions of the operator commands: usage errors exit 2 (bad input), like a bad file.
import type { Command } from 'commander';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_INPUT = 2;

/** Make commander's usage errors (unknown option, missing argument) exit with status 2; help stays 0. */
export function usageExitsWith2(cmd: Command): Command {
  return cmd.exitOverride((err) => {
    if (
      err.code === 'commander.helpDisplayed' ||
      err.code === 'commander.help' ||
      err.code === 'commander.version'
    )
      process.exit(EXIT_OK);
    process.exit(EXIT_INPUT);
  });
}

export const collect = (value: string, previous: string[]): string[] => [...previous, value];
