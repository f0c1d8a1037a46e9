// `mlt solve --validate`, part 1: the experiment as a scenario in the documented scenario file format
// (configs/schemas/scenario.schema.json, what `mlt sim` reads). The controller meets the embedded target only
// through that format (docs/architecture.md), so this module builds plain data and knows nothing of the simulator.
//
// The experiment recreates the model's assumptions (docs/threshold-model.md) on one egress port of one switch running
// p4/mlt.p4: Poisson arrivals, exponentially distributed packet sizes (so service times are exponential), total
// offered load λ/μ = traffic.load, each data queue's share of the arrivals as the solver's layout assigns layers
// to queues, and a fraction θ of each queue's packets not ECN-capable. Each (queue, class) pair has its own
// sender on a link far faster than the bottleneck, so the bottleneck sees a superposition of independent
// Poisson streams, which is Poisson, with negligible distortion from the senders' own links.
import type { DataQueue, QueueLayout } from './layout.js';
import { effectiveThreshold, installedDepth } from './install.js';
import type { SolveProblem, Thresholds } from './types.js';

export { effectiveThreshold, installedDepth };

/** The subset of the scenario file format this module writes (structurally a `ScenarioFile`). */
export interface ValidationScenario {
  name: string;
  description: string;
  seed: number;
  duration: string;
  drain: boolean;
  switch: {
    model: 'commodity';
    queues: number;
    bufferPackets: number;
    framingOverhead: boolean;
    qdepth: 'queue';
    egressAt: EgressAt;
  };
  topology: {
    switches: string[];
    hosts: { name: string; ip: string }[];
    links: { a: string; b: string; rate: number }[];
  };
  pipeline: { p4: string };
  tables: {
    table: string;
    match: Record<string, number | string>;
    action: string;
    params: Record<string, number | string>;
  }[];
  traffic: {
    kind: 'flow';
    name: string;
    src: string;
    dst: string;
    rate: number;
    arrival: 'poisson';
    packetBytes: { exponential: number; min: number; max: number };
    dscp: number;
    ecn: 'not-ect' | 'ect0';
  }[];
  report: { queues: 'active'; flows: false };
}

/**
 * When the switch applies the thresholds. `enqueue`: on admission, so a dropped packet never occupies the
 * queue, as the model assumes. `dequeue`: bmv2's order (egress runs when the packet leaves the queue), so a
 * packet the thresholds will drop still waits in the queue and counts in later packets' enq_qdepth.
 */
export type EgressAt = 'enqueue' | 'dequeue';

export interface ValidationOptions {
  /** Path of p4/mlt.p4 (absolute, or relative to the scenario's directory). */
  p4: string;
  /** Expected packet arrivals at the bottleneck over the run. */
  packets: number;
  seed: number;
  egressAt?: EgressAt;
  /** Bottleneck line rate, bits per second; any value gives the same results in units of service times. */
  lineRateBps?: number;
}

/** Which sender is which: the traffic item names of one data queue's two classes. */
export interface QueueFlows {
  queue: number;
  /** Traffic item name of the queue's non-ECT (small, unimportant) packets, null when it sends none. */
  small: string | null;
  /** Traffic item name of the queue's ECT(0) (large, important) packets, null when it sends none. */
  large: string | null;
}

export interface ValidationPlan {
  scenario: ValidationScenario;
  switchName: string;
  bottleneckPort: number;
  lineRateBps: number;
  durationUs: number;
  /** Hosts whose links carry the offered traffic into the switch (for the measured load). */
  senders: string[];
  flows: QueueFlows[];
  /** The thresholds the model sees, per data queue, highest first (see `installedDepth`). */
  effective: Thresholds[];
  notes: string[];
}

/**
 * Packet sizes: exponential with this mean, rounded and clamped to [MIN, MAX] bytes (a frame must hold its
 * headers; the scenario format stops at 9216-byte jumbo frames). The clamp makes service only nearly
 * exponential: 6.2% of draws fall below 64 bytes and 1e-4 above 9216, so the squared coefficient of variation
 * of the service time is 0.99 instead of 1. (With a 1500-byte mean and a 9000-byte cap it was 0.97, which
 * measurably lowered deep-buffer losses.) The simulator scales the gaps by the clamped mean, so the load is exact.
 */
export const MEAN_PACKET_BYTES = 1000;
export const MIN_PACKET_BYTES = 64;
export const MAX_PACKET_BYTES = 9216;

const SWITCH = 's1';
const BOTTLENECK_PORT = 1;
const RECEIVER_IP = '10.0.0.1';
/** Sender links are this many times the bottleneck's rate, so their own queueing barely shapes arrivals. */
const SENDER_SPEEDUP = 100;

/** DSCP that selects queue q (the same convention as the scenario format's gradient traffic). */
export function dscpForQueue(q: number): number {
  return Math.min(63, 8 * q);
}

/** Table entries, traffic and topology for validating `thresholds` (one per data queue, highest first). */
export function validationScenario(
  problem: SolveProblem,
  layout: QueueLayout,
  thresholds: Thresholds[],
  options: ValidationOptions,
): ValidationPlan {
  if (!(problem.load > 0))
    throw new RangeError('--validate needs traffic.load > 0 (there is nothing to send)');
  if (!(Number.isInteger(options.packets) && options.packets >= 1))
    throw new RangeError('--packets must be a positive integer');
  if (problem.queues > 8) throw new RangeError('p4/mlt.p4 has 8 priority queues (switch.queues <= 8)');
  const lineRateBps = options.lineRateBps ?? 10e9;
  const theta = problem.smallFraction;
  const notes: string[] = [];

  // Duration: `packets` expected arrivals at the total rate λ = load·μ, μ = line rate / mean packet bits.
  const meanBits = 8 * clampedExponentialMean(MEAN_PACKET_BYTES, MIN_PACKET_BYTES, MAX_PACKET_BYTES);
  const lambda = (problem.load * lineRateBps) / meanBits; // packets per second
  const durationUs = Math.ceil((options.packets / lambda) * 1e6);

  const hosts: { name: string; ip: string }[] = [{ name: 'rx', ip: RECEIVER_IP }];
  const links: ValidationScenario['topology']['links'] = [
    { a: `${SWITCH}:${BOTTLENECK_PORT}`, b: 'rx', rate: lineRateBps },
  ];
  const traffic: ValidationScenario['traffic'] = [];
  const flows: QueueFlows[] = [];
  const senders: string[] = [];
  const addSender = (q: DataQueue, cls: 'small' | 'large', fraction: number): string | null => {
    if (q.arrival === 0 || fraction === 0) return null;
    const name = `q${q.queue}-${cls}`;
    const port = BOTTLENECK_PORT + 1 + senders.length;
    senders.push(name);
    hosts.push({ name, ip: `10.0.1.${senders.length}` });
    links.push({ a: `${SWITCH}:${port}`, b: name, rate: SENDER_SPEEDUP * lineRateBps });
    traffic.push({
      kind: 'flow',
      name,
      src: name,
      dst: 'rx',
      // q.arrival = λ_i/μ, so this class offers fraction · λ_i/μ of the line rate.
      rate: fraction * q.arrival * lineRateBps,
      arrival: 'poisson',
      packetBytes: { exponential: MEAN_PACKET_BYTES, min: MIN_PACKET_BYTES, max: MAX_PACKET_BYTES },
      dscp: dscpForQueue(q.queue),
      ecn: cls === 'small' ? 'not-ect' : 'ect0',
    });
    return name;
  };

  const tables: ValidationScenario['tables'] = [
    {
      table: 'MLTIngress.ipv4_route',
      match: { 'hdr.ipv4.dst_addr': `${RECEIVER_IP}/32` },
      action: 'MLTIngress.route_to_port',
      params: { port: BOTTLENECK_PORT },
    },
  ];
  const effective: Thresholds[] = [];
  layout.data.forEach((q, i) => {
    const { S, L } = thresholds[i]!;
    flows.push({
      queue: q.queue,
      small: addSender(q, 'small', theta),
      large: addSender(q, 'large', 1 - theta),
    });
    tables.push(
      {
        table: 'MLTIngress.dscp_to_priority',
        match: { 'hdr.ipv4.dscp': dscpForQueue(q.queue) },
        action: 'MLTIngress.set_priority',
        params: { priority: q.queue },
      },
      {
        table: 'MLTEgress.queue_thresholds',
        match: { 'standard_metadata.egress_port': BOTTLENECK_PORT, 'standard_metadata.priority': q.queue },
        action: 'MLTEgress.set_thresholds',
        params: { s_threshold: installedDepth(S), l_threshold: installedDepth(L) },
      },
    );
    const eff = { S: effectiveThreshold(S), L: effectiveThreshold(L) };
    if (eff.S !== S || eff.L !== L)
      notes.push(
        `queue ${q.queue}: a threshold of 1 cannot be installed exactly (enq_qdepth does not count the ` +
          `packet on the wire); installed enq_qdepth >= 1, which is model threshold 2, and predicted with S=${eff.S}, L=${eff.L}`,
      );
    effective.push(eff);
  });
  // The reserved control queue carries nothing here; p4/mlt.p4's default thresholds never trigger.

  const egressAt = options.egressAt ?? 'enqueue';
  const scenario: ValidationScenario = {
    name: 'mlt-solve-validate',
    description:
      'mlt solve --validate: Poisson arrivals with exponential sizes into one port running p4/mlt.p4 with ' +
      'the solved thresholds',
    seed: options.seed,
    duration: `${durationUs}us`,
    drain: true,
    switch: {
      model: 'commodity',
      queues: problem.queues,
      // The model bounds Σ L_i (packets including the one in service) by B; the port counts only waiting
      // packets, and the installed limits (L_i - 1 each) keep those below B, so tail drop never adds loss
      // the model does not have (except with egressAt: dequeue, where dropped packets still wait).
      bufferPackets: problem.bufferPackets,
      framingOverhead: false,
      qdepth: 'queue',
      egressAt,
    },
    topology: { switches: [SWITCH], hosts, links },
    pipeline: { p4: options.p4 },
    tables,
    traffic,
    report: { queues: 'active', flows: false },
  };
  return {
    scenario,
    switchName: SWITCH,
    bottleneckPort: BOTTLENECK_PORT,
    lineRateBps,
    durationUs,
    senders,
    flows,
    effective,
    notes,
  };
}

/** Mean of min(max(X, lo), hi) for X exponential with mean m. */
export function clampedExponentialMean(m: number, lo: number, hi: number): number {
  return lo + m * (Math.exp(-lo / m) - Math.exp(-hi / m));
}
