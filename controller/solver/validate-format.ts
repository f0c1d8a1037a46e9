// `mlt solve --validate`, part 3: the comparison as a table for people.
import type { ChosenRun, Measured, Validation } from './validate-report.js';

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
    'port',
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
        percent(r.predicted.port),
      ]);
    }
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => (c === 4 || c === 7 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ');
  const score = (name: 'paper' | 'exact' | 'port') => {
    const s = v.summary[name];
    return `${name} ${(s.meanAbsError * 100).toFixed(3)} pp (${s.withinCi}/${s.parts} within the 95% CI)`;
  };
  const seeds =
    v.seeds.length > 1 ? `seeds ${v.seeds[0]}..${v.seeds[v.seeds.length - 1]}` : `seed ${v.seeds[0]}`;
  return [
    `validation on p4/mlt.p4 (embedded target): ${v.runs} run(s) x ${v.packetsPerRun} packets (${seeds}), ` +
      `thresholds applied at ${v.egressAt}, load configured ${v.load.configured.toFixed(3)}, measured ${v.load.measured.toFixed(3)}`,
    'loss of small (non-ECT) and large (ECT) packets per data queue: measured vs predicted by each model',
    "installed: the enq_qdepth thresholds that implement the model's (T - 1 for T >= 2: enq_qdepth leaves out the packet on the wire)",
    line(header),
    ...rows.map(line),
    `mean absolute error: ${score('paper')}; ${score('exact')}; ${score('port')}`,
    goalLine(v),
    `measured cost of these thresholds: ${costText(v.measuredCost)}`,
    ...(v.chosen ? chosenLines(v.chosen) : []),
    ...v.notes.map((n) => `note: ${n}`),
    '',
  ].join('\n');
}

function goalLine(v: Validation): string {
  const g = v.portGoal;
  const misses = g.misses.map(
    (m) => `queue ${m.queue} ${m.part} (predicted ${percent(m.predicted)}, measured ${percent(m.measured)})`,
  );
  return (
    `port model goal (within 15% where measured >= 1%, else 0.2 pp): ${g.met}/${g.parts} parts` +
    (misses.length > 0 ? `; missed: ${misses.join(', ')}` : '')
  );
}

function costText(c: { cost: number; ci95: [number, number] | null }): string {
  return `${number(c.cost)}${c.ci95 ? ` [${number(c.ci95[0])}, ${number(c.ci95[1])}]` : ''}`;
}

function chosenLines(chosen: ChosenRun[]): string[] {
  const header = [
    'model',
    'method',
    'S/L per data queue',
    'predicted',
    'port predicts',
    'measured cost',
    '95% CI',
  ];
  const rows = chosen.map((c) => [
    c.model,
    c.method,
    c.thresholds.map((t) => `${t.S}/${t.L}`).join(' '),
    number(c.predicted.own),
    number(c.predicted.port),
    number(c.measured.cost),
    c.measured.ci95 ? `[${number(c.measured.ci95[0])}, ${number(c.measured.ci95[1])}]` : '-',
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) =>
        c === cells.length - 1 ? cell : c <= 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!),
      )
      .join('  ');
  const lines = [
    "each model's optimal thresholds run on the switch (same seeds); cost = Σ measured loss (%) × cost per 1%",
    line(header),
    ...rows.map(line),
  ];
  const port = chosen.find((c) => c.model === 'port');
  const exact = chosen.find((c) => c.model === 'exact');
  if (port && exact) {
    const p = port.measured.cost;
    const e = exact.measured.cost;
    const verdict =
      p < e
        ? `lower by ${(((e - p) / e) * 100).toFixed(1)}%`
        : p === e
          ? 'the same'
          : `higher by ${(((p - e) / Math.max(e, 1e-300)) * 100).toFixed(1)}%`;
    lines.push(
      `headline: on the switch the port model's thresholds cost ${number(p)}, the exact model's ${number(e)}: ${verdict}`,
    );
  }
  return lines;
}

function number(x: number): string {
  return x === 0 ? '0' : Math.abs(x) >= 1e-3 && Math.abs(x) < 1e6 ? x.toPrecision(4) : x.toExponential(3);
}

function interval(m: Measured): string {
  return m.ci95 ? `[${percent(m.ci95[0])}, ${percent(m.ci95[1])}]` : '-';
}

function percent(x: number): string {
  if (x === 0) return '0%';
  const p = x * 100;
  return p >= 0.01 ? `${p.toFixed(2)}%` : `${p.toExponential(1)}%`;
}
