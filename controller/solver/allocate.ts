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

/** A buffer split found on the tables' convex hulls, with the bound that certifies it. */
export interface HullAllocation {
  allocation: Allocation;
  /** Σ cost_i(allocation_i), the real cost of the split. */
  cost: number;
  /** A lower bound on the optimum: the LP relaxation over the tables' lower convex hulls. */
  lowerBound: number;
}

/**
 * Marginal allocation on convex hulls, O(N·B): replace each table by its lower convex hull, hand out
 * the buffer along hull segments in order of cost decrease per packet (the greedy of Gross 1956 and
 * Fox 1966 for separable convex allocation), and stop inside the first segment that no longer fits.
 *
 * Always returns a feasible split and a lower bound on the optimum (the hulls lie below the tables,
 * and the greedy solves the relaxation over them exactly, fractional last segment included). The
 * split is optimal whenever the two meet; they always do when every table is convex (each integer
 * point is then on its hull). Where tables are convex only up to rounding the gap is at rounding
 * level; a real gap means the instance needs the DP.
 */
export function allocateHull(tables: QueueTable[], buffer: number): HullAllocation {
  const hulls = tables.map((t) => lowerHull(t.cost));
  const at = new Array<number>(tables.length).fill(0); // index of the queue's current hull vertex
  const allocation: Allocation = new Array<number>(tables.length).fill(0);
  let left = buffer;
  let gap = 0;
  while (left > 0) {
    let best = -1;
    let bestRate = 0;
    for (let i = 0; i < hulls.length; i++) {
      const h = hulls[i]!;
      const k = at[i]!;
      if (k + 1 >= h.length) continue;
      const cost = tables[i]!.cost;
      const rate = (cost[h[k]!]! - cost[h[k + 1]!]!) / (h[k + 1]! - h[k]!);
      if (rate > bestRate) {
        bestRate = rate;
        best = i;
      }
    }
    if (best < 0) break; // no queue gains from more buffer
    const h = hulls[best]!;
    const k = at[best]!;
    const length = h[k + 1]! - h[k]!;
    if (length <= left) {
      allocation[best] = h[k + 1]!;
      at[best] = k + 1;
      left -= length;
    } else {
      // The relaxation goes part way down this hull segment; the split uses the table's value there.
      const cost = tables[best]!.cost;
      allocation[best] = h[k]! + left;
      gap = cost[allocation[best]!]! - (cost[h[k]!]! - bestRate * left);
      left = 0;
    }
  }
  const cost = allocation.reduce((sum, l, i) => sum + tables[i]!.cost[l]!, 0);
  return { allocation, cost, lowerBound: cost - Math.max(0, gap) };
}

/** Indices of the vertices of the lower convex hull of the points (l, cost[l]). */
export function lowerHull(cost: Float64Array): number[] {
  // Tables are nonincreasing: past the first point at the final value the hull is flat, so stop there.
  const last = cost[cost.length - 1]!;
  let end = 0;
  while (end < cost.length - 1 && cost[end]! > last) end++;
  const hull: number[] = [];
  for (let x = 0; x <= end; x++) {
    while (hull.length >= 2) {
      const a = hull[hull.length - 2]!;
      const b = hull[hull.length - 1]!;
      // Drop b if it is on or above the segment from a to x.
      if ((cost[b]! - cost[a]!) * (x - a) >= (cost[x]! - cost[a]!) * (b - a)) hull.pop();
      else break;
    }
    hull.push(x);
  }
  return hull;
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

/**
 * The hull allocation counts as optimal when within this of its lower bound: above the rounding of
 * the log-space sums (about 1e-11 relative at 1e5 states), below anything that matters. The
 * absolute part covers costs near the smallest normal double, where losses are flushed to 0.
 */
const CERTIFY_RELATIVE = 1e-9;
const CERTIFY_ABSOLUTE = 1e-300;
/** Above N·B² steps (about a second) `auto` does not fall back to the DP. */
const DP_STEPS_LIMIT = 1e9;

/**
 * The buffer split for `--method auto|greedy` on per-queue tables: the hull greedy, kept when its
 * certificate proves it optimal; otherwise `auto` runs the DP (if the instance is small enough) and
 * a forced or oversized greedy adds a note with the lower bound, so nobody mistakes it for optimal.
 */
export function allocateBuffer(
  tables: QueueTable[],
  buffer: number,
  method: 'auto' | 'greedy',
  notes: string[],
): { allocation: Allocation; method: 'dp' | 'greedy' } {
  const hull = allocateHull(tables, buffer);
  const certified = hull.cost - hull.lowerBound <= CERTIFY_RELATIVE * hull.cost + CERTIFY_ABSOLUTE;
  if (certified) return { allocation: hull.allocation, method: 'greedy' };
  const dpFits = tables.length * buffer * buffer <= DP_STEPS_LIMIT;
  if (method === 'auto' && dpFits) return { allocation: allocateDp(tables, buffer), method: 'dp' };
  notes.push(
    `not certified optimal: the optimum is at least ${hull.lowerBound.toPrecision(6)}` +
      (method === 'auto' ? ' (buffer too large for the DP fallback)' : ''),
  );
  return { allocation: hull.allocation, method: 'greedy' };
}
