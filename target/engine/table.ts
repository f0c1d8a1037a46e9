// Match-action table storage and lookup with P4Runtime/bmv2 semantics:
//  - exact-only tables: one hash lookup;
//  - lpm (with exact fields): the longest matching prefix wins;
//  - ternary/optional (with exact/lpm fields): the numerically highest priority wins;
//  - range fields: a priority-ordered scan.
// Non-range tables use tuple-space search: entries are grouped by their mask tuple, each group is a hash map
// of masked key -> entries, and groups are visited in order of their best priority so the search can stop
// early. Keys arrive unsigned, as numbers for widths <= 32 and bigints above (the engine's representation).
import { ControlPlaneError, type FieldMatch } from '../p4info/control-plane.js';

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
  readonly id: string;
  readonly seq: number;
  /** Per field: value & mask, and the mask (for ranges: low and high). */
  readonly lo: KeyValue[];
  readonly hi: KeyValue[];
  /** The priority used for ordering: the entry's priority, or the prefix length for lpm tables. */
  readonly rank: number;
}

interface Group<A> {
  masks: KeyValue[];
  map: Map<KeyValue | string, Installed<A>[]>;
  best: number;
}

const full = (w: number): bigint => (1n << BigInt(w)) - 1n;
// Key values use the engine's representation: numbers up to 52 bits (bits.ts), bigints above.
const rep = (v: bigint, w: number): KeyValue => (w <= 52 ? Number(v) : v);
const TWO32 = 4294967296;
/** k & m for non-negative numbers of up to 52 bits (JS bitwise operators only see 32). */
const andNum = (k: number, m: number): number =>
  k < TWO32 && m < TWO32
    ? (k & m) >>> 0
    : ((Math.floor(k / TWO32) & Math.floor(m / TWO32)) >>> 0) * TWO32 + ((k & m) >>> 0);

export class MatchTable<A> {
  readonly needsPriority: boolean;
  private readonly hasRange: boolean;
  private readonly lpmIndex: number;
  private readonly numericKey: boolean;
  private readonly int32Key: boolean;
  private readonly wideField: boolean;
  private readonly scale: number[];
  private readonly byId = new Map<string, Installed<A>>();
  private groups: Group<A>[] = [];
  private sorted: Installed<A>[] | undefined;
  private seq = 0;
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
    this.lpmIndex = this.needsPriority ? -1 : fields.findIndex((f) => f.kind === 'lpm');
    const total = fields.reduce((s, f) => s + f.width, 0);
    // Keys of up to 52 bits in all (a 48-bit MAC, or several small fields) fold into one exact number.
    this.numericKey = total <= 52;
    this.wideField = fields.some((f) => f.width > 32);
    this.int32Key = total <= 32;
    this.scale = fields.map((f) => 2 ** f.width);
  }

  get count(): number {
    return this.byId.size;
  }

  /** Entries in insertion order. */
  entries(): Installed<A>[] {
    return [...this.byId.values()].sort((a, b) => a.seq - b.seq);
  }

  find(match: Map<number, FieldMatch>, priority: number): Installed<A> | undefined {
    return this.byId.get(this.canonical(match, this.needsPriority ? priority : 0).id);
  }

  insert(match: Map<number, FieldMatch>, priority: number, action: A): Installed<A> {
    if (this.needsPriority && !(priority > 0))
      throw new ControlPlaneError('INVALID_ARGUMENT', `table ${this.name} needs a priority > 0`);
    if (!this.needsPriority) priority = 0;
    const c = this.canonical(match, priority);
    if (this.byId.has(c.id))
      throw new ControlPlaneError('ALREADY_EXISTS', `entry already exists in ${this.name}`);
    if (this.byId.size >= this.size)
      throw new ControlPlaneError('RESOURCE_EXHAUSTED', `table ${this.name} is full (${this.size} entries)`);
    const e: Installed<A> = { ...c, priority, action, packets: 0, bytes: 0, seq: this.seq++ };
    this.byId.set(e.id, e);
    this.place(e);
    return e;
  }

  remove(match: Map<number, FieldMatch>, priority: number): Installed<A> {
    const e = this.find(match, priority);
    if (!e) throw new ControlPlaneError('NOT_FOUND', `no such entry in ${this.name}`);
    this.byId.delete(e.id);
    this.rebuild();
    return e;
  }

  clear(): void {
    this.byId.clear();
    this.rebuild();
  }

  lookup(key: readonly KeyValue[]): Installed<A> | undefined {
    if (this.hasRange) return this.scan(key);
    let best: Installed<A> | undefined;
    const groups = this.groups;
    const lpm = this.lpmIndex >= 0;
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i];
      if (best !== undefined && (best.rank > g.best || (lpm && best.rank >= g.best))) break;
      const list = g.map.get(this.maskedKey(key, g.masks));
      if (list === undefined) continue;
      const cand = list[0];
      if (best === undefined || cand.rank > best.rank || (cand.rank === best.rank && cand.seq < best.seq))
        best = cand;
    }
    return best;
  }

  private scan(key: readonly KeyValue[]): Installed<A> | undefined {
    this.sorted ??= this.entries().sort((a, b) => b.rank - a.rank || a.seq - b.seq);
    outer: for (const e of this.sorted) {
      for (let i = 0; i < this.fields.length; i++) {
        const f = this.fields[i];
        const k = key[i];
        if (f.kind === 'range') {
          if (k < e.lo[i] || k > e.hi[i]) continue outer;
        } else if (typeof k === 'number') {
          if (andNum(k, e.hi[i] as number) !== e.lo[i]) continue outer;
        } else if ((k & (e.hi[i] as bigint)) !== e.lo[i]) continue outer;
      }
      return e;
    }
    return undefined;
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

  private place(e: Installed<A>): void {
    this.sorted = undefined;
    if (this.hasRange) return;
    const sig = e.hi.map(String).join(',');
    let g = this.groups.find((x) => x.masks.map(String).join(',') === sig);
    if (!g) {
      g = { masks: e.hi, map: new Map(), best: e.rank };
      this.groups.push(g);
    }
    const k = this.maskedKey(e.lo, e.hi);
    const list = g.map.get(k);
    if (list) {
      list.push(e);
      list.sort((a, b) => b.rank - a.rank || a.seq - b.seq);
    } else g.map.set(k, [e]);
    if (e.rank > g.best) g.best = e.rank;
    this.groups.sort((a, b) => b.best - a.best);
  }

  private rebuild(): void {
    this.groups = [];
    this.sorted = undefined;
    for (const e of this.entries()) this.place(e);
  }

  /** Validates a match and computes its identity and lookup data. */
  private canonical(
    match: Map<number, FieldMatch>,
    priority: number,
  ): Pick<Installed<A>, 'id' | 'lo' | 'hi' | 'rank' | 'match'> {
    const lo: KeyValue[] = [];
    const hi: KeyValue[] = [];
    const parts: string[] = [];
    const known = new Set(this.fields.map((f) => f.id));
    for (const id of match.keys())
      if (!known.has(id))
        throw new ControlPlaneError('INVALID_ARGUMENT', `${this.name} has no match field id ${id}`);
    let rank = priority;
    for (const f of this.fields) {
      const m = match.get(f.id);
      const max = full(f.width);
      const bad = (why: string): never => {
        throw new ControlPlaneError('INVALID_ARGUMENT', `${this.name} field ${f.name}: ${why}`);
      };
      const inRange = (v: bigint): bigint =>
        v < 0n || v > max ? bad(`value ${v} does not fit ${f.width} bits`) : v;
      let value = 0n;
      let mask = 0n;
      let low = 0n;
      let high = max;
      if (!m) {
        if (f.kind === 'exact') bad('an exact field cannot be omitted');
      } else {
        const kind = m.kind === 'optional' && f.kind === 'optional' ? 'optional' : m.kind;
        if (kind !== f.kind) bad(`a ${f.kind} field cannot take a ${m.kind} match`);
        switch (m.kind) {
          case 'exact':
          case 'optional':
            value = inRange(m.value);
            mask = max;
            break;
          case 'lpm':
            if (m.prefixLen < 0 || m.prefixLen > f.width) bad(`prefix length ${m.prefixLen}`);
            mask = max ^ (full(f.width - m.prefixLen) & max);
            value = inRange(m.value) & mask;
            if (!this.needsPriority) rank = m.prefixLen;
            break;
          case 'ternary':
            mask = inRange(m.mask);
            value = inRange(m.value) & mask;
            break;
          case 'range':
            low = inRange(m.low);
            high = inRange(m.high);
            if (low > high) bad(`empty range ${low}..${high}`);
            break;
        }
      }
      if (f.kind === 'range') {
        lo.push(rep(low, f.width));
        hi.push(rep(high, f.width));
        parts.push(`${low.toString(16)}-${high.toString(16)}`);
      } else {
        lo.push(rep(value, f.width));
        hi.push(rep(mask, f.width));
        parts.push(`${value.toString(16)}&${mask.toString(16)}`);
      }
    }
    return { id: `${parts.join(' ')} @${priority}`, lo, hi, rank, match };
  }
}
