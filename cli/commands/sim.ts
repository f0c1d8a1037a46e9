// `mlt sim SCENARIO.yaml`: run a timed scenario on the embedded target's fabric simulator and report per queue,
// port, link and traffic item. The scenario file is the interface: the simulator knows nothing of the controller.
// A scenario's `fabric:` is resolved here, through the controller, into the topology and the very table entries
// `mlt push` would install, so a fabric is simulated exactly as it is pushed.
import { Command } from 'commander';
import { seedValue } from '../option-values.js';
import { resolve as resolvePath } from 'node:path';
import { ConfigError } from '../../config-file/index.js';
import { scenarioFabric } from '../../controller/fabric/index.js';
import {
  linkedPorts,
  resolvePolicy,
  thresholdEntries,
  type PolicyEntry,
} from '../../controller/policy/index.js';
import { expandTopology } from '../../topology/index.js';
import { readScenario, type ScenarioFile, type TableEntryFile } from '../../target/sim/scenario-file.js';
import { CaptureError, captureSwitchPorts, type Capture } from '../../target/sim/capture.js';
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
    .option('--seed <n>', "override the scenario's seed", seedValue)
    .option(
      '--thresholds <solve-config>',
      'install the per-queue S and L that `mlt solve` computes for this config on every port of every switch ' +
        "(p4/mlt.p4 MLTEgress.queue_thresholds), before the scenario's own table entries",
    )
    .option(
      '--pcap <dir>',
      'write what every switch port sent and received as capture files, as bmv2 --pcap does: ' +
        'DIR/SWITCH-ethPORT_in.pcap and _out.pcap, stamped in virtual time',
    )
    .action((file: string, flags: { json?: boolean; seed?: number; thresholds?: string; pcap?: string }) => {
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
      let capture: Capture | undefined;
      let captureFiles: string[] | undefined;
      try {
        const scn = readScenario(file);
        applyFabric(scn, file);
        if (flags.seed !== undefined) scn.seed = flags.seed;
        if (flags.thresholds !== undefined)
          scn.tables = [...thresholdEntriesFor(flags.thresholds, scn), ...(scn.tables ?? [])];
        const built = buildScenario(scn, file, { onProgress });
        if (flags.pcap !== undefined) capture = captureSwitchPorts(built.fabric, flags.pcap);
        runStarted = Date.now();
        report = runBuilt(built, scn, { onProgress });
        if (capture) captureFiles = capture.close();
      } catch (err) {
        try {
          capture?.close();
        } catch {
          // The run's own failure is the one to report.
        }
        if (lastPrint > 0 && process.stderr.isTTY) process.stderr.write('\n');
        if (err instanceof ConfigError) {
          process.stderr.write(`${err.message}\n`);
        } else if (err instanceof CaptureError) {
          process.stderr.write(`error: --pcap ${flags.pcap}: ${err.message}\n`);
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
      if (captureFiles) process.stderr.write(`captures: ${captureFiles.length} file(s) in ${flags.pcap}\n`);
      if (flags.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      else
        process.stdout.write(
          `${formatReport(report)}\nwall time: setup ${setup.toFixed(2)} s, run ${run.toFixed(2)} s ` +
            `(${Math.round(report.switchHops / Math.max(run, 1e-3))} switch-hops/s)\n`,
        );
    });
}

/** Entries for the simulator's `tables:` format, one switch each; later scenario entries may replace them.
 *  `generatedBy` names them in errors, and keeps the scenario's own entries numbered as in its file. */
function asTableEntries(
  entries: ReadonlyMap<string, readonly PolicyEntry[]>,
  generatedBy: string,
): TableEntryFile[] {
  return [...entries].flatMap(([sw, list]) =>
    list.map((e) => ({
      switches: sw,
      table: e.table,
      match: e.match,
      action: e.action,
      params: e.params,
      overridable: true,
      generatedBy,
    })),
  );
}

/** Put a scenario's fabric (topology, pipeline, policy entries) where the simulator reads them. */
export function applyFabric(scn: ScenarioFile, file: string): void {
  const fabric = scenarioFabric(file);
  if (!fabric) {
    if (
      (scn as Partial<ScenarioFile>).topology === undefined ||
      (scn as Partial<ScenarioFile>).pipeline === undefined
    )
      throw new ConfigError([{ file, path: '', message: 'give a topology and a pipeline, or a fabric' }]);
    return;
  }
  if ((scn as Partial<ScenarioFile>).topology !== undefined)
    throw new ConfigError([
      { file, path: 'topology', message: 'give either a topology or a fabric, not both' },
    ]);
  scn.topology = fabric.topologyFile;
  if ((scn as Partial<ScenarioFile>).pipeline === undefined) {
    if (!fabric.pipeline || !('p4' in fabric.pipeline))
      throw new ConfigError([
        { file, path: 'pipeline', message: 'the fabric names no P4 program; give pipeline: { p4: FILE }' },
      ]);
    scn.pipeline = { p4: fabric.pipeline.p4 };
  }
  scn.tables = [...asTableEntries(fabric.entries, "the fabric's policy"), ...(scn.tables ?? [])];
}

/** queue_thresholds entries on every linked port of every switch, from the solver's optimal thresholds,
 *  installed with the controller's threshold convention (controller/policy/thresholds.ts). */
function thresholdEntriesFor(solveConfig: string, scn: ScenarioFile): TableEntryFile[] {
  const { thresholds } = resolvePolicy({ thresholds: { solve: resolvePath(solveConfig) } }, solveConfig);
  const { topology } = expandTopology(scn.topology);
  return asTableEntries(
    new Map([...linkedPorts(topology)].map(([sw, ports]) => [sw, thresholdEntries(ports, thresholds)])),
    `--thresholds ${solveConfig}`,
  );
}
