// Running a scenario: build the fabric it describes, give each switch its own pipeline instance with its own
// tables, start the traffic, run to `duration` (then drain), and report.
import { dirname, resolve } from 'node:path';
import { ConfigError } from '../../config-file/index.js';
import type { ControlPlane } from '../engine/control-plane-api.js';
import { DEFAULT_QUEUES } from '../tm/egress-port.js';
import { Rng } from '../tm/random.js';
import {
  DEFAULT_SWITCH_MODEL,
  resolveQueueing,
  type Queueing,
  type SwitchModelName,
} from '../tm/switch-model.js';
import { parseDuration, parseRate, type Picoseconds } from '../tm/time.js';
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
  locateScenarioError,
  readGradientProfile,
  readScenario,
  ScenarioError,
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

/** A time of the scenario's, its problem (one beyond the clock) reported at its path. */
function timeAt(path: (string | number)[], text: string): Picoseconds {
  try {
    return parseDuration(text);
  } catch (err) {
    throw new ScenarioError(path, (err as Error).message, { cause: err });
  }
}

/** Every link delay the file gives, checked against the clock where it is written. */
function checkLinkDelays(scn: ScenarioFile): void {
  const t = scn.topology;
  const check = (at: (string | number)[], l: { delay?: string } | string | undefined): void => {
    if (typeof l === 'object' && l.delay !== undefined) timeAt([...at, 'delay'], l.delay);
  };
  if ('leafSpine' in t) {
    check(['topology', 'leafSpine', 'link'], t.leafSpine.link);
    check(['topology', 'leafSpine', 'fabricLink'], t.leafSpine.fabricLink);
  } else {
    check(['topology', 'link'], t.link);
    t.links.forEach((l, i) => check(['topology', 'links', i], l));
  }
}

/**
 * Build the fabric and traffic of a scenario without running it. A problem in a scenario read from a file is
 * a ConfigError citing its line.
 */
export function buildScenario(scn: ScenarioFile, file: string, options: ScenarioOptions = {}): BuiltScenario {
  try {
    return build(scn, file, options);
  } catch (err) {
    throw locateScenarioError(scn, err);
  }
}

function build(scn: ScenarioFile, file: string, options: ScenarioOptions): BuiltScenario {
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
  const durationPs = timeAt(['duration'], scn.duration);
  checkLinkDelays(scn);

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
      throw new ScenarioError(['topology', ...e.path], e.message, { cause: e });
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
    throw new ScenarioError(['tables'], 'entries need a P4 pipeline (the builtin router has no tables)');
  }

  const traffic = scn.traffic.map((t, i) => {
    try {
      return startTraffic(fabric, t, i, master.fork(i), durationPs, baseDir, switchConfig.queues);
    } catch (err) {
      // A model profile's own errors cite that file; the rest (sizes, routes, layers) belong to this item.
      if (err instanceof ScenarioError || err instanceof ConfigError || !(err instanceof Error)) throw err;
      throw new ScenarioError(['traffic', i], err.message, { cause: err });
    }
  });
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
  const at = (key: string): (string | number)[] => ['traffic', i, key];
  const hostRate = (h: string): number => fabric.host(h).nic?.config.rateBps ?? 0;
  const time = (key: string, text: string | undefined, absent: Picoseconds): Picoseconds =>
    text === undefined ? absent : timeAt(at(key), text);
  const start = (s: string | undefined): Picoseconds => time('start', s, 0);
  const one = (key: string, h: string): string => {
    if (!fabric.hosts.has(h)) throw new ScenarioError(at(key), `no host named '${h}'`);
    return h;
  };
  const some = (key: string, p: string | string[]): string[] => {
    try {
      return selectNames(p, hostNames, 'host');
    } catch (err) {
      throw new ScenarioError(at(key), (err as Error).message, { cause: err });
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
          src: one('src', t.src),
          dst: one('dst', t.dst),
          packetBytes: typeof t.packetBytes === 'number' ? t.packetBytes : 1500,
          sizes,
          dscp: t.dscp ?? 0,
          ecn: ecnValue(t.ecn),
          rateBps: parseRate(t.rate),
          arrival: t.arrival ?? 'constant',
          startPs: start(t.start),
          stopPs: Math.min(durationPs, time('stop', t.stop, durationPs)),
          packets: t.packets,
          sourceRoute: t.sourceRoute,
        },
        rng,
      );
      return { name, kind: t.kind, flows: [f] };
    }
    case 'incast': {
      const receiver = one('receiver', t.receiver);
      const flows = some('senders', t.senders)
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
      const workers = some('workers', t.workers);
      const flows = startGradients(
        fabric,
        {
          name,
          workers,
          servers: some('servers', t.servers),
          layerBytes,
          packetBytes: t.packetBytes ?? 1500,
          rateBps: t.rate === undefined ? hostRate(workers[0]!) : parseRate(t.rate),
          startPs: start(t.start),
          stopPs: durationPs,
          iterations: t.iterations ?? 1,
          iterationGapPs: time('iterationGap', t.iterationGap, 0),
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
