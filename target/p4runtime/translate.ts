// Wire entities <-> the ControlPlane's id-and-bigint form, with the validation P4Runtime requires
// (spec §8.4 bytestrings, §9.1 table entries). Every refusal is an RpcError with the spec's code.
import { status } from '@grpc/grpc-js';
import {
  bigintToBytes,
  bytesToBigint,
  checkReceived,
  maxValue,
  registerCellWidth,
  type ActionMsg,
  type ActionProfileActionMsg,
  type FieldMatchMsg,
  type TableEntry as WireTableEntry,
  type TableEntryMsg,
} from 'p4runtime-ts';
import {
  isIndirect,
  type ActionCall,
  type EntryAction,
  type EntryKey,
  type FieldMatch,
  type TableEntry,
  type WatchPort,
} from '../engine/control-plane-api.js';
import type { Action, MatchField, P4Info, Table, ValueSet, ValueSetMatch } from '../p4info/types.js';
import { RpcError } from './rpc-error.js';

const invalid = (msg: string): RpcError => new RpcError(status.INVALID_ARGUMENT, msg);

/** The watch port of a group member or one-shot action (`watch_kind`), as written; none when unset. */
export function watchIn(m: {
  watch_kind?: 'watch' | 'watch_port';
  watch?: number;
  watch_port?: Buffer;
}): WatchPort | undefined {
  if (m.watch_kind === 'watch') return { kind: 'watch', watch: m.watch ?? 0 };
  if (m.watch_kind === 'watch_port') return { kind: 'watchPort', watchPort: m.watch_port ?? Buffer.alloc(0) };
  return undefined;
}

/** A watch port as read back: the field it was written in, with its value (PI echoes both). */
export function watchOut(w: WatchPort | undefined): { watch?: number; watch_port?: Buffer } {
  if (!w) return {};
  return w.kind === 'watch' ? { watch: w.watch } : { watch_port: Buffer.from(w.watchPort) };
}

function value(bytes: Buffer, bitwidth: number, what: string): bigint {
  const bad = checkReceived(bytes, bitwidth);
  if (bad) throw invalid(`${what}: ${bad}`);
  return bytesToBigint(bytes);
}

/** Id lookups for one pipeline's P4Info. */
export class Schema {
  readonly tables = new Map<number, Table>();
  readonly actions = new Map<number, Action>();
  readonly counters = new Set<number>();
  readonly registers = new Map<number, { bitwidth: number; size: number }>();
  readonly meters = new Set<number>();
  readonly directCounterOf = new Map<number, number>();
  readonly directMeterOf = new Map<number, number>();
  readonly valueSets = new Map<number, ValueSet>();

  constructor(readonly p4info: P4Info) {
    for (const t of p4info.tables) this.tables.set(t.preamble.id, t);
    for (const a of p4info.actions) this.actions.set(a.preamble.id, a);
    for (const c of p4info.counters) this.counters.add(c.preamble.id);
    for (const m of p4info.meters) this.meters.add(m.preamble.id);
    for (const r of p4info.registers)
      this.registers.set(r.preamble.id, {
        // A register P4Runtime cannot write as a bit string (a string translation): nothing fits 0 bits.
        bitwidth: registerCellWidth(r, p4info.type_info) ?? 0,
        size: r.size,
      });
    for (const d of p4info.direct_counters) this.directCounterOf.set(d.direct_table_id, d.preamble.id);
    for (const d of p4info.direct_meters) this.directMeterOf.set(d.direct_table_id, d.preamble.id);
    for (const v of p4info.value_sets ?? []) this.valueSets.set(v.preamble.id, v);
  }

  table(id: number): Table {
    const t = this.tables.get(id);
    if (!t) throw new RpcError(status.NOT_FOUND, `no table with id ${id}`);
    return t;
  }

  needsPriority(t: Table): boolean {
    return t.match_fields.some((f) => f.match_type !== 'EXACT' && f.match_type !== 'LPM');
  }

  // ---- wire -> ControlPlane ----

  fieldMatch(t: Table, m: FieldMatchMsg): [MatchField, FieldMatch] {
    return fieldMatchIn(`table ${t.preamble.name}`, t.match_fields, m);
  }

  valueSet(id: number): ValueSet {
    const v = this.valueSets.get(id);
    if (!v) throw new RpcError(status.NOT_FOUND, `no value set with id ${id}`);
    return v;
  }

  /** A value set member's matches by field id, checked as a table entry's key is (spec §9.7). */
  member(v: ValueSet, match: FieldMatchMsg[]): Map<number, FieldMatch> {
    return matchIn(`value set ${v.preamble.name}`, v.match, match);
  }

  key(t: Table, e: TableEntryMsg): EntryKey {
    const match = matchIn(`table ${t.preamble.name}`, t.match_fields, e.match);
    if (this.needsPriority(t)) {
      if (e.priority <= 0)
        throw invalid(
          `table ${t.preamble.name} needs a priority > 0 (it has ternary, range or optional fields)`,
        );
    } else if (e.priority !== 0) {
      throw invalid(
        `table ${t.preamble.name} takes no priority (only exact and lpm fields); got ${e.priority}`,
      );
    }
    return { tableId: t.preamble.id, match, priority: e.priority };
  }

  /**
   * An action for table `t`, used as an entry's, as the default entry's, or by an action profile (a member or
   * a one-shot action). P4Runtime spec §9.1, 'Action Specification': an action_id that is not one of the
   * table's actions is INVALID_ARGUMENT (an unknown id included); a valid action used against its P4Info
   * scope (@defaultonly in an entry, @tableonly as the default) is PERMISSION_DENIED. A profile's actions
   * are not held to their scope: PI checks only that the table lists them (action_prof_mgr.cpp), so a
   * member may run the @defaultonly NoAction p4c adds to a table without a default_action.
   */
  action(t: Table, a: ActionMsg, use: 'entry' | 'default' | 'profile'): ActionCall {
    const forDefault = use === 'default';
    const action = this.actions.get(a.action_id);
    const ref = t.action_refs.find((r) => r.id === a.action_id);
    if (!action || !ref)
      throw invalid(
        `action id ${a.action_id}${action ? ` (${action.preamble.name})` : ''} is not an action of table ${t.preamble.name}`,
      );
    if (forDefault && ref.scope === 'TABLE_ONLY')
      throw new RpcError(
        status.PERMISSION_DENIED,
        `action ${action.preamble.name} is @tableonly: it cannot be the default action of ${t.preamble.name}`,
      );
    if (use === 'entry' && ref.scope === 'DEFAULT_ONLY')
      throw new RpcError(
        status.PERMISSION_DENIED,
        `action ${action.preamble.name} is @defaultonly: only the default action of ${t.preamble.name} may use it`,
      );
    const params = new Map<number, bigint>();
    for (const p of a.params) {
      const info = action.params.find((x) => x.id === p.param_id);
      if (!info) throw invalid(`action ${action.preamble.name} has no parameter id ${p.param_id}`);
      if (params.has(p.param_id)) throw invalid(`parameter ${info.name} given twice`);
      params.set(
        p.param_id,
        value(p.value, info.bitwidth, `action ${action.preamble.name} parameter ${info.name}`),
      );
    }
    for (const info of action.params) {
      if (!params.has(info.id))
        throw invalid(`action ${action.preamble.name}: missing parameter ${info.name}`);
    }
    return { actionId: a.action_id, params };
  }

  /** A default entry's action, of a direct table (an indirect table's default cannot be written). */
  defaultAction(t: Table, e: TableEntryMsg): ActionCall {
    const a = this.tableAction(t, e, true);
    if (isIndirect(a))
      throw invalid(`table ${t.preamble.name} has no action profile: its default entry takes an action`);
    return a;
  }

  /** An entry's action, member, group or one-shot action set (spec §9.1: which one a table takes is checked
   *  by the engine, as INVALID_ARGUMENT). */
  tableAction(t: Table, e: TableEntryMsg, forDefault: boolean): EntryAction {
    const ta = e.action;
    if (!ta || !ta.type) throw invalid(`table entry for ${t.preamble.name} has no action`);
    switch (ta.type) {
      case 'action':
        if (t.implementation_id)
          throw invalid(
            `table ${t.preamble.name} is indirect: an entry names a member or group of its action profile, not an action`,
          );
        return this.action(t, ta.action!, forDefault ? 'default' : 'entry');
      case 'action_profile_member_id':
        return { kind: 'member', memberId: ta.action_profile_member_id! };
      case 'action_profile_group_id':
        return { kind: 'group', groupId: ta.action_profile_group_id! };
      case 'action_profile_action_set':
        return this.actionSet(t, ta.action_profile_action_set!.action_profile_actions);
      default:
        throw invalid(`table entry for ${t.preamble.name} has an unknown action type`);
    }
  }

  /** A one-shot entry's actions (spec §9.2.3), each checked as an entry's action of the table; weights and
   *  the set's size are the selector's to check (action-profile.ts). */
  private actionSet(t: Table, set: readonly ActionProfileActionMsg[]): EntryAction {
    if (!t.implementation_id)
      throw invalid(`table ${t.preamble.name} has no action profile: an entry cannot give an action set`);
    const actions = set.map((a, i) => {
      if (!a.action) throw invalid(`action set entry ${i} of ${t.preamble.name} has no action`);
      const watch = watchIn(a);
      const one = { action: this.action(t, a.action, 'profile'), weight: a.weight };
      return watch ? { ...one, watch } : one;
    });
    return { kind: 'actionSet', actions };
  }

  encodeEntryAction(a: EntryAction): NonNullable<WireTableEntry['action']> {
    if (!isIndirect(a)) return this.encodeAction(a);
    switch (a.kind) {
      case 'member':
        return { action_profile_member_id: a.memberId };
      case 'group':
        return { action_profile_group_id: a.groupId };
      case 'actionSet':
        // Read back as written: the actions in order, with their weights (PI keeps the message it was given).
        return {
          action_profile_action_set: {
            action_profile_actions: a.actions.map((x) => ({
              ...this.encodeAction(x.action),
              weight: x.weight,
              ...watchOut(x.watch),
            })),
          },
        };
    }
  }

  // ---- ControlPlane -> wire ----

  encodeMatch(m: FieldMatch): Omit<FieldMatchMsg, 'field_id' | 'field_match_type'> {
    switch (m.kind) {
      case 'exact':
        return { exact: { value: bigintToBytes(m.value) } };
      case 'optional':
        return { optional: { value: bigintToBytes(m.value) } };
      case 'lpm':
        return { lpm: { value: bigintToBytes(m.value), prefix_len: m.prefixLen } };
      case 'ternary':
        return { ternary: { value: bigintToBytes(m.value), mask: bigintToBytes(m.mask) } };
      case 'range':
        return { range: { low: bigintToBytes(m.low), high: bigintToBytes(m.high) } };
    }
  }

  encodeAction(a: ActionCall): {
    action: { action_id: number; params: { param_id: number; value: Buffer }[] };
  } {
    const info = this.actions.get(a.actionId);
    const order = info ? info.params.map((p) => p.id) : [...a.params.keys()];
    return {
      action: {
        action_id: a.actionId,
        params: order
          .filter((id) => a.params.has(id))
          .map((id) => ({ param_id: id, value: bigintToBytes(a.params.get(id)!) })),
      },
    };
  }

  /** Matches by field id as wire FieldMatches, in the order of `fields` (the P4Info's), so that the same
   *  match always reads back as the same bytes. */
  encodeMatches(
    fields: readonly { id: number }[],
    match: Map<number, FieldMatch>,
  ): NonNullable<WireTableEntry['match']> {
    return fields
      .filter((f) => match.has(f.id))
      .map((f) => ({ field_id: f.id, ...this.encodeMatch(match.get(f.id)!) }));
  }

  encodeEntry(e: TableEntry, withCounter: boolean): WireTableEntry {
    const t = this.tables.get(e.tableId);
    const out: WireTableEntry = {
      table_id: e.tableId,
      match: this.encodeMatches(t?.match_fields ?? [...e.match.keys()].map((id) => ({ id })), e.match),
      action: this.encodeEntryAction(e.action),
      priority: e.priority,
    };
    if (t?.is_const_table) out.const = true;
    if (withCounter) {
      const c = e.counter ?? { packets: 0n, bytes: 0n };
      out.counter_data = { byte_count: c.bytes.toString(), packet_count: c.packets.toString() };
    }
    return out;
  }
}

/** The FieldMatches of a table entry's key or a value set member, by field id: no field twice, every exact
 *  field present (spec §9.1.1). */
function matchIn(
  owner: string,
  fields: readonly (MatchField | ValueSetMatch)[],
  ms: readonly FieldMatchMsg[],
): Map<number, FieldMatch> {
  const match = new Map<number, FieldMatch>();
  for (const m of ms) {
    if (match.has(m.field_id)) throw invalid(`match field id ${m.field_id} given twice`);
    const [f, fm] = fieldMatchIn(owner, fields, m);
    match.set(f.id, fm);
  }
  for (const f of fields)
    if (f.match_type === 'EXACT' && !match.has(f.id))
      throw invalid(`exact match field ${f.name ?? f.id} is missing`);
  return match;
}

/** One FieldMatch of a table entry or value set member, against its owner's match fields (spec §9.1.1). */
function fieldMatchIn<F extends MatchField | ValueSetMatch>(
  owner: string,
  fields: readonly F[],
  m: FieldMatchMsg,
): [F, FieldMatch] {
  const f = fields.find((x) => x.id === m.field_id);
  if (!f) throw invalid(`${owner} has no match field id ${m.field_id}`);
  const w = f.bitwidth;
  const what = `match field ${f.name ?? f.id}`;
  if (f.match_type === undefined)
    throw new RpcError(
      status.UNIMPLEMENTED,
      `${what} has match type ${f.other_match_type ?? 'unknown'}, which this target does not match`,
    );
  const expect = f.match_type.toLowerCase();
  const kind = m.field_match_type;
  if (kind !== expect) throw invalid(`${what} is ${f.match_type}, got a ${kind ?? 'missing'} match`);
  switch (f.match_type) {
    case 'EXACT':
      return [f, { kind: 'exact', value: value(m.exact!.value, w, what) }];
    case 'OPTIONAL':
      return [f, { kind: 'optional', value: value(m.optional!.value, w, what) }];
    case 'LPM': {
      const v = value(m.lpm!.value, w, what);
      const len = m.lpm!.prefix_len;
      if (len < 1 || len > w) throw invalid(`${what}: prefix length ${len} not in 1..${w} (omit a /0 match)`);
      if ((v & maxValue(w - len)) !== 0n)
        throw invalid(`${what}: value has bits set beyond the /${len} prefix`);
      return [f, { kind: 'lpm', value: v, prefixLen: len }];
    }
    case 'TERNARY': {
      const v = value(m.ternary!.value, w, what);
      const mask = value(m.ternary!.mask, w, `${what} mask`);
      if (mask === 0n) throw invalid(`${what}: an all-zero mask is a don't-care and must be omitted`);
      if ((v & ~mask) !== 0n) throw invalid(`${what}: value has bits set outside the mask`);
      return [f, { kind: 'ternary', value: v, mask }];
    }
    case 'RANGE': {
      const low = value(m.range!.low, w, `${what} low`);
      const high = value(m.range!.high, w, `${what} high`);
      if (low > high) throw invalid(`${what}: low ${low} is above high ${high}`);
      if (low === 0n && high === maxValue(w))
        throw invalid(`${what}: a full range is a don't-care and must be omitted`);
      return [f, { kind: 'range', low, high }];
    }
  }
}
