// `mlt experiment EXPERIMENT.yaml`: the same gradient traffic through the same fabric, configured as the baseline,
// as DLCP and as MLT, with and without a lossy leaf uplink; a comparison table (or JSON) and an SVG chart.
import { Command, Option } from 'commander';
import { accessSync, constants, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError } from '../../config-file/index.js';
import {
  experimentChart,
  formatExperiment,
  loadExperiment,
  runExperiment,
  runLabel,
  PushFailed,
  type Experiment,
} from '../experiment/index.js';
import { ExperimentProgress } from '../experiment/progress.js';
import { integerOption } from '../option-values.js';
import { makeDirectory } from '../../target/pcap/index.js';

/** Exit status for an experiment file the user must fix. */
const EXIT_CONFIG = 2;

interface ExperimentFlags {
  json?: boolean;
  out: string;
  chart: boolean;
  iterations?: number;
  only?: string;
  jobs: number;
}

/** As many as an experiment file may ask for. */
const MAX_ITERATIONS = 100_000;

const iterationCount = integerOption(1, MAX_ITERATIONS);

export function experimentCommand(): Command {
  return new Command('experiment')
    .description(
      'compare the baseline, DLCP and MLT switch configurations on one leaf-spine fabric running p4/mlt.p4 ' +
        'under parameter-server gradient traffic (iteration time, loss by layer group, queueing, spine balance)',
    )
    .argument('<experiment>', 'experiment file (YAML, configs/schemas/experiment.schema.json)')
    .option('--json', 'print the report as JSON')
    .option('--out <dir>', 'directory for the chart (SVG)', 'results')
    .option('--no-chart', 'do not write the chart')
    .option('--iterations <n>', "override the experiment's iteration count", iterationCount)
    .option('--only <text>', 'run only the runs whose label contains this text, e.g. "MLT (bmv2)"')
    .addOption(
      new Option('--jobs <n>', 'runs at once, each on a thread of its own (results do not depend on it)')
        .argParser(integerOption(1))
        .default(availableParallelism(), 'the CPU count'),
    )
    .addHelpText(
      'after',
      '\nExamples:\n  mlt experiment configs/experiments/demo.yaml\n' +
        '  mlt experiment configs/experiments/demo.yaml --json --iterations 3 > report.json\n',
    )
    .action(async (file: string, flags: ExperimentFlags) => {
      let exp: Experiment;
      try {
        exp = loadExperiment(file);
      } catch (err) {
        process.stderr.write(
          err instanceof ConfigError ? `${err.message}\n` : `${file}: ${(err as Error).message}\n`,
        );
        process.exitCode = EXIT_CONFIG;
        return;
      }
      // The chart's directory is made before the runs, so that a bad --out is said at once, not after them.
      const chartDir = resolve(flags.out);
      if (flags.chart) {
        try {
          makeDirectory(chartDir);
          accessSync(chartDir, constants.W_OK);
        } catch (err) {
          process.stderr.write(`error: --out ${flags.out}: ${(err as Error).message}\n`);
          process.exitCode = EXIT_CONFIG;
          return;
        }
      }
      const started = Date.now();
      const progress = new ExperimentProgress(
        process.stderr,
        flags.iterations ?? exp.raw.workload.iterations,
      );
      let report;
      try {
        report = await runExperiment(exp, {
          iterations: flags.iterations,
          jobs: flags.jobs,
          filter: flags.only === undefined ? undefined : (r) => runLabel(r).includes(flags.only!),
          onRunStart: (i, n, label) => progress.start(i, n, label),
          onProgress: (i, done) => progress.progress(i, done),
          onRunDone: (i, _n, r) => progress.done(i, r),
        });
      } catch (err) {
        progress.finish();
        if (!(err instanceof PushFailed)) throw err;
        process.stderr.write(`${file}: ${err.message}\n`);
        process.exitCode = 1;
        return;
      }
      progress.finish();
      if (report.runs.length === 0) {
        process.stderr.write(`${file}: no run matches --only '${flags.only}'\n`);
        process.exitCode = EXIT_CONFIG;
        return;
      }
      let chartPath: string | undefined;
      let chartError: string | undefined;
      if (flags.chart) {
        chartPath = join(chartDir, `${exp.name}.svg`);
        try {
          writeFileSync(chartPath, await experimentChart(report));
        } catch (err) {
          // The report is still printed: the runs took their time, and only the chart is lost.
          chartError = `error: cannot write the chart ${chartPath}: ${(err as Error).message}`;
          chartPath = undefined;
        }
      }
      if (flags.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      else {
        process.stdout.write(formatExperiment(report));
        process.stdout.write(
          `\n${report.runs.length} runs in ${((Date.now() - started) / 1000).toFixed(1)} s` +
            (chartPath ? `; chart: ${chartPath}` : '') +
            '\n',
        );
      }
      if (chartError !== undefined) {
        process.stderr.write(`${chartError}\n`);
        process.exitCode = 1;
      }
    });
}
