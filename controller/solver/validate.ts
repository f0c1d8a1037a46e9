// `mlt solve --validate`: run the solved thresholds on the embedded target and compare measured losses with
// both models' predictions. The caller supplies `run`, which executes one scenario (in the scenario file
// format) and returns its report: the CLI wires it to the simulator, so this library never imports the target.
import { layoutQueues } from './layout.js';
import type { Solution, SolveProblem, Thresholds } from './types.js';
import { analyse, type ReportView, type Validation } from './validate-report.js';
import { validationScenario, type EgressAt, type ValidationScenario } from './validate-scenario.js';

export type { Validation, QueueValidation, Measured, ModelScore, ReportView } from './validate-report.js';
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
}

export function validateSolution(
  problem: SolveProblem,
  solution: Solution,
  options: ValidateOptions,
  run: (scenario: ValidationScenario) => ReportView,
): Validation {
  if (!(Number.isInteger(options.runs) && options.runs >= 1)) throw new RangeError('--runs must be >= 1');
  const layout = layoutQueues(problem);
  const solved: Thresholds[] = solution.queues
    .filter((q) => q.role === 'data')
    .map((q) => ({ S: q.S, L: q.L }));
  const packetsPerRun = Math.ceil(options.packets / options.runs);
  const seeds = Array.from({ length: options.runs }, (_, k) => options.seed + k);
  const plans = seeds.map((seed) =>
    validationScenario(problem, layout, solved, {
      p4: options.p4,
      packets: packetsPerRun,
      seed,
      egressAt: options.egressAt,
    }),
  );
  const reports = plans.map((p) => run(p.scenario));
  return analyse(problem, layout, solved, plans[0]!, reports, { packetsPerRun, seeds });
}
