// `mlt experiment`: every run of an experiment file, one after the other or several at once on worker threads,
// into one report.
import type { Experiment } from './config.js';
import { installedThreshold } from '../../controller/policy/index.js';
import { policyFor } from './policy.js';
import { runInWorkers } from './pool.js';
import { plannedRuns, runLabel, runOne, type RunResult, type RunSpec } from './run.js';

export { loadExperiment, type Experiment } from './config.js';
export { formatExperiment } from './text.js';
export { experimentChart } from './chart.js';
export { runLabel, type RunResult, type RunSpec } from './run.js';
export { PushFailed } from './fabric.js';

export interface ExperimentReport {
  experiment: string;
  seed: number;
  fabric: {
    spines: number;
    leaves: number;
    hostsPerLeaf: number;
    workers: number;
    servers: number;
    linkRate: string;
  };
  model: { name: string; layers: number; scale: number; packetsPerWorker: number; iterations: number };
  /** The installed S/L per queue of each configuration (model thresholds, and what goes in the table). */
  thresholds: {
    configuration: string;
    queue: number;
    S: number | null;
    L: number | null;
    installedS: number;
    installedL: number;
  }[];
  layerGroups: { layers: string; queue: number }[];
  /** The gray failure of the lossy runs. */
  lossyLink: { leaf: number; spine: number; lossRate: number };
  runs: RunResult[];
}

export interface ExperimentOptions {
  iterations?: number;
  /** Runs at once, each on a worker thread of its own; 1 (the default) runs them one after the other here. */
  jobs?: number;
  /** Only runs whose label matches. */
  filter?: (run: RunSpec) => boolean;
  onRunStart?: (index: number, total: number, label: string) => void;
  onRunDone?: (index: number, total: number, result: RunResult) => void;
  onProgress?: (index: number, iterationsDone: number) => void;
}

export async function runExperiment(
  exp: Experiment,
  options: ExperimentOptions = {},
): Promise<ExperimentReport> {
  const runs = plannedRuns(exp).filter(options.filter ?? (() => true));
  const results: RunResult[] = [];
  const jobs = options.jobs ?? 1;
  if (jobs > 1 && runs.length > 1) {
    results.push(
      ...(await runInWorkers({ exp, iterations: options.iterations }, runs, jobs, {
        onRunStart: (i) => options.onRunStart?.(i, runs.length, runLabel(runs[i]!)),
        onRunDone: (i, r) => options.onRunDone?.(i, runs.length, r),
        onProgress: options.onProgress,
      })),
    );
  } else
    for (const [i, spec] of runs.entries()) {
      options.onRunStart?.(i, runs.length, runLabel(spec));
      const r = await runOne(exp, spec, {
        iterations: options.iterations,
        onProgress: (done) => options.onProgress?.(i, done),
      });
      results.push(r);
      options.onRunDone?.(i, runs.length, r);
    }
  const t = exp.raw.topology;
  const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);
  const thresholds = (['dlcp', 'mlt'] as const).flatMap((c) =>
    [...policyFor(exp, c, false).thresholds]
      .sort((a, b) => b[0] - a[0])
      .map(([queue, q]) => ({
        configuration: c,
        queue,
        S: finite(q.S),
        L: finite(q.L),
        installedS: installedThreshold(q.S),
        installedL: installedThreshold(q.L),
      })),
  );
  return {
    experiment: exp.name,
    seed: exp.raw.seed,
    fabric: {
      spines: t.spines,
      leaves: t.leaves,
      hostsPerLeaf: t.hostsPerLeaf,
      workers: exp.workers.length,
      servers: exp.servers.length,
      linkRate: String(t.link.rate),
    },
    model: {
      name: exp.modelName,
      layers: exp.layers.length,
      scale: exp.raw.workload.model.scale,
      packetsPerWorker: exp.packetsPerWorker,
      iterations: options.iterations ?? exp.raw.workload.iterations,
    },
    thresholds,
    lossyLink: { ...exp.raw.lossyLink },
    layerGroups: exp.groups.map((g) => ({
      layers: g.first === g.last ? `${g.first}` : `${g.first}-${g.last}`,
      queue: g.queue,
    })),
    runs: results,
  };
}
