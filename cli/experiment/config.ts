// An experiment file (configs/schemas/experiment.schema.json): loaded, checked, and turned into what the runs
// need: the model's layers, the senders' layer -> DSCP tagging, the layer groups of the report.
import { existsSync } from 'node:fs';
import { ConfigError, YamlSource } from '../../config-file/index.js';
import { configSchemas, loadModelProfile, resolveProfile } from '../../controller/config/index.js';
import { dscpForQueue, queueOfLayer } from '../../controller/policy/index.js';
import type { LayerSpec } from '../../controller/solver/index.js';
import { CONTROL_FRAME_BYTES, gradientBytesPerFrame } from '../../target/sim/transport/index.js';
import {
  CLOCK_BOUND,
  formatPs,
  MAX_EXACT_PS,
  parseDuration,
  parseRate,
  serializationPs,
  type Picoseconds,
} from '../../target/tm/time.js';

export interface LinkFile {
  rate: string | number;
  delay?: string;
}

/** The file as the schema (with its defaults) guarantees it. */
export interface ExperimentFile {
  name?: string;
  description?: string;
  seed: number;
  topology: {
    spines: number;
    leaves: number;
    hostsPerLeaf: number;
    serversPerLeaf: number;
    link: LinkFile;
    fabricLink?: LinkFile;
  };
  switch: { bufferPackets: number; queueCapacity: number };
  workload: {
    model: { profile: string; scale: number; bytesPerParameter: number };
    packetBytes: number;
    iterations: number;
    computeGap: string;
  };
  transports: {
    mlt: { lossBounds: number[]; probeTimeout: string };
    tcp: { rtoMin: string; rtoMax: string; initialWindow: number };
  };
  configurations: {
    dlcp: { base: number; step: number };
    mlt: { load: number; lossModel: 'paper' | 'exact' };
  };
  lossyLink: { leaf: number; spine: number; lossRate: number };
}

/** Queues per port: v1model's 3-bit priority. The top one carries control traffic (DLCP §4.2). */
export const QUEUES = 8;
export const CONTROL_QUEUE = QUEUES - 1;
export const DATA_QUEUES = QUEUES - 1;

export interface LayerGroup {
  /** The data queue MLT's senders tag these layers for (rank 0 = the highest data queue). */
  rank: number;
  queue: number;
  first: number;
  last: number;
}

export interface Experiment {
  file: string;
  name: string;
  raw: ExperimentFile;
  modelName: string;
  layers: LayerSpec[];
  /** Gradient bytes per layer, front to back. */
  layerBytes: number[];
  /** Data packets a worker pushes per iteration (and gets back). */
  packetsPerWorker: number;
  smallFraction: number;
  /** MLT's tagging: layer j -> data queue rank floor(j·P/M), queue = top data queue - rank, DSCP = 8·queue. */
  layerQueue: number[];
  layerDscp: number[];
  layerGroup: number[];
  groups: LayerGroup[];
  controlDscp: number;
  workers: string[];
  servers: string[];
  linkRateBps: number;
  computeGapPs: Picoseconds;
  probeTimeoutPs: Picoseconds;
  rtoMinPs: Picoseconds;
  rtoMaxPs: Picoseconds;
}

export function loadExperiment(file: string): Experiment {
  const source = YamlSource.read(file);
  configSchemas().validate(source, 'experiment.schema.json');
  const raw = source.value as ExperimentFile;
  const fail = (path: (string | number)[], message: string): never => {
    throw new ConfigError([source.issue(path, message)]);
  };
  const t = raw.topology;
  if (t.serversPerLeaf >= t.hostsPerLeaf)
    fail(
      ['topology', 'serversPerLeaf'],
      `must be below hostsPerLeaf (${t.hostsPerLeaf}) so that each leaf has workers`,
    );
  if (raw.lossyLink.leaf >= t.leaves)
    fail(['lossyLink', 'leaf'], `no leaf ${raw.lossyLink.leaf} (leaves 0..${t.leaves - 1})`);
  if (raw.lossyLink.spine >= t.spines)
    fail(['lossyLink', 'spine'], `no spine ${raw.lossyLink.spine} (spines 0..${t.spines - 1})`);
  const duration = (path: string[], text: string): Picoseconds => {
    try {
      return parseDuration(text);
    } catch (err) {
      return fail(path, (err as Error).message);
    }
  };
  const computeGapPs = duration(['workload', 'computeGap'], raw.workload.computeGap);
  const probeTimeoutPs = duration(['transports', 'mlt', 'probeTimeout'], raw.transports.mlt.probeTimeout);
  const rtoMinPs = duration(['transports', 'tcp', 'rtoMin'], raw.transports.tcp.rtoMin);
  const rtoMaxPs = duration(['transports', 'tcp', 'rtoMax'], raw.transports.tcp.rtoMax);
  if (rtoMaxPs < rtoMinPs)
    fail(['transports', 'tcp', 'rtoMax'], `must be at least rtoMin (${raw.transports.tcp.rtoMin.trim()})`);
  const link = (key: 'link' | 'fabricLink', l: LinkFile): ParsedLink => {
    let rateBps = 0;
    try {
      rateBps = parseRate(l.rate);
    } catch (err) {
      fail(['topology', key, 'rate'], (err as Error).message);
    }
    if (!(rateBps > 0)) fail(['topology', key, 'rate'], 'a link rate must be positive');
    return { rateBps, delayPs: l.delay === undefined ? 0 : duration(['topology', key, 'delay'], l.delay) };
  };
  const hostLink = link('link', t.link);
  const fabricLink = t.fabricLink === undefined ? hostLink : link('fabricLink', t.fabricLink);
  const linkRateBps = hostLink.rateBps;
  // A timer shorter than the round trip it waits for fires before any answer can arrive. MLT's sender counts
  // only the answer to its latest probe, so it would probe forever; TCP would resend each window before its
  // ACKs could return. Neither run would end.
  const rtt = baseRoundTripPs(hostLink, t.leaves > 1 ? fabricLink : undefined, raw.workload.packetBytes);
  const trip = `a ${raw.workload.packetBytes}-byte frame and a ${CONTROL_FRAME_BYTES}-byte answer over the longest path`;
  if (!(rtt <= MAX_EXACT_PS))
    fail(['topology', 'link'], `the base round trip (${trip}) is beyond ${CLOCK_BOUND}`);
  const timers: [string[], string, number][] = [
    [['transports', 'mlt', 'probeTimeout'], raw.transports.mlt.probeTimeout, probeTimeoutPs],
    [['transports', 'tcp', 'rtoMin'], raw.transports.tcp.rtoMin, rtoMinPs],
  ];
  for (const [at, text, ps] of timers)
    if (ps < rtt)
      fail(
        at,
        `${text.trim()} is shorter than the fabric's base round trip, ${formatPs(rtt)} (${trip}): it would fire before any answer could arrive`,
      );
  const profileFile = resolveProfile(raw.workload.model.profile, file);
  if (!existsSync(profileFile))
    fail(
      ['workload', 'model', 'profile'],
      `no model profile ${raw.workload.model.profile} (looked for ${profileFile})`,
    );
  const profile = loadModelProfile(profileFile);
  const m = profile.layers.length;
  const scale = raw.workload.model.scale * raw.workload.model.bytesPerParameter;
  const layerBytes = profile.layers.map((l) => Math.max(1, Math.round(l.size * scale)));
  const layerQueue = profile.layers.map((_, j) => queueOfLayer(j, m, QUEUES, true));
  const groups: LayerGroup[] = [];
  const layerGroup = layerQueue.map((q, j) => {
    const last = groups[groups.length - 1];
    if (last && last.queue === q) {
      last.last = j;
      return groups.length - 1;
    }
    groups.push({ rank: DATA_QUEUES - 1 - q, queue: q, first: j, last: j });
    return groups.length - 1;
  });

  const workers: string[] = [];
  const servers: string[] = [];
  for (let l = 0; l < t.leaves; l++)
    for (let i = 0; i < t.hostsPerLeaf; i++)
      (i >= t.hostsPerLeaf - t.serversPerLeaf ? servers : workers).push(`h${l}.${i}`);

  return {
    file,
    name: raw.name ?? file.replace(/^.*\//, '').replace(/\.ya?ml$/, ''),
    raw,
    modelName: profile.name,
    layers: profile.layers,
    layerBytes,
    packetsPerWorker: layerBytes.reduce(
      (n, b) => n + Math.ceil(b / gradientBytesPerFrame(raw.workload.packetBytes)),
      0,
    ),
    smallFraction: profile.smallFraction ?? 0.5,
    layerQueue,
    layerDscp: layerQueue.map(dscpForQueue),
    layerGroup,
    groups,
    controlDscp: dscpForQueue(CONTROL_QUEUE),
    workers,
    servers,
    linkRateBps,
    computeGapPs,
    probeTimeoutPs,
    rtoMinPs,
    rtoMaxPs,
  };
}

/**
 * The shortest time in which a full-size frame can cross the fabric's longest path (host, leaf, spine, leaf,
 * host; with one leaf, where `fabricLink` is undefined, host, leaf, host) and a minimum-size answer come back:
 * propagation and store-and-forward serialization on every link (the experiments' links carry no Ethernet
 * framing overhead), with no queueing.
 */
function baseRoundTripPs(
  hostLink: ParsedLink,
  fabricLink: ParsedLink | undefined,
  packetBytes: number,
): Picoseconds {
  const hop = (l: ParsedLink, bytes: number): Picoseconds => l.delayPs + serializationPs(bytes, l.rateBps);
  const oneWay = (bytes: number): Picoseconds =>
    2 * hop(hostLink, bytes) + (fabricLink === undefined ? 0 : 2 * hop(fabricLink, bytes));
  return oneWay(packetBytes) + oneWay(CONTROL_FRAME_BYTES);
}

interface ParsedLink {
  rateBps: number;
  delayPs: Picoseconds;
}
