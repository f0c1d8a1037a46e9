// What a scenario run reports, gathered from the fabric after the run, and its two renderings: JSON (stable
// field order, no wall-clock figures, so that the same seed gives byte-identical output) and a text table.
import { concatSamples, nearestRank, selectKth, type Samples } from '../tm/samples.js';
import { departuresFrom, type Queueing, type SwitchModelName } from '../tm/switch-model.js';
import { PS_PER_US } from '../tm/time.js';
import type { Fabric } from './fabric.js';
import type { FlowStats } from './flows.js';
import type { CounterCell } from './pipeline.js';

export interface DelayReport {
  p50Us: number;
  p99Us: number;
  maxUs: number;
  meanUs: number;
}

export interface QueueReport {
  switch: string;
  port: number;
  queue: number;
  /** Packets that reached this queue: accepted + tail-dropped. */
  packetsIn: number;
  /** Frames sent on the wire from this queue. */
  packetsOut: number;
  /** CE marks this switch applied to packets of this queue. */
  ecnMarked: number;
  /** Dropped by the program below L because unimportant (from its counters; null if it has none). */
  droppedUnimportant: number | null;
  /** Dropped by the program at L (from its counters; null if it has none). */
  droppedAtLimit: number | null;
  tailDropped: number;
  /** Dropped in egress for any reason (thresholds, lossy link, anything else the program does). */
  egressDropped: number;
  maxDepth: number;
  meanDepth: number;
  queueingDelay: DelayReport;
}

export interface PortReport {
  switch: string;
  port: number;
  packetsOut: number;
  bytesOut: number;
  /** Dropped by the lossy link (from the program's counters; null if it has none). */
  lossDropped: number | null;
}

export interface LinkReport {
  from: string;
  fromPort: number;
  to: string;
  toPort: number;
  rateBps: number;
  frames: number;
  bytes: number;
  /** Fraction of the run's simulated time the sending side was transmitting. */
  utilisation: number;
}

export interface TrafficReport {
  name: string;
  kind: string;
  flows: number;
  sent: number;
  received: number;
  lost: number;
  lossRate: number;
  ceMarked: number;
  latency: DelayReport;
  /**
   * Flow completion time (first packet sent to last packet received) over the flows that delivered anything,
   * MLT §6.2's metric: mean, p99 and max across flows.
   */
  fct: { meanUs: number; p99Us: number; maxUs: number };
}

export interface SwitchReport {
  name: string;
  received: number;
  ingressDropped: number;
}

/**
 * How the switches departed from their model, in the scenario file's terms (see scenario.schema.json): a
 * different depth scope or egress timing, or a kind of limit the model does not have (see departuresFrom).
 */
export interface SwitchOverrides {
  qdepth?: 'queue' | 'port';
  egressAt?: 'dequeue' | 'enqueue';
  queueCapacity?: number;
  bufferPackets?: number;
}

export interface Report {
  scenario: string;
  seed: number;
  pipeline: string;
  /** The switch model every switch ran (target/tm/switch-model.ts). */
  switchModel: SwitchModelName;
  /** Present only when the scenario departed from the model. */
  switchOverrides?: SwitchOverrides;
  durationUs: number;
  /** Simulated time at the end of the run, including the drain after `duration`. */
  endUs: number;
  events: number;
  switchHops: number;
  switches: SwitchReport[];
  queues: QueueReport[];
  ports: PortReport[];
  links: LinkReport[];
  traffic: TrafficReport[];
  flows?: (Omit<TrafficReport, 'flows' | 'kind'> & { src: string; dst: string })[];
}

const round = (x: number, digits = 3): number => Number(x.toFixed(digits));

export function delayReport(s: Samples): DelayReport {
  return {
    p50Us: round(s.percentile(50) / PS_PER_US, 4),
    p99Us: round(s.percentile(99) / PS_PER_US, 4),
    maxUs: round(s.max() / PS_PER_US, 4),
    meanUs: round(s.mean() / PS_PER_US, 4),
  };
}

/**
 * Counter cells by "name@index", with the name matched on its last component (the P4 object name). The
 * report reads p4/mlt.p4's counters by these names when a program has them: queue_dropped_unimportant and
 * queue_dropped_at_limit at index port * 8 + queue, port_loss_dropped at index port.
 */
function counterIndex(cells: readonly CounterCell[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of cells) m.set(`${c.name.slice(c.name.lastIndexOf('.') + 1)}@${c.index}`, c.packets);
  return m;
}

export interface ReportInput {
  fabric: Fabric;
  scenario: string;
  seed: number;
  pipeline: string;
  switchModel: SwitchModelName;
  queueing: Queueing;
  durationPs: number;
  /** Traffic items with the flows each created. */
  traffic: { name: string; kind: string; flows: FlowStats[] }[];
  queues: 'active' | 'all';
  listFlows: boolean;
}

export function buildReport(input: ReportInput): Report {
  const { fabric } = input;
  const end = fabric.sim.now;
  const queues: QueueReport[] = [];
  const ports: PortReport[] = [];
  const switches: SwitchReport[] = [];
  for (const sw of fabric.switches.values()) {
    switches.push({ name: sw.name, received: sw.received, ingressDropped: sw.ingressDropped });
    const pipeline = sw.pipeline;
    // Reading single cells is much cheaper than every cell of every counter (p4/mlt.p4 has 25k per switch).
    const cells =
      pipeline.readCounters && !pipeline.counterPackets ? counterIndex(pipeline.readCounters()) : undefined;
    const counter = (name: string, index: number): number | null =>
      pipeline.counterPackets
        ? (pipeline.counterPackets(name, index) ?? 0)
        : cells
          ? (cells.get(`${name}@${index}`) ?? 0)
          : null;
    const names = new Set((sw.pipeline.counterNames?.() ?? []).map((n) => n.slice(n.lastIndexOf('.') + 1)));
    const hasQueueCounters = names.has('queue_dropped_at_limit') && names.has('queue_dropped_unimportant');
    const hasLossCounters = names.has('port_loss_dropped');
    for (const p of sw.tm.allPorts()) {
      p.account();
      p.queueStats.forEach((q, qi) => {
        const packetsIn = q.enqueued + q.tailDropped;
        if (input.queues === 'active' && packetsIn === 0) return;
        const idx = p.port * 8 + qi;
        queues.push({
          switch: sw.name,
          port: p.port,
          queue: qi,
          packetsIn,
          packetsOut: q.framesOut,
          ecnMarked: sw.ecnMarked(p.port, qi),
          droppedUnimportant: hasQueueCounters ? counter('queue_dropped_unimportant', idx) : null,
          droppedAtLimit: hasQueueCounters ? counter('queue_dropped_at_limit', idx) : null,
          tailDropped: q.tailDropped,
          egressDropped: q.egressDropped,
          maxDepth: q.maxDepth,
          meanDepth: end > 0 ? round(q.depthArea / end, 4) : 0,
          queueingDelay: delayReport(q.delays),
        });
      });
      if (input.queues === 'all' || p.portStats.framesOut > 0 || p.queueStats.some((q) => q.enqueued > 0))
        ports.push({
          switch: sw.name,
          port: p.port,
          packetsOut: p.portStats.framesOut,
          bytesOut: p.portStats.bytesOut,
          lossDropped: hasLossCounters ? counter('port_loss_dropped', p.port) : null,
        });
    }
  }
  const links: LinkReport[] = fabric.links.map((l) => ({
    from: l.from,
    fromPort: l.fromPort,
    to: l.to,
    toPort: l.toPort,
    rateBps: l.rateBps,
    frames: l.egress.portStats.framesOut,
    bytes: l.egress.portStats.bytesOut,
    utilisation: end > 0 ? round(l.egress.busyUntil(end) / end, 5) : 0,
  }));
  const traffic = input.traffic.map((t) => ({ name: t.name, kind: t.kind, ...summarise(t.flows) }));
  const report: Report = {
    scenario: input.scenario,
    seed: input.seed,
    pipeline: input.pipeline,
    switchModel: input.switchModel,
    ...overridesOf(input.switchModel, input.queueing),
    durationUs: round(input.durationPs / PS_PER_US, 6),
    endUs: round(end / PS_PER_US, 6),
    events: fabric.sim.eventsRun,
    switchHops: fabric.switchHops(),
    switches,
    queues,
    ports,
    links,
    traffic,
  };
  if (input.listFlows)
    report.flows = fabric.flows.all().map((f) => {
      const { flows: _n, ...rest } = summarise([f]);
      return { name: f.name, src: f.src, dst: f.dst, ...rest };
    });
  return report;
}

function overridesOf(model: SwitchModelName, q: Queueing): { switchOverrides?: SwitchOverrides } {
  const d = departuresFrom(model, q);
  const o: SwitchOverrides = {};
  if (d.depthScope !== undefined) o.qdepth = d.depthScope;
  if (d.egressAt !== undefined) o.egressAt = d.egressAt;
  if (d.queueCapacity !== undefined) o.queueCapacity = d.queueCapacity;
  if (d.bufferPackets !== undefined) o.bufferPackets = d.bufferPackets;
  return Object.keys(o).length > 0 ? { switchOverrides: o } : {};
}

/** The departures from its model a report lists, in switch-model.ts's terms. */
export function reportDepartures(r: Pick<Report, 'switchOverrides'>): Partial<Queueing> {
  const o = r.switchOverrides ?? {};
  return {
    depthScope: o.qdepth,
    egressAt: o.egressAt,
    queueCapacity: o.queueCapacity,
    bufferPackets: o.bufferPackets,
  };
}

function summarise(flows: readonly FlowStats[]): Omit<TrafficReport, 'name' | 'kind'> {
  let sent = 0;
  let received = 0;
  let ce = 0;
  for (const f of flows) {
    sent += f.sent;
    received += f.received;
    ce += f.ceMarked;
  }
  // Exact percentiles over the union of the flows' samples.
  const all = mergeSamples(flows);
  const fcts = flows
    .filter((f) => f.received > 0)
    .map((f) => f.lastReceivedPs - f.firstSentPs)
    .sort((a, b) => a - b);
  const pick = (q: number): number => (fcts.length === 0 ? 0 : fcts[nearestRank(q, fcts.length) - 1]!);
  const fctMean = fcts.length === 0 ? 0 : fcts.reduce((a, b) => a + b, 0) / fcts.length;
  return {
    flows: flows.length,
    sent,
    received,
    lost: sent - received,
    lossRate: sent > 0 ? round((sent - received) / sent, 6) : 0,
    ceMarked: ce,
    latency: all,
    fct: {
      meanUs: round(fctMean / PS_PER_US, 4),
      p99Us: round(pick(99) / PS_PER_US, 4),
      maxUs: round(pick(100) / PS_PER_US, 4),
    },
  };
}

function mergeSamples(flows: readonly FlowStats[]): DelayReport {
  let n = 0;
  for (const f of flows) n += f.latency.count;
  if (n === 0) return { p50Us: 0, p99Us: 0, maxUs: 0, meanUs: 0 };
  if (flows.length === 1) return delayReport(flows[0]!.latency);
  // Unsorted: the union is searched once below.
  const all = concatSamples(flows.map((f) => f.latency.values()));
  let sum = 0;
  for (let i = 0; i < n; i++) sum += all[i]!;
  // Two selections instead of a sort: the p99 rank is found among what the p50 selection left above it.
  const rank = (q: number): number => nearestRank(q, n) - 1;
  const p50 = selectKth(all, rank(50), 0, n - 1);
  const p99 = selectKth(all, rank(99), rank(50), n - 1);
  let max = p99;
  for (let i = rank(99); i < n; i++) if (all[i]! > max) max = all[i]!;
  return {
    p50Us: round(p50 / PS_PER_US, 4),
    p99Us: round(p99 / PS_PER_US, 4),
    maxUs: round(max / PS_PER_US, 4),
    meanUs: round(sum / n / PS_PER_US, 4),
  };
}
