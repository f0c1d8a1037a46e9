// What the host transports put on the wire: ordinary UDP/IPv4 frames (so that p4/mlt.p4 parses, prioritises,
// marks and sprays them like any gradient packet) whose UDP destination port says what the frame is, and whose
// trailer (frames.ts) names the message or connection, the sequence number and a time stamp.
import type { FrameContents } from '../../engine/packet.js';
import { buildFrame, frameFrom, ipv4Offset, TRAILER_BYTES, type FrameSpec } from '../frames.js';
import type { HostNode } from '../nodes.js';

/** UDP destination ports of the transports' frames. */
export const Kind = {
  /** MLT: a gradient packet of a message; trailer = (message, packet index, send time). */
  MltData: 7000,
  /** MLT: "what is missing?", sent after the last packet of a round; trailer seq = probe number. */
  MltProbe: 7001,
  /** MLT: the receiver's bitmap in answer to a probe; trailer seq = the probe number it answers. */
  MltBitmap: 7002,
  /** MLT: the receiver has (1 − p) of the message: stop sending it. */
  MltStop: 7003,
  /** TCP-like: a segment of a connection; trailer = (connection, segment, send time). */
  TcpData: 7100,
  /** TCP-like: acknowledges one segment; trailer = (connection, segment, the segment's send time echoed). */
  TcpAck: 7101,
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

/** Ethernet + IPv4 + UDP + trailer: the smallest frame the transports send (padded to Ethernet's 64). */
export const CONTROL_FRAME_BYTES = 64;
/** Ethernet, IPv4 and UDP headers: what a data frame carries besides gradients. */
export const HEADER_BYTES = 14 + 20 + 8;

/** Gradient bytes a data frame of `packetBytes` carries: what is left after the headers and the trailer. */
export function gradientBytesPerFrame(packetBytes: number): number {
  return packetBytes - HEADER_BYTES - TRAILER_BYTES;
}

/** The UDP destination port of a frame from a host transport, or -1 when it carries no UDP header. */
export function kindOf(f: Uint8Array): number {
  const ip = ipv4Offset(f);
  if (ip < 0 || f.length < ip + 28 || f[ip + 9] !== 17) return -1;
  return (f[ip + 22]! << 8) | f[ip + 23]!;
}

/** One reusable frame description per sending host: buildFrame keeps nothing of it. */
export function frameTemplate(src: HostNode, payload: FrameContents = 'zeros'): FrameSpec {
  return frameFrom(src, CONTROL_FRAME_BYTES, 0, payload);
}

export function build(
  spec: FrameSpec,
  dst: HostNode,
  kind: Kind,
  id: number,
  seq: number,
  fields: { dscp: number; ecn: number; bytes: number; sentPs: number; srcPort: number },
  sourceRoute?: readonly number[],
): Uint8Array {
  spec.dstMac = dst.mac;
  spec.dstIp = dst.ip;
  spec.dstPort = kind;
  spec.flowId = id;
  spec.seq = seq;
  spec.dscp = fields.dscp;
  spec.ecn = fields.ecn;
  spec.bytes = fields.bytes;
  spec.sentPs = fields.sentPs;
  spec.srcPort = fields.srcPort;
  spec.sourceRoute = sourceRoute;
  return buildFrame(spec);
}

/** A 32-bit mix (murmur3's finaliser): importance draws and flow hashing without a stateful stream. */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}
