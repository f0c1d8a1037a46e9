// Rules on the entries of a table that depend on its match kinds: lpm masks and entry priorities.
import type { TableDecl } from '../ast.js';

/** Whether `mask` is a prefix mask (ones from the top, then zeros) of a `width`-bit key. */
export function isPrefixMask(mask: bigint, width: number): boolean {
  const all = (1n << BigInt(width)) - 1n;
  const inv = ~mask & all;
  return (mask & ~all) === 0n && (inv & (inv + 1n)) === 0n;
}

/**
 * Priorities of `const entries` as p4c's bmv2 back end and simple_switch rank them: an entry's bmv2 priority is
 * its `@priority(N)`, or else its 1-based position, and the lowest number wins, ties to the entry inserted
 * (declared) first. Stored inverted, "higher wins", like every other priority here.
 */
export function assignConstEntryPriorities(t: TableDecl): void {
  const raw = t.entryDecls.map((e, i) => e.explicitPriority ?? i + 1);
  const hi = Math.max(0, ...raw);
  t.entryDecls.forEach((e, i) => (e.priority = hi - raw[i]! + 1));
}

/**
 * Priorities of non-const `entries` in tables that need them (ternary, range, optional keys), as p4c assigns
 * them (frontends/p4/entryPriorities). An entry without an explicit
 * priority is ranked just below the entry before it: with largest_priority_wins (the default) the entries are
 * numbered from the last one up (the last gets 1, each earlier one priority_delta more), otherwise from the
 * first one up (smallest wins). The stored priority always means "higher wins", as the engine and P4Runtime
 * compare them, so a smallest-wins table is renumbered.
 */
export function assignEntryPriorities(t: TableDecl, largestWins: boolean, delta: number): void {
  const entries = t.entryDecls;
  const raw: number[] = new Array<number>(entries.length);
  const order = entries.map((_, i) => i);
  if (largestWins) order.reverse();
  let prev: number | undefined;
  for (const i of order) {
    const p = entries[i]!.explicitPriority ?? (prev === undefined ? 1 : prev + delta);
    raw[i] = p;
    prev = p;
  }
  const hi = Math.max(...raw);
  entries.forEach((e, i) => (e.priority = largestWins ? raw[i]! : hi - raw[i]! + 1));
}
