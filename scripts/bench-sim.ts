// Fabric simulator throughput: simulated switch-hops per second of wall time on one core, for the issue's
// 4-spine, 8-leaf, 16-hosts-per-leaf fabric at 100 Gb/s under MLT gradient traffic (ResNet-50 layer sizes,
// scaled down; 12 workers and 4 parameter servers per rack, each worker sending at 25 Gb/s so that the 32
// servers are not hopelessly oversubscribed), once with p4/mlt.p4 on the embedded engine and
// once with the builtin TypeScript router (the cost of the fabric, traffic manager and generators alone).
// The mlt.p4 fabric is resolved as `mlt sim` resolves a scenario's `fabric:` (the same applyFabric), so its
// routes, spray groups (round robin over the 4 spines, full source routes) and DSCP map are the entries
// `mlt push` would install; the thresholds (leaves only, S = 20, L = 40) stay hand-written `tables:`.
//
//   make build && node --import tsx --conditions=development scripts/bench-sim.ts [scale] [rounds]
//
// It measures the compiled JavaScript in dist/, which is what `mlt sim` runs (run through tsx's on-the-fly
// transpiling, the same code is about a quarter slower).
// scale: of the model's layer sizes (default 0.01); rounds: runs of each scenario in this process (default 6).
// Every round builds a fresh fabric, runs it and builds its report. The first round includes the JIT warming
// up (what one `mlt sim` of this size sees); later rounds show the steady state of longer runs. On a shared
// machine single rounds vary a lot, so per-CPU-second figures are given for the first round and as the best
// and median of the rest.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = new URL('../dist/', import.meta.url);
if (!existsSync(new URL('cli/commands/sim.js', dist)))
  throw new Error('dist/ is missing: run `make build` first');
const { readScenario } = (await import(
  new URL('target/sim/scenario-file.js', dist).href
)) as typeof import('../target/sim/scenario-file.js');
const { buildScenario, runBuilt } = (await import(
  new URL('target/sim/scenario-run.js', dist).href
)) as typeof import('../target/sim/scenario-run.js');
const { applyFabric } = (await import(
  new URL('cli/commands/sim.js', dist).href
)) as typeof import('../cli/commands/sim.js');

const scale = Number(process.argv[2] ?? '0.01');
const rounds = Math.max(1, Number(process.argv[3] ?? 6));
const repo = (p: string): string => fileURLToPath(new URL(`../${p}`, import.meta.url));
// applyFabric reads the scenario from a file, as `mlt sim` does; paths in it are absolute.
const dir = mkdtempSync(join(tmpdir(), 'bench-sim-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const leafSpine = '{ spines: 4, leaves: 8, hostsPerLeaf: 16, link: { rate: 100Gbps, delay: 1us } }';

function scenario(name: string, network: string, tables: string): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    `
name: bench
seed: 1
duration: 20ms
switch: { model: commodity, queues: 8, bufferPackets: 340 }
${network}
${tables}
traffic:
  - kind: gradient
    name: resnet50
    workers: ["h*.0", "h*.1", "h*.2", "h*.3", "h*.4", "h*.5", "h*.6", "h*.7", "h*.8", "h*.9", "h*.10", "h*.11"]
    servers: ["h*.12", "h*.13", "h*.14", "h*.15"]
    model: { profile: ${JSON.stringify(repo('configs/models/resnet50.yaml'))}, scale: ${scale} }
    rate: 25Gbps
`,
  );
  return file;
}

const mltFabric = `fabric:
  topology: { leafSpine: ${leafSpine} }
  policy:
    queues: 8
    dscp: { map: { 0: 0, 8: 1, 16: 2, 24: 3, 32: 4, 40: 5, 48: 6, 56: 7 } }
    spray: round-robin
pipeline: { p4: ${JSON.stringify(repo('p4/mlt.p4'))} }`;

const mltTables = `tables:
  - switches: "leaf*"
    repeat: { port: '1..20', q: '0..7' }
    table: MLTEgress.queue_thresholds
    match: { standard_metadata.egress_port: '\${port}', standard_metadata.priority: '\${q}' }
    action: MLTEgress.set_thresholds
    params: { s_threshold: 20, l_threshold: 40 }`;

interface Round {
  hops: number;
  seconds: number;
  cpuSeconds: number;
  summary: string;
}

function round(file: string): Round {
  const t0 = performance.now();
  const scn = readScenario(file);
  applyFabric(scn, file);
  const built = buildScenario(scn, file);
  const t1 = performance.now();
  const cpu0 = process.cpuUsage();
  const report = runBuilt(built, scn);
  const cpu = process.cpuUsage(cpu0);
  const t2 = performance.now();
  const sent = report.traffic.reduce((a, t) => a + t.sent, 0);
  const lost = report.traffic.reduce((a, t) => a + t.lost, 0);
  return {
    hops: report.switchHops,
    seconds: (t2 - t1) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    summary:
      `${report.events} events, ${sent} packets sent, ${lost} lost, ${(report.endUs / 1000).toFixed(3)} ms ` +
      `simulated; setup ${((t1 - t0) / 1000).toFixed(2)} s`,
  };
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

function bench(label: string, file: string): void {
  const all = Array.from({ length: rounds }, () => round(file));
  const first = all[0]!;
  const perCpu = (r: Round): number => r.hops / r.cpuSeconds;
  const perWall = (r: Round): number => r.hops / r.seconds;
  let text =
    `${label.padEnd(30)} ${first.hops} switch-hops per round; round 1: ${first.seconds.toFixed(2)} s = ` +
    `${fmt(perWall(first))} switch-hops/s of wall time, ${fmt(perCpu(first))} per CPU-second`;
  const rest = all.slice(1);
  if (rest.length > 0) {
    const cpu = rest.map(perCpu).sort((a, b) => b - a);
    const wall = rest.map(perWall).sort((a, b) => b - a);
    const mid = (xs: number[]): number => xs[xs.length >> 1]!;
    text +=
      `; rounds 2-${rounds}: best ${fmt(cpu[0]!)}, median ${fmt(mid(cpu))} per CPU-second ` +
      `(wall best ${fmt(wall[0]!)}, median ${fmt(mid(wall))})`;
  }
  console.log(`${text}\n${' '.repeat(31)}(${first.summary})`);
}

console.log(
  `fabric 4 spines x 8 leaves x 16 hosts, 100 Gb/s; ResNet-50 gradients at scale ${scale}; ${rounds} rounds; node ${process.version}`,
);
// On a shared machine wall time overstates the cost; CPU time of this process is the fairer single-core figure.
console.log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
bench('p4/mlt.p4 (embedded engine)', scenario('mlt', mltFabric, mltTables));
bench(
  'builtin router (round-robin)',
  scenario(
    'builtin',
    `topology: { leafSpine: ${leafSpine} }
pipeline: { builtin: { spray: round-robin, dscpToPriority: { 8: 1, 16: 2, 24: 3, 32: 4, 40: 5, 48: 6, 56: 7 } } }`,
    '',
  ),
);
