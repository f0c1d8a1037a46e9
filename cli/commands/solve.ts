// `mlt solve CONFIG.yaml`: per-queue thresholds for one switch port (docs/threshold-model.md), as a table or JSON.
// With --validate the thresholds also run on the embedded target (see ../../solver/validate.ts); the scenario
// file format is the interface to the simulator, which is wired in here, the one place that joins the parts.
import { Command, InvalidArgumentError, Option } from 'commander';
import { integerOption, seedValue } from '../option-values.js';
import { join } from 'node:path';
import { ConfigError } from '../../config-file/index.js';
import { loadSolveConfig, projectRoot } from '../../controller/config/index.js';
import {
  solve,
  type LossModel,
  type Method,
  type PortEngine,
  type Solution,
  type SolveProblem,
} from '../../controller/solver/index.js';
import {
  formatValidation,
  validateSolution,
  type EgressAt,
  type Validation,
  type ValidationScenario,
} from '../../controller/solver/validate.js';
import type { ScenarioFile } from '../../target/sim/scenario-file.js';
import { buildScenario, runBuilt } from '../../target/sim/scenario-run.js';

/** Exit status for a config the user must fix (unreadable, invalid YAML, schema error); usage errors exit 1. */
const EXIT_CONFIG = 2;

interface SolveFlags {
  model: LossModel;
  method: Method;
  policy: 'optimal' | 'dlcp';
  base?: number;
  step?: number;
  json?: boolean;
  validate?: boolean;
  packets: number;
  runs: number;
  seed: number;
  egressAt: EgressAt;
  compare: boolean;
  portEngine: PortEngine;
}

export function solveCommand(): Command {
  return new Command('solve')
    .description('compute per-queue thresholds S (drop unimportant) and L (drop all) for one port')
    .argument('<config>', 'solve config (YAML): switch, traffic and model sections')
    .addOption(
      new Option(
        '--model <model>',
        'queueing model: paper (MLT Appendix B), exact (one chain per queue), port (the strict-priority port)',
      )
        .choices(['paper', 'exact', 'port'])
        .default('exact'),
    )
    .addOption(
      new Option(
        '--method <method>',
        'auto: the fastest exact method (port: exhaustive when small, else local); greedy: marginal allocation ' +
          'only; dp: O(N·B²); local, exhaustive: port model searches',
      )
        .choices(['auto', 'dp', 'greedy', 'local', 'exhaustive'])
        .default('auto'),
    )
    .addOption(
      new Option(
        '--port-engine <engine>',
        'port model: the full Markov chain (small instances), the per-queue decomposition, or auto',
      )
        .choices(['auto', 'chain', 'decomposed'])
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
    .option(
      '--validate',
      "run the thresholds on one port of the embedded target (p4/mlt.p4) under the model's assumptions " +
        "and compare measured losses with every model, then run each model's own optimal thresholds",
    )
    .option('--packets <n>', 'validate: expected packet arrivals over all runs', integerOption(1), 1_000_000)
    .option('--runs <n>', 'validate: independent runs, for the confidence intervals', integerOption(1), 10)
    .option('--seed <n>', 'validate: seed of the first run (run k uses seed + k)', seedValue, 1)
    .addOption(
      new Option(
        '--egress-at <when>',
        'validate: apply thresholds when a packet is enqueued (the model) or dequeued (bmv2: dropped packets still wait)',
      )
        .choices(['enqueue', 'dequeue'])
        .default('enqueue'),
    )
    .option('--no-compare', "validate: skip running each model's own optimal thresholds on the switch")
    .action((config: string, flags: SolveFlags, command: Command) => {
      if (flags.policy === 'dlcp' && (flags.base === undefined || flags.step === undefined))
        command.error('error: --policy dlcp needs --base T and --step d');
      if (flags.policy !== 'dlcp' && (flags.base !== undefined || flags.step !== undefined))
        command.error('error: --base and --step only apply with --policy dlcp');
      const validateOnly = ['packets', 'runs', 'seed', 'egressAt', 'compare'].filter(
        (name) => command.getOptionValueSource(name) === 'cli',
      );
      if (!flags.validate && validateOnly.length > 0)
        command.error(
          'error: --packets, --runs, --seed, --egress-at and --no-compare only apply with --validate',
        );
      let solution: Solution;
      let modelName: string | undefined;
      let problem: SolveProblem;
      try {
        const loaded = loadSolveConfig(config);
        modelName = loaded.modelName;
        problem = loaded.problem;
        solution = solve(loaded.problem, {
          model: flags.model,
          method: flags.method,
          policy: flags.policy,
          portEngine: flags.portEngine,
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
      let validation: Validation | undefined;
      if (flags.validate) {
        try {
          validation = runValidation(config, problem, solution, flags);
        } catch (err) {
          if (err instanceof RangeError) {
            process.stderr.write(`${err.message}\n`);
            process.exitCode = EXIT_CONFIG;
            return;
          }
          throw err;
        }
      }
      const title = modelName ? `${config} (${modelName})` : config;
      process.stdout.write(
        flags.json
          ? `${JSON.stringify(validation ? { ...toJson(solution), validation } : toJson(solution), null, 2)}\n`
          : formatTable(title, solution) + (validation ? `\n${formatValidation(validation)}` : ''),
      );
    });
}

/** Runs the validation scenarios on the embedded target's simulator, through its scenario file entry points. */
function runValidation(
  config: string,
  problem: SolveProblem,
  solution: Solution,
  flags: SolveFlags,
): Validation {
  const p4 = join(projectRoot(), 'p4', 'mlt.p4');
  return validateSolution(
    problem,
    solution,
    {
      p4,
      packets: flags.packets,
      runs: flags.runs,
      seed: flags.seed,
      egressAt: flags.egressAt,
      compare: flags.compare,
    },
    (scenario: ValidationScenario) => {
      const scn: ScenarioFile = scenario;
      // A run takes seconds; say which one is going on when someone is watching.
      if (process.stderr.isTTY) process.stderr.write(`\rvalidate: run with seed ${scenario.seed}...`);
      const report = runBuilt(buildScenario(scn, config), scn);
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
      return report;
    },
  );
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
