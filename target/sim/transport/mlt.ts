// MLT's bounded-loss tolerant transport (MLT §4.2.3, §5.1), as far as an iteration's time depends on it.
//
// A message is one tensor slice from one host to another. The sender sends its packets at line rate (no rate
// control: see README), each with its layer's DSCP, the ones carrying large gradients ECN-capable. After the last
// packet of a round it sends a probe; the receiver answers with a bitmap of what is missing and the sender
// re-sends exactly that, then probes again. The receiver counts the message done once ⌈(1 − p)·n⌉ of its n
// packets have arrived, and then tells the sender to stop. A lost data packet therefore costs about one round
// trip (probe, bitmap, retransmission), never a timeout; only a lost probe or bitmap waits for the probe timer.
import type { FrameContents } from '../../engine/packet.js';
import type { Fabric } from '../fabric.js';
import { ECN_ECT0, ECN_NOT_ECT, TRAILER_BYTES, type FrameSpec } from '../frames.js';
import type { HostNode } from '../nodes.js';
import type { SimLane } from '../../tm/simulator.js';
import type { Picoseconds } from '../../tm/time.js';
import type { HostStack, PacketSource } from './host-stack.js';
import { isImportant, type TransportStats } from './stats.js';
import { build, CONTROL_FRAME_BYTES, frameTemplate, Kind } from './wire.js';

export interface MltOptions {
  /** p: the fraction of a message's packets the receiver may go without (MLT's loss-tolerant bound). */
  lossBound: number;
  /** How long a sender waits for the bitmap before probing again (the probe or the bitmap was lost). */
  probeTimeoutPs: Picoseconds;
  /** DSCP of bitmaps and stops (the reserved control queue when there is one). */
  controlDscp: number;
  /** θ: the fraction of packets carrying small gradients, sent not ECN-capable. */
  smallFraction: number;
  /** Whole data frame size in bytes. */
  packetBytes: number;
  /** What a data frame carries after UDP besides the trailer: zeros unless told (see FrameSpec.payload). */
  payload?: FrameContents;
}

export interface MltMessageSpec {
  src: string;
  dst: string;
  packets: number;
  dscp: number;
  layer: number;
  group: number;
  /** Seeds the per-packet importance draw. */
  salt: number;
}

export type MessageDone = (m: MltMessage, now: Picoseconds) => void;

export class MltMessage {
  // Sender side.
  nextNew = 0;
  stopped = false;
  probeNo = 0;
  awaitingBitmap = false;
  probeDeadline = 0;
  retxLeft = 0;
  // Receiver side.
  readonly got: Uint8Array;
  count = 0;
  done = false;
  /** The bitmap the receiver sent last (missing packet indices, or null for "done"), and for which probe. */
  bitmap: Int32Array | null = null;
  bitmapFor = -1;
  // The spec's fields read per packet, held on the message itself: with a million messages in flight at the
  // paper's scale, reaching them through `spec` cost a cache miss per packet.
  readonly packets: number;
  readonly salt: number;
  readonly dscp: number;
  readonly group: number;
  readonly srcPort: number;

  constructor(
    readonly id: number,
    readonly spec: MltMessageSpec,
    readonly src: HostNode,
    readonly dst: HostNode,
    readonly need: number,
    readonly onDone: MessageDone,
  ) {
    this.got = new Uint8Array(spec.packets);
    this.packets = spec.packets;
    this.salt = spec.salt;
    this.dscp = spec.dscp;
    this.group = spec.group;
    this.srcPort = 20000 + spec.layer;
  }
}

/** One host's MLT sender: retransmissions first, then the batches in order, a batch's messages in turn. */
class MltSender implements PacketSource {
  readonly finished = false;
  private readonly batches: { msgs: MltMessage[]; rr: number }[] = [];
  private batchHead = 0;
  private retx: number[] = [];
  private retxHead = 0;
  readonly frame: FrameSpec;

  constructor(
    readonly host: HostNode,
    readonly stack: HostStack,
    private readonly mlt: MltTransport,
  ) {
    this.frame = frameTemplate(host, mlt.options.payload);
  }

  addBatch(msgs: readonly MltMessage[]): void {
    this.batches.push({ msgs: [...msgs], rr: 0 });
    this.stack.wake();
  }

  retransmit(m: MltMessage, missing: Int32Array): void {
    for (let i = 0; i < missing.length; i++) this.retx.push(m.id, missing[i]!);
    m.retxLeft = missing.length;
    this.stack.wake();
  }

  next(now: Picoseconds): Uint8Array | undefined {
    const mlt = this.mlt;
    while (this.retxHead < this.retx.length) {
      const m = mlt.messages[this.retx[this.retxHead]!]!;
      const seq = this.retx[this.retxHead + 1]!;
      this.retxHead += 2;
      if (this.retxHead === this.retx.length) {
        this.retx = [];
        this.retxHead = 0;
      }
      if (m.stopped) continue;
      mlt.stats.retransmissions++;
      const f = mlt.dataFrame(this, m, seq, now);
      if (--m.retxLeft === 0) mlt.probe(this, m);
      return f;
    }
    while (this.batchHead < this.batches.length) {
      const batch = this.batches[this.batchHead]!;
      // `msgs` holds the batch's messages with packets still to send; finished ones are swapped out, so a
      // batch of many messages costs O(1) per packet.
      const msgs = batch.msgs;
      while (msgs.length > 0) {
        if (batch.rr >= msgs.length) batch.rr = 0;
        const m = msgs[batch.rr]!;
        if (m.stopped || m.nextNew >= m.packets) {
          msgs[batch.rr] = msgs[msgs.length - 1]!;
          msgs.pop();
          continue;
        }
        batch.rr++;
        const f = mlt.dataFrame(this, m, m.nextNew++, now);
        if (m.nextNew === m.packets) mlt.probe(this, m);
        return f;
      }
      this.batches[this.batchHead++] = undefined as unknown as { msgs: MltMessage[]; rr: number };
    }
    return undefined;
  }
}

export class MltTransport {
  readonly messages: MltMessage[] = [];
  private readonly senders = new Map<string, MltSender>();
  private readonly importantFrom: number;
  private readonly handled = new Set<HostStack>();
  /** Every probe waits the same timeout, so their timers come due in the order they were set: one lane. */
  private readonly probeTimers: SimLane<MltMessage>;
  private readonly probeTimer = (m: MltMessage): void => {
    if (m.stopped || !m.awaitingBitmap || m.probeDeadline !== this.fabric.sim.now) return;
    this.stats.probeTimeouts++;
    const sender = this.senders.get(m.src.name)!;
    this.probe(sender, m);
  };

  constructor(
    private readonly fabric: Fabric,
    private readonly stackOf: (host: string) => HostStack,
    readonly options: MltOptions,
    readonly stats: TransportStats,
  ) {
    if (!(options.lossBound >= 0 && options.lossBound < 1))
      throw new RangeError('loss bound p must be in [0, 1)');
    this.importantFrom = Math.floor(options.smallFraction * 2 ** 32);
    this.probeTimers = fabric.sim.lane(this.probeTimer);
  }

  /** Start sending a batch of messages from one host, interleaved packet by packet, after earlier batches. */
  send(specs: readonly MltMessageSpec[], onDone: MessageDone): MltMessage[] {
    if (specs.length === 0) return [];
    const src = specs[0]!.src;
    const msgs = specs.map((s) => {
      if (s.src !== src) throw new Error('a batch comes from one host');
      if (!(Number.isInteger(s.packets) && s.packets > 0))
        throw new RangeError('a message has at least one packet');
      const need = Math.max(1, Math.ceil((1 - this.options.lossBound) * s.packets - 1e-9));
      const m = new MltMessage(
        this.messages.length,
        s,
        this.fabric.host(s.src),
        this.fabric.host(s.dst),
        need,
        onDone,
      );
      this.messages.push(m);
      this.listen(s.dst);
      return m;
    });
    this.sender(src).addBatch(msgs);
    return msgs;
  }

  private sender(host: string): MltSender {
    let s = this.senders.get(host);
    if (!s) {
      const stack = this.stackOf(host);
      s = new MltSender(this.fabric.host(host), stack, this);
      this.senders.set(host, s);
      this.listen(host);
      stack.add(s);
    }
    return s;
  }

  private listen(host: string): void {
    const stack = this.stackOf(host);
    if (this.handled.has(stack)) return;
    this.handled.add(stack);
    const trailer = (d: Uint8Array): number => d.length - TRAILER_BYTES;
    const id = (d: Uint8Array): number => u32(d, trailer(d));
    const seq = (d: Uint8Array): number => u32(d, trailer(d) + 4);
    stack.on(Kind.MltData, (d, now) => this.onData(this.messages[id(d)]!, seq(d), now));
    stack.on(Kind.MltProbe, (d) => this.onProbe(this.messages[id(d)]!, seq(d)));
    stack.on(Kind.MltBitmap, (d) => this.onBitmap(this.messages[id(d)]!, seq(d)));
    stack.on(Kind.MltStop, (d) => this.onStop(this.messages[id(d)]!));
  }

  dataFrame(sender: MltSender, m: MltMessage, seq: number, now: Picoseconds): Uint8Array {
    const important = isImportant(m.salt, seq, this.importantFrom);
    this.stats.sent[m.group * 2 + (important ? 1 : 0)]!++;
    return build(sender.frame, m.dst, Kind.MltData, m.id, seq, {
      dscp: m.dscp,
      ecn: important ? ECN_ECT0 : ECN_NOT_ECT,
      bytes: this.options.packetBytes,
      sentPs: now,
      srcPort: m.srcPort,
    });
  }

  /**
   * Ask the receiver what is missing. The probe travels in the message's own queue, ECN-capable, right behind
   * its last packet, so it arrives after the packets that were queued with it instead of overtaking them.
   */
  probe(sender: MltSender, m: MltMessage): void {
    const now = this.fabric.sim.now;
    m.probeNo++;
    m.awaitingBitmap = true;
    m.probeDeadline = now + this.options.probeTimeoutPs;
    this.probeTimers.at(m.probeDeadline, m);
    this.stats.probes++;
    this.stats.controlFrames++;
    sender.stack.sendControl(
      build(sender.frame, m.dst, Kind.MltProbe, m.id, m.probeNo, {
        dscp: m.dscp,
        ecn: ECN_ECT0,
        bytes: CONTROL_FRAME_BYTES,
        sentPs: now,
        srcPort: m.srcPort,
      }),
    );
  }

  private control(m: MltMessage, kind: Kind, seq: number, bytes: number): void {
    // Receiver to sender, in the control queue.
    const stack = this.stackOf(m.dst.name);
    this.stats.controlFrames++;
    stack.sendControl(
      build(this.receiverFrame(m.dst), m.src, kind, m.id, seq, {
        dscp: this.options.controlDscp,
        ecn: ECN_ECT0,
        bytes,
        sentPs: this.fabric.sim.now,
        srcPort: m.srcPort,
      }),
    );
  }

  private readonly receiverFrames = new Map<HostNode, FrameSpec>();
  private receiverFrame(h: HostNode): FrameSpec {
    let f = this.receiverFrames.get(h);
    if (!f) this.receiverFrames.set(h, (f = frameTemplate(h, this.options.payload)));
    return f;
  }

  private onData(m: MltMessage, seq: number, now: Picoseconds): void {
    const important = isImportant(m.salt, seq, this.importantFrom);
    this.stats.received[m.group * 2 + (important ? 1 : 0)]!++;
    if (m.done || m.got[seq] === 1) return;
    m.got[seq] = 1;
    if (++m.count >= m.need) {
      m.done = true;
      m.onDone(m, now);
      this.control(m, Kind.MltStop, 0, CONTROL_FRAME_BYTES);
    }
  }

  private onProbe(m: MltMessage, probeNo: number): void {
    if (m.done) m.bitmap = null;
    else {
      const missing = new Int32Array(m.packets - m.count);
      let k = 0;
      for (let i = 0; i < m.got.length; i++) if (m.got[i] === 0) missing[k++] = i;
      m.bitmap = missing;
    }
    m.bitmapFor = probeNo;
    // One bit per packet of the message after the headers.
    const bytes = Math.min(this.options.packetBytes, CONTROL_FRAME_BYTES + Math.ceil(m.packets / 8));
    this.control(m, Kind.MltBitmap, probeNo, bytes);
  }

  private onBitmap(m: MltMessage, probeNo: number): void {
    // Only the answer to the latest probe counts; the bitmap a frame carries is the receiver's snapshot.
    if (m.stopped || probeNo !== m.probeNo || m.bitmapFor !== probeNo) return;
    m.awaitingBitmap = false;
    const missing = m.bitmap;
    if (missing === null) {
      m.stopped = true;
      return;
    }
    this.senders.get(m.src.name)!.retransmit(m, missing);
  }

  private onStop(m: MltMessage): void {
    m.stopped = true;
    m.awaitingBitmap = false;
  }
}

function u32(f: Uint8Array, o: number): number {
  return ((f[o]! << 24) | (f[o + 1]! << 16) | (f[o + 2]! << 8) | f[o + 3]!) >>> 0;
}
