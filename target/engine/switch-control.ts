// The control plane of a switch, what bmv2's runtime interface is to simple_switch: table entries, default
// actions, counters, meters and registers addressed by P4Info ids (the ControlPlane interface), and the packet
// replication engine's mirroring sessions and multicast groups. The pipeline (index.ts) extends it.
import type { CheckedProgram, Type } from '../frontend/ast.js';
import type { P4Info } from '../p4info/types.js';
import {
  ControlPlaneError,
  isIndirect,
  type ActionCall,
  type ActionProfileGroup,
  type ActionProfileMember,
  type ControlPlane,
  type CounterData,
  type EntryKey,
  type FieldMatch,
  type MeterConfig,
  type TableEntry,
} from './control-plane-api.js';
import { generate } from './codegen/generate.js';
import type { Generated } from './codegen/gen.js';
import {
  buildExterns,
  buildTables,
  counterData,
  installInitial,
  registerRead,
  registerWrite,
  resolveAction,
  type ActionRun,
  type ExternRuntime,
  type TableRuntime,
} from './control-plane.js';
import { validateMeterConfig, type DirectMeter } from './meter.js';
import type { Installed } from './table.js';
import { ValueSetStore } from './value-set.js';
import type { ActionProfileStore } from './action-profile.js';
import { buildProfiles, countUse, dropUnused, entryActionOf, indirectRun } from './indirect-tables.js';

/** bmv2's MirroringSessionConfig: where the clones of a session go. */
export interface MirrorSession {
  port?: number;
  /** A multicast group: one clone per replica, egress_rid set to the replica's. */
  mgid?: number;
}

export class SwitchControlPlane implements ControlPlane {
  readonly generated: Generated;
  protected readonly tables: TableRuntime[];
  protected readonly tableById = new Map<number, TableRuntime>();
  protected readonly externs: ExternRuntime[];
  protected readonly mirror = new Map<number, MirrorSession>();
  protected readonly mcastGroups = new Map<number, { port: number; rid: number }[]>();
  /** The value sets the generated code's selects name (`$vsets`), and those by P4Info id. */
  protected readonly valueSets: ValueSetStore[];
  private readonly valueSetById = new Map<number, ValueSetStore>();
  /** Action profiles and selectors by P4Info id (their tables hold them too: TableRuntime.profile). */
  protected readonly profiles: Map<number, ActionProfileStore>;
  /** Every store, those the P4Info does not name included: what a port's status reaches. */
  private readonly profileStores: ActionProfileStore[];
  /** Ports set down (setPortStatus); every other port is up. */
  private readonly downPorts = new Set<number>();

  constructor(
    readonly program: CheckedProgram,
    readonly p4info: P4Info,
  ) {
    this.generated = generate(program);
    this.tables = buildTables(program, p4info, this.generated.tables);
    for (const t of this.tables) this.tableById.set(t.id, t);
    // A member's action is any the table lists, @defaultonly included: bmv2 has no scopes, and PI checks
    // none for members.
    this.profiles = buildProfiles(p4info, this.tables, (t, call) => resolveAction(t, this.p4info, call));
    this.profileStores = [...new Set(this.tables.flatMap((t) => (t.profile ? [t.profile] : [])))];
    for (const p of this.profileStores) p.portUp = (port) => !this.downPorts.has(port);
    this.externs = buildExterns(p4info, this.generated.externs);
    this.valueSets = this.generated.valueSets.map((d) => {
      const name = d.controlPlaneName ?? d.name;
      const store = new ValueSetStore(
        p4info.value_sets?.find((v) => v.preamble.name === name),
        name,
      );
      if (store.id !== 0) this.valueSetById.set(store.id, store);
      return store;
    });
  }

  /** A mirroring session for clone/clone3: to one port (bmv2 `mirroring_add SESSION PORT`), or to a
   *  multicast group's replicas (`mirroring_add_mc SESSION GROUP`, which is how PI programs every P4Runtime
   *  clone session), or both; undefined deletes it. */
  setMirrorSession(session: number, target: number | MirrorSession | undefined): void {
    if (target === undefined) this.mirror.delete(session);
    else this.mirror.set(session, typeof target === 'number' ? { port: target } : { ...target });
  }

  /** A multicast group's replicas (bmv2 mc_mgrp_create / mc_node_create / mc_node_associate). */
  setMulticastGroup(group: number, replicas: { port: number; rid: number }[] | undefined): void {
    if (replicas === undefined) this.mcastGroups.delete(group);
    else this.mcastGroups.set(group, replicas.slice());
  }

  private table(id: number): TableRuntime {
    const t = this.tableById.get(id);
    if (!t) throw new ControlPlaneError('NOT_FOUND', `no table with id ${id}`);
    return t;
  }

  insertEntry(entry: TableEntry): void {
    const t = this.table(entry.tableId);
    if (t.store.immutable) throw new ControlPlaneError('PERMISSION_DENIED', `table ${t.info.name} is const`);
    const action = this.entryRun(t, entry.action);
    let e: Installed<ActionRun>;
    let dm: DirectMeter | undefined;
    try {
      dm = entry.meterConfig && this.directMeterFor(t, entry.meterConfig);
      e = t.store.insert(entry.match, entry.priority, action);
    } catch (err) {
      dropUnused(action);
      throw err;
    }
    countUse(action, 1);
    if (entry.counter) {
      e.packets = Number(entry.counter.packets);
      e.bytes = Number(entry.counter.bytes);
    }
    if (dm) dm.configure(e, entry.meterConfig);
  }

  /** The table's direct meter, after checking that it has one and that `config` is usable. */
  private directMeterFor(t: TableRuntime, config: MeterConfig | undefined): DirectMeter {
    const dm = t.info.directMeter === undefined ? undefined : this.externs[t.info.directMeter].direct;
    if (!dm) throw new ControlPlaneError('INVALID_ARGUMENT', `table ${t.info.name} has no direct meter`);
    if (config) validateMeterConfig(config);
    return dm;
  }

  /** The scope of an action reference of a table in the P4Info, indexed once (writes check it per entry). */
  private actionScope(tableId: number, actionId: number): string | undefined {
    if (!this.scopes) {
      this.scopes = new Map();
      for (const pt of this.p4info.tables)
        this.scopes.set(pt.preamble.id, new Map(pt.action_refs.map((r) => [r.id, r.scope ?? ''])));
    }
    return this.scopes.get(tableId)?.get(actionId);
  }

  private scopes: Map<number, Map<number, string>> | undefined;

  /** An @defaultonly action cannot be bound to an entry (P4Runtime: INVALID_ARGUMENT). */
  private checkEntryAction(tableId: number, actionId: number): void {
    if (this.actionScope(tableId, actionId) === 'DEFAULT_ONLY')
      throw new ControlPlaneError('INVALID_ARGUMENT', `action ${actionId} may only be a default action`);
  }

  modifyEntry(entry: TableEntry): void {
    const t = this.table(entry.tableId);
    if (t.store.immutable) throw new ControlPlaneError('PERMISSION_DENIED', `table ${t.info.name} is const`);
    const e = t.store.find(entry.match, entry.priority);
    const action = this.entryRun(t, entry.action, e?.action);
    let dm: DirectMeter | undefined;
    try {
      if (!e) throw new ControlPlaneError('NOT_FOUND', `no such entry in ${t.info.name}`);
      dm = entry.meterConfig && this.directMeterFor(t, entry.meterConfig);
    } catch (err) {
      dropUnused(action);
      throw err;
    }
    // The new action is held before the old is let go (PI creates a new one-shot group, then deletes the old).
    countUse(action, 1);
    countUse(e.action, -1);
    e.action = action;
    if (entry.counter) {
      e.packets = Number(entry.counter.packets);
      e.bytes = Number(entry.counter.bytes);
    }
    if (dm) dm.configure(e, entry.meterConfig);
  }

  deleteEntry(key: EntryKey): void {
    const t = this.table(key.tableId);
    if (t.store.immutable) throw new ControlPlaneError('PERMISSION_DENIED', `table ${t.info.name} is const`);
    countUse(t.store.remove(key.match, key.priority).action, -1);
  }

  /** What an entry of table t stores for `action`: a resolved action, or a member or group reference. */
  private entryRun(t: TableRuntime, action: TableEntry['action'], replacing?: ActionRun): ActionRun {
    const indirect = indirectRun(t, action, replacing);
    if (indirect) return indirect;
    if (isIndirect(action)) throw new ControlPlaneError('INVALID_ARGUMENT', 'unreachable');
    this.checkEntryAction(t.id, action.actionId);
    return resolveAction(t, this.p4info, action);
  }

  readEntries(tableId?: number): TableEntry[] {
    const ts = tableId === undefined ? this.tables : [this.table(tableId)];
    const out: TableEntry[] = [];
    for (const t of ts) for (const e of t.store.entries()) out.push(this.entryData(t, e));
    return out;
  }

  /** One entry by its match and priority, as readEntries lists it (O(1), unlike filtering readEntries). */
  readEntry(key: EntryKey): TableEntry | undefined {
    const t = this.table(key.tableId);
    const e = t.store.find(key.match, key.priority);
    return e && this.entryData(t, e);
  }

  private entryData(t: TableRuntime, e: Installed<ActionRun>): TableEntry {
    const out: TableEntry = {
      tableId: t.id,
      match: new Map(e.match),
      priority: e.priority,
      action: entryActionOf(e.action),
      counter: t.info.directCounter ? counterData(e.packets, e.bytes) : undefined,
    };
    // Only a configured direct meter shows up, so entries of other tables keep their shape.
    const config =
      t.info.directMeter === undefined ? undefined : this.externs[t.info.directMeter].direct?.config(e);
    if (config) out.meterConfig = config;
    return out;
  }

  setDefaultAction(tableId: number, action: ActionCall): void {
    const t = this.table(tableId);
    if (t.defaultIsConst)
      throw new ControlPlaneError('PERMISSION_DENIED', `default action of ${t.info.name} is const`);
    if (this.actionScope(tableId, action.actionId) === 'TABLE_ONLY')
      throw new ControlPlaneError('INVALID_ARGUMENT', `action ${action.actionId} cannot be a default action`);
    t.def = resolveAction(t, this.p4info, action);
  }

  resetDefaultAction(tableId: number): void {
    const t = this.table(tableId);
    t.def = t.initialDef;
  }

  getDefaultAction(tableId: number): ActionCall {
    const t = this.table(tableId);
    return { actionId: t.def.actionId, params: new Map(t.def.params) };
  }

  private extern(id: number, kind: string): ExternRuntime {
    const x = this.externs.find((e) => e.id === id && e.info.kind === kind);
    if (!x) throw new ControlPlaneError('NOT_FOUND', `no ${kind} with id ${id}`);
    return x;
  }

  private indices(size: number, index: number | undefined): number[] {
    if (index === undefined) return Array.from({ length: size }, (_, i) => i);
    if (!Number.isInteger(index) || index < 0 || index >= size)
      throw new ControlPlaneError('OUT_OF_RANGE', `index ${index} out of range (size ${size})`);
    return [index];
  }

  readCounter(counterId: number, index?: number): { index: number; data: CounterData }[] {
    const c = this.extern(counterId, 'counter');
    return this.indices(c.info.size, index).map((i) => ({
      index: i,
      data: counterData(c.packets[i], c.bytes[i]),
    }));
  }

  writeCounter(counterId: number, index: number | undefined, data: CounterData): void {
    const c = this.extern(counterId, 'counter');
    for (const i of this.indices(c.info.size, index)) {
      c.packets[i] = Number(data.packets);
      c.bytes[i] = Number(data.bytes);
    }
  }

  private entryOf(key: EntryKey) {
    const t = this.table(key.tableId);
    const e = t.store.find(key.match, key.priority);
    if (!e) throw new ControlPlaneError('NOT_FOUND', `no such entry in ${t.info.name}`);
    return e;
  }

  readDirectCounter(key: EntryKey): CounterData {
    const e = this.entryOf(key);
    return counterData(e.packets, e.bytes);
  }

  writeDirectCounter(key: EntryKey, data: CounterData): void {
    const e = this.entryOf(key);
    e.packets = Number(data.packets);
    e.bytes = Number(data.bytes);
  }

  readMeter(meterId: number, index?: number): { index: number; config: MeterConfig | undefined }[] {
    const m = this.extern(meterId, 'meter').meter!;
    return this.indices(m.size, index).map((i) => ({ index: i, config: m.cells[i].config }));
  }

  writeMeter(meterId: number, index: number | undefined, config: MeterConfig | undefined): void {
    const m = this.extern(meterId, 'meter').meter!;
    const cells = this.indices(m.size, index);
    if (config) validateMeterConfig(config);
    for (const i of cells) m.cells[i].configure(config);
  }

  readDirectMeter(key: EntryKey): MeterConfig | undefined {
    const dm = this.directMeterFor(this.table(key.tableId), undefined);
    return dm.config(this.entryOf(key));
  }

  writeDirectMeter(key: EntryKey, config: MeterConfig | undefined): void {
    const dm = this.directMeterFor(this.table(key.tableId), config);
    dm.configure(this.entryOf(key), config);
  }

  readRegister(registerId: number, index?: number): { index: number; value: bigint }[] {
    const r = this.extern(registerId, 'register');
    return this.indices(r.info.size, index).map((i) => ({ index: i, value: registerRead(r, i) }));
  }

  writeRegister(registerId: number, index: number | undefined, value: bigint): void {
    const r = this.extern(registerId, 'register');
    const bits = r.info.cellType ? widthOfCell(r.info.cellType) : 32;
    if (value < 0n || value >= 1n << BigInt(bits))
      throw new ControlPlaneError('INVALID_ARGUMENT', `value ${value} does not fit ${bits} bits`);
    for (const i of this.indices(r.info.size, index)) registerWrite(r, i, value);
  }

  private valueSet(id: number): ValueSetStore {
    const v = this.valueSetById.get(id);
    if (!v) throw new ControlPlaneError('NOT_FOUND', `no value set with id ${id}`);
    return v;
  }

  readValueSet(valueSetId: number): Map<number, FieldMatch>[] {
    return this.valueSet(valueSetId).read();
  }

  writeValueSet(valueSetId: number, members: readonly Map<number, FieldMatch>[]): void {
    this.valueSet(valueSetId).write(members);
  }

  private profile(id: number): ActionProfileStore {
    const p = this.profiles.get(id);
    if (!p) throw new ControlPlaneError('NOT_FOUND', `no action profile with id ${id}`);
    return p;
  }

  insertMember(m: ActionProfileMember): void {
    this.profile(m.actionProfileId).insertMember(m);
  }

  modifyMember(m: ActionProfileMember): void {
    this.profile(m.actionProfileId).modifyMember(m);
  }

  deleteMember(actionProfileId: number, memberId: number): void {
    this.profile(actionProfileId).deleteMember(memberId);
  }

  readMembers(actionProfileId?: number): ActionProfileMember[] {
    const ps = actionProfileId === undefined ? [...this.profiles.values()] : [this.profile(actionProfileId)];
    return ps.flatMap((p) => p.readMembers().map((m) => ({ actionProfileId: p.id, ...m })));
  }

  insertGroup(g: ActionProfileGroup): void {
    this.profile(g.actionProfileId).insertGroup(g);
  }

  modifyGroup(g: ActionProfileGroup): void {
    this.profile(g.actionProfileId).modifyGroup(g);
  }

  deleteGroup(actionProfileId: number, groupId: number): void {
    this.profile(actionProfileId).deleteGroup(groupId);
  }

  readGroups(actionProfileId?: number): ActionProfileGroup[] {
    const ps = actionProfileId === undefined ? [...this.profiles.values()] : [this.profile(actionProfileId)];
    return ps.flatMap((p) => p.readGroups().map((g) => ({ actionProfileId: p.id, ...g })));
  }

  setPortStatus(port: number, up: boolean): void {
    if (!Number.isInteger(port) || port < 0) throw new RangeError(`port ${port} is not a port number`);
    if (up === !this.downPorts.has(port)) return;
    if (up) this.downPorts.delete(port);
    else this.downPorts.add(port);
    for (const p of this.profileStores) p.portStatusChanged(port);
  }

  isPortUp(port: number): boolean {
    return !this.downPorts.has(port);
  }

  reset(): void {
    for (const p of this.profiles.values()) p.clear();
    for (const v of this.valueSets) v.clear();
    for (const t of this.tables) {
      const imm = t.store.immutable;
      t.store.immutable = false;
      t.store.clear();
      installInitial(t);
      t.store.immutable = imm;
      t.def = t.initialDef;
    }
    for (const x of this.externs) {
      x.meter?.reset();
      x.direct?.reset();
      x.packets.fill(0);
      x.bytes.fill(0);
      for (let i = 0; i < x.cells.length; i++)
        x.cells[i] = typeof x.cells[i] === 'bigint' ? 0n : typeof x.cells[i] === 'boolean' ? false : 0;
    }
    this.mirror.clear();
    this.mcastGroups.clear();
  }

  /** Look-ups by control-plane name, for the STF runner and tests. */
  tableIdByName(name: string): number | undefined {
    return this.p4info.tables.find((t) => t.preamble.name === name)?.preamble.id;
  }
}

function widthOfCell(t: Type): number {
  return t.kind === 'bit' || t.kind === 'int' ? t.width : t.kind === 'bool' ? 1 : 32;
}
