// The `port` model: the strict-priority port as the switch runs it, built from the solver's problem and
// model thresholds. Chooses the exact chain when the instance is small enough, the decomposition otherwise.
import { installedDepth } from './install.js';
import type { QueueLayout } from './layout.js';
import { chainSize, solveChain } from './port-chain.js';
import { solveDecomposed, type BusyFitCache } from './port-level.js';
import type { PortInstance, PortLosses } from './port-types.js';
import type { SolveProblem, Thresholds } from './types.js';

/** How the port model is computed: the full chain, the per-queue decomposition, or `auto`. */
export type PortEngine = 'auto' | 'chain' | 'decomposed';

/**
 * `auto` uses the full chain when every threshold choice the problem allows gives at most this many
 * states (Gauss-Seidel then takes milliseconds), so one problem is always solved with one engine.
 */
export const CHAIN_STATES_LIMIT = 2000;

/**
 * The port in the switch's terms: each queue's arrivals and the enq_qdepth limits that `installedDepth`
 * installs for the model thresholds (highest data queue first). The reserved control queue carries no
 * modelled traffic and is left out.
 */
export function portInstance(
  problem: SolveProblem,
  layout: QueueLayout,
  thresholds: Thresholds[],
): PortInstance {
  return {
    queues: layout.data.map((q, i) => ({
      arrival: q.arrival,
      s: installedDepth(thresholds[i]!.S),
      l: installedDepth(thresholds[i]!.L),
    })),
    theta: problem.smallFraction,
    buffer: problem.bufferPackets,
  };
}

/** A bound on the full chain any thresholds with Σ L_i <= B can give (installed limits sum to at most B;
 *  the product of their sizes is largest when they are spread evenly). */
export function worstChainSize(problem: SolveProblem, layout: QueueLayout): number {
  const n = layout.data.length;
  const base = Math.floor(problem.bufferPackets / n);
  const extra = problem.bufferPackets - base * n;
  let size = n + 1;
  for (let i = 0; i < n; i++) size *= base + 1 + (i < extra ? 1 : 0);
  return size;
}

export function pickEngine(
  problem: SolveProblem,
  layout: QueueLayout,
  engine: PortEngine,
): 'chain' | 'decomposed' {
  if (engine !== 'auto') return engine;
  return worstChainSize(problem, layout) <= CHAIN_STATES_LIMIT ? 'chain' : 'decomposed';
}

/** `cache`: the decomposition's busy-period fits, shared by the evaluations of one search. */
export function portLosses(
  instance: PortInstance,
  engine: 'chain' | 'decomposed',
  cache?: BusyFitCache,
): PortLosses {
  if (engine === 'chain') {
    if (chainSize(instance) > 50 * CHAIN_STATES_LIMIT)
      throw new RangeError(
        `the full port chain would have ${chainSize(instance)} states; use the decomposition`,
      );
    return solveChain(instance).losses;
  }
  return solveDecomposed(instance, false, cache).losses;
}
