// One P4Runtime device: its pipeline configs (committed and saved), and the semantics of
// SetForwardingPipelineConfig, GetForwardingPipelineConfig, Write and Read over the ControlPlane.
// Everything here runs synchronously within one event-loop turn, so no packet or other RPC ever observes
// a Write batch half-applied; with the undo log that makes ROLLBACK_ON_ERROR and DATAPLANE_ATOMIC honest.
import { status } from '@grpc/grpc-js';
import {
  bigintToBytes,
  bytesToBigint,
  checkReceived,
  fromUint128,
  type Entity,
  type EntityMsg,
  type DigestList,
  type ForwardingPipelineConfig,
  type GetForwardingPipelineConfigRequestMsg,
  type P4Error,
  type P4InfoMsg,
  type ReadRequestMsg,
  type SetForwardingPipelineConfigRequestMsg,
  type TableEntryMsg,
  type UpdateMsg,
  type WriteRequestMsg,
} from 'p4runtime-ts';
import type { EntryKey, FieldMatch, OutputPacket, TableEntry } from '../engine/control-plane-api.js';
import type { Table } from '../p4info/types.js';
import type { Arbiter } from './arbitration.js';
import { p4InfoMismatch } from './p4info-wire.js';
import { PipelineLoadError, type LoadedPipeline, type PipelineLoader } from './pipeline.js';
import { ReplicationState } from './replication.js';
import {
  meterConfigFromWire,
  meterConfigToWire,
  readDirectMeterEntries,
  readMeterEntries,
  writeDirectMeterEntry,
  writeMeterEntry,
} from './meters.js';
import {
  readActionProfileGroups,
  readActionProfileMembers,
  writeActionProfileGroup,
  writeActionProfileMember,
} from './action-profiles.js';
import { DigestState } from './digests.js';
import { asRpcError, RpcError } from './rpc-error.js';
import { Schema } from './translate.js';
import { readValueSetEntries, writeValueSetEntry } from './value-sets.js';

interface Installed {
  pipeline: LoadedPipeline;
  schema: Schema;
  p4info: P4InfoMsg | LoadedPipeline['p4info'];
  deviceConfig: Buffer;
  cookie: string | undefined;
  /** Controller metadata of table entries (opaque to the target, returned on read), by entry key. */
  entryMetadata: Map<string, { metadata: Buffer; controller: string }>;
  replication: ReplicationState;
  digests: DigestState;
}

/** A Write whose updates did not all succeed: one p4.v1.Error per update, in order. */
export class WriteFailure extends Error {
  constructor(readonly perUpdate: P4Error[]) {
    super(
      `${perUpdate.filter((e) => e.canonical_code !== status.OK).length} of ${perUpdate.length} updates failed`,
    );
  }
}

const SPACE = 'mlt-embedded-v1model';
const invalid = (msg: string): RpcError => new RpcError(status.INVALID_ARGUMENT, msg);

/** A match as text, independent of how the objects were built, so keys compare by value. */
function matchText(m: FieldMatch): string {
  switch (m.kind) {
    case 'exact':
    case 'optional':
      return `${m.kind}:${m.value}`;
    case 'lpm':
      return `lpm:${m.value}/${m.prefixLen}`;
    case 'ternary':
      return `ternary:${m.value}&${m.mask}`;
    case 'range':
      return `range:${m.low}-${m.high}`;
  }
}

function keyText(match: Map<number, FieldMatch>): string {
  return [...match.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, m]) => `${id}=${matchText(m)}`)
    .join(';');
}

type Undo = () => void;

/** An entry's array index. P4Runtime spec §9 ('CounterEntry', 'MeterEntry', 'RegisterEntry'): a negative
 *  index is INVALID_ARGUMENT; one beyond the array is OUT_OF_RANGE (left to the engine, which knows the size). */
function indexOf(index: { index: string | number } | null | undefined, what: string): number | undefined {
  if (!index) return undefined;
  const i = Number(index.index);
  if (i < 0) throw invalid(`${what} index ${index.index} is negative`);
  return i;
}

/** CounterData is int64 on the wire, but a count cannot be negative: such a value is refused, not stored. */
function counterData(d: { packet_count: string | number; byte_count: string | number } | null | undefined): {
  packets: bigint;
  bytes: bigint;
} {
  const packets = BigInt(d?.packet_count ?? 0);
  const bytes = BigInt(d?.byte_count ?? 0);
  if (packets < 0n || bytes < 0n)
    throw invalid(`counter values cannot be negative (packets ${packets}, bytes ${bytes})`);
  return { packets, bytes };
}

function entryKeyText(key: EntryKey): string {
  return `${key.tableId}|${key.priority}|${keyText(key.match)}`;
}

export class Device {
  private committed: Installed | undefined;
  private saved: Installed | undefined;
  private readonly startedMs = performance.now();
  /** Ports set down: a property of the device, not of a pipeline, so every pipeline pushed sees them. */
  private readonly downPorts = new Set<number>();

  constructor(
    readonly deviceId: bigint,
    private readonly loader: PipelineLoader,
    private readonly arbiter: Arbiter,
  ) {}

  /** P4Runtime spec §5 ('Rules for Handling MasterArbitrationUpdate Messages') and each RPC's section: an unknown device id is NOT_FOUND. */
  checkDevice(id: string | number | bigint): void {
    if (BigInt(id) !== this.deviceId)
      throw new RpcError(status.NOT_FOUND, `no device ${id} (this is device ${this.deviceId})`);
  }

  /** The config that reads and writes address: a saved one (VERIFY_AND_SAVE) takes effect for them at once. */
  private active(): Installed {
    const a = this.saved ?? this.committed;
    if (!a) throw new RpcError(status.FAILED_PRECONDITION, 'no forwarding pipeline config has been set');
    return a;
  }

  /** Where the digest lists of the running pipeline go (the service streams them to the primary). */
  digestOut: (list: DigestList) => void = () => {};

  private digestsOf(pipeline: LoadedPipeline): DigestState {
    const state = new DigestState(pipeline.p4info, (list) => this.digestOut(list));
    pipeline.device.onDigest = (sample) => state.learn(sample);
    return state;
  }

  /** A DigestListAck from the primary, for the running pipeline. */
  ackDigest(digestId: number, listId: string): void {
    this.committed?.digests.ack(digestId, listId);
  }

  /** Stop the digests' timers (the server is stopping). */
  close(): void {
    this.committed?.digests.close();
    this.saved?.digests.close();
  }

  get running(): LoadedPipeline | undefined {
    return this.committed?.pipeline;
  }

  /**
   * Brings a port up or down, as an interface's link does on bmv2. Group members watching the port
   * (watch_port) are left out of selection while it is down, in the running pipeline and any pushed later.
   * Every port is up until set down: this target has no list of interfaces.
   */
  setPortStatus(port: number, up: boolean): void {
    if (!Number.isInteger(port) || port < 0) throw new RangeError(`port ${port} is not a port number`);
    if (up) this.downPorts.delete(port);
    else this.downPorts.add(port);
    for (const inst of new Set([this.committed, this.saved])) inst?.pipeline.device.setPortStatus(port, up);
  }

  private withPorts(pipeline: LoadedPipeline): LoadedPipeline {
    for (const port of this.downPorts) pipeline.device.setPortStatus(port, false);
    return pipeline;
  }

  /** Install a pipeline directly (the program given on the command line), as VERIFY_AND_COMMIT would. */
  installInitial(source: string, name: string): void {
    const pipeline = this.withPorts(this.loader(source, name));
    this.committed = {
      pipeline,
      schema: new Schema(pipeline.p4info),
      p4info: pipeline.p4info,
      deviceConfig: Buffer.from(source, 'utf8'),
      cookie: undefined,
      entryMetadata: new Map(),
      replication: new ReplicationState(pipeline.device),
      digests: this.digestsOf(pipeline),
    };
    this.saved = undefined;
  }

  // ------------------------------------------------------------------ pipeline config

  private verify(req: SetForwardingPipelineConfigRequestMsg): Installed {
    const cfg = req.config;
    if (!cfg) throw invalid(`${req.action} needs a config`);
    if (!cfg.p4info) throw invalid('config.p4info is required');
    if (cfg.p4_device_config.length === 0)
      throw invalid('config.p4_device_config must hold the P4 program source');
    let pipeline: LoadedPipeline;
    try {
      pipeline = this.withPorts(this.loader(cfg.p4_device_config.toString('utf8'), 'p4_device_config.p4'));
    } catch (e) {
      if (e instanceof PipelineLoadError) throw invalid(`the device config does not compile:\n${e.message}`);
      throw e;
    }
    const mismatch = p4InfoMismatch(cfg.p4info, pipeline.p4info);
    if (mismatch) throw invalid(`p4info does not match the program: ${mismatch}`);
    return {
      pipeline,
      schema: new Schema(pipeline.p4info),
      p4info: cfg.p4info,
      deviceConfig: cfg.p4_device_config,
      cookie: cfg.cookie ? cfg.cookie.cookie : undefined,
      entryMetadata: new Map(),
      replication: new ReplicationState(pipeline.device),
      digests: this.digestsOf(pipeline),
    };
  }

  setPipeline(req: SetForwardingPipelineConfigRequestMsg): void {
    this.checkDevice(req.device_id);
    this.arbiter.checkPrimary(req.role, fromUint128(req.election_id));
    const before = [this.committed, this.saved];
    try {
      this.applyPipeline(req);
    } finally {
      // A pipeline config no longer installed makes no more digest lists.
      for (const b of before) if (b && b !== this.committed && b !== this.saved) b.digests.close();
    }
  }

  private applyPipeline(req: SetForwardingPipelineConfigRequestMsg): void {
    switch (req.action) {
      case 'VERIFY':
        this.verify(req);
        return;
      case 'VERIFY_AND_SAVE':
        this.saved = this.verify(req);
        return;
      case 'VERIFY_AND_COMMIT':
        this.committed = this.verify(req);
        this.saved = undefined;
        return;
      case 'COMMIT':
        if (req.config)
          throw invalid('COMMIT takes no config; it realises the one saved with VERIFY_AND_SAVE');
        // P4Runtime spec, 'SetForwardingPipelineConfig RPC', COMMIT: NOT_FOUND when no VERIFY_AND_SAVE preceded it.
        if (!this.saved) throw new RpcError(status.NOT_FOUND, 'no saved config to commit');
        // Writes since the save went to the saved pipeline, so committing it replays them.
        this.committed = this.saved;
        this.saved = undefined;
        return;
      case 'RECONCILE_AND_COMMIT': {
        const next = this.verify(req);
        const prev = this.saved ?? this.committed;
        if (prev) this.carryState(prev, next);
        this.committed = next;
        this.saved = undefined;
        return;
      }
      default:
        throw invalid(`unsupported action ${req.action}`);
    }
  }

  /** Copy forwarding state into a new pipeline; INVALID_ARGUMENT when the new program cannot hold it. */
  private carryState(from: Installed, to: Installed): void {
    const src = from.pipeline.device;
    const dst = to.pipeline.device;
    try {
      for (const t of from.pipeline.p4info.tables) {
        if (t.is_const_table || t.const_default_action_id) continue;
        const d = src.getDefaultAction(t.preamble.id);
        dst.setDefaultAction(t.preamble.id, d);
      }
      for (const v of from.pipeline.p4info.value_sets ?? [])
        dst.writeValueSet(v.preamble.id, src.readValueSet(v.preamble.id));
      // Entries may point at members and groups: those first, in the order written (bmv2's member order).
      for (const m of src.readMembers()) dst.insertMember(m);
      for (const g of src.readGroups()) dst.insertGroup(g);
      for (const e of src.readEntries()) dst.insertEntry(e);
      for (const [k, v] of from.entryMetadata) to.entryMetadata.set(k, v);
      from.digests.copyTo(to.digests);
      from.replication.copyTo(to.replication);
      for (const c of from.pipeline.p4info.counters)
        for (const cell of src.readCounter(c.preamble.id))
          dst.writeCounter(c.preamble.id, cell.index, cell.data);
      for (const r of from.pipeline.p4info.registers)
        for (const cell of src.readRegister(r.preamble.id))
          dst.writeRegister(r.preamble.id, cell.index, cell.value);
      for (const m of from.pipeline.p4info.meters)
        for (const cell of src.readMeter(m.preamble.id))
          if (cell.config) dst.writeMeter(m.preamble.id, cell.index, cell.config);
    } catch (e) {
      throw invalid(`the forwarding state cannot be kept with the new program: ${asRpcError(e).message}`);
    }
  }

  getPipeline(req: GetForwardingPipelineConfigRequestMsg): ForwardingPipelineConfig {
    this.checkDevice(req.device_id);
    const a = this.active();
    const cookie = a.cookie !== undefined ? { cookie: { cookie: a.cookie } } : {};
    switch (req.response_type) {
      case 'COOKIE_ONLY':
        return cookie;
      case 'P4INFO_AND_COOKIE':
        return { p4info: a.p4info, ...cookie };
      case 'DEVICE_CONFIG_AND_COOKIE':
        return { p4_device_config: a.deviceConfig, ...cookie };
      default:
        return { p4info: a.p4info, p4_device_config: a.deviceConfig, ...cookie };
    }
  }

  // ------------------------------------------------------------------ Write

  write(req: WriteRequestMsg): void {
    this.writeChecked(req, () => req.updates);
  }

  /**
   * A Write whose updates are decoded only once the request-level checks pass, in the order of the
   * P4Runtime spec ('Write RPC'): unknown device NOT_FOUND, not the primary PERMISSION_DENIED, no pipeline
   * FAILED_PRECONDITION. So a client that is not primary never makes the server decode its updates.
   */
  writeChecked(header: WriteRequestMsg, decodeUpdates: () => UpdateMsg[]): void {
    this.checkDevice(header.device_id);
    this.arbiter.checkPrimary(header.role, fromUint128(header.election_id));
    const inst = this.active();
    const updates = decodeUpdates();
    const atomic = header.atomicity !== 'CONTINUE_ON_ERROR';
    const results: P4Error[] = [];
    const undos: Undo[] = [];
    let failed = false;
    for (let i = 0; i < updates.length; i++) {
      try {
        const undo = this.apply(inst, updates[i]!, atomic);
        if (undo) undos.push(undo);
        results.push({ canonical_code: status.OK, message: '', space: '', code: 0 });
      } catch (e) {
        const err = asRpcError(e);
        failed = true;
        results.push({ canonical_code: err.code, message: err.message, space: SPACE, code: 0 });
        if (atomic) {
          for (let j = undos.length - 1; j >= 0; j--) undos[j]!();
          for (let j = 0; j < i; j++)
            results[j] = { canonical_code: status.ABORTED, message: 'rolled back', space: SPACE, code: 0 };
          for (let j = i + 1; j < updates.length; j++)
            results.push({ canonical_code: status.ABORTED, message: 'not attempted', space: SPACE, code: 0 });
          break;
        }
      }
    }
    if (failed) throw new WriteFailure(results);
  }

  /** The installed entry with this key (a direct look-up: no copy of the table per MODIFY/DELETE). */
  private findEntry(inst: Installed, key: EntryKey): TableEntry | undefined {
    return inst.pipeline.device.readEntry(key);
  }

  private apply(inst: Installed, u: UpdateMsg, wantUndo: boolean): Undo | undefined {
    const ent = u.entity;
    if (!ent || !ent.entity) throw invalid('update has no entity');
    if (u.type === 'UNSPECIFIED') throw invalid('update type is UNSPECIFIED');
    const dev = inst.pipeline.device;
    const s = inst.schema;
    switch (ent.entity) {
      case 'table_entry':
        return this.applyTableEntry(inst, u.type, ent.table_entry!, wantUndo);
      case 'counter_entry': {
        const c = ent.counter_entry!;
        if (u.type !== 'MODIFY') throw invalid('counter entries can only be modified');
        if (!s.counters.has(c.counter_id))
          throw new RpcError(status.NOT_FOUND, `no counter with id ${c.counter_id}`);
        const index = indexOf(c.index, 'counter');
        const data = counterData(c.data);
        const old = wantUndo ? dev.readCounter(c.counter_id, index) : [];
        dev.writeCounter(c.counter_id, index, data);
        return wantUndo
          ? () => old.forEach((o) => dev.writeCounter(c.counter_id, o.index, o.data))
          : undefined;
      }
      case 'direct_counter_entry': {
        const d = ent.direct_counter_entry!;
        if (u.type !== 'MODIFY') throw invalid('direct counter entries can only be modified');
        if (!d.table_entry) throw invalid('direct counter entry needs its table entry');
        const t = s.table(d.table_entry.table_id);
        if (!s.directCounterOf.has(t.preamble.id))
          throw invalid(`table ${t.preamble.name} has no direct counter`);
        const key = s.key(t, d.table_entry);
        const data = counterData(d.data);
        const old = wantUndo ? dev.readDirectCounter(key) : undefined;
        dev.writeDirectCounter(key, data);
        return old ? () => dev.writeDirectCounter(key, old) : undefined;
      }
      case 'register_entry': {
        const r = ent.register_entry!;
        if (u.type !== 'MODIFY') throw invalid('register entries can only be modified');
        const info = s.registers.get(r.register_id);
        if (!info) throw new RpcError(status.NOT_FOUND, `no register with id ${r.register_id}`);
        if (!r.data || r.data.data !== 'bitstring') throw invalid('register data must be a bitstring');
        const bad = checkReceived(r.data.bitstring!, info.bitwidth);
        if (bad) throw invalid(`register value: ${bad}`);
        const index = indexOf(r.index, 'register');
        if (index !== undefined && index >= info.size)
          throw new RpcError(status.OUT_OF_RANGE, `register index ${index} not in 0..${info.size - 1}`);
        const old = wantUndo ? dev.readRegister(r.register_id, index) : [];
        dev.writeRegister(r.register_id, index, bytesToBigint(r.data.bitstring!));
        return wantUndo
          ? () => old.forEach((o) => dev.writeRegister(r.register_id, o.index, o.value))
          : undefined;
      }
      case 'meter_entry':
        return writeMeterEntry(dev, s, u.type, ent.meter_entry!, wantUndo);
      case 'packet_replication_engine_entry': {
        const undo = inst.replication.apply(u.type, ent.packet_replication_engine_entry!);
        return wantUndo ? undo : undefined;
      }
      case 'direct_meter_entry':
        return writeDirectMeterEntry(dev, s, u.type, ent.direct_meter_entry!, wantUndo);
      case 'value_set_entry':
        return writeValueSetEntry(dev, s, u.type, ent.value_set_entry!, wantUndo);
      case 'action_profile_member':
        return writeActionProfileMember(dev, s, u.type, ent.action_profile_member!, wantUndo);
      case 'action_profile_group':
        return writeActionProfileGroup(dev, s, u.type, ent.action_profile_group!, wantUndo);
      case 'digest_entry':
        return inst.digests.write(u.type, ent.digest_entry!, wantUndo);
      default:
        throw new RpcError(status.UNIMPLEMENTED, `${ent.entity} is not supported by this target`);
    }
  }

  private applyTableEntry(
    inst: Installed,
    type: string,
    e: TableEntryMsg,
    wantUndo: boolean,
  ): Undo | undefined {
    const s = inst.schema;
    const dev = inst.pipeline.device;
    const t = s.table(e.table_id);
    // P4Runtime spec §9.1 ('TableEntry'): is_const must be false in every INSERT, MODIFY and DELETE.
    if (e.const)
      throw invalid('is_const must be false in a write: only the program can declare const entries');
    if (e.meter_config && !s.directMeterOf.has(t.preamble.id))
      throw invalid(`table ${t.preamble.name} has no direct meter`);
    if (e.meter_config && e.is_default_action)
      // As on bmv2, whose default entries carry no direct meter.
      throw new RpcError(status.UNIMPLEMENTED, 'direct meters of default entries are not supported');
    const meterConfig = meterConfigFromWire(e.meter_config);
    if (e.counter_data && !s.directCounterOf.has(t.preamble.id))
      throw invalid(`table ${t.preamble.name} has no direct counter`);
    if (e.is_default_action) {
      if (type !== 'MODIFY') throw invalid('the default entry can only be modified');
      if (e.match.length > 0 || e.priority !== 0)
        throw invalid('the default entry has no match and no priority');
      // As PI answers: a table with an action profile keeps the default action its program gives it.
      if (t.implementation_id)
        throw invalid(
          `the default action of ${t.preamble.name} cannot be set or reset: the table is indirect`,
        );
      if (t.const_default_action_id)
        throw new RpcError(status.PERMISSION_DENIED, `the default action of ${t.preamble.name} is const`);
      const old = dev.getDefaultAction(t.preamble.id);
      if (e.action?.type) dev.setDefaultAction(t.preamble.id, s.defaultAction(t, e));
      else dev.resetDefaultAction(t.preamble.id);
      return wantUndo ? () => dev.setDefaultAction(t.preamble.id, old) : undefined;
    }
    if (t.is_const_table) throw new RpcError(status.PERMISSION_DENIED, `table ${t.preamble.name} is const`);
    if (e.idle_timeout_ns !== '0')
      throw invalid(
        `table ${t.preamble.name} does not support idle timeout (idle_timeout_behavior is NO_TIMEOUT)`,
      );
    const key = s.key(t, e);
    const newMeta =
      e.metadata.length > 0 || e.controller_metadata !== '0'
        ? { metadata: e.metadata, controller: e.controller_metadata }
        : undefined;
    // Keying an entry costs more than the rest of an insert; skip it while no entry carries metadata.
    const tracked = newMeta !== undefined || inst.entryMetadata.size > 0;
    const mkey = tracked ? entryKeyText(key) : '';
    const oldMeta = tracked ? inst.entryMetadata.get(mkey) : undefined;
    const setMeta = (m: typeof oldMeta): void => {
      if (!tracked) return;
      if (m) inst.entryMetadata.set(mkey, m);
      else inst.entryMetadata.delete(mkey);
    };
    const counter = e.counter_data ? counterData(e.counter_data) : undefined;
    switch (type) {
      case 'INSERT': {
        const entry: TableEntry = {
          ...key,
          action: s.tableAction(t, e, false),
          ...(counter ? { counter } : {}),
          ...(meterConfig ? { meterConfig } : {}),
        };
        dev.insertEntry(entry);
        setMeta(newMeta);
        return wantUndo
          ? () => {
              dev.deleteEntry(key);
              setMeta(undefined);
            }
          : undefined;
      }
      case 'MODIFY': {
        const entry: TableEntry = {
          ...key,
          action: s.tableAction(t, e, false),
          ...(counter ? { counter } : {}),
          ...(meterConfig ? { meterConfig } : {}),
        };
        const old = wantUndo ? this.withCounter(inst, t, this.findEntry(inst, key)) : undefined;
        dev.modifyEntry(entry);
        setMeta(newMeta);
        return old
          ? () => {
              dev.modifyEntry(old);
              // modifyEntry only configures a meter given a config; an unconfigured one must be reset.
              if (meterConfig && !old.meterConfig) dev.writeDirectMeter(key, undefined);
              setMeta(oldMeta);
            }
          : undefined;
      }
      case 'DELETE': {
        const old = wantUndo ? this.withCounter(inst, t, this.findEntry(inst, key)) : undefined;
        dev.deleteEntry(key);
        setMeta(undefined);
        return old
          ? () => {
              dev.insertEntry(old);
              setMeta(oldMeta);
            }
          : undefined;
      }
      default:
        throw invalid(`unknown update type ${type}`);
    }
  }

  private withCounter(inst: Installed, t: Table, e: TableEntry | undefined): TableEntry | undefined {
    if (!e || !inst.schema.directCounterOf.has(t.preamble.id)) return e;
    return { ...e, counter: inst.pipeline.device.readDirectCounter(e) };
  }

  // ------------------------------------------------------------------ Read

  /** The entities a Read returns; RESOURCE_EXHAUSTED once they pass `maxResult` (held in memory at once). */
  read(req: ReadRequestMsg, maxResult = Infinity): Entity[] {
    this.checkDevice(req.device_id);
    const inst = this.active();
    const out: Entity[] = [];
    for (const ent of req.entities) {
      try {
        this.readOne(inst, ent, out);
      } catch (e) {
        throw asRpcError(e);
      }
      if (out.length > maxResult)
        throw new RpcError(
          status.RESOURCE_EXHAUSTED,
          `the Read would return more than ${maxResult} entities; read fewer entities per request`,
        );
    }
    return out;
  }

  /** The read filter's match (no priority rules: a zero priority matches any). */
  private readFilter(inst: Installed, t: Table, e: TableEntryMsg): ((x: TableEntry) => boolean) | undefined {
    if (e.match.length === 0 && e.priority === 0) return undefined;
    const match = new Map<number, FieldMatch>();
    for (const m of e.match) {
      const [f, fm] = inst.schema.fieldMatch(t, m);
      match.set(f.id, fm);
    }
    const k = keyText(match);
    return (x) =>
      (e.match.length === 0 || keyText(x.match) === k) && (e.priority === 0 || x.priority === e.priority);
  }

  private readOne(inst: Installed, ent: EntityMsg, out: Entity[]): void {
    const s = inst.schema;
    const dev = inst.pipeline.device;
    switch (ent.entity) {
      case 'table_entry': {
        const e = ent.table_entry!;
        const tables = e.table_id === 0 ? inst.pipeline.p4info.tables : [s.table(e.table_id)];
        if (e.table_id === 0 && e.match.length > 0) throw invalid('a match filter needs a table id');
        const withCounter = e.counter_data !== null;
        for (const t of tables) {
          const hasCounter = withCounter && s.directCounterOf.has(t.preamble.id);
          if (e.is_default_action) {
            const a = dev.getDefaultAction(t.preamble.id);
            const w = { table_id: t.preamble.id, action: s.encodeAction(a), is_default_action: true };
            out.push({ table_entry: t.const_default_action_id ? { ...w, const: true } : w });
            continue;
          }
          const filter = this.readFilter(inst, t, e);
          for (const x of dev.readEntries(t.preamble.id)) {
            if (filter && !filter(x)) continue;
            const withC = hasCounter ? { ...x, counter: x.counter ?? dev.readDirectCounter(x) } : x;
            const wire = s.encodeEntry(withC, hasCounter);
            if (x.meterConfig) wire.meter_config = meterConfigToWire(x.meterConfig);
            const meta = inst.entryMetadata.size > 0 ? inst.entryMetadata.get(entryKeyText(x)) : undefined;
            if (meta) {
              wire.metadata = meta.metadata;
              wire.controller_metadata = meta.controller;
            }
            out.push({ table_entry: wire });
          }
        }
        return;
      }
      case 'counter_entry': {
        const c = ent.counter_entry!;
        if (c.counter_id !== 0 && !s.counters.has(c.counter_id))
          throw new RpcError(status.NOT_FOUND, `no counter with id ${c.counter_id}`);
        const ids = c.counter_id === 0 ? [...s.counters] : [c.counter_id];
        const index = indexOf(c.index, 'counter');
        for (const id of ids) {
          for (const cell of dev.readCounter(id, c.counter_id === 0 ? undefined : index)) {
            out.push({
              counter_entry: {
                counter_id: id,
                index: { index: String(cell.index) },
                data: { byte_count: cell.data.bytes.toString(), packet_count: cell.data.packets.toString() },
              },
            });
          }
        }
        return;
      }
      case 'direct_counter_entry': {
        const te = ent.direct_counter_entry!.table_entry;
        const tableId = te?.table_id ?? 0;
        if (tableId !== 0 && !s.directCounterOf.has(s.table(tableId).preamble.id))
          throw invalid(`table ${s.table(tableId).preamble.name} has no direct counter`);
        const tables =
          tableId === 0 ? [...s.directCounterOf.keys()].map((id) => s.table(id)) : [s.table(tableId)];
        for (const t of tables) {
          const filter = te && tableId !== 0 ? this.readFilter(inst, t, te) : undefined;
          let found = false;
          for (const x of dev.readEntries(t.preamble.id)) {
            if (filter && !filter(x)) continue;
            found = true;
            const data = x.counter ?? dev.readDirectCounter(x);
            const entry = s.encodeEntry(x, false);
            delete entry.action;
            out.push({
              direct_counter_entry: {
                table_entry: entry,
                data: { byte_count: data.bytes.toString(), packet_count: data.packets.toString() },
              },
            });
          }
          if (filter && !found)
            throw new RpcError(status.NOT_FOUND, `no entry with that key in ${t.preamble.name}`);
        }
        return;
      }
      case 'register_entry': {
        const r = ent.register_entry!;
        if (r.register_id !== 0 && !s.registers.has(r.register_id))
          throw new RpcError(status.NOT_FOUND, `no register with id ${r.register_id}`);
        const ids = r.register_id === 0 ? [...s.registers.keys()] : [r.register_id];
        const index = indexOf(r.index, 'register');
        for (const id of ids) {
          const size = s.registers.get(id)!.size;
          if (index !== undefined && r.register_id !== 0 && index >= size)
            throw new RpcError(status.OUT_OF_RANGE, `register index ${index} not in 0..${size - 1}`);
          for (const cell of dev.readRegister(id, r.register_id === 0 ? undefined : index)) {
            out.push({
              register_entry: {
                register_id: id,
                index: { index: String(cell.index) },
                data: { bitstring: bigintToBytes(cell.value) },
              },
            });
          }
        }
        return;
      }
      case 'packet_replication_engine_entry':
        inst.replication.read(ent.packet_replication_engine_entry!, out);
        return;
      case 'meter_entry':
        readMeterEntries(dev, s, ent.meter_entry!, out);
        return;
      case 'direct_meter_entry':
        readDirectMeterEntries(dev, s, ent.direct_meter_entry!, out, (x) => {
          const key = s.encodeEntry(x, false);
          delete key.action;
          return key;
        });
        return;
      case 'value_set_entry':
        readValueSetEntries(dev, s, ent.value_set_entry!, out);
        return;
      case 'action_profile_member':
        readActionProfileMembers(dev, s, ent.action_profile_member!, out);
        return;
      case 'action_profile_group':
        readActionProfileGroups(dev, s, ent.action_profile_group!, out);
        return;
      case 'digest_entry':
        inst.digests.read(ent.digest_entry!, out);
        return;
      default:
        throw new RpcError(
          status.UNIMPLEMENTED,
          `reading ${ent.entity ?? 'an empty entity'} is not supported by this target`,
        );
    }
  }

  // ------------------------------------------------------------------ packets

  /** Run a packet through the committed pipeline. */
  process(ingressPort: number, data: Uint8Array): OutputPacket[] {
    const p = this.committed?.pipeline;
    if (!p) throw new RpcError(status.FAILED_PRECONDITION, 'no forwarding pipeline config has been set');
    // A live server runs on wall-clock time, as bmv2 does: microseconds since the device started, so
    // timestamps advance and meter buckets refill between packets.
    if (p.device.nowUs !== undefined) p.device.nowUs = (performance.now() - this.startedMs) * 1000;
    return p.device.processPacket(ingressPort, data);
  }
}
