// Traffic generators: timed packet injection at hosts. Each generator schedules only its next packet, so the
// event queue stays small however long the run, and each draws from its own random stream, so adding a flow
// to a scenario does not change the packets of the others.
import type { Rng } from '../tm/random.js';
import { serializationPs, type Picoseconds } from '../tm/time.js';
import type { Fabric } from './fabric.js';
import type { FlowStats } from './flows.js';
import { buildFrame, ECN_ECT0, ECN_NOT_ECT, frameFrom, type FrameSpec } from './frames.js';

export interface FlowSpec {
  name: string;
  src: string;
  dst: string;
  /** Whole frame size in bytes. */
  packetBytes: number;
  /**
   * Draw each frame's size instead: exponential with mean `exponential`, rounded, clamped to [min, max]
   * (so that service times are nearly exponential, as M/M/1 queueing models assume). The gaps are scaled by
   * the clamped distribution's mean, so `rateBps` stays the mean offered rate.
   */
  sizes?: { exponential: number; min: number; max: number };
  dscp: number;
  ecn: number;
  /** Mean offered rate in bits per second (frame bytes only). */
  rateBps: number;
  /** Fixed gaps, or exponential gaps with the same mean. */
  arrival: 'constant' | 'poisson';
  startPs: Picoseconds;
  /** No packet is sent at or after this time. */
  stopPs: Picoseconds;
  /** Stop after this many packets. */
  packets?: number;
  sourceRoute?: readonly number[];
  srcPort?: number;
  dstPort?: number;
}

/** Start one flow; its statistics fill in as the simulation runs. */
export function startFlow(fabric: Fabric, spec: FlowSpec, rng: Rng): FlowStats {
  const src = fabric.host(spec.src);
  const dst = fabric.host(spec.dst);
  const stats = fabric.flows.create(spec.name, spec.src, spec.dst);
  const sim = fabric.sim;
  const sizes = spec.sizes;
  if (sizes && !(sizes.exponential > 0 && sizes.min <= sizes.max))
    throw new Error(`${spec.name}: exponential sizes need a mean > 0 and min <= max`);
  // Mean of min(max(X, lo), hi) for X exponential with mean m: lo + m·(e^(-lo/m) - e^(-hi/m)).
  const meanBytes = sizes
    ? sizes.min +
      sizes.exponential *
        (Math.exp(-sizes.min / sizes.exponential) - Math.exp(-sizes.max / sizes.exponential))
    : spec.packetBytes;
  const meanGap = (meanBytes * 8 * 1e12) / spec.rateBps;
  const limit = spec.packets ?? Number.POSITIVE_INFINITY;
  let seq = 0;
  let carry = 0; // keeps constant-rate gaps exact on average despite rounding to picoseconds
  // One description per flow, updated for each packet (buildFrame keeps nothing of it).
  const frame: FrameSpec = {
    srcMac: src.mac,
    dstMac: dst.mac,
    srcIp: src.ip,
    dstIp: dst.ip,
    dscp: spec.dscp,
    ecn: spec.ecn,
    srcPort: spec.srcPort ?? 10000 + (stats.id % 50000),
    dstPort: spec.dstPort ?? 5000,
    bytes: spec.packetBytes,
    flowId: stats.id,
    seq: 0,
    sentPs: 0,
    sourceRoute: spec.sourceRoute,
  };
  const emit = (): void => {
    if (sim.now >= spec.stopPs || seq >= limit) return;
    if (sizes)
      frame.bytes = Math.min(sizes.max, Math.max(sizes.min, Math.round(rng.exponential(sizes.exponential))));
    frame.seq = seq;
    frame.sentPs = sim.now;
    const data = buildFrame(frame);
    seq++;
    stats.sent++;
    stats.sentBytes += data.length;
    if (stats.firstSentPs === Number.POSITIVE_INFINITY) stats.firstSentPs = sim.now;
    src.send(data);
    const exact = spec.arrival === 'constant' ? meanGap + carry : rng.exponential(meanGap);
    const gap = Math.max(1, Math.round(exact));
    if (spec.arrival === 'constant') carry = exact - gap;
    sim.after(gap, emit);
  };
  if (spec.startPs < spec.stopPs) sim.at(spec.startPs, emit);
  return stats;
}

export interface GradientSpec {
  name: string;
  workers: readonly string[];
  servers: readonly string[];
  /** Gradient bytes per layer, front (input side) to back. */
  layerBytes: readonly number[];
  packetBytes: number;
  /** Each worker's sending rate. */
  rateBps: number;
  startPs: Picoseconds;
  stopPs: Picoseconds;
  iterations: number;
  /** Pause between the end of one iteration's sending and the next (compute time). */
  iterationGapPs: Picoseconds;
  /** Queues per port (N) and whether the top one is kept for control traffic (then P = N-1 data queues). */
  queues: number;
  reserveTopQueue: boolean;
  /** DSCP to send with for each queue id (the switch's DSCP -> priority table maps it back). */
  dscpForQueue: readonly number[];
  /** Fraction θ of each layer's packets that carry small gradients (not ECN-capable, droppable). */
  unimportantFraction: number;
  /** Where a layer's gradients go: one server per layer, or sliced evenly over all servers. */
  sharding?: 'layer' | 'even';
}

/** Payload bytes a frame carries: everything after Ethernet, IPv4 and UDP headers. */
const HEADER_BYTES = 14 + 20 + 8;

/** The data queue of layer j of m: front layers get the highest queues (rank floor(j·P/M), rank 0 on top). */
export function queueOfLayer(j: number, m: number, queues: number, reserveTopQueue: boolean): number {
  const p = reserveTopQueue ? queues - 1 : queues;
  const top = p - 1;
  return top - Math.floor((j * p) / m);
}

/**
 * MLT's parameter-server pattern: every worker pushes each layer's gradients to the servers, back layers first
 * as backpropagation produces them, tagging each packet with its layer's DSCP and marking the large-gradient
 * ones ECN-capable. With `sharding: 'layer'` a layer lives on one server (j mod S), so all workers hit the same
 * server at once; with 'even' (the default) every layer is sliced over all servers, packet k of worker w going
 * to server (k + w) mod S, as PS systems shard large tensors. Returns one FlowStats per (worker, server).
 */
export function startGradients(fabric: Fabric, spec: GradientSpec, rng: Rng): FlowStats[] {
  const m = spec.layerBytes.length;
  if (m === 0) throw new Error(`${spec.name}: model has no layers`);
  if (spec.servers.length === 0 || spec.workers.length === 0)
    throw new Error(`${spec.name}: no workers or servers`);
  const payload = spec.packetBytes - HEADER_BYTES;
  const gap = serializationPs(spec.packetBytes, spec.rateBps);
  // The per-iteration schedule is the same for every worker: (layer, packets) back to front.
  const plan = spec.layerBytes
    .map((bytes, j) => ({
      j,
      packets: Math.ceil(bytes / payload),
      dscp: spec.dscpForQueue[queueOfLayer(j, m, spec.queues, spec.reserveTopQueue)] ?? 0,
    }))
    .reverse()
    .filter((l) => l.packets > 0);
  const serverCount = spec.servers.length;
  const all: FlowStats[] = [];
  const servers = spec.servers.map((s) => fabric.host(s));
  spec.workers.forEach((w, wi) => {
    const src = fabric.host(w);
    const flows = spec.servers.map((s) => fabric.flows.create(`${spec.name}:${w}->${s}`, w, s));
    all.push(...flows);
    const stream = rng.fork(wi);
    const sim = fabric.sim;
    let iteration = 0;
    let layer = 0;
    let inLayer = 0;
    let sentInIteration = 0;
    const even = (spec.sharding ?? 'even') === 'even';
    const seqs = new Array<number>(flows.length).fill(0);
    // One description per worker, updated for each packet (buildFrame keeps nothing of it).
    const frame: FrameSpec = frameFrom(src, spec.packetBytes, 6000);
    const emit = (): void => {
      if (sim.now >= spec.stopPs) return;
      const step = plan[layer]!;
      const si = (even ? sentInIteration + wi : step.j) % serverCount;
      sentInIteration++;
      const dst = servers[si]!;
      const flow = flows[si]!;
      frame.dstMac = dst.mac;
      frame.dstIp = dst.ip;
      frame.dscp = step.dscp;
      frame.ecn = stream.nextFloat() < spec.unimportantFraction ? ECN_NOT_ECT : ECN_ECT0;
      frame.srcPort = 20000 + step.j;
      frame.flowId = flow.id;
      frame.seq = seqs[si]!++;
      frame.sentPs = sim.now;
      const data = buildFrame(frame);
      flow.sent++;
      flow.sentBytes += data.length;
      if (flow.firstSentPs === Number.POSITIVE_INFINITY) flow.firstSentPs = sim.now;
      src.send(data);
      let wait = gap;
      if (++inLayer === step.packets) {
        inLayer = 0;
        if (++layer === plan.length) {
          layer = 0;
          sentInIteration = 0;
          if (++iteration === spec.iterations) return;
          wait += spec.iterationGapPs;
        }
      }
      sim.after(wait, emit);
    };
    if (plan.length > 0 && spec.iterations > 0) sim.at(spec.startPs, emit);
  });
  return all;
}
