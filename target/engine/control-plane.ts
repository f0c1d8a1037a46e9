// The runtime objects behind the control plane: tables with their default actions, counters and registers,
// addressed by P4Info ids and converting between P4Runtime bigints and the engine's value representation.
import type { ActionDecl, CheckedProgram, KeysetValue, Type } from '../frontend/ast.js';
import {
  ControlPlaneError,
  type ActionCall,
  type CounterData,
  type FieldMatch,
} from './control-plane-api.js';
import type { P4Info } from '../p4info/types.js';
import type { ActionProfileStore, IndirectRef } from './action-profile.js';
import { fromUnsignedBig, isNum, toUnsignedBig } from './bits.js';
import type { ExternInfo, TableInfo } from './codegen/gen.js';
import type { DirectMeter, MeterArray } from './meter.js';
import { MatchTable, type FieldSpec } from './table.js';
import { bitOf } from './types.js';

/** An action bound to a table entry or default: the action's index in the table, and its data in engine form. */
export interface ActionRun {
  index: number;
  actionId: number;
  params: Map<number, bigint>;
  args: (number | bigint | boolean)[];
  /** Entries of indirect tables: the member or group the entry points at (the run is looked up there). */
  ref?: IndirectRef;
}

export interface TableRuntime {
  info: TableInfo;
  id: number;
  store: MatchTable<ActionRun>;
  def: ActionRun;
  initialDef: ActionRun;
  defaultIsConst: boolean;
  key: (number | bigint)[];
  /** Indirect tables: the action profile or selector, and the table's position in its table list. */
  profile?: ActionProfileStore;
  profileSlot?: number;
  /** Entries that come from the program (`entries`/`const entries`), restored by reset(). */
  initial: { match: Map<number, FieldMatch>; priority: number; action: ActionRun }[];
}

export interface ExternRuntime {
  info: ExternInfo;
  id?: number;
  cells: (number | bigint | boolean)[];
  packets: number[];
  bytes: number[];
  count(index: number, bytes: number): void;
  /** Set on `meter` and `direct_meter` instances (see meter.ts attachMeters). */
  meter?: MeterArray;
  direct?: DirectMeter;
}

function valueToRep(v: bigint, t: Type): number | bigint | boolean {
  if (t.kind === 'bool') return v !== 0n;
  const bt = bitOf(t) ?? { width: 32, signed: false };
  return fromUnsignedBig(v, bt);
}

function repToValue(v: number | bigint | boolean, t: Type): bigint {
  if (typeof v === 'boolean') return v ? 1n : 0n;
  const bt = bitOf(t) ?? { width: 32, signed: false };
  return toUnsignedBig(v, bt);
}

export function buildTables(program: CheckedProgram, p4info: P4Info, tables: TableInfo[]): TableRuntime[] {
  const actionIds = new Map<string, number>(p4info.actions.map((a) => [a.preamble.name, a.preamble.id]));
  const byName = new Map(p4info.tables.map((t) => [t.preamble.name, t]));
  void program;
  return tables.map((info) => {
    // A table the P4Info does not list (e.g. in a control instantiated inside another) still runs, with its
    // program-defined entries and default action, but the control plane cannot reach it.
    const pt = byName.get(info.name);
    const fields: FieldSpec[] = info.keys.map((k, i) => ({
      id: pt?.match_fields[i]?.id ?? i + 1,
      name: k.name,
      kind: k.kind,
      width: k.width,
    }));
    const store = new MatchTable<ActionRun>(info.name, fields, pt?.size || info.decl.size || 1024);
    const makeRun = (a: ActionDecl, data: bigint[]): ActionRun => {
      const dataParams = a.params.filter((p) => p.direction === 'none');
      const actionId = actionIds.get(a.controlPlaneName ?? a.name) ?? 0;
      const pa = p4info.actions.find((x) => x.preamble.id === actionId);
      const params = new Map<number, bigint>();
      dataParams.forEach((_p, i) => params.set(pa?.params[i]?.id ?? i + 1, data[i] ?? 0n));
      return {
        index: info.actions.indexOf(a),
        actionId,
        params,
        args: dataParams.map((p, i) => valueToRep(data[i] ?? 0n, p.type)),
      };
    };
    const defRef = info.decl.defaultAction;
    let def: ActionRun;
    if (defRef?.action) {
      const a = defRef.action;
      const nDir = a.params.filter((p) => p.direction !== 'none').length;
      const data = (defRef.args ?? [])
        .slice(nDir)
        .map((e) => (e.constValue?.kind === 'int' ? e.constValue.value : 0n));
      def = makeRun(a, data);
    } else def = { index: -1, actionId: 0, params: new Map(), args: [] };
    const initial: TableRuntime['initial'] = [];
    for (const ent of info.decl.entryDecls) {
      const a = ent.action.action;
      if (!a || !ent.keys) continue;
      const nDir = a.params.filter((p) => p.direction !== 'none').length;
      const data = (ent.action.args ?? [])
        .slice(nDir)
        .map((e) =>
          e.constValue?.kind === 'int'
            ? BigInt.asUintN(512, e.constValue.value)
            : e.constValue?.kind === 'bool'
              ? e.constValue.value
                ? 1n
                : 0n
              : 0n,
        );
      const match = new Map<number, FieldMatch>();
      ent.keys.forEach((k, i) => {
        const f = fields[i];
        const m = keysetToMatch(k, f);
        if (m) match.set(f.id, m);
      });
      initial.push({
        match,
        priority: store.needsPriority ? (ent.priority ?? 1) : 0,
        action: makeRun(a, data),
      });
    }
    const rt: TableRuntime = {
      info,
      id: pt?.preamble.id ?? -1 - info.index,
      store,
      def,
      initialDef: def,
      defaultIsConst: info.decl.defaultActionIsConst,
      key: info.keys.map(() => 0),
      initial,
    };
    installInitial(rt);
    store.immutable = info.decl.entriesAreConst && info.decl.entryDecls.length > 0;
    return rt;
  });
}

export function installInitial(rt: TableRuntime): void {
  for (const e of rt.initial) {
    try {
      rt.store.insert(e.match, e.priority, e.action);
    } catch (err) {
      // Duplicate const entries: the first one listed wins, as in p4c/bmv2.
      if (!(err instanceof ControlPlaneError && err.code === 'ALREADY_EXISTS')) throw err;
    }
  }
}

function keysetToMatch(k: KeysetValue, f: FieldSpec): FieldMatch | undefined {
  const full = (1n << BigInt(f.width)) - 1n;
  const u = (v: bigint): bigint => BigInt.asUintN(f.width, v);
  switch (k.kind) {
    case 'default':
    case 'value_set':
      return undefined;
    case 'value':
      if (f.kind === 'exact') return { kind: 'exact', value: u(k.value) };
      if (f.kind === 'optional') return { kind: 'optional', value: u(k.value) };
      if (f.kind === 'lpm') return { kind: 'lpm', value: u(k.value), prefixLen: f.width };
      if (f.kind === 'range') return { kind: 'range', low: u(k.value), high: u(k.value) };
      return { kind: 'ternary', value: u(k.value), mask: full };
    case 'mask': {
      const m = u(k.mask);
      if (f.kind === 'lpm') {
        let len = 0;
        for (let b = f.width - 1; b >= 0 && (m >> BigInt(b)) & 1n; b--) len++;
        return { kind: 'lpm', value: u(k.value) & m, prefixLen: len };
      }
      return { kind: 'ternary', value: u(k.value) & m, mask: m };
    }
    case 'range':
      return { kind: 'range', low: u(k.low), high: u(k.high) };
  }
}

/** What resolveAction needs of one action in one table, computed once per (table, action id). */
interface ActionSlot {
  pa: P4Info['actions'][number];
  index: number;
  dataParams: ActionDecl['params'];
  paramIds: Set<number>;
  limits: bigint[];
  /** 2^W of each parameter in the data plane: a `type` translated for P4Runtime may have another width in the
   *  P4Info, and, as bmv2, this target does not translate values. */
  planeLimits: (bigint | undefined)[];
}

const slots = new WeakMap<TableRuntime, Map<number, ActionSlot>>();

function actionSlot(rt: TableRuntime, p4info: P4Info, actionId: number): ActionSlot {
  let byId = slots.get(rt);
  if (!byId) slots.set(rt, (byId = new Map()));
  const hit = byId.get(actionId);
  if (hit) return hit;
  const pa = p4info.actions.find((a) => a.preamble.id === actionId);
  if (!pa) throw new ControlPlaneError('INVALID_ARGUMENT', `unknown action id ${actionId}`);
  const index = rt.info.actions.findIndex((a) => (a.controlPlaneName ?? a.name) === pa.preamble.name);
  if (index < 0)
    throw new ControlPlaneError(
      'INVALID_ARGUMENT',
      `action ${pa.preamble.name} is not in table ${rt.info.name}`,
    );
  const dataParams = rt.info.actions[index].params.filter((p) => p.direction === 'none');
  const slot: ActionSlot = {
    pa,
    index,
    dataParams,
    paramIds: new Set(pa.params.map((pp) => pp.id)),
    limits: pa.params.map((pp) => 1n << BigInt(pp.bitwidth)),
    planeLimits: dataParams.map((p) => {
      const w = p.type.kind === 'bool' ? 1 : bitOf(p.type)?.width;
      return w === undefined ? undefined : 1n << BigInt(w);
    }),
  };
  byId.set(actionId, slot);
  return slot;
}

/** Converts a control-plane ActionCall into the engine form for one table, validating ids and widths. */
export function resolveAction(rt: TableRuntime, p4info: P4Info, call: ActionCall): ActionRun {
  const { pa, index, dataParams, paramIds, limits, planeLimits } = actionSlot(rt, p4info, call.actionId);
  const args: ActionRun['args'] = [];
  const params = new Map<number, bigint>();
  for (let i = 0; i < pa.params.length; i++) {
    const pp = pa.params[i];
    const v = call.params.get(pp.id);
    if (v === undefined)
      throw new ControlPlaneError('INVALID_ARGUMENT', `action ${pa.preamble.name}: missing param ${pp.name}`);
    if (v < 0n || v >= limits[i])
      throw new ControlPlaneError(
        'INVALID_ARGUMENT',
        `action ${pa.preamble.name}: ${pp.name}=${v} does not fit ${pp.bitwidth} bits`,
      );
    const plane = planeLimits[i];
    if (plane !== undefined && v >= plane)
      throw new ControlPlaneError(
        'INVALID_ARGUMENT',
        `action ${pa.preamble.name}: ${pp.name}=${v} does not fit the data plane's ${plane.toString(2).length - 1} bits ` +
          '(its P4Info width comes from @p4runtime_translation; this target, like bmv2, does not translate values)',
      );
    params.set(pp.id, v);
    const p = dataParams[i];
    args.push(p ? valueToRep(v, p.type) : v);
  }
  for (const id of call.params.keys())
    if (!paramIds.has(id))
      throw new ControlPlaneError('INVALID_ARGUMENT', `action ${pa.preamble.name} has no param id ${id}`);
  return { index, actionId: pa.preamble.id, params, args };
}

export function buildExterns(p4info: P4Info, externs: ExternInfo[]): ExternRuntime[] {
  const ids = new Map<string, number>();
  for (const c of p4info.counters) ids.set(`counter:${c.preamble.name}`, c.preamble.id);
  for (const c of p4info.registers) ids.set(`register:${c.preamble.name}`, c.preamble.id);
  for (const c of p4info.direct_counters) ids.set(`direct_counter:${c.preamble.name}`, c.preamble.id);
  for (const c of p4info.meters) ids.set(`meter:${c.preamble.name}`, c.preamble.id);
  return externs.map((info) => {
    const cellType = info.cellType;
    const zero =
      cellType && bitOf(cellType) && !isNum(bitOf(cellType)!) ? 0n : cellType?.kind === 'bool' ? false : 0;
    const n = info.kind === 'register' || info.kind === 'counter' ? info.size : 0;
    const packets = new Array<number>(info.kind === 'counter' ? n : 0).fill(0);
    const bytes = new Array<number>(info.kind === 'counter' ? n : 0).fill(0);
    return {
      info,
      id: ids.get(`${info.kind}:${info.name}`),
      cells: new Array(info.kind === 'register' ? n : 0).fill(zero),
      packets,
      bytes,
      count(index: number, b: number): void {
        if (index < packets.length) {
          packets[index]++;
          bytes[index] += b;
        }
      },
    };
  });
}

export function registerRead(x: ExternRuntime, index: number): bigint {
  const t = x.info.cellType ?? { kind: 'bit', width: 32 };
  return repToValue(x.cells[index], t);
}

export function registerWrite(x: ExternRuntime, index: number, value: bigint): void {
  const t = x.info.cellType ?? { kind: 'bit', width: 32 };
  x.cells[index] = valueToRep(value, t);
}

export function counterData(packets: number, bytes: number): CounterData {
  return { packets: BigInt(packets), bytes: BigInt(bytes) };
}
