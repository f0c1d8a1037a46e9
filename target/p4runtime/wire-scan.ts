// Protobuf wire-format scanning without decoding: where each top-level field lies, and how many fields a
// message holds at every depth. The server uses it to look at a request's size in objects before it builds
// any, so one message cannot make it allocate millions of JavaScript objects.

/** A field of a message: its number, wire type, and where its bytes (tag included) lie. */
export interface FieldSpan {
  field: number;
  wireType: number;
  /** First byte of the tag. */
  start: number;
  /** First byte of the value (for length-delimited fields, of the payload after the length). */
  valueStart: number;
  end: number;
}

export class WireError extends Error {}

function varint(buf: Uint8Array, pos: number, end: number): [value: number, next: number] {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    if (pos >= end) throw new WireError('truncated varint');
    const b = buf[pos++]!;
    value += (b & 0x7f) * scale;
    if ((b & 0x80) === 0) return [value, pos];
    scale *= 128;
  }
  throw new WireError('varint longer than 10 bytes');
}

/** Call `visit` for each field of the message in buf[start, end). Throws WireError on malformed input. */
export function scanFields(
  buf: Uint8Array,
  visit: (f: FieldSpan) => void,
  start = 0,
  end = buf.length,
): void {
  let pos = start;
  while (pos < end) {
    const tagStart = pos;
    const [tag, afterTag] = varint(buf, pos, end);
    const field = Math.floor(tag / 8);
    const wireType = tag % 8;
    if (field === 0) throw new WireError('field number 0');
    let valueStart = afterTag;
    switch (wireType) {
      case 0:
        pos = varint(buf, afterTag, end)[1];
        break;
      case 1:
        pos = afterTag + 8;
        break;
      case 2: {
        const [len, next] = varint(buf, afterTag, end);
        valueStart = next;
        pos = next + len;
        break;
      }
      case 5:
        pos = afterTag + 4;
        break;
      default:
        throw new WireError(`unsupported wire type ${wireType}`);
    }
    if (pos > end) throw new WireError('field runs past the end of its message');
    visit({ field, wireType, start: tagStart, valueStart, end: pos });
  }
}

/**
 * An upper bound on the number of fields (so of objects a decoder creates) in buf[start, end), counting
 * into every length-delimited field that parses as a message, down to `maxDepth`. Stops as soon as the
 * count passes `budget` and returns it, so the scan is bounded by the budget and by size times depth.
 */
export function countFields(
  buf: Uint8Array,
  budget: number,
  start = 0,
  end = buf.length,
  maxDepth = 10,
): number {
  let count = 0;
  const walk = (s: number, e: number, depth: number): void => {
    scanFields(
      buf,
      (f) => {
        if (++count > budget) throw new BudgetExceeded();
        if (f.wireType !== 2 || depth >= maxDepth || f.end === f.valueStart) return;
        // Bytes and strings usually fail to parse as a message: then only this field counts.
        const before = count;
        try {
          walk(f.valueStart, f.end, depth + 1);
        } catch (err) {
          if (!(err instanceof WireError)) throw err;
          count = before;
        }
      },
      s,
      e,
    );
  };
  try {
    walk(start, end, 0);
  } catch (e) {
    if (e instanceof BudgetExceeded) return count;
    throw e;
  }
  return count;
}

class BudgetExceeded extends Error {}
