// Packet comparison and a readable nibble-level diff for STF reports.
import type { StfPattern } from './parser.js';

/** Nibbles grouped into bytes: "0a1b 2c" -> "0a 1b 2c". */
export function formatPacket(nibbles: string): string {
  return (nibbles.match(/.{1,2}/g) ?? []).join(' ');
}

export interface Comparison {
  ok: boolean;
  reason: string;
  expected: string;
  actual: string;
  /** A line under `actual` with ^ below each differing nibble. */
  marks: string;
}

/** Compares like p4c's runner: `*` matches any nibble; extra received bytes are fine unless the pattern ends in `$`. */
export function comparePacket(p: StfPattern, data: Uint8Array): Comparison {
  const got = Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
  const want = p.nibbles;
  const n = Math.max(got.length, want.length);
  let marks = '';
  let diffs = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % 2 === 0) marks += ' ';
    const w = want[i];
    const g = got[i];
    const bad = w === undefined ? p.exact : g === undefined || (w !== '*' && w !== g);
    if (bad) diffs++;
    marks += bad ? '^' : ' ';
  }
  let reason = '';
  if (got.length < want.length) reason = `too short: ${data.length} bytes, expected ${want.length / 2}`;
  else if (p.exact && got.length > want.length)
    reason = `too long: ${data.length} bytes, expected exactly ${want.length / 2}`;
  else if (diffs > 0) reason = `${diffs} nibble(s) differ`;
  return {
    ok: diffs === 0,
    reason,
    expected: formatPacket(want) + (p.exact ? ' $' : ''),
    actual: formatPacket(got),
    marks: marks.trimEnd(),
  };
}
