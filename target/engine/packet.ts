// Bit-level packet access for extract/emit/lookahead. Fields need not be byte aligned (a 1-bit flag followed
// by a 15-bit port, 6-bit dscp + 2-bit ecn, 3-bit flags + 13-bit fragment offset), so reads and writes take a
// bit offset; the aligned cases that dominate real headers take a fast path.

/** Read `width` bits (<= 32) starting at `bit`, MSB first, as an unsigned number. Caller checks bounds. */
export function readSmall(buf: Uint8Array, bit: number, width: number): number {
  if ((bit & 7) === 0) {
    const i = bit >> 3;
    switch (width) {
      case 8:
        return buf[i];
      case 16:
        return (buf[i] << 8) | buf[i + 1];
      case 32:
        return ((buf[i] << 24) | (buf[i + 1] << 16) | (buf[i + 2] << 8) | buf[i + 3]) >>> 0;
    }
  }
  let v = 0;
  let pos = bit;
  let left = width;
  while (left > 0) {
    const byte = buf[pos >> 3];
    const off = pos & 7;
    const take = Math.min(8 - off, left);
    const bits = (byte >> (8 - off - take)) & ((1 << take) - 1);
    v = v * (1 << take) + bits;
    pos += take;
    left -= take;
  }
  return v;
}

/** Read 33..52 bits as an exact JS number. */
export function readMedium(buf: Uint8Array, bit: number, width: number): number {
  const hiW = width - 32;
  return readSmall(buf, bit, hiW) * 4294967296 + readSmall(buf, bit + hiW, 32);
}

/** Write a 33..52-bit unsigned number. */
export function writeMedium(buf: Uint8Array, bit: number, width: number, n: number): void {
  const hiW = width - 32;
  writeSmall(buf, bit, hiW, Math.floor(n / 4294967296));
  writeSmall(buf, bit + hiW, 32, n >>> 0);
}

export function readBig(buf: Uint8Array, bit: number, width: number): bigint {
  if (width <= 53 && width > 32) {
    // One exact double and a single BigInt conversion: far cheaper than shifting bigints.
    const hiW = width - 32;
    return BigInt(readSmall(buf, bit, hiW) * 4294967296 + readSmall(buf, bit + hiW, 32));
  }
  let v = 0n;
  let pos = bit;
  let left = width;
  while (left > 0) {
    const take = Math.min(left, 24);
    v = (v << BigInt(take)) | BigInt(readSmall(buf, pos, take));
    pos += take;
    left -= take;
  }
  return v;
}

/** Write the low `width` bits (<= 32) of an unsigned number at `bit`, MSB first. */
export function writeSmall(buf: Uint8Array, bit: number, width: number, value: number): void {
  if ((bit & 7) === 0) {
    const i = bit >> 3;
    switch (width) {
      case 8:
        buf[i] = value;
        return;
      case 16:
        buf[i] = value >>> 8;
        buf[i + 1] = value;
        return;
      case 32:
        buf[i] = value >>> 24;
        buf[i + 1] = value >>> 16;
        buf[i + 2] = value >>> 8;
        buf[i + 3] = value;
        return;
    }
  }
  let pos = bit + width;
  let left = width;
  let v = value >>> 0;
  while (left > 0) {
    pos -= 1;
    left -= 1;
    const m = 0x80 >> (pos & 7);
    if (v & 1) buf[pos >> 3] |= m;
    else buf[pos >> 3] &= ~m;
    v >>>= 1;
  }
}

export function writeBig(buf: Uint8Array, bit: number, width: number, value: bigint): void {
  if (width <= 53 && width > 32) {
    // Values are normally unsigned and in range already; only negative (int<W>) ones need reducing.
    const n = value >= 0n ? Number(value) : Number(BigInt.asUintN(width, value));
    const hiW = width - 32;
    writeSmall(buf, bit, hiW, Math.floor(n / 4294967296));
    writeSmall(buf, bit + hiW, 32, n >>> 0);
    return;
  }
  let v = BigInt.asUintN(width, value);
  let end = bit + width;
  let left = width;
  while (left > 0) {
    const take = Math.min(left, 24);
    end -= take;
    writeSmall(buf, end, take, Number(v & ((1n << BigInt(take)) - 1n)));
    v >>= BigInt(take);
    left -= take;
  }
}

const SLAB_SIZE = 1 << 20;
const slab = { buf: new ArrayBuffer(SLAB_SIZE), used: 0 };

/** A fresh byte array: small ones on V8's heap (cheap), larger ones carved out of a shared slab (a view made
 *  from the ArrayBuffer: cheaper than subarray()). */
function alloc(n: number): Uint8Array {
  if (n <= 64 || n > SLAB_SIZE / 8) return new Uint8Array(n);
  if (slab.used + n > SLAB_SIZE) {
    slab.buf = new ArrayBuffer(SLAB_SIZE);
    slab.used = 0;
  }
  const out = new Uint8Array(slab.buf, slab.used, n);
  slab.used += n;
  return out;
}

// Frames (deparsed packets) are carved out of frame slabs in fixed-size cells, each frame FRAME_HEADROOM
// bytes into its cell. The bytes of a cell in front of a frame belong to that frame, so when a frame comes back
// to an engine as an owned input (PendingIngress.owned) its headers can grow in place, into that headroom.
// The cell size of a slab gives a frame's headroom from its byteOffset alone.
export const FRAME_HEADROOM = 64;

/** The slabs of one cell size, and the cells of that size given back (see freeFrame). */
interface SizeClass {
  cell: number;
  /** The slab being carved, and how much of it is used. */
  buf: ArrayBuffer;
  used: number;
  /** Cells given back, most recent last (the warmest in the cache is used first): their buffers and offsets. */
  freeBufs: (ArrayBuffer | undefined)[];
  freeOffsets: number[];
  freeCount: number;
}

/** One size class per cell size: a cell is never more than twice the frame with its headroom. */
const sizeClasses: SizeClass[] = [256, 512, 1024, 2048].map((cell) => ({
  cell,
  buf: new ArrayBuffer(0),
  used: SLAB_SIZE,
  freeBufs: [],
  freeOffsets: [],
  freeCount: 0,
}));
/** Each frame slab's size class. */
const slabClass = new WeakMap<ArrayBufferLike, SizeClass>();
const MAX_FREE_CELLS = 1 << 16;

/**
 * What a frame from allocFrame holds: zeros, or (`unwritten`) whatever its cell held before, for a caller that
 * writes every byte anyone will read. Clearing a reused cell writes all of it, memory that is otherwise never
 * touched when only the headers and a trailer matter: up to a tenth of a paper-scale experiment's time.
 */
export type FrameContents = 'zeros' | 'unwritten';

/** A frame of n bytes: with room in front of it when an engine is later handed it as an owned input
 *  (a host's frames made this way can have headers pushed in place). Frames up to 64 bytes (cheap to copy)
 *  and over 1984 bytes are plain arrays without that room. A cell given back with freeFrame is used again
 *  before a slab is carved. */
export function allocFrame(n: number, contents: FrameContents = 'zeros'): Uint8Array {
  if (n <= 64 || n > 2048 - FRAME_HEADROOM) return alloc(n);
  const need = n + FRAME_HEADROOM;
  const c = sizeClasses[need <= 256 ? 0 : need <= 512 ? 1 : need <= 1024 ? 2 : 3]!;
  if (c.freeCount > 0) {
    const i = --c.freeCount;
    const buf = c.freeBufs[i]!;
    c.freeBufs[i] = undefined;
    const out = new Uint8Array(buf, c.freeOffsets[i]! + FRAME_HEADROOM, n);
    return contents === 'zeros' ? out.fill(0) : out;
  }
  if (c.used + c.cell > SLAB_SIZE) {
    c.buf = new ArrayBuffer(SLAB_SIZE);
    slabClass.set(c.buf, c);
    c.used = 0;
  }
  const out = new Uint8Array(c.buf, c.used + FRAME_HEADROOM, n);
  c.used += c.cell;
  return out;
}

/**
 * Give back the cell of a frame made by allocFrame (`data` may be any view inside it, such as the frame after
 * headers were pushed or popped in place), so that allocFrame can use its memory again. The caller promises
 * that nothing reads or writes any view of that cell afterwards. Fresh slabs cost page faults and garbage
 * collection: at MLT §6.2's scale most frames are dropped in the fabric, a gigabyte of frames every half
 * minute. Anything else (a plain array, a cell beyond the MAX_FREE_CELLS kept) is left to the collector.
 */
export function freeFrame(data: Uint8Array): void {
  const c = classOf(data.buffer);
  if (c === undefined || c.freeCount >= MAX_FREE_CELLS) return;
  const i = c.freeCount++;
  c.freeBufs[i] = data.buffer as ArrayBuffer;
  c.freeOffsets[i] = data.byteOffset - (data.byteOffset % c.cell);
}

/** The bytes in front of `data` that belong to it (it is, or lies inside, a frame from allocFrame); else 0. */
export function headroom(data: Uint8Array): number {
  const c = classOf(data.buffer);
  return c === undefined ? 0 : data.byteOffset % c.cell;
}

/** The size class of a frame slab, undefined for any other buffer. */
function classOf(buf: ArrayBufferLike): SizeClass | undefined {
  // Consecutive frames mostly come from the same slab: one identity check instead of a WeakMap look-up.
  if (buf !== lastSlab) {
    lastSlab = buf;
    lastClass = slabClass.get(buf);
  }
  return lastClass;
}

/** classOf()'s last slab and its size class. The slab is only referenced while it is the most recent one
 *  looked up. */
let lastSlab: ArrayBufferLike | undefined;
let lastClass: SizeClass | undefined;

/** The output frame of `head` bytes of headers followed by data[from..], inside `data` itself (over the end
 *  of the parsed headers, and into the frame's headroom when there are more of them: see allocFrame); null
 *  when that does not fit. The payload is not touched. */
export function inPlaceFrame(data: Uint8Array, from: number, head: number): Uint8Array | null {
  const start = from - head;
  if (start === 0) return data;
  // Inside the input, subarray() (it reads the buffer, offset and length itself: cheaper than the getters);
  // into its headroom, a view made from the ArrayBuffer.
  if (start > 0) return data.subarray(start);
  if (-start <= headroom(data))
    return new Uint8Array(data.buffer, data.byteOffset + start, data.length - start);
  return null;
}

/** A growable output buffer for the deparser, written bit by bit. */
export class PacketWriter {
  buf: Uint8Array;
  bit = 0;

  /** The writer's own buffer (buf is a frame's during writeInto). */
  private own: Uint8Array;

  constructor(capacity = 256) {
    this.buf = new Uint8Array(capacity);
    this.own = this.buf;
  }

  reset(): void {
    this.bit = 0;
  }

  ensure(bits: number): void {
    const need = (this.bit + bits + 7) >> 3;
    if (need > this.buf.length) {
      const n = new Uint8Array(Math.max(need, this.buf.length * 2));
      n.set(this.buf);
      this.buf = n;
    }
  }

  small(width: number, value: number): void {
    this.ensure(width);
    writeSmall(this.buf, this.bit, width, value);
    this.bit += width;
  }

  medium(width: number, value: number): void {
    this.ensure(width);
    writeMedium(this.buf, this.bit, width, value);
    this.bit += width;
  }

  big(width: number, value: bigint): void {
    this.ensure(width);
    writeBig(this.buf, this.bit, width, value);
    this.bit += width;
  }

  bytes(data: Uint8Array, from: number): void {
    const n = data.length - from;
    if (n <= 0) return;
    this.ensure(n * 8);
    if ((this.bit & 7) === 0) {
      this.buf.set(data.subarray(from), this.bit >> 3);
      this.bit += n * 8;
    } else {
      for (let i = from; i < data.length; i++) this.small(8, data[i]);
    }
  }

  /** The deparsed packet: the bytes written so far followed by data[from..] (the unparsed payload), copied
   *  once into a fresh array. */
  finish(data: Uint8Array, from: number): Uint8Array {
    if ((this.bit & 7) !== 0) {
      this.bytes(data, from);
      return this.result();
    }
    const head = this.bit >> 3;
    const n = head + Math.max(0, data.length - from);
    const out = allocFrame(n);
    if (n <= 128) {
      // Short packets: a byte loop beats creating two subarray views for set().
      const b = this.buf;
      for (let i = 0; i < head; i++) out[i] = b[i];
      for (let i = head, j = from; i < n; i++, j++) out[i] = data[j];
      return out;
    }
    // Long packets: the payload in one copy, the headers byte by byte when short (one view fewer to create).
    // With at least as many header bytes as were parsed, the whole input is copied to where its payload
    // belongs (no subarray view) and the headers then overwrite its parsed bytes.
    if (from < data.length) {
      if (head >= from) out.set(data, head - from);
      else out.set(data.subarray(from), head);
    }
    this.copyHeaders(out, head);
    return out;
  }

  /** The deparsed packet built inside `data` itself: the bytes written so far are stored just before the
   *  payload data[from..] (over the end of the parsed headers, and into the frame's headroom when there are
   *  more of them: see allocFrame) and a view from there on is returned. The payload is not touched. Null
   *  when that does not fit, or for a partial last byte: the caller copies with finish(). Only for a buffer
   *  the caller may overwrite. */
  finishInPlace(data: Uint8Array, from: number): Uint8Array | null {
    if ((this.bit & 7) !== 0) return null;
    const head = this.bit >> 3;
    const out = inPlaceFrame(data, from, head);
    if (out === null) return null;
    this.copyHeaders(out, head);
    return out;
  }

  /** The first `head` bytes written, to the start of `out`: byte by byte when short (no subarray view to
   *  create), in one copy otherwise. */
  private copyHeaders(out: Uint8Array, head: number): void {
    const b = this.buf;
    if (head <= 64) for (let i = 0; i < head; i++) out[i] = b[i];
    else out.set(b.subarray(0, head));
  }

  /** From now on write into `frame` from its start (a frame from inPlaceFrame, whose first bytes are the
   *  headers' room), until restore(): the deparser then writes the headers where they go, with no copy. */
  writeInto(frame: Uint8Array): void {
    this.own = this.buf;
    this.buf = frame;
    this.bit = 0;
  }

  /** Back to the writer's own buffer after writeInto. */
  restore(): void {
    this.buf = this.own;
  }

  /** A copy of the bytes written so far (a partial last byte is padded with zeros). Copies are carved out of
   *  large slabs: one ArrayBuffer allocation per slab instead of one per packet. */
  result(): Uint8Array {
    const n = (this.bit + 7) >> 3;
    const out = allocFrame(n);
    out.set(this.buf.subarray(0, n));
    return out;
  }
}
