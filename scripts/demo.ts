// `make demo`: an operator's session on the embedded target, step by step, with real commands and real output.
//   1. compile p4/mlt.p4 with the target's front-end and summarise its P4Info;
//   2. run the bmv2 STF suite of mlt.p4 on the embedded target;
//   3. solve the per-queue thresholds for ResNet50 and compare them with DLCP's arithmetic thresholds;
//   4. drive a switch over P4Runtime (scripts/demo-p4runtime.ts);
//   5. congest a leaf-spine fabric running mlt.p4 and read what the queues did.
// Exits non-zero if any step fails, so the demo doubles as a smoke test of the whole product.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStf } from '../target/stf/index.js';
import { p4runtimeSession } from './demo-p4runtime.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const mltEntry = join(root, 'controller', 'cli', 'mlt.ts');
const outcomes: { step: string; ok: boolean }[] = [];

function heading(title: string): void {
  const bold = process.stdout.isTTY ? (t: string): string => `\x1b[1m${t}\x1b[0m` : (t: string): string => t;
  process.stdout.write(`\n${bold(`== ${title}`)}\n`);
}

/** Runs `mlt ARGS` as a user would and echoes the session. */
function mlt(args: string[]): { status: number; stdout: string } {
  process.stdout.write(`$ mlt ${args.join(' ')}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', mltEntry, ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  process.stdout.write(r.stdout);
  if (r.stderr) process.stdout.write(r.stderr.replace(/^/gm, '  '));
  return { status: r.status ?? -1, stdout: r.stdout };
}

function record(step: string, ok: boolean): void {
  outcomes.push({ step, ok });
}

function countLines(text: string, command: string): number {
  return text.split('\n').filter((l) => l.trimStart().startsWith(`${command} `)).length;
}

async function stfSuite(): Promise<boolean> {
  const dir = join(root, 'bmv2-tests');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.stf'))
    .sort();
  process.stdout.write(`file                  packets  expects  counters  result\n`);
  let allPassed = true;
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8');
    const result = await runStf({ programPath: join(root, 'p4', 'mlt.p4'), stfPath: join(dir, f) });
    allPassed &&= result.status === 'pass';
    const row = [
      f.padEnd(20),
      String(countLines(text, 'packet')).padStart(8),
      String(countLines(text, 'expect')).padStart(8),
      String(countLines(text, 'check_counter')).padStart(9),
      `  ${result.status.toUpperCase()}`,
    ];
    process.stdout.write(`${row.join(' ')}\n`);
    if (result.status !== 'pass') process.stdout.write(result.report.replace(/^/gm, '    ') + '\n');
  }
  return allPassed;
}

heading('1. Compile p4/mlt.p4 with the embedded target front-end');
{
  const r = mlt(['compile', 'p4/mlt.p4', '--p4info', '-']);
  const count = (kind: string): number => (r.stdout.match(new RegExp(`^${kind} \\{`, 'gm')) ?? []).length;
  process.stdout.write(
    `... P4Info: ${count('tables')} tables, ${count('actions')} actions, ${count('counters')} counters, ` +
      `${count('registers')} registers\n`,
  );
  record('compile p4/mlt.p4', r.status === 0);
}
// The full P4Info text is long; the counts above are the summary a reader needs.

heading(
  '2. The bmv2 STF suite of mlt.p4 on the embedded target (simple_switch semantics, 8 priority queues)',
);
record('STF suite', await stfSuite());

heading('3. Thresholds for ResNet50 on one 100G port: optimal (exact model) vs DLCP');
record('solve (optimal)', mlt(['solve', 'configs/solve-resnet50.yaml']).status === 0);
record(
  'solve (DLCP baseline)',
  mlt(['solve', 'configs/solve-resnet50.yaml', '--policy', 'dlcp', '--base', '20', '--step', '0.5'])
    .status === 0,
);

heading('4. A controller installs the solved thresholds on a switch over P4Runtime');
record('P4Runtime session', await p4runtimeSession(root));

heading('5. Congestion on a leaf-spine fabric running mlt.p4');
record('sim mlt-thresholds', mlt(['sim', 'configs/scenarios/mlt-thresholds.yaml']).status === 0);

heading('Summary');
for (const o of outcomes) process.stdout.write(`${o.ok ? 'ok  ' : 'FAIL'}  ${o.step}\n`);
if (outcomes.some((o) => !o.ok)) process.exitCode = 1;
