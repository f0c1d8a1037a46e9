// The p4.v1.P4Runtime service definition with guarded request decoding. Each request is measured on the
// wire (fields at every depth, elements of its repeated batch) before anything is decoded; one over the
// limits becomes an Oversized marker that the handler answers with RESOURCE_EXHAUSTED. A Write is decoded
// in two steps: its header (device, role, election id, atomicity) first, so the server can refuse a
// client that is not primary without ever decoding its updates, and its updates only after that check.
import type * as grpc from '@grpc/grpc-js';
import { p4RuntimeService, type UpdateMsg, type WriteRequestMsg } from 'p4runtime-ts';
import type { ServerLimits } from './limits.js';
import { countFields, scanFields, type FieldSpan } from './wire-scan.js';

const OVERSIZED = Symbol('oversized');

/** A request refused on size before decoding. */
export interface Oversized {
  readonly [OVERSIZED]: true;
  readonly message: string;
}

export function isOversized(x: unknown): x is Oversized {
  return typeof x === 'object' && x !== null && OVERSIZED in x;
}

const oversized = (message: string): Oversized => ({ [OVERSIZED]: true, message });

/** A WriteRequest whose updates are still bytes. */
export interface LazyWriteRequest {
  /** device_id, role, election_id and atomicity; `updates` is empty. */
  header: WriteRequestMsg;
  updateCount: number;
  /** Decode the updates: RESOURCE_EXHAUSTED (as Oversized) when they exceed the limits. */
  decodeUpdates(): UpdateMsg[] | Oversized;
}

type Deserialize = (b: Buffer) => unknown;

// WriteRequest field numbers (p4runtime.proto).
const WRITE_UPDATES = 4;
const WRITE_HEADER_FIELDS = new Set([1, 2, 3, 5, 6]);
// ReadRequest: repeated Entity entities = 2.
const READ_ENTITIES = 2;

function concat(buf: Buffer, spans: FieldSpan[]): Buffer {
  return Buffer.concat(spans.map((s) => buf.subarray(s.start, s.end)));
}

function guardFields(buf: Buffer, limits: ServerLimits, what: string): Oversized | undefined {
  // Every field owns at least two bytes on the wire (a tag, and a value or a length of at least one byte;
  // a nested field's bytes lie inside its parent's payload, not in the parent's tag or length), so a
  // message shorter than twice the budget cannot exceed it. Only large messages need the scan, which
  // costs about as much as decoding (it tries every string as a message): ordinary batches skip it.
  if (buf.length < 2 * (limits.maxFieldsPerMessage + 1)) return undefined;
  const n = countFields(buf, limits.maxFieldsPerMessage);
  return n > limits.maxFieldsPerMessage
    ? oversized(
        `${what} has more than ${limits.maxFieldsPerMessage} protobuf fields; send it in smaller parts`,
      )
    : undefined;
}

function writeDeserializer(full: Deserialize, limits: ServerLimits): (b: Buffer) => LazyWriteRequest {
  return (buf) => {
    const header = new Map<number, FieldSpan>();
    const updates: FieldSpan[] = [];
    let updateCount = 0;
    scanFields(buf, (f) => {
      if (f.field === WRITE_UPDATES) {
        // Keep the spans only while they can still be applied: beyond the cap the request is refused anyway.
        if (++updateCount <= limits.maxUpdatesPerWrite) updates.push(f);
      } else if (WRITE_HEADER_FIELDS.has(f.field)) header.set(f.field, f);
    });
    const headerSpans = [...header.values()].sort((a, b) => a.start - b.start);
    const headerBuf = concat(buf, headerSpans);
    // The header's own fields (a role string, a Uint128) are bounded like any message.
    if (guardFields(headerBuf, limits, 'the WriteRequest header'))
      throw new Error('WriteRequest header too large');
    const decodedHeader = full(headerBuf) as WriteRequestMsg;
    return {
      header: decodedHeader,
      updateCount,
      decodeUpdates() {
        if (updateCount > limits.maxUpdatesPerWrite)
          return oversized(
            `a Write carries at most ${limits.maxUpdatesPerWrite} updates on this target (got ${updateCount}); split the batch`,
          );
        const body = concat(buf, updates);
        return guardFields(body, limits, 'the Write') ?? (full(body) as WriteRequestMsg).updates;
      },
    };
  };
}

function readDeserializer(full: Deserialize, limits: ServerLimits): Deserialize {
  return (buf) => {
    let entities = 0;
    scanFields(buf, (f) => {
      if (f.field === READ_ENTITIES) entities++;
    });
    if (entities > limits.maxEntitiesPerRead)
      return oversized(
        `a Read carries at most ${limits.maxEntitiesPerRead} entities on this target (got ${entities}); split the request`,
      );
    return guardFields(buf, limits, 'the ReadRequest') ?? full(buf);
  };
}

function guarded(full: Deserialize, limits: ServerLimits, what: string): Deserialize {
  return (buf) => guardFields(buf, limits, what) ?? full(buf);
}

/** The service definition the server registers: p4RuntimeService() with guarded request decoders. */
export function guardedP4RuntimeService(limits: ServerLimits): grpc.ServiceDefinition {
  const base = p4RuntimeService();
  const out: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
  for (const [name, method] of Object.entries(base)) {
    const full = method.requestDeserialize as Deserialize;
    const requestDeserialize =
      name === 'Write'
        ? writeDeserializer(full, limits)
        : name === 'Read'
          ? readDeserializer(full, limits)
          : guarded(full, limits, `the ${name} request`);
    out[name] = { ...method, requestDeserialize };
  }
  return out;
}
