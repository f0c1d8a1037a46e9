// The contract between a packet pipeline and the traffic manager, mirroring where bmv2's simple_switch puts its
// queues: ingress decides an egress port and a priority, the packet waits in that port's queue of that priority,
// and egress runs when the packet is dequeued (or on admission, under the commodity switch model), with the
// queueing metadata filled in. Anything that can
// split its processing at that point (the v1model engine through an adapter, or a plain TypeScript function in
// tests) can be driven by the traffic manager.
import type { Picoseconds } from './time.js';

/** bmv2's queueing metadata for one packet, plus the exact virtual times behind it. */
export interface QueueMetadata {
  /** The priority queue the packet waited in (bmv2: the priority it left ingress with). */
  queueId: number;
  /**
   * Packets already queued when the packet was enqueued, not counting it: at the whole egress port (bmv2), or
   * in the packet's own priority queue (the commodity switch model), see switch-model.ts.
   */
  enqQdepth: number;
  /** Packets left queued (port or queue, as enqQdepth) right after this one was dequeued. */
  deqQdepth: number;
  /** Enqueue time in whole microseconds since the start of the run (standard_metadata.enq_timestamp). */
  enqTimestampUs: number;
  /** Whole microseconds spent queued (standard_metadata.deq_timedelta). */
  deqTimedeltaUs: number;
  enqTimePs: Picoseconds;
  deqTimePs: Picoseconds;
}

/**
 * A frame leaving a switch or host port. Once on the wire its bytes belong to the receiving node, which may
 * rewrite them in place (a switch deparses into the frame it received): keep a copy to inspect it later.
 */
export interface Frame {
  port: number;
  data: Uint8Array;
}

/**
 * One packet handed from ingress to the traffic manager (a packet may produce several, e.g. multicast). Once
 * resume() has returned, the pipeline may use the same object for a later packet.
 */
export interface Enqueued {
  egressPort: number;
  priority: number;
  /**
   * Run the rest of the pipeline (egress, deparse) at dequeue time. An empty result means egress dropped it.
   * The array and its Frame objects may be the pipeline's own, reused by its next call: copy what you keep
   * (the bytes themselves are the receiver's, see Frame).
   */
  resume(meta: QueueMetadata): Frame[];
}

/** Where ingress hands each packet it queues. */
export type IngressSink = (item: Enqueued) => void;

export interface PipelineSeam {
  /**
   * Parse and run ingress for a packet arriving on `port` at virtual time `now`, handing each packet to queue
   * to `enqueue` (none when ingress dropped it). Ingress is finished, resubmissions included, before the
   * first packet is handed over: the sink may run egress at once. `recirculated` is what the pipeline handed
   * its switch with a packet to recirculate (see PipelineHooks.reingest), undefined for a packet off the wire.
   */
  ingress(
    port: number,
    data: Uint8Array,
    now: Picoseconds,
    enqueue: IngressSink,
    recirculated?: unknown,
  ): void;
}

/** A packet whose egress is already decided: resuming it just returns its frames. */
export class ReadyPacket implements Enqueued {
  constructor(
    readonly egressPort: number,
    readonly priority: number,
    private readonly frames: Frame[],
  ) {}

  resume(): Frame[] {
    return this.frames;
  }
}
