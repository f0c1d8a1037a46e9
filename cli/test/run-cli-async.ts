// Runs the `mlt` CLI from source in a child process without blocking the event loop, for tests whose
// P4Runtime servers run in the test process itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CliResult } from './run-cli.js';

const entry = fileURLToPath(new URL('../mlt.ts', import.meta.url));

/** A running `mlt`, for tests that signal it; `result` settles when it exits (rejects after `timeoutMs`). */
export function startCli(
  args: string[],
  options: { cwd?: string; timeoutMs?: number } = {},
): { child: ChildProcess; stdout: () => string; stderr: () => string; result: Promise<CliResult> } {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=development', entry, ...args], {
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const result = new Promise<CliResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mlt ${args.join(' ')} did not finish: ${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ status: code ?? -1, stdout, stderr });
    });
  });
  return { child, stdout: () => stdout, stderr: () => stderr, result };
}

export function runCliAsync(
  args: string[],
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  return startCli(args, options).result;
}
