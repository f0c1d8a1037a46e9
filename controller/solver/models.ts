// Loss predictions for one queue with thresholds (S, L): the paper's split model and the exact chain.
import { blocking, expOrZero, logAddExp, logGeometricSum } from './blocking.js';
import type { LossModel } from './types.js';

export interface QueueLosses {
  /** Fraction of small (unimportant) packets dropped. */
  small: number;
  /** Fraction of large (important) packets dropped. */
  large: number;
}

/** Losses of one queue as a function of its integer thresholds 0 <= S <= L. */
export type QueueLossFn = (S: number, L: number) => QueueLosses;

/**
 * MLT Appendix B as corrected in docs/threshold-model.md: two independent M/M/1/K queues at load ρ, the
 * small part with capacity θ·S and the large part with L - θ·S (real-valued capacities).
 */
export function paperLosses(rho: number, theta: number): QueueLossFn {
  return (S, L) => ({ small: blocking(rho, theta * S), large: blocking(rho, L - theta * S) });
}

/**
 * One birth-death chain per queue, as the switch really behaves: below S every packet is admitted
 * (rate λ), from S up to L only important ones ((1-θ)λ), at L none; service μ. Then
 * π_n ∝ ρ^n for n <= S and ρ^S σ^{n-S} for S <= n <= L with σ = (1-θ)ρ, and by PASTA the small loss
 * is P(n >= S), the large loss P(n = L). Sums are kept as logarithms so that nothing overflows; the
 * geometric sums are tabulated as they are first needed, so a sweep over all thresholds is O(1) a call.
 */
export function exactLosses(rho: number, theta: number): QueueLossFn {
  if (rho === 0) return (S, L) => ({ small: S === 0 ? 1 : 0, large: L === 0 ? 1 : 0 });
  if (rho === Infinity) return () => ({ small: 1, large: 1 });
  const sigma = (1 - theta) * rho;
  const lr = Math.log(rho);
  const ls = Math.log(sigma);
  const logBelow = new GrowingTable((n) => logGeometricSum(rho, n)); // log Σ_{n<S} ρ^n
  const logAbove = new GrowingTable((n) => logGeometricSum(sigma, n)); // log Σ_{m<n} σ^m
  return (S, L) => {
    const logHead = S * lr; // log π_S (unnormalised)
    const logTail = logHead + logAbove.at(L - S + 1);
    const logZ = logAddExp(logBelow.at(S), logTail);
    const logTop = logHead + (L === S ? 0 : (L - S) * ls);
    // Rounding in the logs can overshoot 1 by an ulp; probabilities stay probabilities.
    return {
      small: Math.min(1, expOrZero(logTail - logZ)),
      large: Math.min(1, expOrZero(logTop - logZ)),
    };
  };
}

/** Per-queue models only: the `port` model's losses depend on every queue at once (see port.ts). */
export function queueLosses(model: Exclude<LossModel, 'port'>, rho: number, theta: number): QueueLossFn {
  return model === 'paper' ? paperLosses(rho, theta) : exactLosses(rho, theta);
}

/** Memoises f(n) for n = 0, 1, 2, ... in a growing Float64Array. */
class GrowingTable {
  private values = new Float64Array(16);
  private filled = 0;
  constructor(private readonly f: (n: number) => number) {}
  at(n: number): number {
    if (n >= this.filled) {
      if (n >= this.values.length) {
        const bigger = new Float64Array(Math.max(n + 1, this.values.length * 2));
        bigger.set(this.values.subarray(0, this.filled));
        this.values = bigger;
      }
      for (let k = this.filled; k <= n; k++) this.values[k] = this.f(k);
      this.filled = n + 1;
    }
    return this.values[n]!;
  }
}
