// MeterEntry and DirectMeterEntry over the ControlPlane (P4Runtime spec §9.5 and §9.6): writes are MODIFY
// only (a meter cell always exists; INSERT and DELETE are INVALID_ARGUMENT), an unset config resets the
// cell to its default (every packet GREEN), and reads return the config as written, unset for a cell in
// its default state. MeterConfig rates are per second; the engine converts them to bmv2's per-microsecond
// rates itself.
import { status } from '@grpc/grpc-js';
import type {
  DirectMeterEntryMsg,
  Entity,
  MeterConfig as WireMeterConfig,
  MeterConfigMsg,
  MeterEntryMsg,
} from 'p4runtime-ts';
import type { MeterConfig, TableEntry } from '../engine/control-plane-api.js';
import type { PipelineDevice } from './pipeline.js';
import { RpcError } from './rpc-error.js';
import type { Schema } from './translate.js';

type Undo = () => void;

const invalid = (msg: string): RpcError => new RpcError(status.INVALID_ARGUMENT, msg);

/** A wire MeterConfig as the engine takes it; an unset config means "reset to the default". */
export function meterConfigFromWire(c: MeterConfigMsg | null): MeterConfig | undefined {
  if (!c) return undefined;
  // eburst belongs to srTCM meters; v1model meters are trTCM, which has no use for it.
  return { cir: BigInt(c.cir), cburst: BigInt(c.cburst), pir: BigInt(c.pir), pburst: BigInt(c.pburst) };
}

export function meterConfigToWire(c: MeterConfig): WireMeterConfig {
  return {
    cir: c.cir.toString(),
    cburst: c.cburst.toString(),
    pir: c.pir.toString(),
    pburst: c.pburst.toString(),
  };
}

function modifyOnly(type: string, what: string): void {
  if (type !== 'MODIFY') throw invalid(`${what} can only be modified (got ${type})`);
}

function indexOf(m: MeterEntryMsg): number | undefined {
  if (!m.index) return undefined;
  const i = Number(m.index.index);
  if (i < 0) throw invalid(`meter index ${m.index.index} is negative`);
  return i;
}

export function writeMeterEntry(
  dev: PipelineDevice,
  s: Schema,
  type: string,
  m: MeterEntryMsg,
  wantUndo: boolean,
): Undo | undefined {
  modifyOnly(type, 'meter entries');
  if (!s.meters.has(m.meter_id)) throw new RpcError(status.NOT_FOUND, `no meter with id ${m.meter_id}`);
  const index = indexOf(m);
  const old = wantUndo ? dev.readMeter(m.meter_id, index) : [];
  dev.writeMeter(m.meter_id, index, meterConfigFromWire(m.config));
  return wantUndo ? () => old.forEach((o) => dev.writeMeter(m.meter_id, o.index, o.config)) : undefined;
}

export function writeDirectMeterEntry(
  dev: PipelineDevice,
  s: Schema,
  type: string,
  d: DirectMeterEntryMsg,
  wantUndo: boolean,
): Undo | undefined {
  modifyOnly(type, 'direct meter entries');
  if (!d.table_entry) throw invalid('a direct meter entry needs its table entry');
  const t = s.table(d.table_entry.table_id);
  if (!s.directMeterOf.has(t.preamble.id)) throw invalid(`table ${t.preamble.name} has no direct meter`);
  if (d.table_entry.is_default_action)
    // As on bmv2, whose default entries carry no direct meter.
    throw new RpcError(status.UNIMPLEMENTED, 'direct meters of default entries are not supported');
  const key = s.key(t, d.table_entry);
  const old = wantUndo ? dev.readDirectMeter(key) : undefined;
  dev.writeDirectMeter(key, meterConfigFromWire(d.config));
  return wantUndo ? () => dev.writeDirectMeter(key, old) : undefined;
}

/** MeterEntry reads: meter_id 0 reads every meter, an unset index every cell. */
export function readMeterEntries(dev: PipelineDevice, s: Schema, m: MeterEntryMsg, out: Entity[]): void {
  if (m.meter_id !== 0 && !s.meters.has(m.meter_id))
    throw new RpcError(status.NOT_FOUND, `no meter with id ${m.meter_id}`);
  const ids = m.meter_id === 0 ? [...s.meters] : [m.meter_id];
  const index = m.meter_id === 0 ? undefined : indexOf(m);
  for (const id of ids)
    for (const cell of dev.readMeter(id, index))
      out.push({
        meter_entry: {
          meter_id: id,
          index: { index: String(cell.index) },
          ...(cell.config ? { config: meterConfigToWire(cell.config) } : {}),
        },
      });
}

/** DirectMeterEntry reads: no table (or table id 0) reads every metered table; no match, every entry. */
export function readDirectMeterEntries(
  dev: PipelineDevice,
  s: Schema,
  d: DirectMeterEntryMsg,
  out: Entity[],
  encodeKey: (e: TableEntry) => Entity['table_entry'],
): void {
  const te = d.table_entry;
  const tableId = te?.table_id ?? 0;
  if (tableId !== 0 && !s.directMeterOf.has(s.table(tableId).preamble.id))
    throw invalid(`table ${s.table(tableId).preamble.name} has no direct meter`);
  const emit = (e: TableEntry, config: MeterConfig | undefined): void => {
    out.push({
      direct_meter_entry: {
        table_entry: encodeKey(e),
        ...(config ? { config: meterConfigToWire(config) } : {}),
      },
    });
  };
  if (te && tableId !== 0 && te.match.length > 0) {
    const key = s.key(s.table(tableId), te);
    const config = dev.readDirectMeter(key);
    emit({ ...key, action: { actionId: 0, params: new Map() } }, config);
    return;
  }
  const tables = tableId === 0 ? [...s.directMeterOf.keys()] : [tableId];
  for (const id of tables) for (const e of dev.readEntries(id)) emit(e, e.meterConfig);
}
