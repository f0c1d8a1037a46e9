// Encoder and decoder for google.rpc.Status and p4.v1.Error, the two messages a P4Runtime Write error
// carries in the `grpc-status-details-bin` trailer. gRPC hands that trailer over as raw bytes, outside
// the service's generated (de)serialisers, so this small protobuf wire codec covers exactly these messages.

export const STATUS_DETAILS_KEY = 'grpc-status-details-bin';
export const P4_ERROR_TYPE_URL = 'type.googleapis.com/p4.v1.Error';

export interface AnyMessage {
  type_url: string;
  value: Buffer;
}

export interface RpcStatus {
  code: number;
  message: string;
  details: AnyMessage[];
}

/** One update's outcome, as p4.v1.Error. canonical_code 0 (OK) marks an update that succeeded. */
export interface P4Error {
  canonical_code: number;
  message: string;
  space: string;
  code: number;
  details?: AnyMessage;
}

class Writer {
  private readonly parts: Buffer[] = [];
  varint(v: number | bigint): void {
    // int32 negatives are sign-extended to 64 bits on the wire.
    let n = BigInt.asUintN(64, BigInt(v));
    const bytes: number[] = [];
    do {
      let b = Number(n & 0x7fn);
      n >>= 7n;
      if (n !== 0n) b |= 0x80;
      bytes.push(b);
    } while (n !== 0n);
    this.parts.push(Buffer.from(bytes));
  }
  tag(field: number, wireType: number): void {
    this.varint((field << 3) | wireType);
  }
  int(field: number, v: number): void {
    if (v === 0) return;
    this.tag(field, 0);
    this.varint(v);
  }
  bytes(field: number, b: Uint8Array, always = false): void {
    if (b.length === 0 && !always) return;
    this.tag(field, 2);
    this.varint(b.length);
    this.parts.push(Buffer.from(b));
  }
  string(field: number, s: string): void {
    this.bytes(field, Buffer.from(s, 'utf8'));
  }
  finish(): Buffer {
    return Buffer.concat(this.parts);
  }
}

type FieldValue = { field: number; varint?: bigint; bytes?: Buffer };

function readFields(buf: Buffer): FieldValue[] {
  const out: FieldValue[] = [];
  let pos = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      if (pos >= buf.length) throw new Error('truncated varint');
      const b = buf[pos++] as number;
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result;
      shift += 7n;
      if (shift > 70n) throw new Error('varint too long');
    }
  };
  while (pos < buf.length) {
    const key = Number(varint());
    const field = key >>> 3;
    switch (key & 7) {
      case 0:
        out.push({ field, varint: varint() });
        break;
      case 1:
        pos += 8;
        break;
      case 2: {
        const len = Number(varint());
        if (pos + len > buf.length) throw new Error('truncated field');
        out.push({ field, bytes: buf.subarray(pos, pos + len) });
        pos += len;
        break;
      }
      case 5:
        pos += 4;
        break;
      default:
        throw new Error(`unsupported wire type ${key & 7}`);
    }
  }
  return out;
}

const int32 = (v: bigint | undefined): number => Number(BigInt.asIntN(32, v ?? 0n));

function encodeAny(a: AnyMessage): Buffer {
  const w = new Writer();
  w.string(1, a.type_url);
  w.bytes(2, a.value);
  return w.finish();
}

function decodeAny(buf: Buffer): AnyMessage {
  const a: AnyMessage = { type_url: '', value: Buffer.alloc(0) };
  for (const f of readFields(buf)) {
    if (f.field === 1 && f.bytes) a.type_url = f.bytes.toString('utf8');
    if (f.field === 2 && f.bytes) a.value = Buffer.from(f.bytes);
  }
  return a;
}

export function encodeStatus(s: RpcStatus): Buffer {
  const w = new Writer();
  w.int(1, s.code);
  w.string(2, s.message);
  // Always emit each detail, even an empty one (an all-default p4.v1.Error encodes to zero bytes).
  for (const d of s.details) w.bytes(3, encodeAny(d), true);
  return w.finish();
}

export function decodeStatus(buf: Buffer): RpcStatus {
  const s: RpcStatus = { code: 0, message: '', details: [] };
  for (const f of readFields(buf)) {
    if (f.field === 1) s.code = int32(f.varint);
    else if (f.field === 2 && f.bytes) s.message = f.bytes.toString('utf8');
    else if (f.field === 3 && f.bytes) s.details.push(decodeAny(f.bytes));
  }
  return s;
}

export function encodeP4Error(e: P4Error): Buffer {
  const w = new Writer();
  w.int(1, e.canonical_code);
  w.string(2, e.message);
  w.string(3, e.space);
  w.int(4, e.code);
  if (e.details) w.bytes(5, encodeAny(e.details), true);
  return w.finish();
}

export function decodeP4Error(buf: Buffer): P4Error {
  const e: P4Error = { canonical_code: 0, message: '', space: '', code: 0 };
  for (const f of readFields(buf)) {
    if (f.field === 1) e.canonical_code = int32(f.varint);
    else if (f.field === 2 && f.bytes) e.message = f.bytes.toString('utf8');
    else if (f.field === 3 && f.bytes) e.space = f.bytes.toString('utf8');
    else if (f.field === 4) e.code = int32(f.varint);
    else if (f.field === 5 && f.bytes) e.details = decodeAny(f.bytes);
  }
  return e;
}

/** A Status whose details are one packed p4.v1.Error per update, in request order. */
export function encodeWriteStatus(code: number, message: string, perUpdate: P4Error[]): Buffer {
  return encodeStatus({
    code,
    message,
    details: perUpdate.map((e) => ({ type_url: P4_ERROR_TYPE_URL, value: encodeP4Error(e) })),
  });
}
