// Match-action table storage and lookup with P4Runtime/bmv2 semantics:
//  - exact-only tables: one hash lookup;
//  - lpm (with exact fields): the longest matching prefix wins;
//  - ternary/optional (with exact/lpm fields): the numerically highest priority wins, ties to the older entry;
//  - range fields: a priority-ordered scan.
// Non-range tables use tuple-space search: entries are grouped by their mask tuple, each group is a hash map
// of masked key -> entries, and groups are visited in order of their best priority so the search can stop
// early. Keys arrive unsigned, as numbers for widths <= 52 and bigints above (the engine's representation).
// Exact-only tables whose key is at most DIRECT_BITS wide in all (a DSCP, a port, a port and a queue) index a
// plain array by the key instead: a lookup is one load.
// Every control-plane operation is incremental (a Map from mask signature to group, a per-group priority
// heap, buckets kept sorted), so inserts, modifies and deletes cost O(log n) amortised rather than O(n).
import { ControlPlaneError, type FieldMatch } from './control-plane-api.js';

export type MatchKind = 'exact' | 'lpm' | 'ternary' | 'range' | 'optional';
export type KeyValue = number | bigint;

export interface FieldSpec {
  id: number;
  name: string;
  kind: MatchKind;
  width: number;
}

export interface Installed<A> {
  match: Map<number, FieldMatch>;
  priority: number;
  action: A;
  packets: number;
  bytes: number;
  readonly seq: number;
  /** Per field: value & mask, and the mask (for ranges: low and high). */
  readonly lo: KeyValue[];
  readonly hi: KeyValue[];
  /** The priority used for ordering: the entry's priority, or the prefix length for lpm tables. */
  readonly rank: number;
}

/** A multiset of ranks with its maximum: a max-heap with lazy deletion (O(log n) amortised). */
class RankSet {
  private readonly counts = new Map<number, number>();
  private heap: number[] = [];

  add(r: number): void {
    const c = this.counts.get(r) ?? 0;
    this.counts.set(r, c + 1);
    if (c === 0) this.push(r);
  }

  remove(r: number): void {
    const c = this.counts.get(r) ?? 0;
    if (c <= 1) this.counts.delete(r);
    else this.counts.set(r, c - 1);
    // Stale heap slots are dropped when they surface; rebuild if they come to dominate.
    if (this.heap.length > 2 * this.counts.size + 16) {
      this.heap = [];
      for (const k of this.counts.keys()) this.push(k);
    }
  }

  max(): number {
    const h = this.heap;
    while (h.length > 0 && !this.counts.has(h[0])) this.pop();
    return h.length > 0 ? h[0] : -Infinity;
  }

  private push(r: number): void {
    const h = this.heap;
    let i = h.push(r) - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p] >= r) break;
      h[i] = h[p];
      i = p;
    }
    h[i] = r;
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop()!;
    if (h.length === 0) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const c = l + 1 < h.length && h[l + 1] > h[l] ? l + 1 : l;
      if (h[c] <= last) break;
      h[i] = h[c];
      i = c;
    }
    h[i] = last;
  }
}

interface Group<A> {
  masks: KeyValue[];
  /** Masked key -> the entries with that key, best first (ranks are distinct within a bucket). */
  map: Map<KeyValue | string, Installed<A>[]>;
  /** Exact/lpm tables: masked key -> the one entry with it (a bucket there never holds more than one, and a
   *  hit then costs one memory indirection fewer). */
  one: Map<KeyValue | string, Installed<A>>;
  /** The highest rank in the group. */
  best: number;
  ranks: RankSet;
  size: number;
  /** Bucket keys of tables with several fields of up to 32 bits: only the fields this group's masks keep, each
   *  shifted down past its mask's trailing zeros, so that most groups' keys fit 32 bits and hash as small
   *  integers rather than heap numbers. Undefined: the table-wide key (maskedKey). */
  fold: { idx: number[]; mask: number[]; shift: number[]; scale: number[]; int32: boolean } | undefined;
}

/** The compact per-group key layout for a mask tuple of numbers (see Group.fold). */
function foldOf(masks: readonly KeyValue[], widths: readonly number[]): Group<unknown>['fold'] {
  const fold = {
    idx: [] as number[],
    mask: [] as number[],
    shift: [] as number[],
    scale: [] as number[],
    int32: true,
  };
  let bits = 0;
  masks.forEach((mk, i) => {
    const m = mk as number;
    if (m === 0) return;
    let shift = 0;
    while (shift < widths[i] && Math.floor(m / 2 ** shift) % 2 === 0) shift++;
    const w = widths[i] - shift;
    fold.idx.push(i);
    fold.mask.push(m | 0);
    fold.shift.push(shift);
    fold.scale.push(2 ** w);
    bits += w;
  });
  fold.int32 = bits <= 32;
  return fold;
}

// Key values use the engine's representation: numbers up to 52 bits (bits.ts), bigints above.
const rep = (v: bigint, w: number): KeyValue => (w <= 52 ? Number(v) : v);
const TWO32 = 4294967296;
/** k & m for non-negative numbers of up to 52 bits (JS bitwise operators only see 32). */
const andNum = (k: number, m: number): number =>
  k < TWO32 && m < TWO32
    ? (k & m) >>> 0
    : ((Math.floor(k / TWO32) & Math.floor(m / TWO32)) >>> 0) * TWO32 + ((k & m) >>> 0);

/** Entry order for lookups: higher rank first, then older first. */
const before = (a: Installed<unknown>, b: Installed<unknown>): boolean =>
  a.rank > b.rank || (a.rank === b.rank && a.seq < b.seq);

/** Where `e` goes in a list kept in `before` order (binary search). */
function slot<A>(list: readonly Installed<A>[], e: Installed<A>): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(list[mid], e)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Widest total key of an exact-only table that is looked up in a directly indexed array (4096 slots). */
const DIRECT_BITS = 12;

/** Whether a table of these key fields is looked up in a directly indexed array (MatchTable.direct). */
export function isDirect(fields: readonly { kind: MatchKind; width: number }[]): boolean {
  const total = fields.reduce((s, f) => s + f.width, 0);
  return fields.length > 0 && total <= DIRECT_BITS && fields.every((f) => f.kind === 'exact');
}

export class MatchTable<A> {
  readonly needsPriority: boolean;
  private readonly hasRange: boolean;
  /** One field of at most 32 bits: its masked value is the hash key, computed inline. */
  private readonly single: boolean;
  private readonly numericKey: boolean;
  private readonly int32Key: boolean;
  private readonly wideField: boolean;
  private readonly scale: number[];
  private readonly widths: number[];
  private readonly maxes: bigint[];
  /** All-ones masks: folding a mask tuple with them gives the group's signature. */
  private readonly ones: KeyValue[];
  private readonly fieldIds: Set<number>;
  /** Every entry, in insertion order (a Set keeps it), and a cached array of it. */
  private readonly all = new Set<Installed<A>>();
  private ordered: Installed<A>[] | undefined;
  /** Non-range tables: mask signature -> group, and the groups by best rank (re-sorted lazily). */
  private readonly bySig = new Map<KeyValue | string, Group<A>>();
  private groups: Group<A>[] = [];
  private groupsDirty = false;
  /** Range tables: identity -> entry, and the entries in lookup order. */
  private readonly byId = new Map<string, Installed<A>>();
  private readonly sorted: Installed<A>[] = [];
  private seq = 0;
  /** Exact-only tables of at most DIRECT_BITS key bits: the entry at each key (fields folded by `scale`, the
   *  first field most significant). Generated apply functions index it themselves (see isDirect). */
  readonly direct: (Installed<A> | undefined)[] | undefined;
  /** Set for tables whose entries come from the program (`const entries`): the control plane cannot write them. */
  immutable = false;

  constructor(
    readonly name: string,
    readonly fields: readonly FieldSpec[],
    readonly size: number,
  ) {
    this.needsPriority = fields.some(
      (f) => f.kind === 'ternary' || f.kind === 'range' || f.kind === 'optional',
    );
    this.hasRange = fields.some((f) => f.kind === 'range');
    this.single = fields.length === 1 && fields[0].width <= 32;
    const total = fields.reduce((s, f) => s + f.width, 0);
    // Keys of up to 52 bits in all (a 48-bit MAC, or several small fields) fold into one exact number.
    this.numericKey = total <= 52;
    this.wideField = fields.some((f) => f.width > 32);
    this.int32Key = total <= 32;
    this.scale = fields.map((f) => 2 ** f.width);
    this.widths = fields.map((f) => f.width);
    this.maxes = fields.map((f) => (1n << BigInt(f.width)) - 1n);
    this.ones = fields.map((f, i) => rep(this.maxes[i], f.width));
    this.fieldIds = new Set(fields.map((f) => f.id));
    this.direct = isDirect(fields)
      ? new Array<Installed<A> | undefined>(2 ** total).fill(undefined)
      : undefined;
  }

  /** The slot of a key in `direct` (key values are unsigned and within their widths). */
  private directIndex(key: readonly KeyValue[]): number {
    let v = 0;
    for (let i = 0; i < key.length; i++) v = v * this.scale[i] + ((key[i] as number) | 0);
    return v;
  }

  get count(): number {
    return this.all.size;
  }

  /** Entries in insertion order (a shared array: callers must not change it). */
  entries(): readonly Installed<A>[] {
    return (this.ordered ??= [...this.all]);
  }

  find(match: Map<number, FieldMatch>, priority: number): Installed<A> | undefined {
    const p = this.needsPriority ? priority : 0;
    const c = this.canonical(match, p);
    return this.locate(c.lo, c.hi, c.rank, p);
  }

  insert(match: Map<number, FieldMatch>, priority: number, action: A): Installed<A> {
    if (this.needsPriority && !(priority > 0))
      throw new ControlPlaneError('INVALID_ARGUMENT', `table ${this.name} needs a priority > 0`);
    if (!this.needsPriority) priority = 0;
    const c = this.canonical(match, priority);
    if (this.locate(c.lo, c.hi, c.rank, priority))
      throw new ControlPlaneError('ALREADY_EXISTS', `entry already exists in ${this.name}`);
    if (this.all.size >= this.size)
      throw new ControlPlaneError('RESOURCE_EXHAUSTED', `table ${this.name} is full (${this.size} entries)`);
    const e: Installed<A> = {
      match,
      priority,
      action,
      packets: 0,
      bytes: 0,
      seq: this.seq++,
      lo: c.lo,
      hi: c.hi,
      rank: c.rank,
    };
    this.all.add(e);
    this.ordered = undefined;
    this.place(e);
    return e;
  }

  remove(match: Map<number, FieldMatch>, priority: number): Installed<A> {
    const e = this.find(match, priority);
    if (!e) throw new ControlPlaneError('NOT_FOUND', `no such entry in ${this.name}`);
    this.all.delete(e);
    this.ordered = undefined;
    this.unplace(e);
    return e;
  }

  clear(): void {
    this.all.clear();
    this.ordered = undefined;
    this.bySig.clear();
    this.groups = [];
    this.groupsDirty = false;
    this.byId.clear();
    this.sorted.length = 0;
    this.direct?.fill(undefined);
  }

  lookup(key: readonly KeyValue[]): Installed<A> | undefined {
    const direct = this.direct;
    // `| 0` also turns a bool key into its bit.
    if (direct !== undefined) return direct[this.single ? (key[0] as number) | 0 : this.directIndex(key)];
    if (this.hasRange) return this.scan(key);
    if (this.groupsDirty) this.reorder();
    const groups = this.groups;
    if (!this.needsPriority) {
      // Exact/lpm tables: every group has its own rank (the prefix length), so the first hit in rank order is
      // the longest prefix. A single field of up to 32 bits (an IPv4 route, a port) masks inline.
      if (this.single) {
        const k = key[0] as number;
        for (let i = 0; i < groups.length; i++) {
          const e = groups[i].one.get(k & (groups[i].masks[0] as number));
          if (e !== undefined) return e;
        }
        return undefined;
      }
      for (let i = 0; i < groups.length; i++) {
        const e = groups[i].one.get(this.groupKey(groups[i], key));
        if (e !== undefined) return e;
      }
      return undefined;
    }
    let best: Installed<A> | undefined;
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i];
      if (best !== undefined && best.rank > g.best) break;
      const list = g.map.get(this.groupKey(g, key));
      if (list === undefined) continue;
      const cand = list[0];
      if (best === undefined || cand.rank > best.rank || (cand.rank === best.rank && cand.seq < best.seq))
        best = cand;
    }
    return best;
  }

  private scan(key: readonly KeyValue[]): Installed<A> | undefined {
    const sorted = this.sorted;
    const n = this.fields.length;
    outer: for (let j = 0; j < sorted.length; j++) {
      const e = sorted[j];
      for (let i = 0; i < n; i++) {
        const k = key[i];
        if (this.fields[i].kind === 'range') {
          if (k < e.lo[i] || k > e.hi[i]) continue outer;
        } else if (typeof k === 'number') {
          if (andNum(k, e.hi[i] as number) !== e.lo[i]) continue outer;
        } else if ((k & (e.hi[i] as bigint)) !== e.lo[i]) continue outer;
      }
      return e;
    }
    return undefined;
  }

  /** A key's bucket key in group g (the same function for installed values and looked-up keys). */
  private groupKey(g: Group<A>, key: readonly KeyValue[]): KeyValue | string {
    const f = g.fold;
    if (f === undefined) return this.maskedKey(key, g.masks);
    let v = 0;
    for (let j = 0; j < f.idx.length; j++)
      v = v * f.scale[j] + (((key[f.idx[j]] as number) & f.mask[j]) >>> f.shift[j]);
    // At most 32 bits: folded to int32 (a small integer for V8), injectively.
    return f.int32 ? v | 0 : v;
  }

  private maskedKey(key: readonly KeyValue[], masks: readonly KeyValue[]): KeyValue | string {
    const n = this.fields.length;
    if (this.numericKey) {
      // Keys of up to 32 bits are folded to int32, which V8 keeps unboxed (Smi): no allocation per lookup.
      if (!this.wideField) {
        if (n === 1) return (key[0] as number) & (masks[0] as number);
        let v = 0;
        for (let i = 0; i < n; i++)
          v = v * this.scale[i] + (((key[i] as number) & (masks[i] as number)) >>> 0);
        return this.int32Key ? v | 0 : v;
      }
      let v = 0;
      for (let i = 0; i < n; i++) v = v * this.scale[i] + andNum(key[i] as number, masks[i] as number);
      return v;
    }
    let s = '';
    for (let i = 0; i < n; i++) {
      const k = key[i];
      const m = masks[i];
      s +=
        (typeof k === 'number' ? andNum(k, m as number).toString(16) : (k & (m as bigint)).toString(16)) +
        ',';
    }
    return s;
  }

  /** Identity of a range-table entry (range tables are scanned, not hashed). */
  private rangeId(lo: readonly KeyValue[], hi: readonly KeyValue[], priority: number): string {
    let s = '';
    for (let i = 0; i < lo.length; i++) s += `${lo[i].toString(16)}-${hi[i].toString(16)} `;
    return s + priority;
  }

  /** The installed entry with this canonical match and priority, if any. */
  private locate(
    lo: readonly KeyValue[],
    hi: readonly KeyValue[],
    rank: number,
    priority: number,
  ): Installed<A> | undefined {
    if (this.hasRange) return this.byId.get(this.rangeId(lo, hi, priority));
    const g = this.bySig.get(this.maskedKey(hi, this.ones));
    if (g === undefined) return undefined;
    if (!this.needsPriority) return g.one.get(this.groupKey(g, lo));
    const list = g.map.get(this.groupKey(g, lo));
    if (list === undefined) return undefined;
    // Ranks are distinct within a bucket (the rank is the priority, or the prefix length of the shared mask).
    for (let a = 0, b = list.length; a < b;) {
      const mid = (a + b) >> 1;
      const r = list[mid].rank;
      if (r === rank) return list[mid].priority === priority ? list[mid] : undefined;
      if (r > rank) a = mid + 1;
      else b = mid;
    }
    return undefined;
  }

  private place(e: Installed<A>): void {
    if (this.direct) this.direct[this.directIndex(e.lo)] = e;
    if (this.hasRange) {
      this.byId.set(this.rangeId(e.lo, e.hi, e.priority), e);
      this.sorted.splice(slot(this.sorted, e), 0, e);
      return;
    }
    const sig = this.maskedKey(e.hi, this.ones);
    let g = this.bySig.get(sig);
    if (!g) {
      g = {
        masks: e.hi,
        map: new Map(),
        one: new Map(),
        best: e.rank,
        ranks: new RankSet(),
        size: 0,
        fold:
          this.numericKey && !this.wideField && this.fields.length > 1
            ? foldOf(e.hi, this.widths)
            : undefined,
      };
      this.bySig.set(sig, g);
      this.groups.push(g);
      this.groupsDirty = true;
    }
    const k = this.groupKey(g, e.lo);
    if (!this.needsPriority) g.one.set(k, e);
    else {
      const list = g.map.get(k);
      if (list) list.splice(slot(list, e), 0, e);
      else g.map.set(k, [e]);
    }
    g.size++;
    g.ranks.add(e.rank);
    if (e.rank > g.best) {
      g.best = e.rank;
      this.groupsDirty = true;
    }
  }

  private unplace(e: Installed<A>): void {
    if (this.direct) this.direct[this.directIndex(e.lo)] = undefined;
    if (this.hasRange) {
      this.byId.delete(this.rangeId(e.lo, e.hi, e.priority));
      this.sorted.splice(slot(this.sorted, e), 1);
      return;
    }
    const sig = this.maskedKey(e.hi, this.ones);
    const g = this.bySig.get(sig)!;
    const k = this.groupKey(g, e.lo);
    if (!this.needsPriority) g.one.delete(k);
    else {
      const list = g.map.get(k)!;
      if (list.length === 1) g.map.delete(k);
      else list.splice(slot(list, e), 1);
    }
    g.ranks.remove(e.rank);
    if (--g.size === 0) {
      this.bySig.delete(sig);
      this.groupsDirty = true;
    } else {
      const best = g.ranks.max();
      if (best !== g.best) {
        g.best = best;
        this.groupsDirty = true;
      }
    }
  }

  /** Drops empty groups and orders the rest by best rank, once per batch of changes. */
  private reorder(): void {
    this.groups = this.groups.filter((g) => g.size > 0).sort((a, b) => b.best - a.best);
    this.groupsDirty = false;
  }

  /** Validates a match and computes its lookup data. */
  private canonical(
    match: Map<number, FieldMatch>,
    priority: number,
  ): { lo: KeyValue[]; hi: KeyValue[]; rank: number } {
    for (const id of match.keys())
      if (!this.fieldIds.has(id))
        throw new ControlPlaneError('INVALID_ARGUMENT', `${this.name} has no match field id ${id}`);
    const n = this.fields.length;
    const lo: KeyValue[] = new Array<KeyValue>(n);
    const hi: KeyValue[] = new Array<KeyValue>(n);
    let rank = priority;
    for (let i = 0; i < n; i++) {
      const f = this.fields[i];
      const m = match.get(f.id);
      const max = this.maxes[i];
      let value = 0n;
      let mask = 0n;
      let low = 0n;
      let high = max;
      if (!m) {
        if (f.kind === 'exact') this.bad(f, 'an exact field cannot be omitted');
      } else {
        const kind = m.kind === 'optional' && f.kind === 'optional' ? 'optional' : m.kind;
        if (kind !== f.kind) this.bad(f, `a ${f.kind} field cannot take a ${m.kind} match`);
        switch (m.kind) {
          case 'exact':
          case 'optional':
            value = this.inRange(f, m.value, max);
            mask = max;
            break;
          case 'lpm':
            if (m.prefixLen < 0 || m.prefixLen > f.width) this.bad(f, `prefix length ${m.prefixLen}`);
            mask = max ^ (max >> BigInt(m.prefixLen));
            value = this.inRange(f, m.value, max) & mask;
            if (!this.needsPriority) rank = m.prefixLen;
            break;
          case 'ternary':
            mask = this.inRange(f, m.mask, max);
            value = this.inRange(f, m.value, max) & mask;
            break;
          case 'range':
            low = this.inRange(f, m.low, max);
            high = this.inRange(f, m.high, max);
            if (low > high) this.bad(f, `empty range ${low}..${high}`);
            break;
        }
      }
      if (f.kind === 'range') {
        lo[i] = rep(low, f.width);
        hi[i] = rep(high, f.width);
      } else {
        lo[i] = rep(value, f.width);
        hi[i] = rep(mask, f.width);
      }
    }
    return { lo, hi, rank };
  }

  private inRange(f: FieldSpec, v: bigint, max: bigint): bigint {
    return v < 0n || v > max ? this.bad(f, `value ${v} does not fit ${f.width} bits`) : v;
  }

  private bad(f: FieldSpec, why: string): never {
    throw new ControlPlaneError('INVALID_ARGUMENT', `${this.name} field ${f.name}: ${why}`);
  }
}
