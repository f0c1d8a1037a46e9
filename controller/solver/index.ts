// The threshold solver as a library: `solve` finds (or, for a fixed policy, evaluates) per-queue
// thresholds S_i, L_i for one switch port under the model of docs/threshold-model.md. The CLI, the demo and
// `mlt solve --validate` all call this; nothing here does I/O.
import { allocateBuffer, allocateDp } from './allocate.js';
import { dlcpThresholds, type DlcpParams } from './dlcp.js';
import { layoutQueues, type DataQueue, type QueueLayout } from './layout.js';
import { queueLosses, type QueueLosses } from './models.js';
import type { BusyFitCache } from './port-level.js';
import { pickEngine, portInstance, portLosses, type PortEngine } from './port.js';
import { exhaustiveCount, exhaustiveSearch, localSearch, type SearchResult } from './port-optimise.js';
import { fullTable, scanTable, type QueueCostFn, type QueueTable } from './queue-table.js';
import type { LossModel, Method, QueueResult, Solution, SolveProblem, Thresholds } from './types.js';

export type * from './types.js';
export { blocking } from './blocking.js';
export { layerRank, layoutQueues, type DataQueue, type QueueLayout } from './layout.js';
export { exactLosses, paperLosses, queueLosses, type QueueLosses } from './models.js';
export { dlcpThresholds, type DlcpParams } from './dlcp.js';
export { installedDepth, effectiveThreshold } from './install.js';
export { pickEngine, portInstance, portLosses, type PortEngine } from './port.js';

export interface SolveOptions {
  model?: LossModel;
  method?: Method;
  policy?: 'optimal' | 'dlcp';
  /** Required with policy `dlcp`. */
  dlcp?: DlcpParams;
  /** `port` model only: the full chain, the decomposition, or `auto` (by the problem's size). */
  portEngine?: PortEngine;
}

/** `auto` searches the `port` model exhaustively up to this many threshold sets, locally beyond. */
export const EXHAUSTIVE_AUTO_LIMIT = 5000;
/** Local search tries several starts up to this buffer (each start costs as much as the search). */
export const MULTI_START_BUFFER = 64;
/**
 * Above MULTI_START_BUFFER the one search uses pattern moves (port-optimise.ts) from this first step:
 * the line search makes the large moves, so larger first steps only add neighbourhood scans (at 10^4
 * packets, ResNet50: 1,104 evaluations from 2, 1,465 from 4, 1,627 from 16; from 1, at 350 packets, a
 * worse local optimum).
 */
export const PATTERN_FIRST_STEP = 2;
/** `--method exhaustive` refuses instances with more threshold sets than this. */
export const EXHAUSTIVE_LIMIT = 2_000_000;
/** `--method dp` refuses instances of more than this many N·B² steps (about 20 s). */
export const DP_LIMIT = 1e10;

/** Loss is costed per 1% (f^S, f^L are extra rounds per 1% loss). */
const PER_PERCENT = 100;
const MIN_NORMAL = 2.2250738585072014e-308;

export function queueCost(q: DataQueue, model: Exclude<LossModel, 'port'>, theta: number): QueueCostFn {
  const losses = queueLosses(model, q.rho, theta);
  const { costSmall, costLarge } = q;
  return (S, L) => {
    const r = losses(S, L);
    const cost = PER_PERCENT * (r.small * costSmall + r.large * costLarge);
    return cost < MIN_NORMAL ? 0 : cost; // see LOG_MIN_NORMAL
  };
}

export function solve(problem: SolveProblem, options: SolveOptions = {}): Solution {
  checkProblem(problem);
  const model = options.model ?? 'exact';
  const layout = layoutQueues(problem);
  if ((options.policy ?? 'optimal') === 'dlcp') {
    if (!options.dlcp) throw new RangeError('the dlcp policy needs a base threshold and a step');
    const thresholds = dlcpThresholds(layout.data.length, problem.bufferPackets, options.dlcp);
    return {
      ...evaluate(problem, model, thresholds, layout, options.portEngine),
      method: 'dlcp',
      policy: 'dlcp',
      notes: [],
    };
  }
  if (model === 'port') return solvePort(problem, layout, options);

  const method = options.method ?? 'auto';
  if (method === 'local' || method === 'exhaustive')
    throw new RangeError(
      `--method ${method} is for the port model; the ${model} model is solved exactly by auto, dp or greedy`,
    );
  const B = problem.bufferPackets;
  const notes: string[] = [];
  const theta = problem.smallFraction;
  let used: 'dp' | 'greedy';
  let allocation: number[];
  let tables: QueueTable[];
  if (method === 'dp') {
    const steps = layout.data.length * B * B;
    if (steps > DP_LIMIT)
      throw new RangeError(
        `--method dp would take ${steps.toExponential(2)} steps (N·B²; limit ${DP_LIMIT.toExponential(0)}): auto and greedy solve the same model`,
      );
    // No assumption at all: every (S, L) per queue, then the DP over the buffer.
    tables = layout.data.map((q) => fullTable(queueCost(q, model, theta), B));
    used = 'dp';
    allocation = allocateDp(tables, B);
  } else {
    tables = layout.data.map((q) => scanTable(queueCost(q, model, theta), B));
    ({ allocation, method: used } = allocateBuffer(tables, B, method, notes));
  }
  const thresholds = allocation.map((budget, i) => ({
    S: tables[i]!.S[budget]!,
    L: tables[i]!.L[budget]!,
  }));
  return { ...evaluate(problem, model, thresholds, layout), method: used, policy: 'optimal', notes };
}

/**
 * The `port` model's optimum: exhaustive search where the instance is small (the exact optimum), else local
 * search started from the `exact` model's optimum (a local optimum no worse than that start; see
 * port-optimise.ts for the neighbourhood).
 */
function solvePort(problem: SolveProblem, layout: QueueLayout, options: SolveOptions): Solution {
  const method = options.method ?? 'auto';
  if (method === 'dp' || method === 'greedy')
    throw new RangeError(
      `--method ${method} needs a cost that is separable across queues; the port model's is not (use auto, local or exhaustive)`,
    );
  const engine = pickEngine(problem, layout, options.portEngine ?? 'auto');
  const n = layout.data.length;
  const B = problem.bufferPackets;
  // Evaluations of one search share the decomposition's busy-period fits (a move on a queue leaves the
  // fits above it unchanged).
  const fits: BusyFitCache = new Map();
  const cost = (thresholds: Thresholds[]) => portObjective(problem, layout, thresholds, engine, fits);
  const count = exhaustiveCount(n, B);
  const notes: string[] = [];
  if (method === 'exhaustive' || (method === 'auto' && count <= EXHAUSTIVE_AUTO_LIMIT)) {
    if (count > EXHAUSTIVE_LIMIT)
      throw new RangeError(
        `--method exhaustive would try ${count.toExponential(2)} threshold sets (limit ${EXHAUSTIVE_LIMIT})`,
      );
    const found = exhaustiveSearch(cost, n, B);
    return {
      ...evaluate(problem, 'port', found.thresholds, layout, engine),
      method: 'exhaustive',
      policy: 'optimal',
      notes: engineNote(engine, notes),
    };
  }
  // Several starts: the per-queue models' optima, and the buffer split evenly (all of it for large
  // packets, or half for small ones); the best local optimum wins.
  const data = (sol: Solution) =>
    sol.queues.filter((q) => q.role === 'data').map((q) => ({ S: q.S, L: q.L }));
  const even = Math.floor(B / n);
  const starts: [string, Thresholds[]][] = [['exact', data(solve(problem, { model: 'exact' }))]];
  if (B <= MULTI_START_BUFFER)
    starts.push(
      ['paper', data(solve(problem, { model: 'paper' }))],
      ['even', layout.data.map(() => ({ S: even, L: even }))],
      ['even, S = L/2', layout.data.map(() => ({ S: Math.floor(even / 2), L: even }))],
    );
  let found: SearchResult | null = null;
  let evaluations = 0;
  let from = '';
  // One cache for all starts: their searches meet.
  const seen = new Map<string, number>();
  for (const [name, start] of starts) {
    const r =
      B <= MULTI_START_BUFFER
        ? localSearch(cost, start, B, B, seen)
        : localSearch(cost, start, B, PATTERN_FIRST_STEP, seen, true);
    evaluations += r.evaluations;
    if (found === null || r.cost < found.cost) {
      found = r;
      from = name;
    }
  }
  notes.push(
    `local search from ${starts.length === 1 ? "the exact model's optimum" : `${starts.length} starts`} ` +
      `(${evaluations} evaluations${starts.length > 1 ? `; best from the ${from} start` : ''}): no unit ` +
      'move of one threshold or of buffer between two queues lowers the cost, but it is not proven globally optimal',
  );
  return {
    ...evaluate(problem, 'port', found!.thresholds, layout, engine),
    method: 'local',
    policy: 'optimal',
    notes: engineNote(engine, notes),
  };
}

function engineNote(engine: 'chain' | 'decomposed', notes: string[]): string[] {
  if (engine === 'decomposed')
    notes.push(
      'port model by decomposition (one chain per queue): an approximation, see controller/solver/README.md',
    );
  return notes;
}

/** The `port` model's objective for thresholds (one per data queue, highest first). */
export function portObjective(
  problem: SolveProblem,
  layout: QueueLayout,
  thresholds: Thresholds[],
  engine: 'chain' | 'decomposed',
  cache?: BusyFitCache,
): number {
  const losses = portLosses(portInstance(problem, layout, thresholds), engine, cache);
  let sum = 0;
  layout.data.forEach((q, i) => {
    const r = losses[i]!;
    sum += PER_PERCENT * (r.small * q.costSmall + r.large * q.costLarge);
  });
  return sum;
}

/**
 * Predicted losses and cost of given thresholds (one per data queue, highest first) under a model,
 * e.g. to compare installed thresholds with measured losses. The reserved control queue gets
 * thresholds that never trigger (the whole buffer).
 */
export function evaluate(
  problem: SolveProblem,
  model: LossModel,
  thresholds: Thresholds[],
  layout: QueueLayout = layoutQueues(problem),
  portEngine: PortEngine = 'auto',
): { model: LossModel; objective: number; queues: QueueResult[] } {
  if (thresholds.length !== layout.data.length)
    throw new RangeError(`expected ${layout.data.length} thresholds, got ${thresholds.length}`);
  for (const [i, { S, L }] of thresholds.entries())
    if (!(Number.isInteger(S) && Number.isInteger(L) && 0 <= S && S <= L))
      throw new RangeError(`queue ${layout.data[i]!.queue}: thresholds must be integers with 0 <= S <= L`);
  const losses: QueueLosses[] =
    model === 'port'
      ? portLosses(portInstance(problem, layout, thresholds), pickEngine(problem, layout, portEngine))
      : layout.data.map((q, i) =>
          queueLosses(model, q.rho, problem.smallFraction)(thresholds[i]!.S, thresholds[i]!.L),
        );
  const queues: QueueResult[] = [];
  if (layout.control !== null)
    queues.push({
      queue: layout.control,
      role: 'control',
      layers: [],
      rho: 0,
      S: problem.bufferPackets,
      L: problem.bufferPackets,
      lossSmall: 0,
      lossLarge: 0,
      cost: 0,
    });
  let objective = 0;
  layout.data.forEach((q, i) => {
    const { S, L } = thresholds[i]!;
    const r = losses[i]!;
    const cost = PER_PERCENT * (r.small * q.costSmall + r.large * q.costLarge);
    objective += cost;
    queues.push({
      queue: q.queue,
      role: 'data',
      layers: q.layers,
      rho: q.rho,
      S,
      L,
      lossSmall: r.small,
      lossLarge: r.large,
      cost,
    });
  });
  return { model, objective, queues };
}

function checkProblem(p: SolveProblem): void {
  const fail = (what: string): never => {
    throw new RangeError(what);
  };
  if (!Number.isInteger(p.queues) || p.queues < 1) fail('queues must be a positive integer');
  if (p.reserveControlQueue && p.queues < 2) fail('reserving a control queue needs at least 2 queues');
  if (!Number.isInteger(p.bufferPackets) || p.bufferPackets < 0)
    fail('bufferPackets must be a nonnegative integer');
  if (!(p.load >= 0 && Number.isFinite(p.load))) fail('load must be a finite number >= 0');
  if (!(p.smallFraction >= 0 && p.smallFraction <= 1)) fail('smallFraction must be in [0, 1]');
  if (p.layers.length === 0) fail('the model needs at least one layer');
  for (const l of p.layers)
    if (!(l.size >= 0 && l.lossCostSmall >= 0 && l.lossCostLarge >= 0))
      fail(`layer ${l.name}: size and loss costs must be >= 0`);
}
