// The difference between what a switch holds and what it should hold, as P4Runtime updates.
import type { KeyedEntry } from './entries.js';

export interface Change {
  type: 'INSERT' | 'MODIFY' | 'DELETE';
  /** The entry to write (for DELETE, the installed one). */
  entry: KeyedEntry;
  /** For MODIFY and DELETE: what was installed. */
  before?: KeyedEntry;
}

export interface EntryDiff {
  inserts: Change[];
  modifies: Change[];
  deletes: Change[];
  unchanged: number;
}

/** `want` must have distinct keys (a policy never installs two entries with the same key). */
export function diffEntries(have: readonly KeyedEntry[], want: readonly KeyedEntry[]): EntryDiff {
  const installed = new Map(have.map((e) => [e.key, e]));
  const out: EntryDiff = { inserts: [], modifies: [], deletes: [], unchanged: 0 };
  const wanted = new Set<string>();
  for (const w of want) {
    wanted.add(w.key);
    const h = installed.get(w.key);
    if (!h) out.inserts.push({ type: 'INSERT', entry: w });
    else if (h.value !== w.value) out.modifies.push({ type: 'MODIFY', entry: w, before: h });
    else out.unchanged++;
  }
  for (const h of have) if (!wanted.has(h.key)) out.deletes.push({ type: 'DELETE', entry: h, before: h });
  return out;
}

/**
 * The order to write in. A push makes before it breaks (inserts and modifies, then deletes), so traffic
 * never meets a missing route halfway through; restoring a snapshot frees space first (deletes first), so it
 * fits wherever the push did.
 */
export function ordered(d: EntryDiff, order: 'make-before-break' | 'free-first'): Change[] {
  return order === 'make-before-break'
    ? [...d.inserts, ...d.modifies, ...d.deletes]
    : [...d.deletes, ...d.modifies, ...d.inserts];
}
