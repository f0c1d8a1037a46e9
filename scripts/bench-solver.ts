// Solve time of the threshold solver: 8 queues, ResNet50, buffers of 350, 1e4 and 1e5 packets, each
// model and method; for the port model, one evaluation of given thresholds (the exact model's optimum) and
// the solve where it fits in the time. Run:
// `npx tsx scripts/bench-solver.ts [--load X] [--dp-limit B] [--port-solve-limit B]`.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { configsDir, loadModelProfile } from '../controller/config/index.js';
import {
  evaluate,
  layoutQueues,
  solve,
  type LossModel,
  type Method,
  type SolveProblem,
} from '../controller/solver/index.js';
import { solveChain } from '../controller/solver/port-chain.js';
import { solveDecomposed } from '../controller/solver/port-level.js';

const { values } = parseArgs({
  options: {
    load: { type: 'string', default: '1' },
    // The exhaustive method is O(N·B²); above this buffer it would take minutes to hours.
    'dp-limit': { type: 'string', default: '10000' },
    // The port model's local search evaluates the whole port about a thousand times: under 1 s at 10^4
    // packets, several seconds at 10^5.
    'port-solve-limit': { type: 'string', default: '10000' },
  },
});
const load = Number(values.load);
const dpLimit = Number(values['dp-limit']);
const portSolveLimit = Number(values['port-solve-limit']);

const profile = loadModelProfile(join(configsDir(), 'models', 'resnet50.yaml'));
const BUFFERS = [350, 10_000, 100_000];
const MODELS: Exclude<LossModel, 'port'>[] = ['paper', 'exact'];
const METHODS: Method[] = ['auto', 'greedy', 'dp'];

function problem(bufferPackets: number): SolveProblem {
  return {
    queues: 8,
    reserveControlQueue: false,
    bufferPackets,
    load,
    smallFraction: profile.smallFraction ?? 0.5,
    layers: profile.layers,
  };
}

/** Median wall time of `runs` solves (one warm-up first), in milliseconds. */
function time(p: SolveProblem, model: LossModel, method: Method, runs: number) {
  let solution = solve(p, { model, method });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    solution = solve(p, { model, method });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, solution };
}

console.log(
  `threshold solver: ResNet50 (${profile.layers.length} entries), 8 data queues, load ${load}, Node ${process.version}`,
);
console.log('model  buffer   method   used     time        objective');
for (const model of MODELS)
  for (const buffer of BUFFERS) {
    const reference: Record<string, number> = {};
    for (const method of METHODS) {
      const label = `${model.padEnd(6)} ${String(buffer).padStart(6)}   ${method.padEnd(7)}`;
      if (method === 'dp' && buffer > dpLimit) {
        console.log(`${label}  -        skipped (O(N·B²) = ${(8 * buffer * buffer).toExponential(1)} steps)`);
        continue;
      }
      const runs = method === 'dp' && buffer > 1000 ? 1 : 5;
      const { ms, solution } = time(problem(buffer), model, method, runs);
      reference[method] = solution.objective;
      console.log(
        `${label}  ${solution.method.padEnd(7)}  ${ms.toFixed(1).padStart(8)} ms  ${solution.objective.toPrecision(10)}`,
      );
    }
    const values = Object.values(reference);
    const spread = Math.max(...values) - Math.min(...values);
    if (spread > 1e-9 * Math.max(...values.map(Math.abs)))
      console.log(`  !! methods disagree at buffer ${buffer}: ${JSON.stringify(reference)}`);
  }

// The port model: its cost is not separable, so the figures are one evaluation of the whole port (the
// decomposition, 8 data queues) and the local search's solve time where it fits in a minute.
console.log('model  buffer   what               time        objective');
for (const buffer of BUFFERS) {
  const p = problem(buffer);
  const layout = layoutQueues(p);
  const start = solve(p, { model: 'exact' })
    .queues.filter((q) => q.role === 'data')
    .map((q) => ({ S: q.S, L: q.L }));
  const runs = buffer > 10_000 ? 3 : 20;
  let objective = evaluate(p, 'port', start, layout).objective; // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    objective = evaluate(p, 'port', start, layout).objective;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const ms = times[Math.floor(times.length / 2)]!;
  console.log(
    `port   ${String(buffer).padStart(6)}   evaluate         ${ms.toFixed(2).padStart(8)} ms  ${objective.toPrecision(10)}`,
  );
  if (buffer > portSolveLimit) {
    console.log(
      `port   ${String(buffer).padStart(6)}   solve (local)     -        skipped (--port-solve-limit ${portSolveLimit})`,
    );
    continue;
  }
  const t0 = performance.now();
  const s = solve(p, { model: 'port' });
  const solveMs = performance.now() - t0;
  const evaluations = /\((\d+) evaluations/.exec(s.notes.join(' '))?.[1] ?? '?';
  console.log(
    `port   ${String(buffer).padStart(6)}   solve (${s.method})  ${solveMs.toFixed(0).padStart(8)} ms  ${s.objective.toPrecision(10)}  (${evaluations} evaluations)`,
  );
}

// The decomposition's error against the port's full chain on random small ports (2 to 4 queues, total
// load 0.5 to 1.3 split at random, θ = 0.5, installed limits up to 7), the figure in controller/solver/README.md.
{
  let state = 99;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const relative: number[] = [];
  let parts = 0;
  let worstAbsolute = 0;
  for (let k = 0; k < 300; k++) {
    const n = 2 + Math.floor(random() * 3);
    const total = 0.5 + random() * 0.8;
    const weights = Array.from({ length: n }, () => random());
    const sum = weights.reduce((a, b) => a + b, 0);
    const queues = weights.map((w) => {
      const s = Math.floor(random() * 5);
      return { arrival: (total * w) / sum, s, l: s + Math.floor(random() * 4) };
    });
    const instance = { queues, theta: 0.5, buffer: 1000 };
    const chain = solveChain(instance).losses;
    const decomposed = solveDecomposed(instance).losses;
    chain.forEach((c, i) => {
      for (const part of ['small', 'large'] as const) {
        parts++;
        const want = c[part];
        const got = decomposed[i]![part];
        if (want >= 0.01) relative.push(Math.abs(got - want) / want);
        else worstAbsolute = Math.max(worstAbsolute, Math.abs(got - want));
      }
    });
  }
  relative.sort((a, b) => a - b);
  const at = (q: number) => `${(relative[Math.floor(q * (relative.length - 1))]! * 100).toFixed(1)}%`;
  const within = relative.filter((r) => r <= 0.15).length;
  console.log(
    `port decomposition vs full chain, 300 random ports, ${parts} losses: of ${relative.length} at >= 1%, ` +
      `median error ${at(0.5)}, 90th percentile ${at(0.9)}, worst ${at(1)}, ${within} within 15%; ` +
      `below 1%, worst ${(worstAbsolute * 100).toFixed(3)} percentage points`,
  );
}
