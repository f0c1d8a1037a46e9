// Per-queue tables: for every budget L, the best thresholds (S, L') with L' <= L and their cost.

/** Cost of one queue with thresholds (S, L). */
export type QueueCostFn = (S: number, L: number) => number;

export interface QueueTable {
  /** cost[b]: the least cost with L <= b; nonincreasing in b. */
  cost: Float64Array;
  /** The thresholds achieving cost[b]. */
  S: Int32Array;
  L: Int32Array;
}

/**
 * Exhaustive: every 0 <= S <= L <= maxL, O(maxL²) cost evaluations. Makes no assumption about the
 * cost function, so it is the reference the faster scan is tested against.
 */
export function fullTable(cost: QueueCostFn, maxL: number): QueueTable {
  const table = emptyTable(maxL);
  for (let L = 0; L <= maxL; L++) {
    let bestS = 0;
    let best = cost(0, L);
    for (let S = 1; S <= L; S++) {
      const c = cost(S, L);
      if (c < best) {
        best = c;
        bestS = S;
      }
    }
    record(table, L, best, bestS);
    if (table.cost[L] === 0) {
      fillFrom(table, L);
      break;
    }
  }
  return table;
}

/**
 * Monotone scan, O(maxL) cost evaluations: the best S for L+1 is searched from the best S for L
 * upwards, stopping at the first S whose successor is not cheaper.
 *
 * Exact when (a) for each L the cost is unimodal in S (so the first local minimum from the left
 * of the optimum is the optimum) and (b) the smallest minimiser S*(L) is nondecreasing in L.
 * The paper model satisfies both: P(ρ, K) is convex and decreasing in real K for every ρ, so
 * c(S, L) = F^S·P(ρ, θS) + F^L·P(ρ, L-θS) is convex in S, and its forward difference in S,
 * θ-scaled P'(θS)·F^S - P'(L-θS)·F^L, only decreases as L grows (P' is increasing), so the
 * minimiser moves right with L. For the exact (birth-death) model both properties held in every
 * instance tried (the property tests against `fullTable`; offline sweeps of 20,000 random queues
 * with ρ up to 10, θ near 0 and 1 and L up to 150, and of 200 with L up to 1,500 and ρ near 1,
 * agreed to 1.2e-13), but we have no proof;
 * where they failed the scan would return a local optimum. Where the cost is flat to rounding (overloaded queues
 * with long buffers) minimisers may jump by ties, which changes the cost only at rounding level.
 */
export function scanTable(cost: QueueCostFn, maxL: number): QueueTable {
  const table = emptyTable(maxL);
  let S = 0;
  for (let L = 0; L <= maxL; L++) {
    let current = cost(S, L);
    while (S < L) {
      const next = cost(S + 1, L);
      if (!(next < current)) break;
      S++;
      current = next;
    }
    record(table, L, current, S);
    if (table.cost[L] === 0) {
      fillFrom(table, L); // costs are >= 0: nothing more to gain
      break;
    }
  }
  return table;
}

function fillFrom(table: QueueTable, L: number): void {
  table.cost.fill(0, L + 1);
  table.S.fill(table.S[L]!, L + 1);
  table.L.fill(table.L[L]!, L + 1);
}

function emptyTable(maxL: number): QueueTable {
  return {
    cost: new Float64Array(maxL + 1),
    S: new Int32Array(maxL + 1),
    L: new Int32Array(maxL + 1),
  };
}

/** Stores the best (S, L) for exactly L, or keeps the previous budget's answer if that is cheaper:
 * a queue may leave buffer unused when more of it would not lower its cost. */
function record(table: QueueTable, L: number, cost: number, S: number): void {
  if (L > 0 && !(cost < table.cost[L - 1]!)) {
    table.cost[L] = table.cost[L - 1]!;
    table.S[L] = table.S[L - 1]!;
    table.L[L] = table.L[L - 1]!;
  } else {
    table.cost[L] = cost;
    table.S[L] = S;
    table.L[L] = L;
  }
}
