// The three switch configurations compared, each as a controller policy (controller/policy's ResolvedPolicy,
// what a fabric file's `policy:` section resolves to): which queue each DSCP goes to, the per-queue model
// thresholds S and L, how the leaves spray, and the lossy link.
import { dscpForQueue, type ResolvedPolicy } from '../../controller/policy/index.js';
import { dlcpThresholds, solve } from '../../controller/solver/index.js';
import { DATA_QUEUES, QUEUES, type Experiment } from './config.js';

export type ConfigurationName = 'baseline' | 'dlcp' | 'mlt';
export type SwitchModel = 'commodity' | 'bmv2';

export const CONFIGURATIONS: readonly ConfigurationName[] = ['baseline', 'dlcp', 'mlt'];

/**
 * (a) baseline: no DSCP map (every packet in queue 0, mlt.p4's default), no thresholds (tail drop only); its
 *     hosts pick one path per connection, so the leaves' spray groups go unused.
 * (b) DLCP: DSCP 8q -> queue q, arithmetic thresholds T·(1, 1+d, ..., 1+6d) over the 7 data queues, the top
 *     queue for control, per-packet round-robin spraying.
 * (c) MLT: the same map and spraying, the solver's optimal thresholds for the model.
 */
export function policyFor(exp: Experiment, configuration: ConfigurationName, lossy: boolean): ResolvedPolicy {
  const t = exp.raw.topology;
  const loss = lossy
    ? [
        {
          switch: `leaf${exp.raw.lossyLink.leaf}`,
          port: t.hostsPerLeaf + 1 + exp.raw.lossyLink.spine,
          rate: exp.raw.lossyLink.lossRate,
        },
      ]
    : [];
  const policy: ResolvedPolicy = {
    queues: QUEUES,
    dscp: new Map(),
    thresholds: new Map(),
    spray: 'round-robin',
    loss,
  };
  if (configuration === 'baseline') return policy;
  for (let q = 0; q < QUEUES; q++) policy.dscp.set(dscpForQueue(q), q);
  const buffer = exp.raw.switch.bufferPackets;
  if (configuration === 'dlcp') {
    const { base, step } = exp.raw.configurations.dlcp;
    dlcpThresholds(DATA_QUEUES, buffer, { base, step }).forEach((th, rank) =>
      policy.thresholds.set(DATA_QUEUES - 1 - rank, th),
    );
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
    for (const q of solution.queues)
      if (q.role === 'data') policy.thresholds.set(q.queue, { S: q.S, L: q.L });
  }
  // The control queue has no thresholds, so it keeps mlt.p4's default (never marks or drops).
  return policy;
}
