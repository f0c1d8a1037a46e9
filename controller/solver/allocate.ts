// Splitting the port buffer among the data queues: Σ L_i <= B minimising Σ cost_i(L_i).
import type { QueueTable } from './queue-table.js';

/** Budget (largest L' the queue may use) per queue; the table says which L <= budget it really uses. */
export type Allocation = number[];

/**
 * Dynamic programme over the buffer, exact for any tables: best[b] after queue i is
 * min_{l <= b} best_{i-1}[b-l] + cost_i[l]. O(N·B²) time, O(N·B) memory for the choices.
 */
export function allocateDp(tables: QueueTable[], buffer: number): Allocation {
  const n = tables.length;
  let best = new Float64Array(buffer + 1); // zero queues cost nothing
  const choice = new Int32Array(n * (buffer + 1));
  for (let i = 0; i < n; i++) {
    const cost = tables[i]!.cost;
    const next = new Float64Array(buffer + 1);
    const row = i * (buffer + 1);
    for (let b = 0; b <= buffer; b++) {
      let min = Infinity;
      let arg = 0;
      for (let l = 0; l <= b; l++) {
        const c = best[b - l]! + cost[l]!;
        if (c < min) {
          min = c;
          arg = l;
        }
      }
      next[b] = min;
      choice[row + b] = arg;
    }
    best = next;
  }
  // Tables are prefix minima, so best[] is nonincreasing and the whole buffer is the best budget.
  const allocation: Allocation = new Array<number>(n).fill(0);
  let b = buffer;
  for (let i = n - 1; i >= 0; i--) {
    const l = choice[i * (buffer + 1) + b]!;
    allocation[i] = l;
    b -= l;
  }
  return allocation;
}

/**
 * Marginal allocation: hand out the buffer one packet at a time to the queue whose cost drops the
 * most, O(N·B). Exact when every table is convex in L (its decrements never grow): the classic
 * result for separable convex resource allocation (Gross 1956, Fox 1966), because the B largest
 * decrements over all queues are then also the first ones of each queue.
 */
export function allocateGreedy(tables: QueueTable[], buffer: number): Allocation {
  const n = tables.length;
  const allocation: Allocation = new Array<number>(n).fill(0);
  for (let used = 0; used < buffer; used++) {
    let bestGain = 0;
    let bestQueue = -1;
    for (let i = 0; i < n; i++) {
      const l = allocation[i]!;
      const cost = tables[i]!.cost;
      if (l + 1 >= cost.length) continue;
      const gain = cost[l]! - cost[l + 1]!;
      if (gain > bestGain) {
        bestGain = gain;
        bestQueue = i;
      }
    }
    if (bestQueue < 0) break; // no queue gains from more buffer
    allocation[bestQueue]!++;
  }
  return allocation;
}

/**
 * Whether the table's decrements never grow, up to rounding: a tolerance of 1e-13 of the queue's
 * largest cost absorbs the last-bit noise of the cost evaluation, so an instance accepted here is
 * solved by the greedy to within about that much of the optimum per queue.
 */
export function isConvex(table: QueueTable): boolean {
  const cost = table.cost;
  const tolerance = 1e-13 * Math.abs(cost[0]!);
  for (let l = 1; l + 1 < cost.length; l++) {
    const before = cost[l - 1]! - cost[l]!;
    const after = cost[l]! - cost[l + 1]!;
    if (after > before + tolerance) return false;
  }
  return true;
}
