// `mlt sim SCENARIO.yaml`: run a timed scenario on the embedded target's fabric simulator and report per queue,
// port, link and traffic item. The scenario file is the interface: the simulator knows nothing of the controller.
import { Command, InvalidArgumentError } from 'commander';
import { ConfigError } from '../../config-file/index.js';
import { loadSolveConfig } from '../../controller/config/index.js';
import { solve } from '../../controller/solver/index.js';
import { readScenario, type ScenarioFile, type TableEntryFile } from '../../target/sim/scenario-file.js';
import { buildScenario, runBuilt } from '../../target/sim/scenario-run.js';
import { formatReport } from '../../target/sim/report-text.js';

/** Exit status for a scenario the user must fix; 1 stays for usage errors. */
const EXIT_CONFIG = 2;
/** Runs shorter than this print no progress. */
const QUIET_MS = 2000;

export function simCommand(): Command {
  return new Command('sim')
    .description('run a timed scenario (fabric, pipeline, tables, traffic) in virtual time and report')
    .argument('<scenario>', 'scenario file (YAML, configs/schemas/scenario.schema.json)')
    .option('--json', 'print the report as JSON (identical for identical scenario and seed)')
    .option('--seed <n>', "override the scenario's seed", (v: string) => {
      if (!/^\d+$/.test(v)) throw new InvalidArgumentError('expected a non-negative integer');
      return Number(v);
    })
    .option(
      '--thresholds <solve-config>',
      'install the per-queue S and L that `mlt solve` computes for this config on every port of every switch ' +
        "(p4/mlt.p4 MLTEgress.queue_thresholds), before the scenario's own table entries",
    )
    .action((file: string, flags: { json?: boolean; seed?: number; thresholds?: string }) => {
      const started = Date.now();
      let lastPrint = 0;
      const onProgress = (nowPs: number, durationPs: number, events: number): void => {
        const now = Date.now();
        if (now - started < QUIET_MS || now - lastPrint < 1000) return;
        lastPrint = now;
        const phase =
          nowPs <= durationPs ? `of ${durationPs / 1e6} us` : `(draining after ${durationPs / 1e6} us)`;
        const line = `sim: ${(nowPs / 1e6).toFixed(1)} us simulated ${phase}, ${events} events, ${((now - started) / 1000).toFixed(1)} s`;
        process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
      };
      let report;
      let runStarted: number | undefined;
      try {
        const scn = readScenario(file);
        if (flags.seed !== undefined) scn.seed = flags.seed;
        if (flags.thresholds !== undefined)
          scn.tables = [...thresholdEntries(flags.thresholds, scn), ...(scn.tables ?? [])];
        const built = buildScenario(scn, file, { onProgress });
        runStarted = Date.now();
        report = runBuilt(built, scn, { onProgress });
      } catch (err) {
        if (lastPrint > 0 && process.stderr.isTTY) process.stderr.write('\n');
        if (err instanceof ConfigError) {
          process.stderr.write(`${err.message}\n`);
        } else {
          process.stderr.write(`${file}: ${(err as Error).message}\n`);
        }
        process.exitCode = EXIT_CONFIG;
        return;
      }
      if (lastPrint > 0 && process.stderr.isTTY) process.stderr.write('\n');
      const now = Date.now();
      const setup = ((runStarted ?? started) - started) / 1000;
      const run = (now - (runStarted ?? started)) / 1000;
      if (flags.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      else
        process.stdout.write(
          `${formatReport(report)}\nwall time: setup ${setup.toFixed(2)} s, run ${run.toFixed(2)} s ` +
            `(${Math.round(report.switchHops / Math.max(run, 1e-3))} switch-hops/s)\n`,
        );
    });
}

/** Largest port number the scenario's topology uses, so threshold entries cover every port. */
function maxPort(scn: ScenarioFile): number {
  if ('leafSpine' in scn.topology) {
    const t = scn.topology.leafSpine;
    return Math.max(t.hostsPerLeaf + t.spines, t.leaves);
  }
  let max = 0;
  for (const l of scn.topology.links)
    for (const end of [l.a, l.b]) {
      const m = /:(\d+)$/.exec(end);
      if (m) max = Math.max(max, Number(m[1]));
    }
  return max;
}

/** queue_thresholds entries for every port and queue from the solver's optimal thresholds. */
function thresholdEntries(solveConfig: string, scn: ScenarioFile): TableEntryFile[] {
  const solution = solve(loadSolveConfig(solveConfig).problem);
  const never = 0xffffffff;
  const clamp = (v: number): number =>
    Number.isFinite(v) ? Math.min(never, Math.max(0, Math.round(v))) : never;
  return solution.queues.map((q) => ({
    repeat: { port: `1..${maxPort(scn)}` },
    table: 'MLTEgress.queue_thresholds',
    match: { 'standard_metadata.egress_port': '${port}', 'standard_metadata.priority': q.queue },
    action: 'MLTEgress.set_thresholds',
    params: { s_threshold: clamp(q.S), l_threshold: clamp(q.L) },
    overridable: true,
  }));
}
