// The experiment at the paper's scale (MLT §6.2: 4 spines, 9 leaves, 16 hosts per leaf, 100 Gb/s, the full
// ResNet50 gradients; configs/experiments/paper-scale.yaml), MLT's configuration on the commodity switch model,
// no lossy link. Goal: one full-size iteration in under 60 s on one core.
//
//   make build && node --import tsx --conditions=development scripts/bench-experiment.ts
//     [--hops N | --full] [--p P] [--configuration baseline|dlcp|mlt] [--scale S]
//
// By default it simulates a fixed amount of work, the iteration's first N switch-hops (--hops, default 6
// million: about 40 s), and prints switch-hops per CPU second and per wall second: a figure that compares
// across machines and changes, since every run does the same work. --full simulates the whole iteration and
// prints the wall time it took (several minutes) and its switch-hops. --p is MLT's loss-tolerant bound (default
// 0: every packet must arrive, the most work); --scale shrinks the model (default 1). Either way it also prints
// the process's peak resident memory. It measures the compiled JavaScript in dist/, as `mlt experiment` runs.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = new URL('../dist/cli/experiment/', import.meta.url);
if (!existsSync(new URL('run.js', dist))) throw new Error('dist/ is missing: run `make build` first');
const { loadExperiment } = (await import(
  new URL('config.js', dist).href
)) as typeof import('../cli/experiment/config.js');
const { runOne } = (await import(new URL('run.js', dist).href)) as typeof import('../cli/experiment/run.js');

const args = process.argv.slice(2);
function flag(name: string, fallback: string): string {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = args[i + 1];
  args.splice(i, 2);
  if (v === undefined) {
    process.stderr.write(`bench-experiment: ${name} needs a value\n`);
    process.exit(2);
  }
  return v;
}
/** A flag's value, or a one-line error and exit status 2 when it is not a number in range. */
function numberFlag(name: string, fallback: string, ok: (v: number) => boolean, range: string): number {
  const text = flag(name, fallback);
  const v = Number(text);
  if (!ok(v)) {
    process.stderr.write(`bench-experiment: ${name} ${text}: expected ${range}\n`);
    process.exit(2);
  }
  return v;
}
const full = args.includes('--full');
const scale = numberFlag('--scale', '1', (v) => v > 0 && v <= 1, 'a number in (0, 1]');
const hops = numberFlag('--hops', '6000000', (v) => Number.isInteger(v) && v > 0, 'a positive integer');
const hopLimit = full ? Number.POSITIVE_INFINITY : hops;
const lossBound = numberFlag('--p', '0', (v) => v >= 0 && v < 1, 'a loss bound in [0, 1)');
const configuration = flag('--configuration', 'mlt');
if (configuration !== 'baseline' && configuration !== 'dlcp' && configuration !== 'mlt') {
  process.stderr.write(
    `bench-experiment: --configuration ${configuration}: expected baseline, dlcp or mlt\n`,
  );
  process.exit(2);
}

const exp = loadExperiment(
  fileURLToPath(new URL('../configs/experiments/paper-scale.yaml', import.meta.url)),
);
if (scale !== 1) {
  exp.raw.workload.model.scale = scale;
  exp.layerBytes = exp.layers.map((l) =>
    Math.max(1, Math.round(l.size * scale * exp.raw.workload.model.bytesPerParameter)),
  );
}
const t = exp.raw.topology;
const baseline = configuration === 'baseline';
process.stdout.write(
  `bench-experiment: ${t.spines} spines x ${t.leaves} leaves x ${t.hostsPerLeaf} hosts (${exp.workers.length} workers, ` +
    `${exp.servers.length} servers), ${exp.modelName} x ${scale}, ${configuration}` +
    `${baseline ? '' : ` p=${lossBound}`} on the commodity model, ` +
    `${full ? 'one whole iteration' : `the first ${hopLimit.toLocaleString('en-US')} switch-hops of an iteration`}\n`,
);
const cpu0 = process.cpuUsage();
const r = await runOne(
  exp,
  { configuration, model: 'commodity', lossy: false, lossBound: baseline ? null : lossBound },
  { iterations: 1, switchHopLimit: hopLimit },
);
const cpu = process.cpuUsage(cpu0);
const cpuS = (cpu.user + cpu.system) / 1e6 - r.setupMs / 1000;
const runS = (r.wallMs - r.setupMs) / 1000;
const hopsPerS = r.switchHops / Math.max(runS, 1e-3);
const hopsPerCpuS = r.switchHops / Math.max(cpuS, 1e-3);
// The least an iteration can cost: every packet pushed and returned once, over 3 switches when the server is
// under another leaf (1 otherwise), no loss, no control frames.
const packets = exp.layerBytes.reduce((n, b) => n + Math.ceil(b / (exp.raw.workload.packetBytes - 58)), 0);
const remote = (t.leaves - 1) / t.leaves;
const minHops = 2 * exp.workers.length * packets * (3 * remote + (1 - remote));
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
process.stdout.write(
  `setup (build, serve P4Runtime, push ${r.entriesPushed} entries to ${t.spines + t.leaves} switches): ${(r.setupMs / 1000).toFixed(1)} s\n` +
    `simulated: ${(100 * r.progress).toFixed(1)}% of the iteration's transfers, ${(r.simulatedUs / 1000).toFixed(3)} ms of ` +
    `virtual time, in ${runS.toFixed(1)} s wall\n` +
    `switch-hops: ${fmt(r.switchHops)} at ${fmt(hopsPerCpuS)} per CPU second, ${fmt(hopsPerS)} per wall second\n` +
    (r.complete
      ? `wall time per simulated iteration: ${runS.toFixed(1)} s (goal < 60 s); iteration time (simulated): ` +
        `${(r.iterationP50Us / 1000).toFixed(3)} ms; ${(r.switchHops / minHops).toFixed(2)} x the switch-hops of a lossless iteration\n`
      : `wall time per simulated iteration: at least ${fmt(minHops / hopsPerCpuS)} s per core at this rate ` +
        `(a lossless iteration takes ${(minHops / 1e6).toFixed(1)} M switch-hops; loss adds more, --full measures it); goal < 60 s\n`) +
    // Resident memory at its peak, the fabric's set-up and the report included: most of a whole iteration's is
    // the queueing delays kept for the exact p99s.
    `peak memory: ${fmt(process.resourceUsage().maxRSS / 1024)} MB resident\n`,
);
