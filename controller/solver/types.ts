// Shared types of the threshold solver (docs/threshold-model.md): the problem as configured, and the answer per queue.

/** Which queueing model predicts the losses for given thresholds. */
export type LossModel = 'paper' | 'exact' | 'port';

/**
 * How the integer thresholds are searched. `auto` picks the fastest method that is exact for the instance
 * (for the `port` model: exhaustive on small instances, else local search). `dp` and `greedy` need a
 * separable cost (`paper`, `exact`); `local` and `exhaustive` are for the `port` model.
 */
export type Method = 'auto' | 'dp' | 'greedy' | 'local' | 'exhaustive';

export interface LayerSpec {
  name: string;
  /** Parameter count (any unit proportional to the layer's share of gradient traffic). */
  size: number;
  /** f^S: extra convergence rounds per 1% loss of this layer's small (unimportant) gradients. */
  lossCostSmall: number;
  /** f^L: extra convergence rounds per 1% loss of this layer's large (important) gradients. */
  lossCostLarge: number;
}

export interface SolveProblem {
  /** Priority queues per port (bmv2 `--priority-queues`); queue id N-1 is served first. */
  queues: number;
  /** Keep the top queue for control traffic: it is left out of the optimisation. */
  reserveControlQueue: boolean;
  /** The port's buffer in packets: the data queues' L_i must sum to at most this. */
  bufferPackets: number;
  /** Total offered load λ/μ at the port. */
  load: number;
  /** θ: fraction of packets carrying small (unimportant, non-ECT) gradients. */
  smallFraction: number;
  /** Layers front (index 0) to back. */
  layers: LayerSpec[];
}

export interface Thresholds {
  S: number;
  L: number;
}

export interface QueueResult {
  /** bmv2 queue id (= priority); larger ids are served first. */
  queue: number;
  role: 'control' | 'data';
  /** Indices of the layers mapped to this queue. */
  layers: number[];
  /** λ_i/μ_i; Infinity when a higher queue is saturated and this one gets no service. */
  rho: number;
  S: number;
  L: number;
  lossSmall: number;
  lossLarge: number;
  /** This queue's share of the objective. */
  cost: number;
}

export interface Solution {
  model: LossModel;
  /** The method that produced the thresholds (`dlcp` for the DLCP policy). */
  method: 'dp' | 'greedy' | 'local' | 'exhaustive' | 'dlcp';
  policy: 'optimal' | 'dlcp';
  objective: number;
  /** Highest queue first. */
  queues: QueueResult[];
  /** Caveats worth telling the user (e.g. a forced greedy on a non-convex instance). */
  notes: string[];
}
