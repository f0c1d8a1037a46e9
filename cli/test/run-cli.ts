// Runs the `mlt` CLI from source in a child process, as a user would run it, for end-to-end command tests.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../mlt.ts', import.meta.url));

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { cwd?: string; input?: string } = {}): CliResult {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--conditions=development', entry, ...args],
    {
      cwd: options.cwd,
      input: options.input,
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
