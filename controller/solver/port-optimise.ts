// Thresholds under the `port` model. Its cost is not separable: a queue's thresholds set how much traffic it
// admits and so how long the queues below wait for the wire. Two searches over the same integer thresholds
// (0 <= S_i <= L_i, Σ L_i <= B): an exhaustive one for small instances (the reference), and a local search.
import type { Thresholds } from './types.js';

/** The cost of a full set of thresholds (one per data queue, highest first). */
export type PortCostFn = (thresholds: Thresholds[]) => number;

export interface SearchResult {
  thresholds: Thresholds[];
  cost: number;
  evaluations: number;
}

/**
 * Local search from `start`: moves of size δ (a power of two from `firstStep`, halved when no move of
 * that size helps, down to 1), the first improving move taken:
 *   - one queue's S or L up or down by δ, or both together;
 *   - δ packets of buffer from queue j to queue i (L_j - δ, L_i + δ), with S_j clipped to the new L_j,
 *     either alone or with S_i + δ and S_j - δ too;
 *   - (at δ = 1) two queues exchanging their thresholds.
 * Guarantee: the result is no worse than `start`, and no single move of size 1 of these kinds lowers its
 * cost (a local optimum for this neighbourhood; not a global one, see the README for how often it is on
 * small instances).
 *
 * A threshold set is evaluated once: the search comes back to sets it has seen (the move that undoes the
 * last one, the same candidate after a move elsewhere), and several searches from different starts meet.
 * `seen` (threshold key to cost) can be shared between searches of one cost; `evaluations` counts the
 * sets this search evaluated that were not in it. The cost is deterministic, so the result is the same as
 * without the cache.
 *
 * `pattern` (for large buffers, where plain descent spends thousands of evaluations on long runs of small
 * improvements in one direction): after an improving move, the same change is repeated as a line search
 * (1, 2, 4, … times while it improves, then halving back to 1), and the next scan of the neighbourhood
 * starts at the move that improved last. Both only change which improving move is taken; the search still
 * ends only when no move of size 1 improves, so the guarantee above holds unchanged.
 */
export function localSearch(
  cost: PortCostFn,
  start: Thresholds[],
  buffer: number,
  firstStep = Math.max(1, Math.floor(buffer / 4)),
  seen = new Map<string, number>(),
  pattern = false,
): SearchResult {
  const n = start.length;
  let evaluations = 0;
  const costOf = (ts: Thresholds[]): number => {
    const key = thresholdKey(ts);
    let c = seen.get(key);
    if (c === undefined) {
      c = cost(ts);
      seen.set(key, c);
      evaluations++;
    }
    return c;
  };
  let current = start.map((t) => ({ ...t }));
  let best = costOf(current);
  const valid = (ts: Thresholds[]) =>
    ts.every((t) => Number.isInteger(t.S) && 0 <= t.S && t.S <= t.L) &&
    ts.reduce((sum, t) => sum + t.L, 0) <= buffer;

  const swap = (i: number, j: number) =>
    current.map((t, k) => (k === i ? current[j]! : k === j ? current[i]! : t));
  function* moves(delta: number): Generator<Thresholds[]> {
    const with1 = (i: number, S: number, L: number) => current.map((t, k) => (k === i ? { S, L } : t));
    for (let i = 0; i < n; i++) {
      const { S, L } = current[i]!;
      yield with1(i, S + delta, L);
      yield with1(i, S - delta, L);
      yield with1(i, Math.min(S, L + delta), L + delta);
      yield with1(i, Math.min(S, L - delta), L - delta);
      yield with1(i, S + delta, L + delta);
      yield with1(i, S - delta, L - delta);
    }
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const a = current[i]!;
        const b = current[j]!;
        if (delta === 1 && i < j) yield swap(i, j);
        if (b.L < delta) continue;
        const Lj = b.L - delta;
        yield current.map((t, k) =>
          k === i ? { S: a.S, L: a.L + delta } : k === j ? { S: Math.min(b.S, Lj), L: Lj } : t,
        );
        yield current.map((t, k) =>
          k === i
            ? { S: a.S + delta, L: a.L + delta }
            : k === j
              ? { S: Math.max(0, Math.min(b.S - delta, Lj)), L: Lj }
              : t,
        );
      }
  }

  // Line search along the change that just improved (from `previous` to `current`).
  const repeat = (previous: Thresholds[]) => {
    const d = current.map((t, k) => ({ S: t.S - previous[k]!.S, L: t.L - previous[k]!.L }));
    for (let times = 1; times >= 1;) {
      const candidate = current.map((t, k) => ({ S: t.S + times * d[k]!.S, L: t.L + times * d[k]!.L }));
      const c = valid(candidate) ? costOf(candidate) : Infinity;
      if (c < best) {
        best = c;
        current = candidate;
        times *= 2;
      } else times = Math.floor(times / 2);
    }
  };

  // The first step size: by default a quarter of the buffer (moving more at once rarely helps and costs
  // evaluations on large instances).
  let delta = 1;
  while (delta * 2 <= firstStep) delta *= 2;
  let lastMove = 0;
  // The neighbourhood in scan order, each move with its index. Plain descent makes the moves lazily, up to the
  // first that improves; pattern moves list them all to start at the one that improved last.
  function* scan(delta: number): Generator<[number, Thresholds[]]> {
    if (!pattern) {
      let k = 0;
      for (const candidate of moves(delta)) yield [k++, candidate];
      return;
    }
    const all = [...moves(delta)];
    for (let k = 0; k < all.length; k++) {
      const index = (lastMove + k) % all.length;
      yield [index, all[index]!];
    }
  }
  for (;;) {
    let improved = false;
    for (const [index, candidate] of scan(delta)) {
      if (!valid(candidate)) continue;
      const c = costOf(candidate);
      if (c < best) {
        const previous = current;
        best = c;
        current = candidate;
        improved = true;
        lastMove = index;
        if (pattern) repeat(previous);
        break;
      }
    }
    if (improved) continue;
    if (delta === 1) break;
    delta /= 2;
  }
  return { thresholds: current, cost: best, evaluations };
}

/** A threshold set as a map key. */
export function thresholdKey(ts: Thresholds[]): string {
  return ts.map((t) => `${t.S}/${t.L}`).join(' ');
}

/** Every integer threshold set with Σ L_i <= buffer: the reference for small instances. */
export function exhaustiveSearch(cost: PortCostFn, queues: number, buffer: number): SearchResult {
  let best = Infinity;
  let bestT: Thresholds[] = [];
  let evaluations = 0;
  const current: Thresholds[] = new Array<Thresholds>(queues);
  const visit = (i: number, left: number) => {
    if (i === queues) {
      const c = cost(current);
      evaluations++;
      if (c < best) {
        best = c;
        bestT = current.map((t) => ({ ...t }));
      }
      return;
    }
    for (let L = 0; L <= left; L++)
      for (let S = 0; S <= L; S++) {
        current[i] = { S, L };
        visit(i + 1, left - L);
      }
  };
  visit(0, buffer);
  return { thresholds: bestT, cost: best, evaluations };
}

/** Number of threshold sets `exhaustiveSearch` visits (exact below 2^53; a float beyond). */
export function exhaustiveCount(queues: number, buffer: number): number {
  // ways[b]: threshold sets of the queues so far with Σ L = b; a queue with L = l has l + 1 choices of S,
  // so next[b] = Σ_{b' <= b} ways[b']·(b - b' + 1): a prefix sum of a prefix sum, O(B) a queue.
  let ways = new Float64Array(buffer + 1);
  ways[0] = 1;
  for (let i = 0; i < queues; i++) {
    const next = new Float64Array(buffer + 1);
    let prefix = 0;
    let prefix2 = 0;
    for (let b = 0; b <= buffer; b++) {
      prefix += ways[b]!;
      prefix2 += prefix;
      next[b] = prefix2;
    }
    ways = next;
  }
  return ways.reduce((a, b) => a + b, 0);
}
