// The three switch configurations compared, as the operator states them: which queue each DSCP goes to, the
// per-queue thresholds S and L, how packets are spread over the spines, and the lossy link.
import { dlcpThresholds, solve } from '../../controller/solver/index.js';
import { CONTROL_QUEUE, DATA_QUEUES, QUEUES, dscpOfQueue, type Experiment } from './config.js';

export type ConfigurationName = 'baseline' | 'dlcp' | 'mlt';
export type SwitchModel = 'commodity' | 'bmv2';

export interface QueueThresholds {
  queue: number;
  /** Model thresholds in packets (what the solver or DLCP state); Infinity = never. */
  S: number;
  L: number;
}

export interface Policy {
  configuration: ConfigurationName;
  /** DSCP -> priority entries; empty = every packet in queue 0 (mlt.p4's default). */
  dscpToPriority: { dscp: number; priority: number }[];
  thresholds: QueueThresholds[];
  /** Per-packet round-robin spraying at the leaves; off = the hosts pick one path per flow. */
  spray: boolean;
  lossyLink: { leaf: number; spine: number; lossRate: number } | null;
}

export const CONFIGURATIONS: readonly ConfigurationName[] = ['baseline', 'dlcp', 'mlt'];

export function policyFor(exp: Experiment, configuration: ConfigurationName, lossy: boolean): Policy {
  const lossyLink = lossy ? { ...exp.raw.lossyLink } : null;
  if (configuration === 'baseline')
    return { configuration, dscpToPriority: [], thresholds: [], spray: false, lossyLink };
  const dscpToPriority = Array.from({ length: QUEUES }, (_, q) => ({ dscp: dscpOfQueue(q), priority: q }));
  const buffer = exp.raw.switch.bufferPackets;
  let thresholds: QueueThresholds[];
  if (configuration === 'dlcp') {
    const { base, step } = exp.raw.configurations.dlcp;
    // Highest data queue first, as DLCP lists them.
    thresholds = dlcpThresholds(DATA_QUEUES, buffer, { base, step }).map((t, rank) => ({
      queue: DATA_QUEUES - 1 - rank,
      S: t.S,
      L: t.L,
    }));
  } else {
    const c = exp.raw.configurations.mlt;
    const solution = solve(
      {
        queues: QUEUES,
        reserveControlQueue: true,
        bufferPackets: buffer,
        load: c.load,
        smallFraction: exp.smallFraction,
        layers: exp.layers,
      },
      { model: c.lossModel },
    );
    thresholds = solution.queues
      .filter((q) => q.role === 'data')
      .map((q) => ({ queue: q.queue, S: q.S, L: q.L }));
  }
  // The control queue never marks or drops (DLCP §4.2: it carries the transports' control signals).
  thresholds.push({ queue: CONTROL_QUEUE, S: Number.POSITIVE_INFINITY, L: Number.POSITIVE_INFINITY });
  return { configuration, dscpToPriority, thresholds, spray: true, lossyLink };
}

const NEVER = 0xffffffff;

/**
 * The value installed in MLTEgress.queue_thresholds for a model threshold T. The models count the packet in
 * service as part of the queue; enq_qdepth leaves out the packet on the wire, so T becomes T − 1 (the
 * convention of `mlt solve --validate`). Infinity means never.
 */
export function installedThreshold(t: number): number {
  return Number.isFinite(t) ? Math.min(NEVER, Math.max(0, Math.round(t) - 1)) : NEVER;
}

/** MLTEgress.port_loss_rate's rate for a probability: floor(p·2^32), saturated (p4/mlt.p4's header). */
export function lossRateValue(p: number): number {
  return Math.min(NEVER, Math.floor(p * 2 ** 32));
}
