// The two kinds of node in a fabric. A switch runs its own pipeline instance with its own traffic manager; a
// host is a NIC (one FIFO at the link rate, bounded only against traffic that outruns it for good) that sends
// what generators give it and counts what it receives.
import { EgressPort, type TransmitStart } from '../tm/egress-port.js';
import type { Enqueued, Frame, IngressSink, QueueMetadata } from '../tm/seam.js';
import type { Simulator } from '../tm/simulator.js';
import type { Queueing, SwitchModelName } from '../tm/switch-model.js';
import { TrafficManager } from '../tm/traffic-manager.js';
import { freeFrame } from '../engine/packet.js';
import { ECN_CE, ecnOf, MIN_FRAME_BYTES, trailerFlowId, trailerSentPs } from './frames.js';
import type { FlowRegistry } from './flows.js';
import type { SimPipeline } from './pipeline.js';

/** Where a port's wire leads: called with the frames of each transmission as it begins (see TransmitStart). */
export type Wire = TransmitStart;

export interface FabricNode {
  readonly name: string;
  receive(port: number, data: Uint8Array): void;
}

/** A switch's ports: their queues, and the switch model whose queueing they follow, with any overrides. */
export interface SwitchConfig extends Partial<Queueing> {
  queues: number;
  framingOverheadBytes: number;
  model: SwitchModelName;
}

export class SwitchNode implements FabricNode {
  readonly tm: TrafficManager;
  /** Packets that arrived already CE-marked, until egress has run for them (rare, so a set is cheap). */
  private readonly arrivedMarked = new Set<Enqueued>();
  /** Frames received, and frames for which ingress produced nothing. */
  received = 0;
  ingressDropped = 0;
  /** ECN CE marks applied here (frames that arrived without CE and left with it), by port and queue. */
  private readonly ceMarks = new Map<number, number>();

  constructor(
    readonly name: string,
    private readonly sim: Simulator,
    readonly pipeline: SimPipeline,
    readonly config: SwitchConfig,
  ) {
    this.tm = new TrafficManager(
      sim,
      // Every port gets its own wire in attach(); a port configured without one leads nowhere.
      () => undefined,
      (item, meta, frames) => this.afterEgress(item, meta, frames),
    );
    pipeline.attach?.({
      enqueue: (item) => {
        this.tm.enqueue(item);
      },
      reingest: (port, data, recirculated) => this.receive(port, data, recirculated),
    });
  }

  attach(port: number, rateBps: number, wire: Wire): void {
    this.tm.addPort(
      port,
      {
        ...this.config,
        rateBps,
      },
      // Straight onto the wire: this runs once per hop, so no detour through the port table.
      wire,
    );
  }

  receive(port: number, data: Uint8Array, recirculated?: unknown): void {
    this.received++;
    // Egress may recirculate into a nested receive() while the sink runs: each call keeps the outer state.
    const outerCe = this.arrivingCe;
    const outerQueued = this.queuedByIngress;
    const tally = this.tm.tally;
    const acceptedBefore = tally.accepted;
    const nested = this.receiving++ > 0;
    // Read before ingress: a pipeline may rewrite the frame in place.
    this.arrivingCe = ecnOf(data) === ECN_CE;
    this.queuedByIngress = 0;
    this.pipeline.ingress(port, data, this.sim.now, this.sink, recirculated);
    if (this.queuedByIngress === 0) this.ingressDropped++;
    this.arrivingCe = outerCe;
    this.queuedByIngress = outerQueued;
    this.receiving--;
    // Nothing of this frame went into a queue or onto a wire (dropped in ingress, at a full queue or by egress on
    // admission, recirculated copies included): its memory is free. A packet whose egress is still to run
    // (bmv2's model) is queued with its frame, so that is kept.
    if (tally.accepted === acceptedBefore && !nested) freeFrame(data);
  }

  /** receive() calls under way (more than one while egress recirculates into ingress). */
  private receiving = 0;
  /** The packet in ingress: whether it arrived CE-marked, and how many packets ingress has queued for it. */
  private arrivingCe = false;
  private queuedByIngress = 0;
  private readonly sink: IngressSink = (item) => {
    this.queuedByIngress++;
    const ce = this.arrivingCe;
    if (ce) this.arrivedMarked.add(item);
    if (!this.tm.enqueue(item) && ce) this.arrivedMarked.delete(item);
  };

  /** ECN CE marks this switch applied to frames leaving `port` from queue `queue`. */
  ecnMarked(port: number, queue: number): number {
    return this.ceMarks.get(markKey(port, queue)) ?? 0;
  }

  /** Called by the traffic manager after egress: count a CE mark applied here (left with CE, came without). */
  private afterEgress(item: Enqueued, meta: QueueMetadata, frames: Frame[]): void {
    const wasMarked = this.arrivedMarked.size > 0 && this.arrivedMarked.delete(item);
    if (wasMarked) return;
    for (const f of frames) {
      if (ecnOf(f.data) === ECN_CE) {
        const key = markKey(item.egressPort, meta.queueId);
        this.ceMarks.set(key, (this.ceMarks.get(key) ?? 0) + 1);
      }
    }
  }
}

/** A number, not a string: the key is made for every CE-marked frame. Queue ids stay below 2^16. */
function markKey(port: number, queue: number): number {
  return port * 0x10000 + queue;
}

/**
 * Frames a host's NIC may hold before its traffic counts as outrunning the link (a run stops there): 79 ms
 * of sending at 10 Gb/s, 7.9 ms at 100 Gb/s, about 100 MB of 1500-byte frames.
 */
export const MAX_NIC_BACKLOG = 2 ** 16;

export class HostNode implements FabricNode {
  nic: EgressPort | undefined;
  received = 0;
  receivedBytes = 0;
  /** Frames that carried no trailer of a known flow. */
  unknownFrames = 0;
  /**
   * A host transport (target/sim/transport/) that takes every frame this host receives, instead of the
   * per-flow counting of traffic generators. It owns the frame from then on (see freeFrame).
   */
  transport: ((data: Uint8Array) => void) | undefined;

  constructor(
    readonly name: string,
    readonly ip: number,
    readonly mac: number,
    private readonly sim: Simulator,
    private readonly flows: FlowRegistry,
  ) {}

  attach(rateBps: number, framingOverheadBytes: number, wire: Wire): void {
    // A NIC is one FIFO paced at the line rate that the host's generators fill as fast as they like: it drops
    // nothing (send() bounds it), and nothing runs at dequeue.
    this.nic = new EgressPort(
      this.sim,
      0,
      {
        queues: 1,
        rateBps,
        bufferPackets: Number.POSITIVE_INFINITY,
        queueCapacity: Number.POSITIVE_INFINITY,
        framingOverheadBytes,
      },
      wire,
    );
  }

  send(data: Uint8Array): void {
    if (!this.nic) throw new Error(`host ${this.name} is not connected`);
    // The queue holds bursts faster than the link of any size a scenario gives; traffic that outruns the link
    // for good would fill memory instead, so it stops the run with what is wrong.
    if (this.nic.depth >= MAX_NIC_BACKLOG)
      throw new Error(
        `host ${this.name}: ${MAX_NIC_BACKLOG} frames are waiting for its NIC: its traffic offers more than ` +
          `its link carries (${this.nic.config.rateBps / 1e9} Gb/s) for longer than a burst`,
      );
    this.nic.enqueueFrame(data);
  }

  receive(_port: number, data: Uint8Array): void {
    this.received++;
    this.receivedBytes += data.length;
    if (this.transport !== undefined) {
      this.transport(data);
      return;
    }
    // The trailer's fields read in place (trailerOf would allocate an object per packet).
    const flow = data.length >= MIN_FRAME_BYTES ? this.flows.get(trailerFlowId(data)) : undefined;
    if (!flow) {
      this.unknownFrames++;
      return;
    }
    const now = this.sim.now;
    flow.received++;
    flow.receivedBytes += data.length;
    if (ecnOf(data) === ECN_CE) flow.ceMarked++;
    this.flows.logLatency(flow.id, now - trailerSentPs(data));
    flow.lastReceivedPs = now;
    // A host is a frame's last stop: its memory can carry another frame.
    freeFrame(data);
  }
}
