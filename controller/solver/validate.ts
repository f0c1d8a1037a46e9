// `mlt solve --validate`: run the solved thresholds on the embedded target and compare measured losses with
// every model's predictions; then run each model's own optimal thresholds too and compare what they cost on
// the switch. The caller supplies `run`, which executes one scenario (in the scenario file format) and
// returns its report: the CLI wires it to the simulator, so this library never imports the target.
import { evaluate, solve } from './index.js';
import { layoutQueues } from './layout.js';
import type { LossModel, Solution, SolveProblem, Thresholds } from './types.js';
import {
  analyse,
  measuredCost,
  type ChosenRun,
  type ReportView,
  type Validation,
} from './validate-report.js';
import { validationScenario, type EgressAt, type ValidationScenario } from './validate-scenario.js';

export type {
  Validation,
  QueueValidation,
  Measured,
  ModelScore,
  ReportView,
  ChosenRun,
  GoalCheck,
} from './validate-report.js';
export type { EgressAt, ValidationScenario } from './validate-scenario.js';
export { formatValidation } from './validate-format.js';
export { installedDepth, effectiveThreshold, validationScenario } from './validate-scenario.js';

export interface ValidateOptions {
  /** Path of p4/mlt.p4. */
  p4: string;
  /** Expected arrivals at the port over all runs together. */
  packets: number;
  /** Independent runs (seeds seed, seed+1, ...); their spread gives the confidence intervals. */
  runs: number;
  seed: number;
  egressAt?: EgressAt;
  /** Also run each model's optimal thresholds (default true). */
  compare?: boolean;
}

/**
 * Expected arrivals per run at most: a run keeps every packet's queueing delay and latency for exact
 * percentiles, about 40 bytes a packet, so 10^7 take about 0.4 GB (and half a minute).
 */
export const MAX_PACKETS_PER_RUN = 10_000_000;
/** Independent runs at most (each builds its own switch; the confidence intervals need a few dozen at most). */
export const MAX_RUNS = 1000;

/** The models whose optimal thresholds `--validate` runs side by side. */
export const COMPARED_MODELS: readonly LossModel[] = ['paper', 'exact', 'port'];

export function validateSolution(
  problem: SolveProblem,
  solution: Solution,
  options: ValidateOptions,
  run: (scenario: ValidationScenario) => ReportView,
): Validation {
  if (!(Number.isInteger(options.runs) && options.runs >= 1 && options.runs <= MAX_RUNS))
    throw new RangeError(`--runs must be from 1 to ${MAX_RUNS}`);
  const layout = layoutQueues(problem);
  const packetsPerRun = Math.ceil(options.packets / options.runs);
  if (packetsPerRun > MAX_PACKETS_PER_RUN)
    throw new RangeError(
      `--packets ${options.packets} over ${options.runs} run(s) is ${packetsPerRun} per run; at most ${MAX_PACKETS_PER_RUN} ` +
        "(a run keeps every packet's queueing delay, about 40 bytes each): give more --runs",
    );
  const seeds = Array.from({ length: options.runs }, (_, k) => options.seed + k);
  const runAll = (thresholds: Thresholds[]) => {
    const plans = seeds.map((seed) =>
      validationScenario(problem, layout, thresholds, {
        p4: options.p4,
        packets: packetsPerRun,
        seed,
        egressAt: options.egressAt,
      }),
    );
    return { plan: plans[0]!, reports: plans.map((p) => run(p.scenario)) };
  };
  const solved = dataThresholds(solution);
  const main = runAll(solved);
  const validation = analyse(problem, layout, solved, main.plan, main.reports, { packetsPerRun, seeds });
  if (options.compare === false) return validation;

  // Each model's optimum, on the same seeds (common random numbers make the comparison sharper).
  validation.chosen = COMPARED_MODELS.map((model): ChosenRun => {
    const own =
      model === solution.model && solution.policy === 'optimal' ? solution : solve(problem, { model });
    const thresholds = dataThresholds(own);
    const same = thresholds.every((t, i) => t.S === solved[i]!.S && t.L === solved[i]!.L);
    const runs = same ? main : runAll(thresholds);
    return {
      model,
      method: own.method,
      thresholds,
      predicted: {
        own: own.objective,
        port: model === 'port' ? own.objective : evaluate(problem, 'port', thresholds, layout).objective,
      },
      measured: measuredCost(layout, runs.plan, runs.reports),
    };
  });
  return validation;
}

function dataThresholds(s: Solution): Thresholds[] {
  return s.queues.filter((q) => q.role === 'data').map((q) => ({ S: q.S, L: q.L }));
}
