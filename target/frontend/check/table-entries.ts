// Rules on the entries of a table that depend on its match kinds: lpm masks and entry priorities.
import type { Loc, TableDecl } from '../ast.js';

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
 * them (frontends/p4/entryPriorities). Without any explicit priority the entries are numbered 1, 1 + delta, ...
 * so that an earlier entry wins: from the last one up with largest_priority_wins (the default), from the first
 * one otherwise. Once one entry has a priority, the first must have one too, and each entry without one takes
 * the priority that follows the one before it (delta less with largest_priority_wins, delta more otherwise),
 * which must not go below zero. The stored priority always means "higher wins", as the engine and P4Runtime
 * compare them, so a smallest-wins table is renumbered. Problems go to `error`.
 */
export function assignEntryPriorities(
  t: TableDecl,
  largestWins: boolean,
  delta: number,
  error: (loc: Loc, message: string) => void,
): void {
  const entries = t.entryDecls;
  const raw: number[] = new Array<number>(entries.length);
  if (!entries.some((e) => e.explicitPriority !== undefined)) {
    const order = entries.map((_, i) => i);
    if (largestWins) order.reverse();
    order.forEach((i, n) => (raw[i] = 1 + n * delta));
  } else {
    if (entries[0]!.explicitPriority === undefined) {
      error(
        entries[0]!.loc,
        `table '${t.name}': the first entry needs a priority, since another entry has one`,
      );
      return;
    }
    let current = 0;
    for (const [i, e] of entries.entries()) {
      current = e.explicitPriority ?? current;
      raw[i] = current;
      current += largestWins ? -delta : delta;
      if (current < 0) {
        error(
          e.loc,
          `table '${t.name}': the priority after this entry's (${raw[i]}) less priority_delta (${delta}) would be negative`,
        );
        return;
      }
    }
  }
  const hi = Math.max(...raw);
  entries.forEach((e, i) => (e.priority = largestWins ? raw[i]! : hi - raw[i]! + 1));
}
