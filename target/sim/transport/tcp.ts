// The baseline: a TCP-like reliable byte stream, as far as an iteration's time depends on it.
//
// One connection per (sender, receiver, iteration) carries the sender's data for that receiver, layer after
// layer, in segments of one frame. Every connection takes one path, chosen by hashing its addresses and ports
// (ECMP; the sender writes the choice as a one-hop source route, since p4/mlt.p4 sprays or routes but does not
// hash). The window starts at `initialWindow` segments, grows by one per ACK in slow start and by 1/cwnd after
// it. The receiver acknowledges every segment (delayed ACKs off, as in MLT §6.2) and hands data to the
// application in order only, so a layer is delivered once every segment up to its last has arrived. A lost
// segment is recovered only by the retransmission timeout (RFC 6298 with RTO_min): on expiry the window drops to
// one segment, every segment still unacknowledged is sent again (the ACKs say which arrived, as SACK would) and
// the timeout doubles.
import type { Fabric } from '../fabric.js';
import { ECN_ECT0, ECN_NOT_ECT, TRAILER_BYTES, type FrameSpec } from '../frames.js';
import type { HostNode } from '../nodes.js';
import type { Picoseconds } from '../../tm/time.js';
import type { HostStack, PacketSource } from './host-stack.js';
import { isImportant, LazyTimer, type TransportStats } from './stats.js';
import type { FrameContents } from '../../engine/packet.js';
import { build, CONTROL_FRAME_BYTES, frameTemplate, Kind, mix32 } from './wire.js';

export interface TcpOptions {
  /** RTO_min: the smallest retransmission timeout (10 ms in MLT §6.2, Linux's 200 ms by default). */
  rtoMinPs: Picoseconds;
  /** The largest timeout the backoff reaches. */
  rtoMaxPs: Picoseconds;
  /** Segments a connection may have in flight before its first ACK (10 in MLT §6.2). */
  initialWindow: number;
  /** DSCP of ACKs. */
  ackDscp: number;
  /** θ: the fraction of segments carrying small gradients (sent not ECN-capable, like MLT's). */
  smallFraction: number;
  /** Whole data frame size in bytes. */
  packetBytes: number;
  /** What a data frame carries after UDP besides the trailer: zeros unless told (see FrameSpec.payload). */
  payload?: FrameContents;
  /** The paths a connection from one host to another can take, as source routes (empty: plain IPv4). */
  paths: (src: string, dst: string) => readonly (readonly number[])[];
}

/** Segment states. */
const UNSENT = 0;
const IN_FLIGHT = 1;
const ACKED = 2;
const LOST = 3;

/** The application's view at the receiver: `layer` has been delivered in order. */
export type LayerDelivered = (conn: TcpConnection, layer: number, now: Picoseconds) => void;

export class TcpConnection implements PacketSource {
  // Segments appended so far, with their layers (blocks of consecutive segments).
  total = 0;
  closed = false;
  private readonly blockEnd: number[] = [];
  private readonly blockLayer: number[] = [];
  private readonly blockDscp: number[] = [];
  private readonly blockGroup: number[] = [];
  private state = new Uint8Array(64);
  private retransmitted = new Uint8Array(64);
  // Sender.
  private sndUna = 0;
  private sndNext = 0;
  private inflight = 0;
  private acked = 0;
  cwnd: number;
  private ssthresh = Number.POSITIVE_INFINITY;
  private srtt = -1;
  private rttvar = 0;
  rto: Picoseconds;
  private lost: number[] = [];
  private lostHead = 0;
  private readonly timer: LazyTimer;
  readonly route: readonly number[] | undefined;
  readonly ackRoute: readonly number[] | undefined;
  readonly srcPort: number;
  // Receiver.
  private got = new Uint8Array(64);
  private rcvNext = 0;
  private deliveredBlocks = 0;

  constructor(
    readonly id: number,
    readonly src: HostNode,
    readonly dst: HostNode,
    private readonly tcp: TcpTransport,
    readonly salt: number,
    private readonly onDelivered: LayerDelivered,
  ) {
    const o = tcp.options;
    this.cwnd = o.initialWindow;
    this.rto = o.rtoMinPs;
    this.timer = new LazyTimer(tcp.sim, () => this.onTimeout());
    this.srcPort = 10000 + (id % 50000);
    const pick = (
      from: HostNode,
      to: HostNode,
      sport: number,
      dport: number,
    ): readonly number[] | undefined => {
      const paths = o.paths(from.name, to.name);
      if (paths.length === 0) return undefined;
      const h = mix32(from.ip ^ mix32(to.ip ^ mix32(((sport << 16) | dport) >>> 0)));
      const p = paths[h % paths.length]!;
      return p.length === 0 ? undefined : p;
    };
    this.route = pick(src, dst, this.srcPort, Kind.TcpData);
    this.ackRoute = pick(dst, src, Kind.TcpData, this.srcPort);
  }

  /** Append `segments` of one layer to the stream (the application wrote them). */
  append(segments: number, layer: number, dscp: number, group: number): void {
    if (this.closed) throw new Error('append to a closed connection');
    if (segments <= 0) return;
    this.total += segments;
    this.blockEnd.push(this.total);
    this.blockLayer.push(layer);
    this.blockDscp.push(dscp);
    this.blockGroup.push(group);
    if (this.total > this.state.length) {
      const size = Math.max(this.total, this.state.length * 2);
      this.state = grow(this.state, size);
      this.retransmitted = grow(this.retransmitted, size);
      this.got = grow(this.got, size);
    }
    this.tcp.stackOf(this.src.name).wake();
  }

  /** No more data will be appended. */
  close(): void {
    this.closed = true;
  }

  get finished(): boolean {
    return this.closed && this.acked === this.total;
  }

  /** The block (layer run) segment `seq` belongs to. */
  blockOf(seq: number): number {
    const ends = this.blockEnd;
    let lo = 0;
    let hi = ends.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid]! > seq) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  next(now: Picoseconds): Uint8Array | undefined {
    if (this.inflight >= Math.floor(this.cwnd)) return undefined;
    let seq = -1;
    while (this.lostHead < this.lost.length) {
      const s = this.lost[this.lostHead++]!;
      if (this.state[s] === LOST) {
        seq = s;
        this.retransmitted[s] = 1;
        this.tcp.stats.retransmissions++;
        break;
      }
    }
    if (this.lostHead === this.lost.length && this.lost.length > 0) {
      this.lost = [];
      this.lostHead = 0;
    }
    if (seq < 0) {
      if (this.sndNext >= this.total) return undefined;
      seq = this.sndNext++;
    }
    this.state[seq] = IN_FLIGHT;
    this.inflight++;
    if (!this.timer.armed) this.timer.arm(now + this.rto);
    return this.tcp.dataFrame(this, seq, this.blockOf(seq), now);
  }

  dscpOf(block: number): number {
    return this.blockDscp[block]!;
  }
  groupOf(block: number): number {
    return this.blockGroup[block]!;
  }

  /** Sender: the ACK of `seq`, echoing the time that transmission left. */
  onAck(seq: number, echoPs: Picoseconds, now: Picoseconds): void {
    const st = this.state[seq];
    if (st === ACKED || st === UNSENT) return;
    if (st === IN_FLIGHT) this.inflight--;
    this.state[seq] = ACKED;
    this.acked++;
    const o = this.tcp.options;
    if (this.retransmitted[seq] === 0) {
      // Karn: only segments sent once give RTT samples. RFC 6298 smoothing.
      const r = now - echoPs;
      if (this.srtt < 0) {
        this.srtt = r;
        this.rttvar = r / 2;
      } else {
        this.rttvar = 0.75 * this.rttvar + 0.25 * Math.abs(this.srtt - r);
        this.srtt = 0.875 * this.srtt + 0.125 * r;
      }
    }
    this.rto = Math.min(o.rtoMaxPs, Math.max(o.rtoMinPs, Math.round(this.srtt + 4 * this.rttvar)));
    while (this.sndUna < this.sndNext && this.state[this.sndUna] === ACKED) this.sndUna++;
    this.cwnd += this.cwnd < this.ssthresh ? 1 : 1 / this.cwnd;
    if (this.inflight > 0) this.timer.arm(now + this.rto);
    else this.timer.disarm();
    this.tcp.stackOf(this.src.name).wake();
  }

  private onTimeout(): void {
    if (this.inflight === 0) return;
    this.tcp.stats.timeouts++;
    for (let s = this.sndUna; s < this.sndNext; s++)
      if (this.state[s] === IN_FLIGHT) {
        this.state[s] = LOST;
        this.lost.push(s);
      }
    if (this.lostHead > 0) {
      this.lost = this.lost.slice(this.lostHead);
      this.lostHead = 0;
    }
    this.lost.sort((a, b) => a - b);
    this.inflight = 0;
    this.ssthresh = Math.max(this.cwnd / 2, 2);
    this.cwnd = 1;
    this.rto = Math.min(this.tcp.options.rtoMaxPs, this.rto * 2);
    this.tcp.stackOf(this.src.name).wake();
  }

  /** Receiver: segment `seq` arrived; layers now complete in order go to the application. */
  onData(seq: number, now: Picoseconds): void {
    if (this.got[seq] === 1) return;
    this.got[seq] = 1;
    while (this.rcvNext < this.total && this.got[this.rcvNext] === 1) this.rcvNext++;
    const ends = this.blockEnd;
    while (this.deliveredBlocks < ends.length && ends[this.deliveredBlocks]! <= this.rcvNext)
      this.onDelivered(this, this.blockLayer[this.deliveredBlocks++]!, now);
  }
}

export class TcpTransport {
  readonly connections: TcpConnection[] = [];
  private readonly importantFrom: number;
  private readonly handled = new Set<HostStack>();
  private readonly frames = new Map<HostNode, FrameSpec>();
  readonly sim: Fabric['sim'];

  constructor(
    private readonly fabric: Fabric,
    readonly stackOf: (host: string) => HostStack,
    readonly options: TcpOptions,
    readonly stats: TransportStats,
  ) {
    this.sim = fabric.sim;
    this.importantFrom = Math.floor(options.smallFraction * 2 ** 32);
    if (!(options.initialWindow >= 1)) throw new RangeError('initial window must be at least 1 segment');
    if (!(options.rtoMinPs > 0)) throw new RangeError('RTO_min must be positive');
  }

  open(src: string, dst: string, salt: number, onDelivered: LayerDelivered): TcpConnection {
    const c = new TcpConnection(
      this.connections.length,
      this.fabric.host(src),
      this.fabric.host(dst),
      this,
      salt,
      onDelivered,
    );
    this.connections.push(c);
    this.listen(src);
    this.listen(dst);
    this.stackOf(src).add(c);
    return c;
  }

  private frameOf(h: HostNode): FrameSpec {
    let f = this.frames.get(h);
    if (!f) this.frames.set(h, (f = frameTemplate(h, this.options.payload)));
    return f;
  }

  dataFrame(c: TcpConnection, seq: number, block: number, now: Picoseconds): Uint8Array {
    const important = isImportant(c.salt, seq, this.importantFrom);
    this.stats.sent[c.groupOf(block) * 2 + (important ? 1 : 0)]!++;
    return build(
      this.frameOf(c.src),
      c.dst,
      Kind.TcpData,
      c.id,
      seq,
      {
        dscp: c.dscpOf(block),
        ecn: important ? ECN_ECT0 : ECN_NOT_ECT,
        bytes: this.options.packetBytes,
        sentPs: now,
        srcPort: c.srcPort,
      },
      c.route,
    );
  }

  private listen(host: string): void {
    const stack = this.stackOf(host);
    if (this.handled.has(stack)) return;
    this.handled.add(stack);
    stack.on(Kind.TcpData, (d, now) => {
      const t = d.length - TRAILER_BYTES;
      const c = this.connections[u32(d, t)]!;
      const seq = u32(d, t + 4);
      const block = c.blockOf(seq);
      const important = isImportant(c.salt, seq, this.importantFrom);
      this.stats.received[c.groupOf(block) * 2 + (important ? 1 : 0)]!++;
      c.onData(seq, now);
      this.stats.controlFrames++;
      // Every segment is acknowledged at once, echoing its send time for the sender's RTT estimate.
      this.stackOf(c.dst.name).sendControl(
        build(
          this.frameOf(c.dst),
          c.src,
          Kind.TcpAck,
          c.id,
          seq,
          {
            dscp: this.options.ackDscp,
            ecn: ECN_ECT0,
            bytes: CONTROL_FRAME_BYTES,
            sentPs: u32(d, t + 8) * 0x100000000 + u32(d, t + 12),
            srcPort: Kind.TcpData,
          },
          c.ackRoute,
        ),
      );
    });
    stack.on(Kind.TcpAck, (d, now) => {
      const t = d.length - TRAILER_BYTES;
      const c = this.connections[u32(d, t)]!;
      c.onAck(u32(d, t + 4), u32(d, t + 8) * 0x100000000 + u32(d, t + 12), now);
    });
  }
}

function grow(a: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(size);
  b.set(a);
  return b;
}

function u32(f: Uint8Array, o: number): number {
  return ((f[o]! << 24) | (f[o + 1]! << 16) | (f[o + 2]! << 8) | f[o + 3]!) >>> 0;
}
