// Runtime support for the JavaScript the engine generates: parser errors, exit, deep copies of header/struct
// values, a seeded random generator, field-list packing for hashes and checksums.
import { bitsRuntime } from './bits.js';
import { computeHash, crc16, crc32, csum16, xor16, type HashAlgorithm } from './hash.js';
import { readBig, readMedium, readSmall, writeBig, writeMedium, writeSmall } from './packet.js';

/** Thrown by generated parser code; the driver stores `code` in standard_metadata.parser_error. */
export class ParserError extends Error {
  constructor(readonly code: number) {
    super(`parser error ${code}`);
  }
}

/** Thrown by `exit`; caught by the pipeline driver around each top-level block. */
export const EXIT = { exit: true } as const;
/** Thrown by a transition to `reject` (in any parser or sub-parser): parsing stops without a new error. */
export const REJECT = { reject: true } as const;

/** The program stopped processing a packet where bmv2 would stop altogether: the packet is lost, and the
 *  caller decides what the switch does next. */
export class PacketAborted extends Error {}

/** An assert() in the program failed: bmv2 aborts the switch, we abort the packet with this error. */
export class AssertionFailure extends PacketAborted {}

/** A block's loops ran past their iteration budget: bmv2 would never return, we abort the packet. */
export class LoopLimitExceeded extends PacketAborted {}

export type Obj = { [k: string]: unknown };

const OWN = { writable: true, enumerable: true, configurable: true } as const;

/** Deep copy of a header/struct/stack/union value (plain objects, arrays, scalars). */
export function clone<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(clone) as T;
  const o: Obj = {};
  for (const k in v as Obj) {
    // A field named __proto__ must stay an own property (assignment would set the prototype instead).
    if (k === '__proto__') Object.defineProperty(o, k, { value: clone((v as Obj)[k]), ...OWN });
    else o[k] = clone((v as Obj)[k]);
  }
  return o as T;
}

/** In-place deep assignment dst := src, so references held elsewhere (params, locals) see the new value. */
export function assign(dst: Obj, src: Obj): void {
  // bmv2's assign_header: an invalid header makes its destination invalid and leaves the destination's fields
  // as they were (they show if it is read, and setValid() then zeroes them).
  if (src.$valid === false) {
    dst.$valid = false;
    return;
  }
  for (const k in src) {
    const s = src[k];
    if (typeof s === 'object' && s !== null) {
      if (Array.isArray(s)) {
        const d = dst[k] as unknown[];
        for (let i = 0; i < s.length; i++) {
          if (typeof s[i] === 'object' && s[i] !== null) assign(d[i] as Obj, s[i] as Obj);
          else d[i] = s[i];
        }
      } else assign(dst[k] as Obj, s as Obj);
    } else dst[k] = s;
  }
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null) return a === b;
  const x = a as Obj;
  const y = b as Obj;
  // Two invalid headers are equal whatever their fields hold.
  if ('$valid' in x && !x.$valid && !y.$valid) return true;
  // Stacks are equal when their elements are: where extraction has reached (nextIndex) is not compared; nor
  // is a header's padding, which is no field of the program's.
  for (const k in x) if (k !== '$next' && k !== '$pad' && !deepEqual(x[k], y[k])) return false;
  return true;
}

/** mulberry32: small, fast, deterministic for a given seed. */
export function makeRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const packBuf = { buf: new Uint8Array(256) };

/** Packs values (numbers up to 32 bits or bigints) with the given widths MSB-first; the last byte is padded
 *  with zeros on the right. Returns a view valid until the next call. */
export function pack(values: readonly (number | bigint | boolean)[], widths: readonly number[]): Uint8Array {
  let total = 0;
  for (let i = 0; i < widths.length; i++) total += widths[i];
  const n = (total + 7) >> 3;
  if (packBuf.buf.length < n) packBuf.buf = new Uint8Array(n * 2);
  const buf = packBuf.buf;
  buf.fill(0, 0, n);
  let bit = 0;
  for (let i = 0; i < widths.length; i++) {
    const w = widths[i];
    const v = values[i];
    if (typeof v === 'bigint') writeBig(buf, bit, w, v);
    else if (w <= 32) writeSmall(buf, bit, w, typeof v === 'boolean' ? (v ? 1 : 0) : v >>> 0);
    else if (w <= 52 && typeof v === 'number' && v >= 0) writeMedium(buf, bit, w, v);
    else writeBig(buf, bit, w, BigInt(v));
    bit += w;
  }
  return buf.subarray(0, n);
}

export const HASH_ALGORITHMS: readonly HashAlgorithm[] = [
  'crc32',
  'crc32_custom',
  'crc16',
  'crc16_custom',
  'random',
  'identity',
  'csum16',
  'xor16',
];

export function makeRuntime(random: () => number) {
  return {
    ...bitsRuntime,
    readSmall,
    readMedium,
    readBig,
    writeSmall,
    writeMedium,
    writeBig,
    clone,
    assign,
    deepEqual,
    pack,
    random,
    EXIT,
    REJECT,
    perr(code: number): ParserError {
      return new ParserError(code);
    },
    assertFail(what: string): never {
      throw new AssertionFailure(`${what} failed`);
    },
    loopLimit(where: string, limit: number): never {
      throw new LoopLimitExceeded(
        `${where} ran past ${limit} iterations in one block: the packet is aborted`,
      );
    },
    /** The shared packing buffer, zeroed over its first n bytes (for generated field-list packing). */
    packBuffer(n: number): Uint8Array {
      if (packBuf.buf.length < n) packBuf.buf = new Uint8Array(n * 2);
      packBuf.buf.fill(0, 0, n);
      return packBuf.buf;
    },
    /** The shared packing buffer, not zeroed: for generated code that stores every one of its n bytes. */
    packBufferRaw(n: number): Uint8Array {
      if (packBuf.buf.length < n) packBuf.buf = new Uint8Array(n * 2);
      return packBuf.buf;
    },
    /** hashNum over the first n bytes of buf. */
    hashNumN(algo: HashAlgorithm, buf: Uint8Array, n: number): number {
      switch (algo) {
        case 'csum16':
          return csum16(buf, n);
        case 'crc16':
        case 'crc16_custom':
          return crc16(buf, n);
        case 'xor16':
          return xor16(buf, n);
        default:
          return crc32(buf, n);
      }
    },
    /** The 16/32-bit algorithms as plain numbers (no bigint on the checksum fast path). */
    hashNum(algo: HashAlgorithm, data: Uint8Array): number {
      switch (algo) {
        case 'csum16':
          return csum16(data);
        case 'crc16':
        case 'crc16_custom':
          return crc16(data);
        case 'xor16':
          return xor16(data);
        default:
          return crc32(data);
      }
    },
    hash(algo: HashAlgorithm, data: Uint8Array): bigint {
      return computeHash(algo, data, random);
    },
    /** `hash()` of v1model: base + (h mod max), truncated by the caller to the result's width. */
    hashRange(h: bigint, base: bigint, max: bigint): bigint {
      return max === 0n ? base : base + (h % max);
    },
    /** `random(lo, hi)`: uniform in [lo, hi] from the seeded generator. */
    randomRange(lo: bigint, hi: bigint): bigint {
      if (hi <= lo) return lo;
      const span = hi - lo + 1n;
      const r = (BigInt(random()) << 32n) | BigInt(random());
      return lo + (r % span);
    },
    /** randomRange for bounds of up to 32 bits as numbers: the same draws and the same value, without
     *  bigints. (a * 2^32 + b) mod span is reduced in steps that stay below 2^53, so it is exact. */
    randomNum(lo: number, hi: number): number {
      if (hi <= lo) return lo;
      const span = hi - lo + 1;
      const a = random();
      const b = random();
      let x = a % span;
      x = (x * 65536) % span;
      x = (x * 65536) % span;
      return lo + ((x + b) % span);
    },
  };
}

export type Runtime = ReturnType<typeof makeRuntime>;
