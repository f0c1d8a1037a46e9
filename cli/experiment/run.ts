// One run of an experiment: a configured fabric, the parameter-server workload over the configuration's
// transport, run to the end of its iterations, and what it measured.
import { concatSamples, nearestRank, selectKth, type SampleArray } from '../../target/tm/samples.js';
import { PS_PER_S, PS_PER_US } from '../../target/tm/time.js';
import type { Fabric } from '../../target/sim/fabric.js';
import type { LeafSpineLayout } from '../../target/sim/leaf-spine.js';
import { PsWorkload, type PsSpec } from '../../target/sim/transport/index.js';
import type { Experiment } from './config.js';
import { buildFabric } from './fabric.js';
import { policyFor, type ConfigurationName, type SwitchModel } from './policy.js';

export interface RunSpec {
  configuration: ConfigurationName;
  model: SwitchModel;
  lossy: boolean;
  /** MLT's loss-tolerant bound p; null for the TCP-like baseline, which needs every packet. */
  lossBound: number | null;
}

export interface GroupLoss {
  layers: string;
  queue: number;
  importantSent: number;
  importantLost: number;
  unimportantSent: number;
  unimportantLost: number;
}

export interface RunResult extends RunSpec {
  label: string;
  /** Iterations done, the running one by its share of transfers complete (= iterations when complete). */
  progress: number;
  iterationsUs: number[];
  iterationP50Us: number;
  iterationP99Us: number;
  /** Whether every iteration finished (a run that cannot finish is reported, not hidden). */
  complete: boolean;
  /** Why an incomplete run stopped: the bound it reached, or that it was abandoned; null when complete. */
  stoppedBy: StopReason | null;
  loss: GroupLoss[];
  /** Per queue id over every switch port: packets that waited in it, and their 99th-percentile wait. */
  queueDelay: { queue: number; packets: number; p99Us: number }[];
  /** Bytes on each leaf's spine links, max over mean, for the worst leaf (1 = perfectly even). */
  spineBalance: { up: number; down: number };
  retransmissions: number;
  timeouts: number;
  probes: number;
  probeTimeouts: number;
  switchHops: number;
  simulatedUs: number;
  /** Table entries the controller's push wrote over P4Runtime, over all switches. */
  entriesPushed: number;
  /** Wall time building the fabric and pushing its configuration, and in all. */
  setupMs: number;
  wallMs: number;
}

export type StopReason =
  'simulated time' | 'switch-hop budget' | 'switch-hop limit' | 'wall time' | 'abandoned';

export function runLabel(r: RunSpec): string {
  const name = r.configuration === 'baseline' ? 'baseline' : r.configuration === 'dlcp' ? 'DLCP' : 'MLT';
  const p = r.lossBound === null ? '' : ` p=${Math.round(r.lossBound * 100)}%`;
  return `${name} (${r.model})${r.lossy ? ' lossy' : ''}${p}`;
}

/** Every run of an experiment: the three configurations on the commodity model, MLT once more on bmv2. */
export function plannedRuns(exp: Experiment): RunSpec[] {
  const runs: RunSpec[] = [];
  const bounds = exp.raw.transports.mlt.lossBounds;
  const combos: [ConfigurationName, SwitchModel][] = [
    ['baseline', 'commodity'],
    ['dlcp', 'commodity'],
    ['mlt', 'commodity'],
    ['mlt', 'bmv2'],
  ];
  for (const [configuration, model] of combos)
    for (const lossy of [false, true]) {
      if (configuration === 'baseline') runs.push({ configuration, model, lossy, lossBound: null });
      else for (const p of bounds) runs.push({ configuration, model, lossy, lossBound: p });
    }
  return runs;
}

export function workloadSpec(
  exp: Experiment,
  run: RunSpec,
  layout: LeafSpineLayout,
  iterations: number,
): PsSpec {
  const baseline = run.configuration === 'baseline';
  const t = exp.raw.topology;
  const leafOf = (h: string): number => Number(/^h(\d+)\./.exec(h)![1]);
  const uplinks = Array.from({ length: t.spines }, (_, s) => [layout.leafUplinkPort(s)]);
  return {
    workers: exp.workers,
    servers: exp.servers,
    layerBytes: exp.layerBytes,
    // A TCP sender does not tag DSCP: everything shares queue 0, as the baseline's single queue.
    layerDscp: baseline ? exp.layerBytes.map(() => 0) : exp.layerDscp,
    layerGroup: exp.layerGroup,
    groups: exp.groups.length,
    smallFraction: exp.smallFraction,
    packetBytes: exp.raw.workload.packetBytes,
    // p4/mlt.p4 parses no further than UDP and the transports read only their trailer: nothing reads the
    // gradient bytes, so they are not written (up to a tenth of a run's time at the paper's scale).
    payload: 'unwritten',
    iterations,
    computeGapPs: exp.computeGapPs,
    seed: exp.raw.seed,
    transport: baseline
      ? {
          kind: 'tcp',
          rtoMinPs: exp.rtoMinPs,
          rtoMaxPs: exp.rtoMaxPs,
          initialWindow: exp.raw.transports.tcp.initialWindow,
          ackDscp: 0,
          // ECMP: one of the leaf's uplinks per connection; hosts under one leaf talk directly.
          paths: (src, dst) => (leafOf(src) === leafOf(dst) ? [] : uplinks),
        }
      : {
          kind: 'mlt',
          lossBound: run.lossBound ?? 0,
          probeTimeoutPs: exp.probeTimeoutPs,
          controlDscp: exp.controlDscp,
        },
  };
}

/** Simulated time a run may take per iteration before it is given up (a baseline iteration with a few RTOs
 *  takes tens of milliseconds). */
export const MAX_SIMULATED_PS_PER_ITERATION = 10 * PS_PER_S;

/**
 * A run is given up once its switches have handled this many times the switch-hops its gradients take on a
 * lossless fabric (every packet pushed and returned once over the longest path). Recovering from ordinary
 * loss costs a small multiple of that (about twice in the demo's worst run). A run that cannot finish would
 * otherwise go on to its simulated-time bound, which can take hours: with a link that drops everything, MLT's
 * round-robin spraying can send the same missing packet into it on every probe round.
 */
export const SWITCH_HOP_BUDGET = 20;

/** The switch-hops of a lossless run: every gradient packet out to its server and back over 3 switches. */
export function losslessSwitchHops(exp: Experiment, iterations: number): number {
  const switchesOnPath = exp.raw.topology.leaves > 1 ? 3 : 1;
  return exp.workers.length * exp.packetsPerWorker * 2 * switchesOnPath * iterations;
}

export interface RunOptions {
  iterations?: number;
  /** Called now and then with the iterations finished so far (the running one by its share done). */
  onProgress?: (iterationsDone: number) => void;
  /** Stop after this much wall-clock time (the run is then reported incomplete). */
  wallLimitMs?: number;
  /**
   * Stop once the switches have handled this many frames (checked every 200,000 events, so the work done is
   * the same on every machine): a fixed amount of work for benchmarks. The run is then reported incomplete.
   */
  switchHopLimit?: number;
  /** Asked with each progress call: true abandons the run at once (it is then reported incomplete). */
  abandoned?: () => boolean;
}

export async function runOne(exp: Experiment, spec: RunSpec, options: RunOptions = {}): Promise<RunResult> {
  const started = Date.now();
  const policy = policyFor(exp, spec.configuration, spec.lossy);
  const { built, push } = await buildFabric(exp, policy, spec.model, exp.raw.seed);
  const fabric = built.fabric;
  const iterations = options.iterations ?? exp.raw.workload.iterations;
  const workload = new PsWorkload(fabric, workloadSpec(exp, spec, built.layout!, iterations));
  workload.start();
  const setupMs = Date.now() - started;
  const progress = options.onProgress;
  const limit = options.wallLimitMs ?? Number.POSITIVE_INFINITY;
  const hopLimit = options.switchHopLimit ?? Number.POSITIVE_INFINITY;
  const hopBudget = SWITCH_HOP_BUDGET * losslessSwitchHops(exp, iterations);
  // A run that cannot finish (a fabric that drops everything) stops at a bound instead of hanging, and is
  // reported incomplete, with the bound it reached.
  let stoppedBy: StopReason | null = null;
  const stop = (reason: StopReason): void => {
    stoppedBy = reason;
    fabric.sim.stop();
  };
  fabric.sim.run({
    until: MAX_SIMULATED_PS_PER_ITERATION * iterations,
    onProgress: () => {
      progress?.(workload.progress);
      const hops = fabric.switchHops();
      if (options.abandoned?.()) stop('abandoned');
      else if (Date.now() - started > limit) stop('wall time');
      else if (hops >= hopLimit) stop('switch-hop limit');
      else if (hops >= hopBudget) stop('switch-hop budget');
    },
    progressEvery: 200_000,
  });
  if (!workload.finished && stoppedBy === null) stoppedBy = 'simulated time';
  const iterationsUs = workload.iterationPs.map((ps) => ps / PS_PER_US);
  const sorted = [...iterationsUs].sort((a, b) => a - b);
  const pick = (q: number): number => (sorted.length === 0 ? 0 : sorted[nearestRank(q, sorted.length) - 1]!);
  const st = workload.stats;
  const loss = exp.groups.map((g, i) => {
    const unSent = st.sent[2 * i]!;
    const imSent = st.sent[2 * i + 1]!;
    return {
      layers: g.first === g.last ? `${g.first}` : `${g.first}-${g.last}`,
      queue: g.queue,
      importantSent: imSent,
      importantLost: imSent - st.received[2 * i + 1]!,
      unimportantSent: unSent,
      unimportantLost: unSent - st.received[2 * i]!,
    };
  });
  return {
    ...spec,
    label: runLabel(spec),
    iterationsUs,
    iterationP50Us: pick(50),
    iterationP99Us: pick(99),
    complete: workload.finished,
    stoppedBy: workload.finished ? null : stoppedBy,
    progress: workload.progress,
    loss,
    queueDelay: queueDelays(fabric),
    spineBalance: spineBalance(fabric, exp.raw.topology.leaves),
    retransmissions: st.retransmissions,
    timeouts: st.timeouts,
    probes: st.probes,
    probeTimeouts: st.probeTimeouts,
    switchHops: fabric.switchHops(),
    // The end of the last iteration; the simulator's clock is left at the run's bound.
    simulatedUs: (workload.finishedPs ?? fabric.sim.now) / PS_PER_US,
    entriesPushed: push.reduce((n, r) => n + r.added + r.modified, 0),
    setupMs,
    wallMs: Date.now() - started,
  };
}

function queueDelays(fabric: Fabric): RunResult['queueDelay'] {
  const out: RunResult['queueDelay'] = [];
  const seen = new Set<string>();
  const perQueue = new Map<number, SampleArray[]>();
  for (const link of fabric.links) {
    if (!fabric.switches.has(link.from)) continue;
    const key = `${link.from}:${link.fromPort}`;
    if (seen.has(key)) continue;
    seen.add(key);
    link.egress.queueStats.forEach((q, id) => {
      if (q.delays.count === 0) return;
      let list = perQueue.get(id);
      if (!list) perQueue.set(id, (list = []));
      list.push(q.delays.values());
    });
  }
  for (const [queue, lists] of [...perQueue].sort((a, b) => b[0] - a[0])) {
    const all = concatSamples(lists);
    const n = all.length;
    // A selection, not a sort: at MLT §6.2's scale a queue id has about 10^8 samples.
    const p99 = selectKth(all, nearestRank(99, n) - 1, 0, n - 1);
    out.push({ queue, packets: n, p99Us: p99 / PS_PER_US });
  }
  return out;
}

function spineBalance(fabric: Fabric, leaves: number): RunResult['spineBalance'] {
  const worst = (dir: 'up' | 'down'): number => {
    let w = 1;
    for (let l = 0; l < leaves; l++) {
      const leaf = `leaf${l}`;
      const bytes = fabric.links
        .filter((k) =>
          dir === 'up'
            ? k.from === leaf && k.to.startsWith('spine')
            : k.to === leaf && k.from.startsWith('spine'),
        )
        .map((k) => k.egress.portStats.bytesOut);
      const mean = bytes.reduce((a, b) => a + b, 0) / bytes.length;
      if (mean > 0) w = Math.max(w, Math.max(...bytes) / mean);
    }
    return w;
  };
  return { up: worst('up'), down: worst('down') };
}
