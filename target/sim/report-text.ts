// The human rendering of a scenario report: aligned tables, one row per queue, port, link and traffic item.
import { describeModel } from '../tm/switch-model.js';
import { reportDepartures, type Report } from './report.js';

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, c) => Math.max(...cells.map((r) => r[c]!.length)));
  // Text columns (the first ones) align left, numbers right.
  const numeric = headers.map((_, c) => rows.length > 0 && rows.every((r) => typeof r[c] === 'number'));
  return cells
    .map((r) =>
      r
        .map((v, c) => (numeric[c] ? v.padStart(widths[c]!) : v.padEnd(widths[c]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const na = (v: number | null): string | number => (v === null ? '-' : v);
const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;

function overridden(r: Report): string {
  const o = Object.entries(r.switchOverrides ?? {});
  return o.length === 0 ? '' : ` with ${o.map(([k, v]) => `${k} ${String(v)}`).join(', ')}`;
}

export function formatReport(r: Report): string {
  const out: string[] = [];
  out.push(
    `scenario ${r.scenario}  seed ${r.seed}  pipeline ${r.pipeline}`,
    `switch model ${r.switchModel}${overridden(r)}: ${describeModel(r.switchModel, reportDepartures(r))}`,
    `duration ${r.durationUs} us, ended at ${r.endUs} us, ${r.events} events, ${r.switchHops} switch-hops`,
    '',
    'Queues (drops: thr = unimportant below L, L = at L, tail = buffer full, egr = all egress drops)',
    table(
      [
        'switch',
        'port',
        'q',
        'in',
        'out',
        'ecn',
        'thr',
        'L',
        'tail',
        'egr',
        'maxQ',
        'meanQ',
        'p50us',
        'p99us',
        'maxus',
      ],
      r.queues.map((q) => [
        q.switch,
        q.port,
        q.queue,
        q.packetsIn,
        q.packetsOut,
        q.ecnMarked,
        na(q.droppedUnimportant),
        na(q.droppedAtLimit),
        q.tailDropped,
        q.egressDropped,
        q.maxDepth,
        q.meanDepth,
        q.queueingDelay.p50Us,
        q.queueingDelay.p99Us,
        q.queueingDelay.maxUs,
      ]),
    ),
    '',
    'Ports',
    table(
      ['switch', 'port', 'out', 'bytes', 'lossDropped'],
      r.ports.map((p) => [p.switch, p.port, p.packetsOut, p.bytesOut, na(p.lossDropped)]),
    ),
    '',
    'Links (utilisation over the whole run)',
    table(
      ['from', 'to', 'Gbps', 'frames', 'bytes', 'util'],
      r.links
        .filter((l) => l.frames > 0)
        .map((l) => [
          `${l.from}:${l.fromPort}`,
          `${l.to}:${l.toPort}`,
          l.rateBps / 1e9,
          l.frames,
          l.bytes,
          pct(l.utilisation),
        ]),
    ),
    '',
    'Traffic (one-way latency per packet; flow completion time from first sent to last received)',
    table(
      [
        'name',
        'kind',
        'flows',
        'sent',
        'recv',
        'lost',
        'loss',
        'ce',
        'p50us',
        'p99us',
        'maxus',
        'fctAvgUs',
        'fctP99Us',
      ],
      r.traffic.map((t) => [
        t.name,
        t.kind,
        t.flows,
        t.sent,
        t.received,
        t.lost,
        pct(t.lossRate),
        t.ceMarked,
        t.latency.p50Us,
        t.latency.p99Us,
        t.latency.maxUs,
        t.fct.meanUs,
        t.fct.p99Us,
      ]),
    ),
  );
  const dropped = r.switches.filter((s) => s.ingressDropped > 0);
  if (dropped.length > 0)
    out.push('', `Ingress drops: ${dropped.map((s) => `${s.name} ${s.ingressDropped}`).join(', ')}`);
  return out.join('\n') + '\n';
}
