// Building and reading the frames hosts exchange: Ethernet, optional MLT source-route stack (EtherType 0x88B5,
// 16-bit hops {bos:1, port:15}), IPv4 with a correct header checksum, UDP, and a 16-byte payload trailer that
// lets receivers attribute a frame to its flow (flow id, sequence number, send time) whatever switches did to
// the headers in between.

// Frames come from the engine's frame cells, which keep headroom in front of each frame: the first switch can
// then push a source route into the frame it is handed instead of copying the whole frame.
import { allocFrame, type FrameContents } from '../engine/packet.js';

export const ETHERTYPE_IPV4 = 0x0800;
export const ETHERTYPE_SOURCE_ROUTE = 0x88b5;
export const ECN_NOT_ECT = 0;
export const ECN_ECT1 = 1;
export const ECN_ECT0 = 2;
export const ECN_CE = 3;

const ETH = 14;
const IPV4 = 20;
const UDP = 8;
/** The payload's last bytes: message or connection, sequence number, send time. */
export const TRAILER_BYTES = 16;
/** Smallest frame the generators build: headers plus the trailer. */
export const MIN_FRAME_BYTES = ETH + IPV4 + UDP + TRAILER_BYTES;

export interface FrameSpec {
  /** 48-bit MAC addresses as plain numbers (exact below 2^53). */
  srcMac: number;
  dstMac: number;
  srcIp: number;
  dstIp: number;
  dscp: number;
  ecn: number;
  srcPort: number;
  dstPort: number;
  /** Whole frame length in bytes (without FCS); at least MIN_FRAME_BYTES plus 2 per source-route hop. */
  bytes: number;
  flowId: number;
  seq: number;
  sentPs: number;
  /** Egress ports to take, first hop first; absent or empty for plain IPv4. */
  sourceRoute?: readonly number[];
  ttl?: number;
  /**
   * The bytes between the UDP header and the trailer: zeros (the default), or `unwritten`, left as the frame's
   * memory held them, for traffic whose switches and receivers never read past UDP (see FrameContents).
   */
  payload?: FrameContents;
}

/**
 * A frame description from a host (its MAC and IPv4 address), every per-packet field zero: senders keep one
 * and fill it in for each packet (buildFrame keeps nothing of it).
 */
export function frameFrom(
  src: { mac: number; ip: number },
  bytes: number,
  dstPort = 0,
  payload: FrameContents = 'zeros',
): FrameSpec {
  return {
    srcMac: src.mac,
    dstMac: 0,
    srcIp: src.ip,
    dstIp: 0,
    dscp: 0,
    ecn: 0,
    srcPort: 0,
    dstPort,
    bytes,
    flowId: 0,
    seq: 0,
    sentPs: 0,
    payload,
  };
}

export function ipv4(text: string): number {
  const parts = text.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255))
    throw new Error(`not an IPv4 address: '${text}'`);
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

export function formatIpv4(a: number): string {
  return [a >>> 24, (a >>> 16) & 255, (a >>> 8) & 255, a & 255].join('.');
}

function put16(f: Uint8Array, o: number, v: number): void {
  f[o] = (v >>> 8) & 0xff;
  f[o + 1] = v & 0xff;
}

function put32(f: Uint8Array, o: number, v: number): void {
  f[o] = (v >>> 24) & 0xff;
  f[o + 1] = (v >>> 16) & 0xff;
  f[o + 2] = (v >>> 8) & 0xff;
  f[o + 3] = v & 0xff;
}

function putMac(f: Uint8Array, o: number, mac: number): void {
  const hi = Math.floor(mac / 0x100000000);
  put16(f, o, hi);
  put32(f, o + 2, mac >>> 0);
}

const NO_HOPS: readonly number[] = [];

export function buildFrame(spec: FrameSpec): Uint8Array {
  const hops = spec.sourceRoute ?? NO_HOPS;
  if (hops.length > 8) throw new Error(`source route of ${hops.length} hops (at most 8)`);
  const headers = ETH + 2 * hops.length + IPV4 + UDP + TRAILER_BYTES;
  if (spec.bytes < headers)
    throw new Error(`frame of ${spec.bytes} bytes is shorter than its ${headers} header bytes`);
  const f = allocFrame(spec.bytes, spec.payload);
  putMac(f, 0, spec.dstMac);
  putMac(f, 6, spec.srcMac);
  let o = 12;
  if (hops.length > 0) {
    put16(f, o, ETHERTYPE_SOURCE_ROUTE);
    o += 2;
    for (let i = 0; i < hops.length; i++) {
      const port = hops[i]!;
      if (!Number.isInteger(port) || port < 0 || port > 0x7fff)
        throw new Error(`bad source-route port ${port}`);
      put16(f, o, ((i === hops.length - 1 ? 1 : 0) << 15) | port);
      o += 2;
    }
    // No inner EtherType: the hop with bos = 1 says IPv4 follows, and the last switch restores 0x0800.
  } else {
    put16(f, o, ETHERTYPE_IPV4);
    o += 2;
  }
  const ip = o;
  const ipLen = spec.bytes - ip;
  f[ip] = 0x45;
  f[ip + 1] = ((spec.dscp & 0x3f) << 2) | (spec.ecn & 3);
  put16(f, ip + 2, ipLen);
  put16(f, ip + 4, spec.seq & 0xffff);
  put16(f, ip + 6, 0x4000); // DF
  f[ip + 8] = spec.ttl ?? 64;
  f[ip + 9] = 17;
  put32(f, ip + 12, spec.srcIp >>> 0);
  put32(f, ip + 16, spec.dstIp >>> 0);
  put16(f, ip + 10, ipv4Checksum(f, ip));
  const udp = ip + IPV4;
  put16(f, udp, spec.srcPort);
  put16(f, udp + 2, spec.dstPort);
  put16(f, udp + 4, ipLen - IPV4);
  // UDP checksum 0: allowed for IPv4, and switches that rewrite headers need not fix it.
  put16(f, udp + 6, 0);
  // The trailer sits at the very end so that switches pushing or popping headers do not move it.
  const t = spec.bytes - TRAILER_BYTES;
  put32(f, t, spec.flowId >>> 0);
  put32(f, t + 4, spec.seq >>> 0);
  // Send time in integer picoseconds (below 2^53) as two 32-bit halves.
  put32(f, t + 8, Math.floor(spec.sentPs / 0x100000000));
  put32(f, t + 12, spec.sentPs >>> 0);
  return f;
}

export function ipv4Checksum(f: Uint8Array, ip: number): number {
  let sum = 0;
  for (let i = 0; i < IPV4; i += 2) if (i !== 10) sum += (f[ip + i]! << 8) | f[ip + i + 1]!;
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}

/** Offset of the IPv4 header, skipping a source-route stack; -1 when the frame carries no IPv4. */
export function ipv4Offset(f: Uint8Array): number {
  if (f.length < ETH + IPV4) return -1;
  const type = (f[12]! << 8) | f[13]!;
  if (type === ETHERTYPE_IPV4) return ETH;
  if (type !== ETHERTYPE_SOURCE_ROUTE) return -1;
  for (let o = ETH; o + 2 <= f.length && o < ETH + 16; o += 2) if (f[o]! & 0x80) return o + 2;
  return -1;
}

/** The IPv4 ECN field, or -1 for a non-IPv4 frame. */
export function ecnOf(f: Uint8Array): number {
  const ip = ipv4Offset(f);
  return ip < 0 ? -1 : f[ip + 1]! & 3;
}

export function dscpOf(f: Uint8Array): number {
  const ip = ipv4Offset(f);
  return ip < 0 ? -1 : f[ip + 1]! >> 2;
}

export interface Trailer {
  flowId: number;
  seq: number;
  sentPs: number;
}

/** The generator's trailer (the last 16 bytes), or undefined when the frame is too short to carry one. */
export function trailerOf(f: Uint8Array): Trailer | undefined {
  if (f.length < MIN_FRAME_BYTES) return undefined;
  const t = f.length - TRAILER_BYTES;
  return {
    flowId: get32(f, t),
    seq: get32(f, t + 4),
    sentPs: get32(f, t + 8) * 0x100000000 + get32(f, t + 12),
  };
}

/** The trailer's flow id; the frame must be at least MIN_FRAME_BYTES long. */
export function trailerFlowId(f: Uint8Array): number {
  return get32(f, f.length - TRAILER_BYTES);
}

/** The trailer's send time in picoseconds; the frame must be at least MIN_FRAME_BYTES long. */
export function trailerSentPs(f: Uint8Array): number {
  const t = f.length - TRAILER_BYTES;
  return get32(f, t + 8) * 0x100000000 + get32(f, t + 12);
}

function get32(f: Uint8Array, o: number): number {
  return ((f[o]! << 24) | (f[o + 1]! << 16) | (f[o + 2]! << 8) | f[o + 3]!) >>> 0;
}
