// Packet captures in the libpcap file format (what tcpdump, Wireshark and scapy's rdpcap read), Ethernet link
// type. bmv2 writes one such file per interface and direction when started with --pcap; `mlt stf`, `mlt sim`
// and `mlt target` write the same from the embedded target with their own --pcap, so a failing test, a
// scenario or a controller's PacketOuts can be opened in Wireshark. Timestamps have nanosecond resolution (the
// format's 0xa1b23c4d variant): virtual time for tests and scenarios, the wall clock for a running target.
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirectory } from './directory.js';

export { makeDirectory } from './directory.js';

/** Largest frame stored whole; longer ones are cut to this, with their true length recorded. */
export const SNAPLEN = 65535;
const LINKTYPE_ETHERNET = 1;
const MAGIC_NANOSECONDS = 0xa1b23c4d;
const FILE_HEADER_BYTES = 24;
const RECORD_HEADER_BYTES = 16;
/** Records are gathered into writes of this size: a scenario may capture millions of frames into hundreds of files. */
const CHUNK_BYTES = 1 << 16;

/** One capture file, written as frames are added; close() flushes what is buffered and closes it. */
export class PcapWriter {
  private readonly fd: number;
  private buf = Buffer.alloc(CHUNK_BYTES);
  private used = 0;
  private closed = false;
  /** Frames written so far. */
  frames = 0;

  /** Creates (or truncates) `path`; throws the file system's error (ENOENT, EACCES, ...) if it cannot. */
  constructor(readonly path: string) {
    this.fd = openSync(path, 'w');
    const h = Buffer.alloc(FILE_HEADER_BYTES);
    h.writeUInt32LE(MAGIC_NANOSECONDS, 0);
    h.writeUInt16LE(2, 4); // version 2.4
    h.writeUInt16LE(4, 6);
    h.writeInt32LE(0, 8); // GMT
    h.writeUInt32LE(0, 12); // accuracy of timestamps
    h.writeUInt32LE(SNAPLEN, 16);
    h.writeUInt32LE(LINKTYPE_ETHERNET, 20);
    this.put(h);
  }

  /**
   * Adds a frame seen at `timeNs` nanoseconds (non-negative): of virtual time, or since the Unix epoch as a
   * bigint (a number cannot hold today's date to the nanosecond).
   */
  write(timeNs: number | bigint, frame: Uint8Array): void {
    if (this.closed) throw new Error(`${this.path}: capture already closed`);
    const kept = Math.min(frame.length, SNAPLEN);
    const [sec, ns] =
      typeof timeNs === 'bigint'
        ? [Number(max0(timeNs) / 1_000_000_000n), Number(max0(timeNs) % 1_000_000_000n)]
        : [Math.floor(Math.max(0, timeNs) / 1e9), Math.floor(Math.max(0, timeNs)) % 1e9];
    const need = RECORD_HEADER_BYTES + kept;
    if (this.used + need > this.buf.length) this.flush();
    if (need > this.buf.length) this.buf = Buffer.alloc(need);
    const b = this.buf;
    let o = this.used;
    b.writeUInt32LE(sec >>> 0, o);
    b.writeUInt32LE(ns, o + 4);
    b.writeUInt32LE(kept, o + 8);
    b.writeUInt32LE(frame.length, o + 12);
    o += RECORD_HEADER_BYTES;
    b.set(frame.subarray(0, kept), o);
    this.used = o + kept;
    this.frames++;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.flush();
    } finally {
      closeSync(this.fd);
    }
  }

  private put(bytes: Uint8Array): void {
    this.buf.set(bytes, this.used);
    this.used += bytes.length;
  }

  /** Writes out what is buffered, so that a reader of the file sees every frame added so far. */
  flush(): void {
    let off = 0;
    try {
      while (off < this.used) off += writeSync(this.fd, this.buf, off, this.used - off);
    } catch (e) {
      throw new Error(`${this.path}: ${(e as Error).message}`, { cause: e });
    }
    this.used = 0;
  }
}

function max0(t: bigint): bigint {
  return t < 0n ? 0n : t;
}

/**
 * The capture files of one directory, each made when its first frame comes (bmv2 names one per interface and
 * direction; the callers name theirs). Creates the directory, or throws the file system's error.
 */
export class PcapDir {
  private readonly writers = new Map<string, PcapWriter>();

  constructor(readonly dir: string) {
    makeDirectory(dir);
  }

  /** The file `name` of the directory, created (or truncated) the first time it is asked for. */
  file(name: string): PcapWriter {
    let w = this.writers.get(name);
    if (!w) this.writers.set(name, (w = new PcapWriter(join(this.dir, name))));
    return w;
  }

  /** Closes every file, each even when another fails (the first failure is thrown after); their paths, sorted. */
  close(): string[] {
    let failure: unknown;
    for (const w of this.writers.values()) {
      try {
        w.close();
      } catch (e) {
        failure ??= e;
      }
    }
    if (failure !== undefined) throw failure;
    return [...this.writers.values()].map((w) => w.path).sort();
  }
}

/** A frame read back from a capture file (for tests and tools). */
export interface PcapRecord {
  /** The timestamp's two fields. */
  seconds: number;
  nanoseconds: number;
  /** Both in nanoseconds: exact for virtual times (below 2^53 ns, 104 days), not for wall-clock dates. */
  timeNs: number;
  /** The frame's length on the wire; `data` holds at most SNAPLEN bytes of it. */
  length: number;
  data: Uint8Array;
}

/** Reads a capture written by PcapWriter (little-endian, nanosecond timestamps, Ethernet). */
export function readPcap(bytes: Uint8Array): PcapRecord[] {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < FILE_HEADER_BYTES || b.readUInt32LE(0) !== MAGIC_NANOSECONDS)
    throw new Error('not a little-endian nanosecond pcap file');
  if (b.readUInt32LE(20) !== LINKTYPE_ETHERNET) throw new Error('not an Ethernet capture');
  const out: PcapRecord[] = [];
  let o = FILE_HEADER_BYTES;
  while (o < b.length) {
    if (o + RECORD_HEADER_BYTES > b.length) throw new Error(`truncated record header at byte ${o}`);
    const kept = b.readUInt32LE(o + 8);
    const start = o + RECORD_HEADER_BYTES;
    if (start + kept > b.length) throw new Error(`truncated record at byte ${o}`);
    const seconds = b.readUInt32LE(o);
    const nanoseconds = b.readUInt32LE(o + 4);
    out.push({
      seconds,
      nanoseconds,
      timeNs: seconds * 1e9 + nanoseconds,
      length: b.readUInt32LE(o + 12),
      data: new Uint8Array(b.subarray(start, start + kept)),
    });
    o = start + kept;
  }
  return out;
}
