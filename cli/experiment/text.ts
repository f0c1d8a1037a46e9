// The experiment report as tables for a terminal.
import type { ExperimentReport } from './index.js';
import type { RunResult } from './run.js';

function table(header: string[], rows: string[][], leftColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

const ms = (us: number): string => (us / 1000).toFixed(3);
const pct = (lost: number, sent: number): string =>
  sent === 0 ? '-' : `${((100 * lost) / sent).toFixed(1)}`;

/** A configuration on a switch model with or without the lossy link: one row of the comparison. */
function rowKey(r: RunResult): string {
  return `${r.configuration}|${r.model}|${r.lossy}`;
}

function rowName(r: RunResult): string {
  const name = r.configuration === 'baseline' ? 'baseline' : r.configuration === 'dlcp' ? 'DLCP' : 'MLT';
  return `${name} (${r.model})`;
}

export function formatExperiment(report: ExperimentReport): string {
  const out: string[] = [];
  const f = report.fabric;
  const m = report.model;
  out.push(
    `experiment ${report.experiment}  seed ${report.seed}  fabric ${f.spines} spines x ${f.leaves} leaves x ${f.hostsPerLeaf} hosts ` +
      `(${f.workers} workers, ${f.servers} parameter servers) at ${f.linkRate}`,
  );
  out.push(
    `model ${m.name} (${m.layers} layers, scale ${m.scale}): ${m.packetsPerWorker} packets per worker per iteration, ` +
      `${m.iterations} iterations per run`,
  );
  const bounds = [
    ...new Set(report.runs.filter((r) => r.lossBound !== null).map((r) => r.lossBound!)),
  ].sort();
  const rows = new Map<string, RunResult[]>();
  for (const r of report.runs) {
    const k = rowKey(r);
    if (!rows.has(k)) rows.set(k, []);
    rows.get(k)!.push(r);
  }

  out.push('', 'Iteration time, ms (an iteration ends when every worker has all parameters back)');
  const header = ['configuration', 'link'];
  for (const p of bounds) header.push(`p=${Math.round(p * 100)}% p50`, `p99`);
  header.push('retx', 'RTOs', 'probe t/o', 'spine up/down');
  const timeRows: string[][] = [];
  for (const runs of rows.values()) {
    const first = runs[0]!;
    const row = [rowName(first), first.lossy ? 'lossy' : 'clean'];
    for (const p of bounds) {
      // The TCP-like baseline needs every packet whatever p is: its one run stands in every column.
      const r = first.lossBound === null ? first : runs.find((x) => x.lossBound === p);
      // A run that finished no iteration has no iteration time to show.
      const timed = r !== undefined && r.iterationsUs.length > 0;
      row.push(
        r ? (timed ? ms(r.iterationP50Us) : '-') + (r.complete ? '' : '*') : '-',
        timed ? ms(r.iterationP99Us) : '-',
      );
    }
    const sum = (k: 'retransmissions' | 'timeouts' | 'probeTimeouts'): string =>
      String(runs.reduce((s, r) => s + r[k], 0));
    row.push(
      sum('retransmissions'),
      sum('timeouts'),
      sum('probeTimeouts'),
      `${first.spineBalance.up.toFixed(2)}/${first.spineBalance.down.toFixed(2)}`,
    );
    timeRows.push(row);
  }
  out.push(table(header, timeRows, 2));
  if (report.runs.some((r) => !r.complete))
    out.push("* not every iteration finished (each run's progress line says which bound stopped it)");
  out.push(
    `lossy: leaf ${report.lossyLink.leaf}'s uplink to spine ${report.lossyLink.spine} loses ${report.lossyLink.lossRate * 100}% of its packets.`,
    'The baseline (TCP-like) needs every packet, so p does not apply to it. retx, RTOs and probe timeouts are summed',
    "over the row's runs; spine up/down: bytes on a leaf's spine links, max over mean, worst leaf (1.00 = even).",
  );

  const firstBound = bounds[0];
  const pick = (runs: RunResult[]): RunResult =>
    runs.find((r) => r.lossBound === null || r.lossBound === firstBound)!;
  out.push(
    '',
    `Loss by layer group, % of packets sent, important / unimportant (p=${Math.round((firstBound ?? 0) * 100)}% runs)`,
  );
  const lh = ['configuration', 'link', ...report.layerGroups.map((g) => `layers ${g.layers} (q${g.queue})`)];
  const lossRows: string[][] = [];
  for (const runs of rows.values()) {
    const r = pick(runs);
    lossRows.push([
      rowName(r),
      r.lossy ? 'lossy' : 'clean',
      ...r.loss.map(
        (g) => `${pct(g.importantLost, g.importantSent)} / ${pct(g.unimportantLost, g.unimportantSent)}`,
      ),
    ]);
  }
  out.push(table(lh, lossRows, 2));

  out.push('', 'Queueing delay p99 per queue, us (every switch port; queue 7 = control)');
  const queues = [...new Set(report.runs.flatMap((r) => r.queueDelay.map((q) => q.queue)))].sort(
    (a, b) => b - a,
  );
  const qh = ['configuration', 'link', ...queues.map((q) => `q${q}`)];
  const qRows: string[][] = [];
  for (const runs of rows.values()) {
    const r = pick(runs);
    qRows.push([
      rowName(r),
      r.lossy ? 'lossy' : 'clean',
      ...queues.map((q) => {
        const d = r.queueDelay.find((x) => x.queue === q);
        return d ? d.p99Us.toFixed(2) : '-';
      }),
    ]);
  }
  out.push(table(qh, qRows, 2));

  out.push(
    '',
    'Thresholds S/L per data queue, model values in packets (installed in MLTEgress.queue_thresholds as T - 1, see controller/policy)',
  );
  const tq = [...new Set(report.thresholds.filter((t) => t.S !== null).map((t) => t.queue))].sort(
    (a, b) => b - a,
  );
  out.push(
    table(
      ['configuration', ...tq.map((q) => `q${q}`)],
      ['dlcp', 'mlt'].map((c) => [
        c === 'dlcp' ? 'DLCP' : 'MLT',
        ...tq.map((q) => {
          const t = report.thresholds.find((x) => x.configuration === c && x.queue === q);
          return t && t.S !== null ? `${t.S}/${t.L}` : '-';
        }),
      ]),
    ),
  );
  return out.join('\n') + '\n';
}
