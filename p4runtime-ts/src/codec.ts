// The P4Info-aware layer: build P4Runtime entities from names and friendly values, and decode entities
// read back into names and bigints. Values are encoded canonically (spec §8.4); don't-care matches are
// omitted as the spec requires (§9.1.1), so an entry written and read back compares equal.
import { bigintToBytes, bytesToBigint, maxValue, toBigint, ValueError, type ValueInput } from './bytes.js';
import { decodeWatchPort, watchPortFields } from './watch-port.js';
import {
  idOf,
  nameOf,
  P4InfoIndex,
  registerBitwidth,
  type MatchFieldLike,
  type TableLike,
} from './p4info.js';
import type {
  Entity,
  EntityMsg,
  FieldMatch,
  FieldMatchMsg,
  MeterConfig,
  PacketMetadata,
  PacketMetadataMsg,
  TableEntry,
  TableEntryMsg,
} from './types.js';

/** A match value. Plain values mean: exact/optional that value, lpm a full-length prefix, ternary an
 *  all-ones mask, range that single value. Strings may also be "10.0.0.0/8" (lpm) or "V&&&M" (ternary). */
export type MatchValue =
  | ValueInput
  | { value: ValueInput; prefixLen: number }
  | { value: ValueInput; mask: ValueInput }
  | { low: ValueInput; high: ValueInput };

export interface CounterValue {
  packets: bigint;
  bytes: bigint;
}

export interface MeterConfigValue {
  cir: bigint;
  cburst: bigint;
  pir: bigint;
  pburst: bigint;
}

export interface ActionSpec {
  name: string;
  params?: Record<string, ValueInput>;
}

export interface OneShotActionSpec {
  action: ActionSpec;
  weight?: number;
  /** A port whose going down takes the action out of the set's selection until it comes back up. */
  watchPort?: number;
}

export interface TableEntrySpec {
  table: string;
  /** Field name -> value; fields left out are don't-care (not allowed for exact fields). */
  match?: Record<string, MatchValue>;
  action?: ActionSpec;
  /** Instead of an action, for a table with an action profile: the member the entry runs. */
  member?: number;
  /** Instead of an action, for a table with an action selector: the group the entry runs a member of. */
  group?: number;
  /** Instead of an action, for a table with an action selector: a one-shot action set, whose group the
   *  server keeps for the entry alone (weight 1 unless given). */
  actionSet?: OneShotActionSpec[];
  /** Required (> 0) for tables with ternary, range or optional fields. */
  priority?: number;
  /** Address the table's default entry (match must be empty). */
  isDefault?: boolean;
  counterData?: CounterValue;
  meterConfig?: MeterConfigValue;
  /** Opaque controller cookie returned on read. */
  metadata?: Uint8Array;
}

export type DecodedMatch =
  | { kind: 'exact'; value: bigint }
  | { kind: 'lpm'; value: bigint; prefixLen: number }
  | { kind: 'ternary'; value: bigint; mask: bigint }
  | { kind: 'range'; low: bigint; high: bigint }
  | { kind: 'optional'; value: bigint };

export interface DecodedAction {
  name: string;
  id: number;
  params: Record<string, bigint>;
}

export interface DecodedTableEntry {
  table: string;
  tableId: number;
  match: Record<string, DecodedMatch>;
  priority: number;
  isDefault: boolean;
  action?: DecodedAction;
  /** What an entry of an indirect table runs instead of an action. */
  member?: number;
  group?: number;
  /** A one-shot entry's action set, as it was written. */
  actionSet?: { action: DecodedAction; weight: number; watchPort?: number }[];
  counterData?: CounterValue;
  meterConfig?: MeterConfigValue;
  metadata: Buffer;
  isConst: boolean;
}

function splitText(value: MatchValue, sep: string): [string, string] | undefined {
  if (typeof value !== 'string') return undefined;
  const i = value.indexOf(sep);
  if (i < 0) return undefined;
  return [value.slice(0, i), value.slice(i + sep.length)];
}

/** One FieldMatch, or undefined when the value is a don't-care that the spec says to omit. */
export function encodeFieldMatch(field: MatchFieldLike, value: MatchValue): FieldMatch | undefined {
  const w = field.bitwidth;
  const where = `match field ${field.name}`;
  const wrap = <T>(f: () => T): T => {
    try {
      return f();
    } catch (e) {
      if (e instanceof ValueError) throw new ValueError(`${where}: ${e.message}`);
      throw e;
    }
  };
  return wrap(() => {
    switch (field.match_type) {
      case 'EXACT':
        return { field_id: field.id, exact: { value: bigintToBytes(toBigint(asPlain(value, where), w)) } };
      case 'OPTIONAL':
        return { field_id: field.id, optional: { value: bigintToBytes(toBigint(asPlain(value, where), w)) } };
      case 'LPM': {
        let v: bigint;
        let len: number;
        const text = splitText(value, '/');
        if (text) {
          v = toBigint(text[0], w);
          len = Number(text[1]);
        } else if (typeof value === 'object' && 'prefixLen' in value) {
          v = toBigint(value.value, w);
          len = value.prefixLen;
        } else {
          v = toBigint(asPlain(value, where), w);
          len = w;
        }
        if (!Number.isInteger(len) || len < 0 || len > w)
          throw new ValueError(`prefix length ${len} not in 0..${w}`);
        const hostMask = maxValue(w - len);
        if ((v & hostMask) !== 0n) throw new ValueError(`value has bits set beyond the /${len} prefix`);
        if (len === 0) return undefined;
        return { field_id: field.id, lpm: { value: bigintToBytes(v), prefix_len: len } };
      }
      case 'TERNARY': {
        let v: bigint;
        let m: bigint;
        const text = splitText(value, '&&&');
        if (text) {
          v = toBigint(text[0], w);
          m = toBigint(text[1], w);
        } else if (typeof value === 'object' && 'mask' in value) {
          v = toBigint(value.value, w);
          m = toBigint(value.mask, w);
        } else {
          v = toBigint(asPlain(value, where), w);
          m = maxValue(w);
        }
        if ((v & ~m) !== 0n) throw new ValueError('value has bits set outside the mask');
        if (m === 0n) return undefined;
        return { field_id: field.id, ternary: { value: bigintToBytes(v), mask: bigintToBytes(m) } };
      }
      case 'RANGE': {
        let lo: bigint;
        let hi: bigint;
        if (typeof value === 'object' && 'low' in value) {
          lo = toBigint(value.low, w);
          hi = toBigint(value.high, w);
        } else {
          lo = hi = toBigint(asPlain(value, where), w);
        }
        if (lo > hi) throw new ValueError(`range low ${lo} is above high ${hi}`);
        if (lo === 0n && hi === maxValue(w)) return undefined;
        return { field_id: field.id, range: { low: bigintToBytes(lo), high: bigintToBytes(hi) } };
      }
      default:
        throw new ValueError(`unsupported match type ${field.match_type ?? '(none)'}`);
    }
  });
}

/**
 * The FieldMatches of a table key or value set member, in the order of `fields` (the P4Info's, so that the
 * same key always encodes to the same bytes), don't-cares left out; an exact field without a value is an
 * error naming `owner`.
 */
export function encodeFieldMatches(
  owner: string,
  fields: readonly MatchFieldLike[],
  valueOf: (f: MatchFieldLike) => MatchValue | undefined,
): FieldMatch[] {
  const out: FieldMatch[] = [];
  for (const f of fields) {
    const v = valueOf(f);
    if (v === undefined) {
      if (f.match_type === 'EXACT') throw new ValueError(`${owner}: exact field ${f.name} needs a value`);
      continue;
    }
    const fm = encodeFieldMatch(f, v);
    if (fm) out.push(fm);
  }
  return out;
}

function asPlain(value: MatchValue, where: string): ValueInput {
  if (typeof value === 'object' && !(value instanceof Uint8Array))
    throw new ValueError(`${where}: expected a plain value, got ${JSON.stringify(Object.keys(value))}`);
  return value;
}

export function decodeFieldMatch(m: FieldMatchMsg): DecodedMatch {
  if (m.exact) return { kind: 'exact', value: bytesToBigint(m.exact.value) };
  if (m.lpm) return { kind: 'lpm', value: bytesToBigint(m.lpm.value), prefixLen: m.lpm.prefix_len };
  if (m.ternary)
    return { kind: 'ternary', value: bytesToBigint(m.ternary.value), mask: bytesToBigint(m.ternary.mask) };
  if (m.range) return { kind: 'range', low: bytesToBigint(m.range.low), high: bytesToBigint(m.range.high) };
  if (m.optional) return { kind: 'optional', value: bytesToBigint(m.optional.value) };
  throw new ValueError(`field ${m.field_id}: unsupported match kind ${m.field_match_type ?? '(none)'}`);
}

const toLongString = (v: bigint): string => v.toString();

function meterConfigMsg(c: MeterConfigValue): MeterConfig {
  return {
    cir: toLongString(c.cir),
    cburst: toLongString(c.cburst),
    pir: toLongString(c.pir),
    pburst: toLongString(c.pburst),
  };
}

function decodeMeterConfig(
  c: { cir: string; cburst: string; pir: string; pburst: string } | null,
): MeterConfigValue | undefined {
  if (!c) return undefined;
  return { cir: BigInt(c.cir), cburst: BigInt(c.cburst), pir: BigInt(c.pir), pburst: BigInt(c.pburst) };
}

function decodeCounter(c: { byte_count: string; packet_count: string } | null): CounterValue | undefined {
  if (!c) return undefined;
  return { packets: BigInt(c.packet_count), bytes: BigInt(c.byte_count) };
}

export class P4Codec {
  readonly index: P4InfoIndex;

  constructor(p4info: ConstructorParameters<typeof P4InfoIndex>[0]) {
    this.index = new P4InfoIndex(p4info);
  }

  encodeAction(spec: ActionSpec): { action_id: number; params: { param_id: number; value: Buffer }[] } {
    const action = this.index.actions.get(spec.name);
    const given = spec.params ?? {};
    for (const name of Object.keys(given)) this.index.param(action, name);
    const params = (action.params ?? []).map((p) => {
      const v = given[p.name];
      if (v === undefined) throw new ValueError(`action ${nameOf(action)}: missing parameter ${p.name}`);
      try {
        return { param_id: p.id, value: bigintToBytes(toBigint(v, p.bitwidth)) };
      } catch (e) {
        if (e instanceof ValueError)
          throw new ValueError(`action ${nameOf(action)} parameter ${p.name}: ${e.message}`);
        throw e;
      }
    });
    return { action_id: idOf(action), params };
  }

  /** The match key of a table entry (used for table entries, direct counters and direct meters). */
  encodeMatch(table: TableLike, match: Record<string, MatchValue> | undefined): FieldMatch[] {
    const given = match ?? {};
    for (const name of Object.keys(given)) this.index.matchField(table, name);
    return encodeFieldMatches(`table ${nameOf(table)}`, table.match_fields ?? [], (f) => given[f.name]);
  }

  tableEntry(spec: TableEntrySpec): TableEntry {
    const table = this.index.tables.get(spec.table);
    const entry: TableEntry = { table_id: idOf(table) };
    if (spec.isDefault) {
      if (spec.match && Object.keys(spec.match).length > 0)
        throw new ValueError(`table ${nameOf(table)}: a default entry has no match`);
      entry.is_default_action = true;
    } else {
      entry.match = this.encodeMatch(table, spec.match);
      const priority = spec.priority ?? 0;
      const runs = spec.action || spec.member !== undefined || spec.group !== undefined || spec.actionSet;
      if (this.index.needsPriority(table) && priority <= 0 && runs)
        throw new ValueError(`table ${nameOf(table)}: entries need a priority > 0`);
      entry.priority = priority;
    }
    const given = [spec.action, spec.member, spec.group, spec.actionSet].filter(
      (x) => x !== undefined,
    ).length;
    if (given > 1)
      throw new ValueError(
        `table ${nameOf(table)}: an entry runs an action, a member, a group or an action set, not several`,
      );
    if (spec.action) entry.action = { action: this.encodeAction(spec.action) };
    else if (spec.member !== undefined) entry.action = { action_profile_member_id: spec.member };
    else if (spec.group !== undefined) entry.action = { action_profile_group_id: spec.group };
    else if (spec.actionSet)
      entry.action = {
        action_profile_action_set: {
          action_profile_actions: spec.actionSet.map((a) => ({
            action: this.encodeAction(a.action),
            weight: a.weight ?? 1,
            ...watchPortFields(a.watchPort),
          })),
        },
      };
    if (spec.counterData) entry.counter_data = this.counterDataMsg(spec.counterData);
    if (spec.meterConfig) entry.meter_config = meterConfigMsg(spec.meterConfig);
    if (spec.metadata) entry.metadata = Buffer.from(spec.metadata);
    return entry;
  }

  counterDataMsg(c: CounterValue): { byte_count: string; packet_count: string } {
    return { byte_count: c.bytes.toString(), packet_count: c.packets.toString() };
  }

  decodeTableEntry(e: TableEntryMsg): DecodedTableEntry {
    const table = this.index.tables.get(e.table_id);
    const match: Record<string, DecodedMatch> = {};
    for (const m of e.match) match[this.index.matchField(table, m.field_id).name] = decodeFieldMatch(m);
    const out: DecodedTableEntry = {
      table: nameOf(table),
      tableId: e.table_id,
      match,
      priority: e.priority,
      isDefault: e.is_default_action,
      metadata: e.metadata,
      isConst: e.const,
    };
    const a = e.action?.action;
    if (a) out.action = this.decodeAction(a);
    if (e.action?.type === 'action_profile_member_id') out.member = e.action.action_profile_member_id;
    if (e.action?.type === 'action_profile_group_id') out.group = e.action.action_profile_group_id;
    const set = e.action?.action_profile_action_set;
    if (e.action?.type === 'action_profile_action_set' && set)
      out.actionSet = set.action_profile_actions.map((a) => ({
        action: this.decodeAction(a.action ?? { action_id: 0, params: [] }),
        weight: a.weight,
        ...decodeWatchPort(a),
      }));
    const counter = decodeCounter(e.counter_data);
    if (counter) out.counterData = counter;
    const meter = decodeMeterConfig(e.meter_config);
    if (meter) out.meterConfig = meter;
    return out;
  }

  decodeAction(a: { action_id: number; params: { param_id: number; value: Buffer }[] }): DecodedAction {
    const action = this.index.actions.get(a.action_id);
    const params: Record<string, bigint> = {};
    for (const p of a.params) params[this.index.param(action, p.param_id).name] = bytesToBigint(p.value);
    return { name: nameOf(action), id: a.action_id, params };
  }

  // ---- Entities for Write and Read ----

  tableEntity(spec: TableEntrySpec): Entity {
    return { table_entry: this.tableEntry(spec) };
  }

  /** Read filter for table entries: every table when `table` is undefined, every entry of it otherwise. */
  tableReadEntity(table?: string, opts: { withCounters?: boolean; defaultEntry?: boolean } = {}): Entity {
    const entry: TableEntry = { table_id: table === undefined ? 0 : idOf(this.index.tables.get(table)) };
    if (opts.withCounters) entry.counter_data = {};
    if (opts.defaultEntry) entry.is_default_action = true;
    return { table_entry: entry };
  }

  counterEntity(counter: string | undefined, index?: number, data?: CounterValue): Entity {
    const id = counter === undefined ? 0 : idOf(this.index.counters.get(counter));
    return {
      counter_entry: {
        counter_id: id,
        ...(index === undefined ? {} : { index: { index: String(index) } }),
        ...(data ? { data: this.counterDataMsg(data) } : {}),
      },
    };
  }

  directCounterEntity(spec: TableEntrySpec | { table?: string }, data?: CounterValue): Entity {
    const table_entry =
      'match' in spec || 'priority' in spec || 'isDefault' in spec
        ? this.tableEntry({ ...(spec as TableEntrySpec), action: undefined })
        : { table_id: spec.table === undefined ? 0 : idOf(this.index.tables.get(spec.table)) };
    return { direct_counter_entry: { table_entry, ...(data ? { data: this.counterDataMsg(data) } : {}) } };
  }

  meterEntity(meter: string | undefined, index?: number, config?: MeterConfigValue): Entity {
    const id = meter === undefined ? 0 : idOf(this.index.meters.get(meter));
    return {
      meter_entry: {
        meter_id: id,
        ...(index === undefined ? {} : { index: { index: String(index) } }),
        ...(config ? { config: meterConfigMsg(config) } : {}),
      },
    };
  }

  directMeterEntity(spec: TableEntrySpec, config?: MeterConfigValue): Entity {
    return {
      direct_meter_entry: {
        table_entry: this.tableEntry({ ...spec, action: undefined }),
        ...(config ? { config: meterConfigMsg(config) } : {}),
      },
    };
  }

  registerEntity(register: string | undefined, index?: number, value?: ValueInput): Entity {
    let id = 0;
    let data: { bitstring: Buffer } | undefined;
    if (register !== undefined) {
      const r = this.index.registers.get(register);
      id = idOf(r);
      if (value !== undefined)
        data = {
          bitstring: bigintToBytes(toBigint(value, registerBitwidth(r, this.index.p4info.type_info))),
        };
    }
    return {
      register_entry: {
        register_id: id,
        ...(index === undefined ? {} : { index: { index: String(index) } }),
        ...(data ? { data } : {}),
      },
    };
  }

  // ---- Decoding read results ----

  decodeCounterEntity(e: EntityMsg): { counter: string; index: number; data: CounterValue } {
    const c = e.counter_entry;
    if (!c) throw new ValueError('not a counter entry');
    return {
      counter: nameOf(this.index.counters.get(c.counter_id)),
      index: Number(c.index?.index ?? 0),
      data: decodeCounter(c.data) ?? { packets: 0n, bytes: 0n },
    };
  }

  decodeDirectCounterEntity(e: EntityMsg): { entry: DecodedTableEntry; data: CounterValue } {
    const c = e.direct_counter_entry;
    if (!c?.table_entry) throw new ValueError('not a direct counter entry');
    return {
      entry: this.decodeTableEntry(c.table_entry),
      data: decodeCounter(c.data) ?? { packets: 0n, bytes: 0n },
    };
  }

  decodeRegisterEntity(e: EntityMsg): { register: string; index: number; value: bigint } {
    const r = e.register_entry;
    if (!r) throw new ValueError('not a register entry');
    return {
      register: nameOf(this.index.registers.get(r.register_id)),
      index: Number(r.index?.index ?? 0),
      value: r.data?.bitstring ? bytesToBigint(r.data.bitstring) : 0n,
    };
  }

  decodeMeterEntity(e: EntityMsg): { meter: string; index: number; config?: MeterConfigValue } {
    const m = e.meter_entry;
    if (!m) throw new ValueError('not a meter entry');
    const config = decodeMeterConfig(m.config);
    return {
      meter: nameOf(this.index.meters.get(m.meter_id)),
      index: Number(m.index?.index ?? 0),
      ...(config ? { config } : {}),
    };
  }

  // ---- Packet I/O metadata ----

  /** PacketOut metadata from field values of the @controller_header("packet_out") header. */
  packetOutMetadata(values: Record<string, ValueInput>): PacketMetadata[] {
    const header = this.index.controllerHeaders.get('packet_out');
    for (const name of Object.keys(values)) {
      if (!(header.metadata ?? []).some((m) => m.name === name))
        throw new ValueError(`packet_out has no metadata field ${name}`);
    }
    return (header.metadata ?? [])
      .filter((m) => values[m.name] !== undefined)
      .map((m) => ({
        metadata_id: m.id,
        value: bigintToBytes(toBigint(values[m.name] as ValueInput, m.bitwidth)),
      }));
  }

  /** Field name -> value for PacketIn metadata, per the @controller_header("packet_in") header. */
  decodePacketInMetadata(metadata: PacketMetadataMsg[]): Record<string, bigint> {
    const header = this.index.controllerHeaders.get('packet_in');
    const out: Record<string, bigint> = {};
    for (const m of metadata) {
      const field = (header.metadata ?? []).find((f) => f.id === m.metadata_id);
      out[field?.name ?? `#${m.metadata_id}`] = bytesToBigint(m.value);
    }
    return out;
  }
}
