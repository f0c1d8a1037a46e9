// Running a scenario: build the fabric it describes, give each switch its own pipeline instance with its own
// tables, start the traffic, run to `duration` (then drain), and report.
import { dirname, resolve } from 'node:path';
import type { ControlPlane } from '../engine/control-plane-api.js';
import { DEFAULT_QUEUES } from '../tm/egress-port.js';
import { Rng } from '../tm/random.js';
import {
  DEFAULT_SWITCH_MODEL,
  resolveQueueing,
  type Queueing,
  type SwitchModelName,
} from '../tm/switch-model.js';
import { MAX_EXACT_PS, parseDuration, parseRate, type Picoseconds } from '../tm/time.js';
import { BuiltinRouter, type Route } from './builtin-router.js';
import { engineFactory } from './engine-pipeline.js';
import { Fabric } from './fabric.js';
import type { FlowStats } from './flows.js';
import { ECN_CE, ECN_ECT0, ECN_ECT1, ECN_NOT_ECT, ipv4 } from './frames.js';
import { expandTopology, TopologyError } from '../../topology/index.js';
import { buildLeafSpine, buildTopology, leafSpineRoutes, type LeafSpineLayout } from './leaf-spine.js';
import type { SwitchConfig } from './nodes.js';
import type { SimPipeline } from './pipeline.js';
import { buildReport, type Report } from './report.js';
import {
  readGradientProfile,
  readScenario,
  type Ecn,
  type LinkSpecFile,
  type ScenarioFile,
  type TrafficFile,
} from './scenario-file.js';
import { expandEntries, installEntries, selectNames } from './table-entries.js';
import { startFlow, startGradients } from './traffic.js';

/** A P4 pipeline instance the runner can program: the seam plus its control-plane face. */
export interface ProgrammablePipeline extends SimPipeline {
  readonly controlPlane: ControlPlane;
}

/** Makes one independent pipeline instance per switch from a P4 source file. */
export type P4PipelineFactory = (sourceFile: string) => (seed: number) => ProgrammablePipeline;

export interface ScenarioOptions {
  /** How to instantiate `pipeline.p4` programs; the embedded v1model engine by default. */
  p4?: P4PipelineFactory;
  /** Progress callback: virtual time reached, the scenario's duration (both in picoseconds), events run. */
  onProgress?: (nowPs: number, durationPs: number, events: number) => void;
}

export interface BuiltScenario {
  fabric: Fabric;
  layout?: LeafSpineLayout;
  durationPs: Picoseconds;
  traffic: { name: string; kind: string; flows: FlowStats[] }[];
  pipeline: string;
  /** The switch model every switch runs, and its behaviour with the scenario's overrides applied. */
  switchModel: SwitchModelName;
  queueing: Queueing;
}

const ECN_NAMES: Record<string, number> = {
  'not-ect': ECN_NOT_ECT,
  ect0: ECN_ECT0,
  ect1: ECN_ECT1,
  ce: ECN_CE,
};

function ecnValue(e: Ecn | undefined): number {
  return e === undefined ? ECN_NOT_ECT : typeof e === 'number' ? e : ECN_NAMES[e]!;
}

function link(spec: LinkSpecFile): { rateBps: number; delayPs: number } {
  return { rateBps: parseRate(spec.rate), delayPs: spec.delay === undefined ? 0 : parseDuration(spec.delay) };
}

/** Build the fabric and traffic of a scenario without running it. */
export function buildScenario(scn: ScenarioFile, file: string, options: ScenarioOptions = {}): BuiltScenario {
  const baseDir = dirname(resolve(file));
  const seed = scn.seed ?? 1;
  const master = new Rng(seed);
  const sw = scn.switch ?? {};
  const fabric = new Fabric(sw.framingOverhead ? 20 : 0);
  const model = sw.model ?? DEFAULT_SWITCH_MODEL;
  const switchConfig: Partial<SwitchConfig> & { queues: number } = {
    queues: sw.queues ?? DEFAULT_QUEUES,
    model,
    bufferPackets: sw.bufferPackets,
    depthScope: sw.qdepth,
    queueCapacity: sw.queueCapacity,
    egressAt: sw.egressAt,
  };
  const queueing = resolveQueueing(model, switchConfig);
  const durationPs = parseDuration(scn.duration);
  if (!(durationPs <= MAX_EXACT_PS))
    throw new Error(`duration: ${scn.duration} is beyond the simulator's clock (2^53 ps, about 2.5 hours)`);

  // Pipelines: one instance per switch, made in a fixed order so that seeds do not depend on timing.
  let pipelineName: string;
  let makePipeline: (name: string, index: number, routes: () => Route[]) => SimPipeline;
  const programmed = new Map<string, ProgrammablePipeline>();
  if ('p4' in scn.pipeline) {
    const source = resolve(baseDir, scn.pipeline.p4);
    const factory = (options.p4 ?? engineFactory(switchConfig.queues))(source);
    pipelineName = scn.pipeline.p4;
    makePipeline = (name, index) => {
      const p = factory((seed * 7919 + index * 104729) >>> 0);
      programmed.set(name, p);
      return p;
    };
  } else {
    const b = scn.pipeline.builtin;
    const dscpToPriority = new Array<number>(64).fill(0);
    for (const [d, p] of Object.entries(b.dscpToPriority ?? {})) dscpToPriority[Number(d)] = p;
    const spray = b.spray ?? 'round-robin';
    pipelineName = `builtin router (${spray})`;
    makePipeline = (_name, index, routes) =>
      new BuiltinRouter({ routes: routes(), spray, dscpToPriority, seed: (seed + index * 7919) >>> 0 });
  }

  let layout: LeafSpineLayout | undefined;
  if ('leafSpine' in scn.topology) {
    const t = scn.topology.leafSpine;
    let index = 0;
    layout = buildLeafSpine(
      fabric,
      {
        spines: t.spines,
        leaves: t.leaves,
        hostsPerLeaf: t.hostsPerLeaf,
        hostLink: link(t.link),
        fabricLink: link(t.fabricLink ?? t.link),
        switchConfig,
      },
      (role, i, lay) =>
        makePipeline(role === 'leaf' ? lay.leafName(i) : lay.spineName(i), index++, () =>
          leafSpineRoutes(lay, role, i),
        ),
    );
  } else {
    const routes = 'builtin' in scn.pipeline ? (scn.pipeline.builtin.routes ?? {}) : {};
    let topology;
    try {
      topology = expandTopology(scn.topology).topology;
    } catch (e) {
      if (!(e instanceof TopologyError)) throw e;
      throw new Error(
        `topology${e.path.map((x) => (typeof x === 'number' ? `[${x}]` : `.${x}`)).join('')}: ${e.message}`,
        {
          cause: e,
        },
      );
    }
    buildTopology(
      fabric,
      { ...topology, links: topology.links.map((l) => ({ ...l, props: link(l.props) })) },
      (n, i) => {
        const r = (routes[n.name] ?? []).map((x) => {
          const [p, len] = x.prefix.split('/');
          return { prefix: ipv4(p!), prefixLen: Number(len), ports: x.ports };
        });
        return makePipeline(n.name, i, () => r);
      },
      switchConfig,
    );
  }

  // Table entries, switch by switch (a scenario's fabric: arrives here already resolved into entries).
  if (programmed.size > 0) {
    const names = [...fabric.switches.keys()];
    const entries = expandEntries(scn.tables ?? [], names);
    for (const name of names)
      installEntries(programmed.get(name)!.controlPlane, entries.get(name) ?? [], name);
  } else if ((scn.tables ?? []).length > 0) {
    throw new Error('tables: entries need a P4 pipeline (the builtin router has no tables)');
  }

  const traffic = scn.traffic.map((t, i) =>
    startTraffic(fabric, t, i, master.fork(i), durationPs, baseDir, switchConfig.queues),
  );
  return { fabric, layout, durationPs, traffic, pipeline: pipelineName, switchModel: model, queueing };
}

function startTraffic(
  fabric: Fabric,
  t: TrafficFile,
  i: number,
  rng: Rng,
  durationPs: Picoseconds,
  baseDir: string,
  queues: number,
): { name: string; kind: string; flows: FlowStats[] } {
  const hostNames = [...fabric.hosts.keys()];
  const name = t.name ?? `${t.kind}${i}`;
  const where = `traffic[${i}] (${name})`;
  const hostRate = (h: string): number => fabric.host(h).nic?.config.rateBps ?? 0;
  const start = (s: string | undefined): Picoseconds => (s === undefined ? 0 : parseDuration(s));
  const one = (h: string): string => {
    if (!fabric.hosts.has(h)) throw new Error(`${where}: no host named '${h}'`);
    return h;
  };
  const some = (p: string | string[]): string[] => {
    try {
      return selectNames(p, hostNames, 'host');
    } catch (err) {
      throw new Error(`${where}: ${(err as Error).message}`, { cause: err });
    }
  };
  switch (t.kind) {
    case 'flow': {
      const sizes =
        typeof t.packetBytes === 'object'
          ? {
              exponential: t.packetBytes.exponential,
              min: t.packetBytes.min ?? 64,
              max: t.packetBytes.max ?? 9000,
            }
          : undefined;
      const f = startFlow(
        fabric,
        {
          name,
          src: one(t.src),
          dst: one(t.dst),
          packetBytes: typeof t.packetBytes === 'number' ? t.packetBytes : 1500,
          sizes,
          dscp: t.dscp ?? 0,
          ecn: ecnValue(t.ecn),
          rateBps: parseRate(t.rate),
          arrival: t.arrival ?? 'constant',
          startPs: start(t.start),
          stopPs: Math.min(durationPs, t.stop === undefined ? durationPs : parseDuration(t.stop)),
          packets: t.packets,
          sourceRoute: t.sourceRoute,
        },
        rng,
      );
      return { name, kind: t.kind, flows: [f] };
    }
    case 'incast': {
      const receiver = one(t.receiver);
      const flows = some(t.senders)
        .filter((s) => s !== receiver)
        .map((s, k) =>
          startFlow(
            fabric,
            {
              name: `${name}:${s}`,
              src: s,
              dst: receiver,
              packetBytes: t.packetBytes ?? 1500,
              dscp: t.dscp ?? 0,
              ecn: ecnValue(t.ecn),
              rateBps: t.rate === undefined ? hostRate(s) : parseRate(t.rate),
              arrival: 'constant',
              startPs: start(t.start),
              stopPs: durationPs,
              packets: t.packets,
            },
            rng.fork(k),
          ),
        );
      return { name, kind: t.kind, flows };
    }
    case 'gradient': {
      let layerBytes: number[];
      let small = t.smallFraction;
      if ('profile' in t.model) {
        const file = resolve(baseDir, t.model.profile);
        const profile = readGradientProfile(file);
        const scale = (t.model.scale ?? 1) * (t.model.bytesPerParameter ?? 4);
        layerBytes = profile.layers.map((l) => Math.round(l.size * scale));
        small ??= profile.smallFraction;
      } else {
        layerBytes = t.model.layerBytes;
        small ??= t.model.smallFraction;
      }
      const workers = some(t.workers);
      const flows = startGradients(
        fabric,
        {
          name,
          workers,
          servers: some(t.servers),
          layerBytes,
          packetBytes: t.packetBytes ?? 1500,
          rateBps: t.rate === undefined ? hostRate(workers[0]!) : parseRate(t.rate),
          startPs: start(t.start),
          stopPs: durationPs,
          iterations: t.iterations ?? 1,
          iterationGapPs: t.iterationGap === undefined ? 0 : parseDuration(t.iterationGap),
          queues,
          reserveTopQueue: t.reserveTopQueue ?? false,
          dscpForQueue: t.dscpForQueue ?? Array.from({ length: queues }, (_, q) => Math.min(63, 8 * q)),
          unimportantFraction: small ?? 0.5,
          sharding: t.sharding ?? 'even',
        },
        rng,
      );
      return { name, kind: t.kind, flows };
    }
  }
}

/** Run a built scenario to its end and report. */
export function runBuilt(b: BuiltScenario, scn: ScenarioFile, options: ScenarioOptions = {}): Report {
  const sim = b.fabric.sim;
  const progress = options.onProgress;
  const onProgress = progress
    ? (now: number, events: number) => progress(now, b.durationPs, events)
    : undefined;
  sim.run({ until: b.durationPs, onProgress, progressEvery: 10_000 });
  if (scn.drain ?? true) sim.run({ onProgress, progressEvery: 10_000 });
  return buildReport({
    fabric: b.fabric,
    scenario: scn.name ?? 'scenario',
    seed: scn.seed ?? 1,
    pipeline: b.pipeline,
    switchModel: b.switchModel,
    queueing: b.queueing,
    durationPs: b.durationPs,
    traffic: b.traffic,
    queues: scn.report?.queues ?? 'active',
    listFlows: scn.report?.flows ?? false,
  });
}

/** Read, build and run a scenario file. */
export function runScenarioFile(file: string, options: ScenarioOptions = {}): Report {
  const scn = readScenario(file);
  return runBuilt(buildScenario(scn, file, options), scn, options);
}
