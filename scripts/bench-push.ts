// `mlt push` of the MLT §6.2 fabric (4 spines, 9 leaves, 16 hosts per leaf; configs/fabrics/mlt-6.2.yaml with
// its full policy: routes, spray groups and paths, DSCP map, solved thresholds on every port) to 13 embedded
// P4Runtime endpoints served by `mlt target --fabric` in another process, as an operator runs it: the built
// `mlt push` command, wall time from start to exit. Goal: first push < 3 s (sets the pipeline, writes ~2400
// entries), a second, no-op push < 1 s. Also the in-process push alone (no Node start-up, no file loading).
// Usage: make build && node --import tsx --conditions=development scripts/bench-push.ts [--rounds N]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFabric } from '../controller/fabric/index.js';
import { pushFabric } from '../controller/push/index.js';
import { pipelineResolver } from '../cli/pipeline.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MLT = join(ROOT, 'bin', 'mlt.js');
const FABRIC = join(ROOT, 'configs', 'fabrics', 'mlt-6.2.yaml');
const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 3;

/** The fabric file with every switch on a free loopback port (the servers report which). */
function withPorts(dir: string): string {
  const text = readFileSync(FABRIC, 'utf8')
    .replace(/address: 127\.0\.0\.1:\d+/g, 'address: 127.0.0.1:0')
    .replace('p4: ../../p4/mlt.p4', `p4: ${join(ROOT, 'p4', 'mlt.p4')}`)
    .replace(/\.\.\/(models|solve)/g, `${join(ROOT, 'configs')}/$1`);
  const file = join(dir, 'serve.yaml');
  writeFileSync(file, text);
  return file;
}

async function serve(file: string): Promise<{ child: ChildProcess; addresses: Map<string, string> }> {
  const child = spawn(process.execPath, [MLT, 'target', '--fabric', file], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: string) => {
      out += c;
      if (/^fabric .*switches$/m.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`mlt target exited with ${code}: ${out}`)));
  });
  const addresses = new Map<string, string>();
  for (const m of out.matchAll(/^(\S+)\s+P4Runtime device \d+ listening on (\S+)$/gm))
    addresses.set(m[1]!, m[2]!);
  return { child, addresses };
}

function pushFile(dir: string, serveFile: string, addresses: Map<string, string>): string {
  let text = readFileSync(serveFile, 'utf8');
  for (const [name, address] of addresses)
    text = text.replace(
      new RegExp(`name: ${name}, address: 127\\.0\\.0\\.1:0`),
      `name: ${name}, address: ${address}`,
    );
  const file = join(dir, 'push.yaml');
  writeFileSync(file, text);
  return file;
}

/** CPU milliseconds (user + system) a process has used so far (Linux /proc; 0 elsewhere). */
function cpuOf(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // clock ticks, USER_HZ = 100
  } catch {
    return 0;
  }
}

/** The built `mlt push`, timed by bash's `time`: wall, and CPU of the command (user + sys). */
function timeCli(
  file: string,
  server: ChildProcess,
): { ms: number; cpuMs: number; serverCpuMs: number; out: string } {
  const s0 = cpuOf(server.pid);
  const t = performance.now();
  const r = spawnSync(
    'bash',
    ['-c', `TIMEFORMAT='%U %S'; time "${process.execPath}" "${MLT}" push "${file}" --json`],
    {
      encoding: 'utf8',
    },
  );
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`mlt push exited with ${r.status}: ${r.stderr}`);
  const [user, sys] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { ms, cpuMs: (user! + sys!) * 1000, serverCpuMs: cpuOf(server.pid) - s0, out: r.stdout };
}

const stats = (xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  return `best ${s[0]!.toFixed(0)} ms, median ${s[Math.floor(s.length / 2)]!.toFixed(0)} ms, worst ${s[s.length - 1]!.toFixed(0)} ms`;
};

const dir = mkdtempSync(join(tmpdir(), 'bench-push-'));
const firsts: number[] = [];
const seconds: number[] = [];
const inFirst: number[] = [];
const inSecond: number[] = [];
const cpu = {
  first: [] as number[],
  second: [] as number[],
  serverFirst: [] as number[],
  serverSecond: [] as number[],
};
const inCpu = { first: [] as number[], second: [] as number[] };
let entries = 0;
try {
  const serveFile = withPorts(dir);
  for (let round = 0; round < ROUNDS; round++) {
    // `mlt push` as a command: fresh switches, first push then a no-op one.
    let s = await serve(serveFile);
    try {
      const file = pushFile(dir, serveFile, s.addresses);
      const first = timeCli(file, s.child);
      cpu.first.push(first.cpuMs);
      cpu.serverFirst.push(first.serverCpuMs);
      const results = JSON.parse(first.out) as { added: number; errors: number }[];
      entries = results.reduce((n, r) => n + r.added, 0);
      if (results.some((r) => r.errors > 0)) throw new Error('first push failed');
      firsts.push(first.ms);
      const second = timeCli(file, s.child);
      cpu.second.push(second.cpuMs);
      cpu.serverSecond.push(second.serverCpuMs);
      if (
        (JSON.parse(second.out) as { added: number; modified: number }[]).some(
          (r) => r.added + r.modified > 0,
        )
      )
        throw new Error('second push wrote something');
      seconds.push(second.ms);
    } finally {
      s.child.kill('SIGTERM');
    }
    // The same in process: the fabric loaded and pipelines compiled once, only the pushes timed.
    s = await serve(serveFile);
    try {
      const fabric = loadFabric(pushFile(dir, serveFile, s.addresses));
      const resolver = pipelineResolver();
      resolver({ p4: join(ROOT, 'p4', 'mlt.p4') });
      const cpuMs = (c: NodeJS.CpuUsage): number => (c.user + c.system) / 1000;
      let t = performance.now();
      let c = process.cpuUsage();
      await pushFabric(fabric, { resolvePipeline: resolver });
      inFirst.push(performance.now() - t);
      inCpu.first.push(cpuMs(process.cpuUsage(c)));
      t = performance.now();
      c = process.cpuUsage();
      await pushFabric(fabric, { resolvePipeline: resolver });
      inSecond.push(performance.now() - t);
      inCpu.second.push(cpuMs(process.cpuUsage(c)));
    } finally {
      s.child.kill('SIGTERM');
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

process.stdout.write(
  `mlt push, MLT §6.2 fabric (13 switches, ${entries} entries), ${ROUNDS} rounds, servers in another process\n` +
    `  mlt push (command), wall      first: ${stats(firsts)}   second (no-op): ${stats(seconds)}\n` +
    `    CPU of the command            first: ${stats(cpu.first)}   second: ${stats(cpu.second)}\n` +
    `    CPU of the 13 servers         first: ${stats(cpu.serverFirst)}   second: ${stats(cpu.serverSecond)}\n` +
    `  pushFabric (in process), wall first: ${stats(inFirst)}   second (no-op): ${stats(inSecond)}\n` +
    `    CPU of the controller         first: ${stats(inCpu.first)}   second: ${stats(inCpu.second)}\n` +
    `  goal: first < 3000 ms, second < 1000 ms (wall, on a quiet 2-core machine); load average now ${loadavg()[0]!.toFixed(1)}\n`,
);
