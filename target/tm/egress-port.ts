// One egress port of the traffic manager: N strict-priority FIFO queues sharing a buffer counted in packets,
// drained onto a wire of fixed rate. Egress processing happens at dequeue (as in bmv2), so a packet that egress
// drops frees the wire at once and the next packet is dequeued in the same picosecond.
import { Samples } from './samples.js';
import { ReadyPacket, type Enqueued, type Frame, type QueueMetadata } from './seam.js';
import type { Simulator } from './simulator.js';
import { serializationPs, toMicroseconds, type Picoseconds } from './time.js';
import { WaitQueue } from './wait-queue.js';

export interface PortConfig {
  /** Number of priority queues; queue id = priority, the highest id is served first (bmv2 --priority-queues). */
  queues: number;
  /** Line rate in bits per second. */
  rateBps: number;
  /** Packets the port can hold across all its queues (the packet on the wire is not counted); then tail drop. */
  bufferPackets: number;
  /** Extra bytes per frame on the wire, e.g. 20 for preamble + IFG; 0 by default. */
  framingOverheadBytes?: number;
  /**
   * What enq_qdepth / deq_qdepth count. 'queue' (default): packets in this packet's priority queue, as
   * DESIGN.md specifies and per-queue thresholds assume. 'port': packets in all queues of the port, which is
   * what bmv2 simple_switch reports (it reads the occupancy of the port's logical queue, summed over priorities).
   */
  depthScope?: 'queue' | 'port';
  /** Packets one priority queue may hold (bmv2 set_queue_depth: a capacity per priority queue); no limit by default. */
  queueCapacity?: number;
  /**
   * When egress runs. 'dequeue' (default) is bmv2: a packet that egress will drop still waits in the queue.
   * 'enqueue' runs egress on admission, with the enqueue metadata (deq_qdepth = enq_qdepth, deq_timedelta = 0),
   * so a packet dropped by a threshold never occupies the buffer, as in a switch whose traffic manager applies
   * the thresholds itself (and as the threshold solver's queueing model assumes).
   */
  egressAt?: 'dequeue' | 'enqueue';
}

export const DEFAULT_QUEUES = 8;

const NO_FRAMES: Frame[] = [];

export class QueueStats {
  /** Packets accepted into the queue. */
  enqueued = 0;
  /** Packets refused because the port buffer was full. */
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

export class PortStats {
  /** Picoseconds the wire spent transmitting. */
  busyPs = 0;
  framesOut = 0;
  bytesOut = 0;
  /** Integral over time of the packets held by the port: queued only, and queued plus the one on the wire. */
  queuedArea = 0;
  systemArea = 0;
}

/** Sees each packet right after egress, with the frames egress produced (none when it dropped the packet). */
export type EgressObserver = (item: Enqueued, meta: QueueMetadata, frames: Frame[]) => void;

/** Called when the last bit of a transmission has left the port. */
export type TransmitDone = (frames: Frame[], startPs: Picoseconds, endPs: Picoseconds) => void;

export class EgressPort {
  readonly queueStats: QueueStats[];
  readonly portStats = new PortStats();
  private readonly queues: WaitQueue[];
  private readonly overhead: number;
  private readonly portScope: boolean;
  private readonly queueCapacity: number;
  private readonly egressAtEnqueue: boolean;
  private queued = 0;
  private onWire = 0;
  private lastChange: Picoseconds = 0;
  private readonly queueLast: Picoseconds[];
  private busy = false;
  private txFrames: Frame[] = NO_FRAMES;
  private txStart: Picoseconds = 0;
  private txDuration: Picoseconds = 0;
  private txBytes = 0;
  private readonly finishHandler = (): void => this.finish();

  constructor(
    private readonly sim: Simulator,
    readonly port: number,
    readonly config: PortConfig,
    private readonly onTransmit: TransmitDone,
    /** Frames egress addressed to another port (egress-to-egress clones); dropped when absent. */
    private readonly redirect?: (frame: Frame) => void,
    private readonly observer?: EgressObserver,
  ) {
    if (!Number.isInteger(config.queues) || config.queues < 1)
      throw new Error(`bad queue count ${config.queues}`);
    if (!(config.rateBps > 0)) throw new Error(`bad line rate ${config.rateBps}`);
    if (!(config.bufferPackets >= 0)) throw new Error(`bad buffer size ${config.bufferPackets}`);
    this.queues = Array.from({ length: config.queues }, () => new WaitQueue());
    this.queueStats = Array.from({ length: config.queues }, () => new QueueStats());
    this.queueLast = new Array<Picoseconds>(config.queues).fill(0);
    this.overhead = config.framingOverheadBytes ?? 0;
    this.portScope = config.depthScope === 'port';
    this.queueCapacity = config.queueCapacity ?? Number.POSITIVE_INFINITY;
    this.egressAtEnqueue = config.egressAt === 'enqueue';
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
    const q = item.priority;
    const fifo = this.queues[q];
    if (fifo === undefined)
      throw new Error(`port ${this.port}: priority ${q} out of range 0..${this.queues.length - 1}`);
    const stats = this.queueStats[q]!;
    if (this.queued >= this.config.bufferPackets || fifo.length >= this.queueCapacity) {
      stats.tailDropped++;
      return false;
    }
    const enqDepth = this.portScope ? this.queued : fifo.length;
    if (this.egressAtEnqueue) {
      const admitted = this.admit(item, q, enqDepth);
      if (admitted === undefined) return true;
      item = admitted;
    }
    this.touchPort();
    this.touchQueue(q);
    fifo.push(item, this.sim.now, enqDepth);
    this.queued++;
    stats.enqueued++;
    if (fifo.length > stats.maxDepth) stats.maxDepth = fifo.length;
    if (!this.busy) this.serve();
    return true;
  }

  /** Egress on admission: the packet to queue (its frames already made), or undefined when egress dropped it. */
  private admit(item: Enqueued, q: number, enqDepth: number): Enqueued | undefined {
    const now = this.sim.now;
    const stats = this.queueStats[q]!;
    const us = toMicroseconds(now);
    const meta: QueueMetadata = {
      queueId: q,
      enqQdepth: enqDepth,
      deqQdepth: enqDepth,
      enqTimestampUs: us,
      deqTimedeltaUs: 0,
      enqTimePs: now,
      deqTimePs: now,
    };
    const frames = this.ownFrames(item.resume(meta));
    this.observer?.(item, meta, frames);
    if (frames.length > 0) return new ReadyPacket(this.port, q, frames);
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

  /** Close the time integrals at the current time (call before reading the areas at the end of a run). */
  account(): void {
    this.touchPort();
    for (let i = 0; i < this.queues.length; i++) this.touchQueue(i);
  }

  // The integrals are advanced lazily, each just before the quantity it integrates changes.
  private touchPort(): void {
    const now = this.sim.now;
    const dt = now - this.lastChange;
    if (dt > 0) {
      const ps = this.portStats;
      ps.queuedArea += this.queued * dt;
      ps.systemArea += (this.queued + this.onWire) * dt;
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

  /** Dequeue in strict priority until a packet goes on the wire or the queues are empty. */
  private serve(): void {
    const now = this.sim.now;
    for (;;) {
      let q = this.queues.length - 1;
      while (q >= 0 && this.queues[q]!.length === 0) q--;
      if (q < 0) return;
      this.touchPort();
      this.touchQueue(q);
      const fifo = this.queues[q]!;
      const item = fifo.shift();
      const enqTime = fifo.shiftedTime;
      this.queued--;
      const stats = this.queueStats[q]!;
      stats.dequeued++;
      stats.delays.add(now - enqTime);
      const enqUs = toMicroseconds(enqTime);
      const meta: QueueMetadata = {
        queueId: q,
        enqQdepth: fifo.shiftedDepth,
        deqQdepth: this.portScope ? this.queued : fifo.length,
        enqTimestampUs: enqUs,
        deqTimedeltaUs: toMicroseconds(now) - enqUs,
        enqTimePs: enqTime,
        deqTimePs: now,
      };
      const frames = this.ownFrames(item.resume(meta));
      if (this.observer && !(this.egressAtEnqueue && item instanceof ReadyPacket))
        this.observer(item, meta, frames);
      if (frames.length === 0) {
        stats.egressDropped++;
        continue;
      }
      let bytes = 0;
      for (const f of frames) bytes += f.data.length + this.overhead;
      stats.framesOut += frames.length;
      stats.bytesOut += bytes - this.overhead * frames.length;
      const duration = serializationPs(bytes, this.config.rateBps);
      this.busy = true;
      this.onWire = 1;
      // One transmission at a time per port, so its details live in fields rather than in a closure.
      this.txFrames = frames;
      this.txStart = now;
      this.txDuration = duration;
      this.txBytes = bytes - this.overhead * frames.length;
      this.sim.after(duration, this.finishHandler);
      return;
    }
  }

  private finish(): void {
    const frames = this.txFrames;
    const start = this.txStart;
    const duration = this.txDuration;
    this.txFrames = NO_FRAMES;
    this.touchPort();
    this.busy = false;
    this.onWire = 0;
    const ps = this.portStats;
    ps.busyPs += duration;
    ps.framesOut += frames.length;
    ps.bytesOut += this.txBytes;
    this.onTransmit(frames, start, start + duration);
    if (!this.busy) this.serve();
  }
}
