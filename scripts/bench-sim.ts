// Fabric simulator throughput: simulated switch-hops per second of wall time on one core, for the issue's
// 4-spine, 8-leaf, 16-hosts-per-leaf fabric at 100 Gb/s under MLT gradient traffic (ResNet-50 layer sizes,
// scaled down; 12 workers and 4 parameter servers per rack, each worker sending at 25 Gb/s so that the 32
// servers are not hopelessly oversubscribed), once with p4/mlt.p4 on the embedded engine and
// once with the builtin TypeScript router (the cost of the fabric, traffic manager and generators alone).
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
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = new URL('../dist/target/sim/', import.meta.url);
if (!existsSync(new URL('scenario-run.js', dist)))
  throw new Error('dist/ is missing: run `make build` first');
const { parseScenario } = (await import(
  new URL('scenario-file.js', dist).href
)) as typeof import('../target/sim/scenario-file.js');
const { buildScenario, runBuilt } = (await import(
  new URL('scenario-run.js', dist).href
)) as typeof import('../target/sim/scenario-run.js');

const scale = Number(process.argv[2] ?? '0.01');
const rounds = Math.max(1, Number(process.argv[3] ?? 6));
const here = fileURLToPath(new URL('../configs/scenarios/bench.yaml', import.meta.url));

function scenario(pipeline: string, tables: string): string {
  return `
name: bench
seed: 1
duration: 20ms
switch: { model: commodity, queues: 8, bufferPackets: 340 }
topology:
  leafSpine: { spines: 4, leaves: 8, hostsPerLeaf: 16, link: { rate: 100Gbps, delay: 1us } }
pipeline: ${pipeline}
${tables}
traffic:
  - kind: gradient
    name: resnet50
    workers: ["h*.0", "h*.1", "h*.2", "h*.3", "h*.4", "h*.5", "h*.6", "h*.7", "h*.8", "h*.9", "h*.10", "h*.11"]
    servers: ["h*.12", "h*.13", "h*.14", "h*.15"]
    model: { profile: ../models/resnet50.yaml, scale: ${scale} }
    rate: 25Gbps
`;
}

const mltTables = `tables:
  - repeat: { q: '0..7' }
    table: MLTIngress.dscp_to_priority
    match: { hdr.ipv4.dscp: '\${8*q}' }
    action: MLTIngress.set_priority
    params: { priority: '\${q}' }
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

function round(yaml: string): Round {
  const scn = parseScenario(yaml, here);
  const t0 = performance.now();
  const built = buildScenario(scn, here);
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

function bench(label: string, yaml: string): void {
  const all = Array.from({ length: rounds }, () => round(yaml));
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
bench('p4/mlt.p4 (embedded engine)', scenario('{ p4: ../../p4/mlt.p4, routing: spray }', mltTables));
bench(
  'builtin router (round-robin)',
  scenario(
    '{ builtin: { spray: round-robin, dscpToPriority: { 8: 1, 16: 2, 24: 3, 32: 4, 40: 5, 48: 6, 56: 7 } } }',
    '',
  ),
);
