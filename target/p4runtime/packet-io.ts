// Controller packet headers: PacketOut metadata becomes the @controller_header("packet_out") header
// prepended to the payload; a packet the program sends to the CPU port starts with the
// @controller_header("packet_in") header, which becomes PacketIn metadata.
import { bigintToBytes, bytesToBigint, checkReceived } from 'p4runtime-ts';
import type { ControllerPacketMetadata, P4Info } from '../p4info/types.js';

export class PacketIoError extends Error {}

function header(p4info: P4Info, name: string): ControllerPacketMetadata | undefined {
  return p4info.controller_packet_metadata.find((h) => h.preamble.name === name);
}

/** Write `fields` (values with widths, in header order) as one big-endian bit string. */
function packBits(fields: { value: bigint; bitwidth: number }[]): Buffer {
  let acc = 0n;
  let width = 0;
  for (const f of fields) {
    acc = (acc << BigInt(f.bitwidth)) | f.value;
    width += f.bitwidth;
  }
  if (width % 8 !== 0) throw new PacketIoError(`controller header is ${width} bits, not whole bytes`);
  const out = Buffer.alloc(width / 8);
  for (let i = out.length - 1; i >= 0; i--) {
    out[i] = Number(acc & 0xffn);
    acc >>= 8n;
  }
  return out;
}

/** The bytes to inject on the CPU port for a PacketOut. Missing metadata fields are zero. */
export function buildPacketOut(
  p4info: P4Info,
  payload: Uint8Array,
  metadata: { metadata_id: number; value: Uint8Array }[],
): Buffer {
  const h = header(p4info, 'packet_out');
  if (!h) {
    if (metadata.length > 0) throw new PacketIoError('the program has no packet_out controller header');
    return Buffer.from(payload);
  }
  const values = new Map<number, bigint>();
  for (const m of metadata) {
    const field = h.metadata.find((f) => f.id === m.metadata_id);
    if (!field) throw new PacketIoError(`packet_out has no metadata id ${m.metadata_id}`);
    if (values.has(m.metadata_id))
      throw new PacketIoError(`packet_out metadata id ${m.metadata_id} given twice`);
    const bad = checkReceived(m.value, field.bitwidth);
    if (bad) throw new PacketIoError(`packet_out metadata ${field.name}: ${bad}`);
    values.set(m.metadata_id, bytesToBigint(m.value));
  }
  const hdr = packBits(h.metadata.map((f) => ({ value: values.get(f.id) ?? 0n, bitwidth: f.bitwidth })));
  return Buffer.concat([hdr, Buffer.from(payload)]);
}

/** Split a packet sent to the CPU port into packet_in metadata and payload. */
export function parsePacketIn(
  p4info: P4Info,
  data: Uint8Array,
): { payload: Buffer; metadata: { metadata_id: number; value: Buffer }[] } {
  const h = header(p4info, 'packet_in');
  if (!h) return { payload: Buffer.from(data), metadata: [] };
  const width = h.metadata.reduce((s, f) => s + f.bitwidth, 0);
  const bytes = Math.ceil(width / 8);
  if (data.length < bytes) return { payload: Buffer.from(data), metadata: [] };
  let acc = bytesToBigint(data.subarray(0, bytes));
  acc >>= BigInt(bytes * 8 - width);
  const metadata: { metadata_id: number; value: Buffer }[] = [];
  for (let i = h.metadata.length - 1; i >= 0; i--) {
    const f = h.metadata[i]!;
    const v = acc & ((1n << BigInt(f.bitwidth)) - 1n);
    acc >>= BigInt(f.bitwidth);
    metadata.unshift({ metadata_id: f.id, value: bigintToBytes(v) });
  }
  return { payload: Buffer.from(data.subarray(bytes)), metadata };
}
