// The one error path of the `mlt` command. Exit status: 0 success, 1 a check that failed (an STF test),
// 2 input that cannot be used (a bad option, file, config or program: a message, never a stack),
// 70 an internal error, i.e. a bug in mlt (EX_SOFTWARE of sysexits.h): its stack, marked as such.
import { CommanderError, type Command } from 'commander';
import { ConfigError } from '../config-file/index.js';
import { PolicyError } from '../controller/policy/resolve.js';
import { P4InfoParseError } from 'p4runtime-ts';
import { PacketAborted } from '../target/engine/index.js';
import { PipelineLoadError } from '../target/p4runtime/pipeline.js';
import { StfError } from '../target/stf/index.js';
import { StfSyntaxError } from '../target/stf/parser.js';

export const EXIT_OK = 0;
export const EXIT_CHECK_FAILED = 1;
export const EXIT_BAD_INPUT = 2;
export const EXIT_INTERNAL = 70;

/** Bad input found by a command itself: its message is all the user needs. */
export class UserInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserInputError';
  }
}

/** Errors that describe the user's input, not a fault of mlt. */
export function isUserInputError(e: unknown): e is Error {
  return (
    e instanceof UserInputError ||
    e instanceof ConfigError ||
    e instanceof PolicyError ||
    e instanceof PipelineLoadError ||
    e instanceof StfError ||
    e instanceof StfSyntaxError ||
    e instanceof P4InfoParseError ||
    // The P4 program, not mlt, stopped a packet (a failed assert, a loop that never ends).
    e instanceof PacketAborted
  );
}

export function internalErrorText(e: unknown): string {
  const detail = e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : String(e);
  return `internal error (a bug in mlt; please report it with the command you ran):\n${detail}\n`;
}

/** Report `e` on stderr and return the exit status it calls for. */
export function reportError(e: unknown, write: (s: string) => void = (s) => process.stderr.write(s)): number {
  if (e instanceof CommanderError) {
    // Commander printed its message (usage errors) or the help/version text already.
    return e.exitCode === 0 ? EXIT_OK : EXIT_BAD_INPUT;
  }
  if (isUserInputError(e)) {
    write(`error: ${e.message}\n`);
    return EXIT_BAD_INPUT;
  }
  write(internalErrorText(e));
  return EXIT_INTERNAL;
}

function throwInsteadOfExit(cmd: Command): void {
  cmd.exitOverride();
  for (const sub of cmd.commands) throwInsteadOfExit(sub);
}

/** Run the command line; every error ends here. Resolves with the exit status. */
export async function runMain(program: Command, argv: readonly string[]): Promise<number> {
  throwInsteadOfExit(program);
  const onAsyncError = (e: unknown): void => {
    process.stderr.write(internalErrorText(e));
    process.exit(EXIT_INTERNAL);
  };
  // A reader that stops reading (`mlt solve --json | head -1`) closes the pipe: that is the reader's
  // choice, not a bug in mlt, so the command ends quietly, as Unix tools killed by SIGPIPE do.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(EXIT_OK);
    onAsyncError(e);
  });
  process.on('uncaughtException', onAsyncError);
  process.on('unhandledRejection', onAsyncError);
  try {
    await program.parseAsync(argv as string[]);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK;
  } catch (e) {
    return reportError(e);
  }
}
