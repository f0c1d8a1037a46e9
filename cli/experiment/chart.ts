// The experiment's chart: iteration time per configuration, one panel per loss-tolerant bound, bars for the
// 99th percentile and a tick for the median, clean and lossy side by side. Rendered to SVG by Vega without a
// browser (renderer 'none': Vega lays the scene out and writes SVG text itself).
import type * as vega from 'vega';
import type { ExperimentReport } from './index.js';

interface Bar {
  panel: string;
  configuration: string;
  link: string;
  p50: number;
  p99: number;
}

const PANEL_WIDTH = 320;
const PANEL_HEIGHT = 220;

/** The loss-tolerant bounds of the MLT-host runs, one chart panel each (the baseline has none). */
function lossBounds(report: ExperimentReport): number[] {
  return [...new Set(report.runs.filter((r) => r.lossBound !== null).map((r) => r.lossBound!))].sort();
}

function bars(report: ExperimentReport): Bar[] {
  const bounds = lossBounds(report);
  const out: Bar[] = [];
  for (const p of bounds.length > 0 ? bounds : [0]) {
    const panel = `loss-tolerant bound p = ${Math.round(p * 100)}%`;
    for (const r of report.runs) {
      if (r.lossBound !== null && r.lossBound !== p) continue;
      const name = r.configuration === 'baseline' ? 'baseline' : r.configuration === 'dlcp' ? 'DLCP' : 'MLT';
      out.push({
        panel,
        configuration: `${name} (${r.model})`,
        link: r.lossy ? '1% lossy uplink' : 'clean',
        p50: r.iterationP50Us / 1000,
        p99: r.iterationP99Us / 1000,
      });
    }
  }
  return out;
}

/** How to read the bars; and, when the baseline stands in more than one panel, why it is the same in each. */
function subtitle(report: ExperimentReport): string[] {
  const lines = ['bar: 99th percentile, tick: median, over the iterations of each run (log scale)'];
  if (lossBounds(report).length > 1 && report.runs.some((r) => r.lossBound === null))
    lines.push('baseline: TCP-like hosts without a loss-tolerant bound, the same runs in each panel');
  return lines;
}

export function chartSpec(report: ExperimentReport): vega.Spec {
  const data = bars(report);
  const f = report.fabric;
  return {
    $schema: 'https://vega.github.io/schema/vega/v6.json',
    padding: 8,
    autosize: 'pad',
    background: 'white',
    title: {
      text: `Parameter-server iteration time: ${report.model.name} on ${f.spines}x${f.leaves}x${f.hostsPerLeaf} leaf-spine, p4/mlt.p4`,
      subtitle: subtitle(report),
      anchor: 'start',
    },
    data: [{ name: 'runs', values: data }],
    scales: [
      {
        name: 'y',
        type: 'log',
        domain: { data: 'runs', fields: ['p50', 'p99'] },
        range: [PANEL_HEIGHT, 0],
        nice: true,
      },
      {
        name: 'color',
        type: 'ordinal',
        domain: ['clean', '1% lossy uplink'],
        range: ['#4c78a8', '#e45756'],
      },
    ],
    legends: [{ fill: 'color', title: 'leaf uplink', orient: 'bottom', direction: 'horizontal' }],
    layout: { columns: 2, padding: { row: 20, column: 30 }, bounds: 'full', align: 'all' },
    marks: [
      {
        type: 'group',
        name: 'panel',
        from: { facet: { data: 'runs', name: 'cells', groupby: 'panel' } },
        encode: { enter: { width: { value: PANEL_WIDTH }, height: { value: PANEL_HEIGHT } } },
        title: { text: { signal: 'parent.panel' }, fontSize: 12 },
        scales: [
          {
            name: 'x',
            type: 'band',
            domain: { data: 'cells', field: 'configuration' },
            range: [0, PANEL_WIDTH],
            padding: 0.25,
          },
          {
            name: 'xo',
            type: 'band',
            domain: ['clean', '1% lossy uplink'],
            range: [0, { signal: "bandwidth('x')" }],
            padding: 0.05,
          },
        ],
        axes: [
          { orient: 'bottom', scale: 'x', labelAngle: -25, labelAlign: 'right', labelLimit: 240 },
          { orient: 'left', scale: 'y', title: 'iteration time, ms', grid: true, gridOpacity: 0.3 },
        ],
        marks: [
          {
            type: 'rect',
            from: { data: 'cells' },
            encode: {
              enter: {
                x: { scale: 'x', field: 'configuration', offset: { scale: 'xo', field: 'link' } },
                width: { scale: 'xo', band: 1 },
                y: { scale: 'y', field: 'p99' },
                y2: { field: { group: 'height' } },
                fill: { scale: 'color', field: 'link' },
                tooltip: {
                  signal:
                    "datum.configuration + ', ' + datum.link + ': p99 ' + format(datum.p99, '.3f') + ' ms'",
                },
              },
            },
          },
          {
            type: 'rect',
            from: { data: 'cells' },
            encode: {
              enter: {
                x: { scale: 'x', field: 'configuration', offset: { scale: 'xo', field: 'link' } },
                width: { scale: 'xo', band: 1 },
                y: { scale: 'y', field: 'p50' },
                height: { value: 2 },
                fill: { value: 'black' },
              },
            },
          },
          {
            type: 'text',
            from: { data: 'cells' },
            encode: {
              enter: {
                x: { scale: 'x', field: 'configuration', offset: { scale: 'xo', field: 'link' } },
                dx: { scale: 'xo', band: 0.5 },
                y: { scale: 'y', field: 'p99', offset: -3 },
                text: { signal: "format(datum.p99, datum.p99 < 10 ? '.2f' : '.0f')" },
                align: { value: 'center' },
                fontSize: { value: 8 },
              },
            },
          },
        ],
      },
    ],
  };
}

/** The chart as an SVG document. */
export async function experimentChart(report: ExperimentReport): Promise<string> {
  // Loaded here, not at the top: Vega takes about 0.15 s to load, which every other mlt command would pay.
  const { View, parse } = await import('vega');
  const view = new View(parse(chartSpec(report)), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
