// One egress port of the traffic manager: N strict-priority FIFO queues, each with a capacity and together with
// a port buffer, counted in packets, drained onto a wire of fixed rate. What the queueing metadata counts and
// when egress runs follow the port's switch model (switch-model.ts). With egress at dequeue (bmv2) a packet that
// egress drops frees the wire at once and the next packet is dequeued in the same picosecond.
import { Samples } from './samples.js';
import { ReadyPacket, type Enqueued, type Frame, type QueueMetadata } from './seam.js';
import type { Simulator } from './simulator.js';
import { serializationPs, toMicroseconds, type Picoseconds } from './time.js';
import {
  DEFAULT_SWITCH_MODEL,
  resolveQueueing,
  type Queueing,
  type SwitchModelName,
} from './switch-model.js';
import { WaitQueue, type Waiting } from './wait-queue.js';

/**
 * A port's configuration: its queues and wire, and its queueing behaviour, which is that of a named switch model
 * (bmv2 unless `model` says otherwise, see switch-model.ts) with any aspect given here overriding the model's.
 */
export interface PortConfig extends Partial<Queueing> {
  /** Number of priority queues; queue id = priority, the highest id is served first (bmv2 --priority-queues). */
  queues: number;
  /** Line rate in bits per second. */
  rateBps: number;
  /** Extra bytes per frame on the wire, e.g. 20 for preamble + IFG; 0 by default. */
  framingOverheadBytes?: number;
  /** The switch model whose queueing behaviour the port has; bmv2 by default. */
  model?: SwitchModelName;
}

export const DEFAULT_QUEUES = 8;

export class QueueStats {
  /** Packets accepted into the queue. */
  enqueued = 0;
  /** Packets refused because their queue or the port buffer was full. */
  tailDropped = 0;
  dequeued = 0;
  /** Dequeued packets for which egress produced no frame. */
  egressDropped = 0;
  /** Frames put on the wire from this queue, and their bytes. */
  framesOut = 0;
  bytesOut = 0;
  maxDepth = 0;
  /** Queueing delay (dequeue time - enqueue time) of every dequeued packet, in picoseconds. */
  readonly delays = new Samples();
  /** Integral of this queue's depth over time (packet-picoseconds). */
  depthArea = 0;
}

/** Transmissions are counted when they begin: a frame on the wire has left the queues for good. */
export class PortStats {
  /** Picoseconds of wire time of the transmissions begun (see EgressPort.busyUntil for a cut-off). */
  busyPs = 0;
  framesOut = 0;
  bytesOut = 0;
  /** Integral over time of the packets held by the port: queued only, and queued plus the one on the wire. */
  queuedArea = 0;
  systemArea = 0;
}

/**
 * Sees each packet right after egress, with the frames egress produced (none when it dropped the packet).
 * `meta` is the port's own record, valid only during the call: copy what you keep.
 */
export type EgressObserver = (item: Enqueued, meta: QueueMetadata, frames: Frame[]) => void;

/**
 * Called when a transmission begins, with the time its first bit leaves and the time its last bit has left.
 * The frames are committed to the wire from that moment, so a link can schedule their arrival at once. The
 * array and its Frame records may be the port's own, reused for its next transmission: keep the bytes, not them.
 */
export type TransmitStart = (frames: Frame[], startPs: Picoseconds, endPs: Picoseconds) => void;

/** Counts shared by the ports of one traffic manager. */
export interface PortTally {
  /** Packets that went into a queue or straight onto the wire (not dropped on the way in). */
  accepted: number;
}

export class EgressPort {
  readonly queueStats: QueueStats[];
  readonly portStats = new PortStats();
  private readonly queues: WaitQueue[];
  private readonly overhead: number;
  private readonly portScope: boolean;
  private readonly queueCapacity: number;
  private readonly bufferPackets: number;
  private readonly egressAtEnqueue: boolean;
  /** The behaviour this port runs: its model's, with the config's overrides applied. */
  readonly queueing: Queueing;
  /** Bit q set when queue q holds packets (ports of at most 31 queues; others scan). */
  private nonEmpty = 0;
  private readonly useMask: boolean;
  private queued = 0;
  private lastChange: Picoseconds = 0;
  private readonly queueLast: Picoseconds[];
  // The wire is busy until `txEnd`; nothing happens at that instant unless packets are waiting, so the end of a
  // transmission is an event (`wakeup`) only then: about half the events of a lightly loaded fabric.
  private txStart: Picoseconds = 0;
  private txEnd: Picoseconds = 0;
  private wakeupPending = false;
  private readonly wakeupHandler = (): void => this.wakeup();
  /** A queued frame's bytes go on the wire in this record, reused (see TransmitStart). */
  private readonly wireFrame: Frame = { port: 0, data: new Uint8Array(0) };
  private readonly wireFrames: Frame[] = [this.wireFrame];
  /** Reused for every packet: see EgressObserver. */
  private readonly meta: QueueMetadata = {
    queueId: 0,
    enqQdepth: 0,
    deqQdepth: 0,
    enqTimestampUs: 0,
    deqTimedeltaUs: 0,
    enqTimePs: 0,
    deqTimePs: 0,
  };

  constructor(
    private readonly sim: Simulator,
    readonly port: number,
    readonly config: PortConfig,
    private readonly onTransmit: TransmitStart,
    /** Frames egress addressed to another port (egress-to-egress clones); dropped when absent. */
    private readonly redirect?: (frame: Frame) => void,
    private readonly observer?: EgressObserver,
    private readonly tally: PortTally = { accepted: 0 },
  ) {
    if (!Number.isInteger(config.queues) || config.queues < 1)
      throw new Error(`bad queue count ${config.queues}`);
    if (!(config.rateBps > 0)) throw new Error(`bad line rate ${config.rateBps}`);
    const q = resolveQueueing(config.model ?? DEFAULT_SWITCH_MODEL, config);
    if (!(q.bufferPackets >= 0)) throw new Error(`bad buffer size ${q.bufferPackets}`);
    if (!(q.queueCapacity >= 0)) throw new Error(`bad queue capacity ${q.queueCapacity}`);
    this.queueing = q;
    this.queues = Array.from({ length: config.queues }, () => new WaitQueue());
    this.queueStats = Array.from({ length: config.queues }, () => new QueueStats());
    this.queueLast = new Array<Picoseconds>(config.queues).fill(0);
    this.overhead = config.framingOverheadBytes ?? 0;
    this.portScope = q.depthScope === 'port';
    this.queueCapacity = q.queueCapacity;
    this.bufferPackets = q.bufferPackets;
    this.egressAtEnqueue = q.egressAt === 'enqueue';
    this.useMask = config.queues <= 31;
    this.wireFrame.port = port;
  }

  /** Packets currently queued (not counting the one on the wire). */
  get depth(): number {
    return this.queued;
  }

  queueDepth(queueId: number): number {
    return this.queues[queueId]!.length;
  }

  /** Offer a packet; false when it was tail-dropped. Priorities out of range are an error of the caller. */
  enqueue(item: Enqueued): boolean {
    return this.offer(item, item.priority);
  }

  /** Offer a frame whose egress is decided (a host's NIC): it only waits for the wire. False when tail-dropped. */
  enqueueFrame(data: Uint8Array, priority = 0): boolean {
    return this.offer(data, priority);
  }

  private offer(item: Waiting, q: number): boolean {
    const fifo = this.queues[q];
    if (fifo === undefined)
      throw new Error(`port ${this.port}: priority ${q} out of range 0..${this.queues.length - 1}`);
    const stats = this.queueStats[q]!;
    if (this.queued >= this.bufferPackets || fifo.length >= this.queueCapacity) {
      stats.tailDropped++;
      return false;
    }
    const enqDepth = this.portScope ? this.queued : fifo.length;
    if (this.egressAtEnqueue && !(item instanceof Uint8Array)) {
      const admitted = this.admit(item, q, enqDepth);
      if (admitted === undefined) return true;
      item = admitted;
    }
    this.tally.accepted++;
    const now = this.sim.now;
    if (this.queued === 0 && now >= this.txEnd) {
      // An idle port with empty queues: the packet goes through its queue in no time. Depth 0 before and after
      // leaves the depth integrals as they are, so the queue itself need not be touched.
      stats.enqueued++;
      if (stats.maxDepth === 0) stats.maxDepth = 1;
      this.touchPort();
      this.pass(item, q, now, 0);
      return true;
    }
    this.touchPort();
    this.touchQueue(q);
    fifo.push(item, now, enqDepth);
    this.nonEmpty |= 1 << q;
    this.queued++;
    stats.enqueued++;
    if (fifo.length > stats.maxDepth) stats.maxDepth = fifo.length;
    if (now >= this.txEnd) this.serve();
    else if (!this.wakeupPending) this.scheduleWakeup();
    return true;
  }

  /** Egress on admission: what to queue (its frames already made), or undefined when egress dropped it. */
  private admit(item: Enqueued, q: number, enqDepth: number): Waiting | undefined {
    const now = this.sim.now;
    const stats = this.queueStats[q]!;
    const meta = this.metadata(q, enqDepth, enqDepth, now, now);
    const frames = this.ownFrames(item.resume(meta));
    this.observer?.(item, meta, frames);
    // One frame, as nearly always: its bytes wait in the queue. More: copies, since what resume() returns may be
    // reused by the pipeline's next call (see Enqueued).
    if (frames.length === 1) return frames[0]!.data;
    if (frames.length > 1)
      return new ReadyPacket(
        this.port,
        q,
        frames.map((f) => ({ port: f.port, data: f.data })),
      );
    stats.enqueued++;
    stats.egressDropped++;
    return undefined;
  }

  /** Frames for this port; egress-to-egress clones for other ports go to `redirect`. */
  private ownFrames(frames: Frame[]): Frame[] {
    let foreign = false;
    for (let i = 0; i < frames.length; i++) if (frames[i]!.port !== this.port) foreign = true;
    if (!foreign) return frames;
    for (const f of frames) if (f.port !== this.port) this.redirect?.(f);
    return frames.filter((f) => f.port === this.port);
  }

  /** Wire time of the transmissions begun, up to time `t` (a transmission still under way counts in part).
   *  `t` is the current time or later (the report passes the end of the run). */
  busyUntil(t: Picoseconds): Picoseconds {
    return this.portStats.busyPs - (this.txEnd > t ? Math.min(this.txEnd - t, this.txEnd - this.txStart) : 0);
  }

  /** Close the time integrals at the current time (call before reading the areas at the end of a run). */
  account(): void {
    this.touchPort();
    for (let i = 0; i < this.queues.length; i++) this.touchQueue(i);
  }

  // The integrals are advanced lazily, each just before the quantity it integrates changes. The wire's state
  // changes at txEnd without an event, so the port integral splits its interval there.
  private touchPort(): void {
    const now = this.sim.now;
    const dt = now - this.lastChange;
    if (dt > 0) {
      const ps = this.portStats;
      ps.queuedArea += this.queued * dt;
      const wireEnd = this.txEnd < now ? this.txEnd : now;
      ps.systemArea += this.queued * dt + (wireEnd > this.lastChange ? wireEnd - this.lastChange : 0);
      this.lastChange = now;
    }
  }

  private touchQueue(q: number): void {
    const now = this.sim.now;
    const dt = now - this.queueLast[q]!;
    if (dt > 0) {
      this.queueStats[q]!.depthArea += this.queues[q]!.length * dt;
      this.queueLast[q] = now;
    }
  }

  /** The highest non-empty queue, or -1. */
  private topQueue(): number {
    if (this.useMask) return 31 - Math.clz32(this.nonEmpty);
    let q = this.queues.length - 1;
    while (q >= 0 && this.queues[q]!.length === 0) q--;
    return q;
  }

  /** The wire is free: dequeue in strict priority until a packet goes on the wire or the queues are empty. */
  private serve(): void {
    for (;;) {
      const q = this.topQueue();
      if (q < 0) return;
      this.touchPort();
      this.touchQueue(q);
      const fifo = this.queues[q]!;
      const item = fifo.shift();
      if (fifo.length === 0) this.nonEmpty &= ~(1 << q);
      this.queued--;
      if (this.pass(item, q, fifo.shiftedTime, fifo.shiftedDepth)) return;
    }
  }

  /** The port's metadata record filled in for one packet (bmv2 reports whole microseconds). */
  private metadata(
    q: number,
    enqDepth: number,
    deqDepth: number,
    enqTime: Picoseconds,
    deqTime: Picoseconds,
  ): QueueMetadata {
    const meta = this.meta;
    const enqUs = toMicroseconds(enqTime);
    meta.queueId = q;
    meta.enqQdepth = enqDepth;
    meta.deqQdepth = deqDepth;
    meta.enqTimestampUs = enqUs;
    meta.deqTimedeltaUs = toMicroseconds(deqTime) - enqUs;
    meta.enqTimePs = enqTime;
    meta.deqTimePs = deqTime;
    return meta;
  }

  /** Egress for a dequeued packet, then onto the wire; false when egress dropped it (the wire stays free). */
  private pass(item: Waiting, q: number, enqTime: Picoseconds, enqDepth: number): boolean {
    const now = this.sim.now;
    const stats = this.queueStats[q]!;
    stats.dequeued++;
    stats.delays.add(now - enqTime);
    let frames: Frame[];
    if (item instanceof Uint8Array) {
      // Its egress has run (or it had none): no metadata to fill in, nothing to observe.
      this.wireFrame.data = item;
      frames = this.wireFrames;
    } else {
      const deqDepth = this.portScope ? this.queued : this.queues[q]!.length;
      const meta = this.metadata(q, enqDepth, deqDepth, enqTime, now);
      frames = this.ownFrames(item.resume(meta));
      if (this.observer && !(this.egressAtEnqueue && item instanceof ReadyPacket))
        this.observer(item, meta, frames);
    }
    if (frames.length === 0) {
      stats.egressDropped++;
      return false;
    }
    let bytes = 0;
    for (let i = 0; i < frames.length; i++) bytes += frames[i]!.data.length;
    const wireBytes = bytes + this.overhead * frames.length;
    stats.framesOut += frames.length;
    stats.bytesOut += bytes;
    const duration = serializationPs(wireBytes, this.config.rateBps);
    this.txStart = now;
    this.txEnd = now + duration;
    const ps = this.portStats;
    ps.busyPs += duration;
    ps.framesOut += frames.length;
    ps.bytesOut += bytes;
    if (this.queued > 0 && !this.wakeupPending) this.scheduleWakeup();
    this.onTransmit(frames, now, this.txEnd);
    return true;
  }

  private scheduleWakeup(): void {
    this.wakeupPending = true;
    this.sim.at(this.txEnd, this.wakeupHandler);
  }

  /** The end of a transmission with packets waiting: serve the next, or wait for the current one to end. */
  private wakeup(): void {
    this.wakeupPending = false;
    if (this.sim.now >= this.txEnd) this.serve();
    else if (this.queued > 0) this.scheduleWakeup();
  }
}
