// `mlt solve --validate`, part 3: the comparison as a table for people.
import type { Measured, Validation } from './validate-report.js';

export function formatValidation(v: Validation): string {
  const header = [
    'queue',
    'S/L',
    'installed',
    'load cfg/meas',
    'part',
    'arrivals',
    'measured',
    '95% CI',
    'paper',
    'exact',
  ];
  const rows: string[][] = [];
  for (const q of v.queues)
    for (const [part, r] of [
      ['small', q.small],
      ['large', q.large],
    ] as const) {
      const first = part === 'small';
      rows.push([
        first ? String(q.queue) : '',
        first ? `${q.S}/${q.L}` : '',
        first ? `${q.installed.S}/${q.installed.L}` : '',
        first ? `${q.load.configured.toFixed(3)}/${q.load.measured.toFixed(3)}` : '',
        part,
        String(r.measured.arrivals),
        r.measured.loss === null ? '-' : percent(r.measured.loss),
        interval(r.measured),
        percent(r.predicted.paper),
        percent(r.predicted.exact),
      ]);
    }
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => (c === 4 || c === 7 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ');
  const score = (name: 'paper' | 'exact') => {
    const s = v.summary[name];
    return `${name} ${(s.meanAbsError * 100).toFixed(3)} pp (${s.withinCi}/${s.parts} within the 95% CI)`;
  };
  const seeds =
    v.seeds.length > 1 ? `seeds ${v.seeds[0]}..${v.seeds[v.seeds.length - 1]}` : `seed ${v.seeds[0]}`;
  return [
    `validation on p4/mlt.p4 (embedded target): ${v.runs} run(s) x ${v.packetsPerRun} packets (${seeds}), ` +
      `thresholds applied at ${v.egressAt}, load configured ${v.load.configured.toFixed(3)}, measured ${v.load.measured.toFixed(3)}`,
    'loss of small (non-ECT) and large (ECT) packets per data queue: measured vs predicted by both models',
    "installed: the enq_qdepth thresholds that implement the model's (T - 1 for T >= 2: enq_qdepth leaves out the packet on the wire)",
    line(header),
    ...rows.map(line),
    `mean absolute error: ${score('paper')}; ${score('exact')}`,
    ...v.notes.map((n) => `note: ${n}`),
    '',
  ].join('\n');
}

function interval(m: Measured): string {
  return m.ci95 ? `[${percent(m.ci95[0])}, ${percent(m.ci95[1])}]` : '-';
}

function percent(x: number): string {
  if (x === 0) return '0%';
  const p = x * 100;
  return p >= 0.01 ? `${p.toFixed(2)}%` : `${p.toExponential(1)}%`;
}
