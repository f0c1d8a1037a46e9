// The table's incremental structures (mask groups, per-group priority heaps, sorted buckets, the insertion-ordered
// view) against a plain linear-scan reference, under random insert/modify/delete/lookup sequences (fast-check).
// Values come from small pools so that entries collide, overlap, tie on priority and empty their groups.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { FieldMatch } from '../../engine/control-plane-api.js';
import { controlPlaneCode } from './control-plane-code.js';
import { MatchTable, type FieldSpec, type KeyValue, type MatchKind } from '../../engine/table.js';

interface RefEntry {
  lo: bigint[];
  hi: bigint[];
  priority: number;
  rank: number;
  seq: number;
  action: number;
  match: Map<number, FieldMatch>;
}

/** The linear-scan reference: a list in insertion order. */
class Reference {
  entries: RefEntry[] = [];
  private seq = 0;
  constructor(
    readonly fields: FieldSpec[],
    readonly prio: boolean,
  ) {}

  canonical(match: Map<number, FieldMatch>): { lo: bigint[]; hi: bigint[]; rank: number } {
    const lo: bigint[] = [];
    const hi: bigint[] = [];
    let rank = 0;
    for (const f of this.fields) {
      const max = (1n << BigInt(f.width)) - 1n;
      const m = match.get(f.id);
      if (f.kind === 'range') {
        lo.push(m?.kind === 'range' ? m.low : 0n);
        hi.push(m?.kind === 'range' ? m.high : max);
        continue;
      }
      let mask = 0n;
      if (m?.kind === 'exact' || m?.kind === 'optional') mask = max;
      else if (m?.kind === 'ternary') mask = m.mask;
      else if (m?.kind === 'lpm') {
        mask = max - ((1n << BigInt(f.width - m.prefixLen)) - 1n);
        rank = m.prefixLen;
      }
      const v = m === undefined || m.kind === 'range' ? 0n : m.value;
      lo.push(v & mask);
      hi.push(mask);
    }
    return { lo, hi, rank };
  }

  private same(e: RefEntry, c: { lo: bigint[]; hi: bigint[] }, priority: number): boolean {
    return (
      e.priority === priority && e.lo.every((v, i) => v === c.lo[i]) && e.hi.every((v, i) => v === c.hi[i])
    );
  }

  find(match: Map<number, FieldMatch>, priority: number): RefEntry | undefined {
    const c = this.canonical(match);
    return this.entries.find((e) => this.same(e, c, this.prio ? priority : 0));
  }

  insert(match: Map<number, FieldMatch>, priority: number, action: number): boolean {
    if (this.find(match, priority)) return false;
    const c = this.canonical(match);
    const p = this.prio ? priority : 0;
    this.entries.push({ ...c, priority: p, rank: this.prio ? p : c.rank, seq: this.seq++, action, match });
    return true;
  }

  remove(match: Map<number, FieldMatch>, priority: number): boolean {
    const e = this.find(match, priority);
    if (e) this.entries.splice(this.entries.indexOf(e), 1);
    return e !== undefined;
  }

  lookup(key: bigint[]): RefEntry | undefined {
    let best: RefEntry | undefined;
    for (const e of this.entries) {
      const hit = this.fields.every((f, i) =>
        f.kind === 'range' ? key[i] >= e.lo[i] && key[i] <= e.hi[i] : (key[i] & e.hi[i]) === e.lo[i],
      );
      if (hit && (!best || e.rank > best.rank || (e.rank === best.rank && e.seq < best.seq))) best = e;
    }
    return best;
  }
}

const SCHEMAS: Record<string, [MatchKind, number][]> = {
  // Exact keys of up to 12 bits in all are looked up in a directly indexed array, wider ones in a hash map.
  exact: [
    ['exact', 6],
    ['exact', 3],
  ],
  'exact, one field of 9 bits (array)': [['exact', 9]],
  'exact 9+3 bits (array)': [
    ['exact', 9],
    ['exact', 3],
  ],
  'exact, one field of 13 bits (hash)': [['exact', 13]],
  'exact 48+8 (string keys)': [
    ['exact', 48],
    ['exact', 8],
  ],
  lpm: [['lpm', 12]],
  'lpm with exact': [
    ['exact', 2],
    ['lpm', 32],
  ],
  ternary: [
    ['ternary', 8],
    ['ternary', 4],
  ],
  'ternary 64-bit': [['ternary', 64]],
  optional: [
    ['optional', 8],
    ['exact', 2],
  ],
  'mixed lpm/ternary/optional': [
    ['lpm', 12],
    ['ternary', 8],
    ['optional', 4],
  ],
  'range with ternary': [
    ['range', 8],
    ['ternary', 4],
  ],
};

/** A few values per width that overlap under the masks below (high bit, low bit, all ones, ...). */
function pool(w: number): bigint[] {
  const max = (1n << BigInt(w)) - 1n;
  const top = 1n << BigInt(w - 1);
  return [0n, 1n, top, top | 1n, max, max >> 1n, (top >> 1n) | 2n];
}
function maskPool(w: number): bigint[] {
  const max = (1n << BigInt(w)) - 1n;
  const half = BigInt(w >> 1);
  return [0n, max, max ^ ((1n << half) - 1n), (1n << half) - 1n, 1n << BigInt(w - 1), 1n];
}

type Op = { kind: number; raw: number[]; priority: number; pick: number };
const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.nat({ max: 9 }),
  raw: fc.array(fc.nat({ max: 1000 }), { minLength: 9, maxLength: 9 }),
  priority: fc.integer({ min: 1, max: 8 }),
  pick: fc.nat({ max: 1000 }),
});

function makeMatch(fields: FieldSpec[], raw: number[]): Map<number, FieldMatch> {
  const match = new Map<number, FieldMatch>();
  fields.forEach((f, i) => {
    const [a, b, c] = raw.slice(3 * i, 3 * i + 3);
    const vals = pool(f.width);
    const v = vals[a % vals.length];
    if (f.kind !== 'exact' && c % 4 === 0) return; // omitted: a wildcard
    switch (f.kind) {
      case 'exact':
      case 'optional':
        match.set(f.id, { kind: f.kind, value: v });
        break;
      case 'lpm': {
        const lens = [0, 1, f.width >> 1, f.width - 1, f.width];
        const prefixLen = lens[b % lens.length];
        const mask = ((1n << BigInt(f.width)) - 1n) ^ ((1n << BigInt(f.width - prefixLen)) - 1n);
        match.set(f.id, { kind: 'lpm', value: v & mask, prefixLen });
        break;
      }
      case 'ternary': {
        const masks = maskPool(f.width);
        const mask = masks[b % masks.length];
        match.set(f.id, { kind: 'ternary', value: v & mask, mask });
        break;
      }
      case 'range': {
        const w = vals[b % vals.length];
        match.set(f.id, { kind: 'range', low: v < w ? v : w, high: v < w ? w : v });
        break;
      }
    }
  });
  return match;
}

function makeKey(fields: FieldSpec[], raw: number[]): bigint[] {
  return fields.map((f, i) => {
    const vals = pool(f.width);
    const v = vals[raw[3 * i] % vals.length];
    // Flip a low bit now and then, so keys fall between entries as well as on them.
    return raw[3 * i + 1] % 3 === 0 ? v ^ 2n : v;
  });
}

const rep = (fields: FieldSpec[], key: bigint[]): KeyValue[] =>
  key.map((k, i) => (fields[i].width <= 52 ? Number(k) : k));

describe('engine/table: incremental structures agree with a linear scan', () => {
  it('a group whose best priority rises after a lookup is visited in its new place', () => {
    const t = new MatchTable<string>('acl', [{ id: 1, name: 'k', kind: 'ternary', width: 8 }], 100);
    const tern = (value: bigint, mask: bigint): Map<number, FieldMatch> =>
      new Map([[1, { kind: 'ternary', value, mask }]]);
    t.insert(tern(0xffn, 0xffn), 3, 'B');
    t.insert(tern(0xf0n, 0xf0n), 2, 'C');
    t.insert(tern(0x0fn, 0x0fn), 1, 'A');
    assert.equal(t.lookup([0xff])?.action, 'B');
    // Order is now B(3), C(2), A(1): B's hit beats C's best, so a stale order would stop before A.
    t.insert(tern(0x0fn, 0x0fn), 5, 'A5');
    assert.equal(t.lookup([0xff])?.action, 'A5');
    t.remove(tern(0x0fn, 0x0fn), 5);
    assert.equal(t.lookup([0xff])?.action, 'B');
    t.remove(tern(0xffn, 0xffn), 3);
    assert.equal(t.lookup([0xff])?.action, 'C');
    t.insert(tern(0x0fn, 0x0fn), 4, 'A4');
    assert.equal(t.lookup([0xff])?.action, 'A4');
  });

  for (const [name, spec] of Object.entries(SCHEMAS)) {
    it(name, () => {
      const fields: FieldSpec[] = spec.map(([kind, width], i) => ({ id: i + 1, name: `f${i}`, kind, width }));
      fc.assert(
        fc.property(fc.array(opArb, { minLength: 1, maxLength: 120 }), (ops) => {
          const t = new MatchTable<number>('t', fields, 1_000_000);
          const ref = new Reference(fields, t.needsPriority);
          const prio = (p: number): number => (t.needsPriority ? p : 0);
          let action = 0;
          for (const op of ops) {
            // Modify and delete usually address an installed entry, sometimes a random (maybe absent) one.
            const existing = ref.entries.length > 0 && op.pick % 4 !== 0;
            const target = existing ? ref.entries[op.pick % ref.entries.length] : undefined;
            const match = target ? target.match : makeMatch(fields, op.raw);
            const priority = target ? target.priority || op.priority : op.priority;
            if (op.kind <= 3) {
              const ok = ref.insert(match, prio(priority), ++action);
              assert.equal(
                controlPlaneCode(() => t.insert(match, prio(priority), action)),
                ok ? 'OK' : 'ALREADY_EXISTS',
              );
            } else if (op.kind === 4) {
              const r = ref.find(match, prio(priority));
              const e = t.find(match, prio(priority));
              assert.equal(e?.action, r?.action);
              if (r && e) e.action = r.action = ++action;
            } else if (op.kind <= 6) {
              const ok = ref.remove(match, prio(priority));
              assert.equal(
                controlPlaneCode(() => t.remove(match, prio(priority))),
                ok ? 'OK' : 'NOT_FOUND',
              );
            } else if (op.kind === 7 && op.pick % 8 === 0) {
              t.clear();
              ref.entries = [];
            }
            // A lookup after every step, so stale group order or bounds show up before the next change.
            const key = makeKey(fields, op.kind > 7 ? op.raw : op.raw.slice(3).concat(op.raw));
            assert.equal(t.lookup(rep(fields, key))?.action, ref.lookup(key)?.action);
          }
          // The insertion-ordered view, identities, and every key near an installed entry.
          assert.deepEqual(
            t.entries().map((e) => e.action),
            ref.entries.map((e) => e.action),
          );
          assert.equal(t.count, ref.entries.length);
          for (const r of ref.entries) {
            assert.equal(t.find(r.match, r.priority)?.action, r.action);
            for (const flip of [0n, 1n, 2n]) {
              const key = r.lo.map((v, i) => (fields[i].kind === 'range' ? r.hi[i] : v ^ (flip & ~r.hi[i])));
              assert.equal(t.lookup(rep(fields, key))?.action, ref.lookup(key)?.action);
            }
          }
        }),
        { numRuns: 200 },
      );
    });
  }
});
