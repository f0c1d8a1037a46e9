// `mlt solve CONFIG.yaml`: per-queue thresholds for one switch port (DESIGN.md §6), as a table or JSON.
import { Command, InvalidArgumentError, Option } from 'commander';
import { ConfigError, loadSolveConfig } from '../../config/index.js';
import { solve, type LossModel, type Method, type Solution } from '../../solver/index.js';

/** Exit status for a config the user must fix (unreadable, invalid YAML, schema error); usage errors exit 1. */
const EXIT_CONFIG = 2;

interface SolveFlags {
  model: LossModel;
  method: Method;
  policy: 'optimal' | 'dlcp';
  base?: number;
  step?: number;
  json?: boolean;
}

export function solveCommand(): Command {
  return new Command('solve')
    .description('compute per-queue thresholds S (drop unimportant) and L (drop all) for one port')
    .argument('<config>', 'solve config (YAML): switch, traffic and model sections')
    .addOption(new Option('--model <model>', 'queueing model').choices(['paper', 'exact']).default('exact'))
    .addOption(
      new Option(
        '--method <method>',
        'auto: certified marginal allocation, else DP; greedy: marginal allocation only; dp: exhaustive, O(N·B²)',
      )
        .choices(['auto', 'dp', 'greedy'])
        .default('auto'),
    )
    .addOption(
      new Option('--policy <policy>', 'optimal thresholds, or evaluate DLCP arithmetic ones')
        .choices(['optimal', 'dlcp'])
        .default('optimal'),
    )
    .option('--base <T>', 'dlcp: threshold of the highest data queue, packets', nonNegative)
    .option('--step <d>', 'dlcp: relative step between queues', nonNegative)
    .option('--json', 'print the solution as JSON')
    .action((config: string, flags: SolveFlags, command: Command) => {
      if (flags.policy === 'dlcp' && (flags.base === undefined || flags.step === undefined))
        command.error('error: --policy dlcp needs --base T and --step d');
      if (flags.policy !== 'dlcp' && (flags.base !== undefined || flags.step !== undefined))
        command.error('error: --base and --step only apply with --policy dlcp');
      let solution: Solution;
      let modelName: string | undefined;
      try {
        const loaded = loadSolveConfig(config);
        modelName = loaded.modelName;
        solution = solve(loaded.problem, {
          model: flags.model,
          method: flags.method,
          policy: flags.policy,
          dlcp:
            flags.base !== undefined && flags.step !== undefined
              ? { base: flags.base, step: flags.step }
              : undefined,
        });
      } catch (err) {
        if (err instanceof ConfigError || err instanceof RangeError) {
          process.stderr.write(`${err.message}\n`);
          process.exitCode = EXIT_CONFIG;
          return;
        }
        throw err;
      }
      process.stdout.write(
        flags.json
          ? `${JSON.stringify(toJson(solution), null, 2)}\n`
          : formatTable(modelName ? `${config} (${modelName})` : config, solution),
      );
    });
}

function nonNegative(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0)
    throw new InvalidArgumentError('expected a number >= 0');
  return n;
}

/** The documented JSON shape; rho is null for a queue left without service (rho = ∞). */
export function toJson(s: Solution) {
  return {
    model: s.model,
    method: s.method,
    policy: s.policy,
    objective: s.objective,
    queues: s.queues.map((q) => ({
      queue: q.queue,
      role: q.role,
      layers: q.layers,
      rho: Number.isFinite(q.rho) ? q.rho : null,
      S: q.S,
      L: q.L,
      lossSmall: q.lossSmall,
      lossLarge: q.lossLarge,
      cost: q.cost,
    })),
    notes: s.notes,
  };
}

/** `title` names what was solved (the config file, and the model profile if any). */
export function formatTable(title: string, s: Solution): string {
  const header = ['queue', 'role', 'layers', 'rho', 'S', 'L', 'loss small', 'loss large', 'cost'];
  const rows = s.queues.map((q) =>
    q.role === 'control'
      ? [String(q.queue), 'control', '-', '-', String(q.S), String(q.L), '-', '-', '-']
      : [
          String(q.queue),
          'data',
          ranges(q.layers),
          Number.isFinite(q.rho) ? q.rho.toFixed(3) : 'inf',
          String(q.S),
          String(q.L),
          percent(q.lossSmall),
          percent(q.lossLarge),
          number(q.cost),
        ],
  );
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => (c === 1 || c === 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ');
  const how = s.policy === 'dlcp' ? 'DLCP policy' : `optimal thresholds, method ${s.method}`;
  return [
    `${title}: ${how}, ${s.model} model, objective ${number(s.objective)}`,
    line(header),
    ...rows.map(line),
    ...s.notes.map((n) => `note: ${n}`),
    '',
  ].join('\n');
}

/** [0,1,2,5] → "0-2,5". */
function ranges(indices: number[]): string {
  if (indices.length === 0) return '-';
  const parts: string[] = [];
  let start = indices[0]!;
  let prev = start;
  for (const i of [...indices.slice(1), NaN]) {
    if (i === prev + 1) {
      prev = i;
      continue;
    }
    parts.push(start === prev ? String(start) : `${start}-${prev}`);
    start = prev = i;
  }
  return parts.join(',');
}

function percent(x: number): string {
  if (x === 0) return '0%';
  const p = x * 100;
  return p >= 0.01 ? `${p.toFixed(2)}%` : `${p.toExponential(1)}%`;
}

function number(x: number): string {
  return x === 0 ? '0' : Math.abs(x) >= 1e-3 && Math.abs(x) < 1e6 ? x.toPrecision(4) : x.toExponential(3);
}
