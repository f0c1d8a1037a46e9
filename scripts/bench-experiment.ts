// The experiment at the paper's scale (MLT §6.2: 4 spines, 9 leaves, 16 hosts per leaf, 100 Gb/s, the full
// ResNet50 gradients; configs/experiments/paper-scale.yaml): wall time per simulated iteration and simulated
// switch-hops per second, for MLT's configuration on the commodity switch model (p = 0, no lossy link).
// Goal: one full-size iteration in under 60 s on one core.
//
//   make build && node --import tsx --conditions=development scripts/bench-experiment.ts [iterations] [--scale S] [--wall SECONDS]
//     [--configuration baseline|dlcp|mlt]
//
// iterations: how many to simulate (default 1). --scale shrinks the model (default 1, the full gradients).
// --wall stops the run after that much wall time (default 55 s, so that `make bench` stays bounded) and then
// reports how far the iteration got. It measures the compiled JavaScript in dist/, as `mlt experiment` runs.
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
  if (v === undefined) throw new Error(`${name} needs a value`);
  return v;
}
const scale = Number(flag('--scale', '1'));
const wallS = Number(flag('--wall', '55'));
const configuration = flag('--configuration', 'mlt') as 'baseline' | 'dlcp' | 'mlt';
const iterations = Math.max(1, Number(args[0] ?? '1'));

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
process.stdout.write(
  `bench-experiment: ${t.spines} spines x ${t.leaves} leaves x ${t.hostsPerLeaf} hosts (${exp.workers.length} workers, ` +
    `${exp.servers.length} servers), ${exp.modelName} x ${scale}, ${configuration} on the commodity model, ` +
    `${iterations} iteration(s), wall limit ${wallS} s\n`,
);
const cpu0 = process.cpuUsage();
const r = await runOne(
  exp,
  { configuration, model: 'commodity', lossy: false, lossBound: configuration === 'baseline' ? null : 0 },
  { iterations, wallLimitMs: wallS * 1000 },
);
const cpu = process.cpuUsage(cpu0);
const cpuS = (cpu.user + cpu.system) / 1e6;
const runS = (r.wallMs - r.setupMs) / 1000;
const done = r.progress;
const hopsPerS = r.switchHops / Math.max(runS, 1e-3);
const hopsPerCpuS = r.switchHops / Math.max(cpuS, 1e-3);
// The least an iteration can cost: every packet pushed and returned once, over 3 switches when the server is
// under another leaf (1 otherwise), no loss, no control frames.
const packets = exp.layerBytes.reduce((n, b) => n + Math.ceil(b / (exp.raw.workload.packetBytes - 58)), 0);
const remote = (t.leaves - 1) / t.leaves;
const minHops = 2 * exp.workers.length * packets * (3 * remote + (1 - remote));
process.stdout.write(
  `setup (build, serve P4Runtime, push ${r.entriesPushed} entries to ${t.spines + t.leaves} switches): ${(r.setupMs / 1000).toFixed(1)} s\n` +
    `simulated: ${done.toFixed(3)} iteration(s) in ${runS.toFixed(1)} s wall` +
    `${r.complete ? '' : ' (stopped at the wall limit)'}, ${(r.simulatedUs / 1000).toFixed(3)} ms of virtual time\n` +
    `switch-hops: ${r.switchHops} at ${Math.round(hopsPerS)} per wall second, ${Math.round(hopsPerCpuS)} per CPU second\n` +
    (r.complete
      ? `wall time per simulated iteration: ${(runS / done).toFixed(1)} s (goal < 60 s); ` +
        `iteration time (simulated): p50 ${(r.iterationP50Us / 1000).toFixed(3)} ms, p99 ${(r.iterationP99Us / 1000).toFixed(3)} ms\n`
      : `wall time per simulated iteration: at least ${(minHops / hopsPerCpuS).toFixed(0)} s per CPU at this rate ` +
        `(${(minHops / 1e6).toFixed(1)} M switch-hops if every packet crossed once, no loss); goal < 60 s\n`),
);
