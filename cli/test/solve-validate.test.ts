import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { exactLosses, layoutQueues } from '../../controller/solver/index.js';
import {
  effectiveThreshold,
  installedDepth,
  validationScenario,
  type Validation,
} from '../../controller/solver/validate.js';
import { parseScenario } from '../../target/sim/scenario-file.js';
import { runCli } from './run-cli.js';
import { priorityPortLosses } from '../../controller/test/solver/validate-reference.js';

const dir = mkdtempSync(join(tmpdir(), 'mlt-validate-'));
after(() => rmSync(dir, { recursive: true, force: true }));
function config(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

// One data queue: the only case where the model's queue is the switch's queue exactly (Poisson arrivals,
// exponential service, thresholds on the queue's own count), so the `exact` model must agree with measurement.
const ONE_QUEUE = config(
  'one.yaml',
  `switch: { queues: 1, reserveControlQueue: false, bufferPackets: 12 }
traffic: { load: 0.95 }
model:
  smallFraction: 0.5
  layers: [{ name: all, size: 1, lossCostSmall: 0.01, lossCostLarge: 1 }]
`,
);

// Three data queues under strict priority, small buffer, load near 1.
const THREE_QUEUES = config(
  'three.yaml',
  `switch: { queues: 3, reserveControlQueue: false, bufferPackets: 12 }
traffic: { load: 0.95 }
model:
  smallFraction: 0.5
  layers:
    - { name: front, size: 3, lossCostSmall: 0.002, lossCostLarge: 0.1 }
    - { name: middle, size: 2, lossCostSmall: 0.01, lossCostLarge: 0.5 }
    - { name: back, size: 1, lossCostSmall: 0.02, lossCostLarge: 1.0 }
`,
);

interface ValidateJson {
  model: string;
  queues: { queue: number; role: string; S: number; L: number; lossSmall: number; lossLarge: number }[];
  validation: Validation;
}

function validate(file: string, ...extra: string[]): ValidateJson {
  const r = runCli(['solve', file, '--validate', '--json', ...extra]);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as ValidateJson;
}

/**
 * |measured - reference| in standard errors. The standard error comes from the spread of the independent runs
 * (the CLI's 95% interval is ±t·SE): drops come in bursts, so a binomial interval over packets would be far
 * too narrow. With 20 runs, |t| > 4 has probability below 0.001 per comparison when the reference is right.
 */
function zScore(
  m: { loss: number | null; ci95: [number, number] | null },
  reference: number,
  runs: number,
): number {
  assert.ok(m.loss !== null && m.ci95 !== null);
  const t975 = runs === 20 ? 2.093 : NaN;
  const se = (m.ci95[1] - m.ci95[0]) / 2 / t975;
  if (se === 0) return m.loss === reference ? 0 : Infinity;
  return (m.loss - reference) / se;
}

/**
 * Agreement with a model that assumes exponential service: within 4 standard errors plus 10% of the
 * reference. The 10% is systematic, not noise: frame sizes are exponential clamped to [64, 9216] bytes, so
 * service times have a squared coefficient of variation of 0.99, not 1, and the deepest states of a queue
 * (large-gradient loss) come out a few percent rarer than the exponential chain says (the middle queue of the
 * three-queue port, seeds 1, 100, 1000: -8.0%, -8.3%, -3.4%, i.e. 1 to 3 standard errors; one queue at the
 * earlier 1500-byte mean and 9000-byte cap, SCV 0.97: -18%). The model errors this file is about are tens of
 * percent to orders of magnitude.
 */
function agrees(m: { loss: number | null; ci95: [number, number] | null }, reference: number, runs: number) {
  const z = zScore(m, reference, runs);
  const se = (m.ci95![1] - m.ci95![0]) / 2 / 2.093;
  return { ok: Math.abs(m.loss! - reference) <= 4 * se + 0.1 * reference, z };
}

// Measurement-accuracy cases run only the solved thresholds (--no-compare): a million packets each is enough CPU.
const RUNS = ['--packets', '1000000', '--runs', '20', '--seed', '7', '--no-compare'];

describe('mlt solve --validate', function () {
  this.timeout(240_000); // each case simulates a million packets in a child process

  it('installs thresholds shifted by the packet on the wire, exactly as the exact model counts', () => {
    assert.deepEqual([0, 1, 2, 3, 10].map(installedDepth), [0, 1, 1, 2, 9]);
    assert.deepEqual([0, 1, 2, 3, 10].map(effectiveThreshold), [0, 2, 2, 3, 10]);
    // The port's exact Markov chain with one queue and the installed thresholds is the exact model.
    for (const [rho, S, L] of [
      [0.9, 3, 6],
      [1, 5, 9],
      [1.4, 2, 4],
      [0.5, 0, 3],
    ] as const) {
      const [port] = priorityPortLosses(
        [{ load: rho, S: installedDepth(S), L: installedDepth(L) }],
        0.3,
        100,
      );
      const model = exactLosses(rho, 0.3)(S, L);
      assert.ok(Math.abs(port!.small - model.small) < 1e-9, `${rho} ${S} ${L}`);
      assert.ok(Math.abs(port!.large - model.large) < 1e-9, `${rho} ${S} ${L}`);
    }
  });

  it('builds a scenario that the scenario schema accepts', () => {
    const problem = {
      queues: 4,
      reserveControlQueue: true,
      bufferPackets: 60,
      load: 0.9,
      smallFraction: 0.5,
      layers: [
        { name: 'a', size: 2, lossCostSmall: 1, lossCostLarge: 2 },
        { name: 'b', size: 1, lossCostSmall: 1, lossCostLarge: 2 },
      ],
    };
    const thresholds = [
      { S: 1, L: 5 },
      { S: 4, L: 9 },
      { S: 0, L: 0 },
    ];
    const plan = validationScenario(problem, layoutQueues(problem), thresholds, {
      p4: 'p4/mlt.p4',
      packets: 1000,
      seed: 3,
    });
    const scn = parseScenario(stringify(plan.scenario), 'validate.yaml');
    assert.equal(scn.switch?.egressAt, 'enqueue');
    // Two layers over three data queues: the lowest queue gets none and sends nothing.
    assert.deepEqual(
      plan.flows.map((f) => [f.queue, f.small, f.large]),
      [
        [2, 'q2-small', 'q2-large'],
        [1, 'q1-small', 'q1-large'],
        [0, null, null],
      ],
    );
    const installed = plan.scenario.tables.filter((t) => t.table === 'MLTEgress.queue_thresholds');
    assert.deepEqual(
      installed.map((t) => [t.params.s_threshold, t.params.l_threshold]),
      [
        [1, 4],
        [3, 8],
        [0, 0],
      ],
    );
    assert.deepEqual(plan.effective[0], { S: 2, L: 5 });
    assert.equal(plan.notes.length, 1);
  });

  it('measures one queue as the exact model predicts, and the paper model off', () => {
    const out = validate(ONE_QUEUE, ...RUNS);
    const v = out.validation;
    assert.equal(v.runs, 20);
    const q = v.queues[0]!;
    for (const part of [q.small, q.large]) {
      const { ok, z } = agrees(part.measured, part.predicted.exact, v.runs);
      assert.ok(ok, `exact model ${part.predicted.exact}, measured ${part.measured.loss} (z = ${z})`);
    }
    // The paper model's independent halves overstate large-gradient loss by two orders of magnitude here.
    assert.ok(Math.abs(zScore(q.large.measured, q.large.predicted.paper, v.runs)) > 10);
    assert.ok(v.summary.exact.meanAbsError < v.summary.paper.meanAbsError);
    assert.ok(Math.abs(v.load.measured / 0.95 - 1) < 0.01, `measured load ${v.load.measured}`);
  });

  it("with strict priority, matches the port's exact Markov chain; the per-queue models miss it", () => {
    const out = validate(THREE_QUEUES, ...RUNS);
    const v = out.validation;
    const reference = priorityPortLosses(
      v.queues.map((q) => ({ load: q.load.configured, S: q.installed.S, L: q.installed.L })),
      0.5,
      12,
    );
    let worstExact = 0;
    v.queues.forEach((q, i) => {
      for (const part of ['small', 'large'] as const) {
        const m = q[part].measured;
        const want = reference[i]![part];
        if (want > 1 - 1e-9) {
          assert.equal(m.loss, 1); // S = 0: every small packet is dropped
          continue;
        }
        const { ok, z } = agrees(m, want, v.runs);
        assert.ok(ok, `queue ${q.queue} ${part}: chain ${want}, measured ${m.loss} (z = ${z})`);
        worstExact = Math.max(worstExact, Math.abs(zScore(m, q[part].predicted.exact, v.runs)));
        // A port this small is solved by the port model's full chain: the same chain as the reference.
        assert.ok(Math.abs(q[part].predicted.port - want) <= 1e-9, `queue ${q.queue} ${part}: port model`);
      }
    });
    // The models give each queue its own server of rate μ·Π(1 - ρ_higher); the real port serves one packet
    // at a time, so a lower queue waits through whole busy periods of the higher ones (and a higher queue
    // waits for the packet on the wire). That error is far beyond the noise of this run.
    assert.ok(worstExact > 10, `largest exact-model error ${worstExact} standard errors`);
  });

  it('prints JSON with the solution and the validation, and a table without --json; works with --model paper', () => {
    const out = validate(THREE_QUEUES, '--model', 'paper', '--packets', '20000', '--runs', '2');
    assert.equal(out.model, 'paper');
    const v = out.validation;
    assert.deepEqual(Object.keys(v).sort(), [
      'chosen',
      'durationUsPerRun',
      'egressAt',
      'load',
      'measuredCost',
      'notes',
      'packetsPerRun',
      'portGoal',
      'queues',
      'runs',
      'seeds',
      'summary',
    ]);
    assert.deepEqual(v.seeds, [1, 2]);
    assert.equal(v.packetsPerRun, 10000);
    const data = out.queues.filter((q) => q.role === 'data');
    assert.deepEqual(
      v.queues.map((q) => q.queue),
      data.map((q) => q.queue),
    );
    v.queues.forEach((q, i) => {
      assert.deepEqual([q.S, q.L], [data[i]!.S, data[i]!.L]);
      assert.deepEqual(q.installed, { S: installedDepth(q.S), L: installedDepth(q.L) });
      for (const part of [q.small, q.large]) {
        assert.equal(typeof part.predicted.paper, 'number');
        assert.equal(typeof part.predicted.exact, 'number');
        assert.equal(typeof part.predicted.port, 'number');
        assert.ok(part.measured.arrivals > 0 && part.measured.loss !== null);
        assert.ok(part.measured.lost <= part.measured.arrivals);
      }
      // What the switch counted at the queue is what the senders lost.
      const c = q.switchCounts;
      assert.equal(
        c.droppedAtS + c.droppedAtL + c.tailDropped,
        q.small.measured.lost + q.large.measured.lost,
      );
      // Solved with the paper model and installed as solved: its predictions are the solve output's.
      if (q.effective.S === q.S && q.effective.L === q.L) {
        assert.equal(q.small.predicted.paper, data[i]!.lossSmall);
        assert.equal(q.large.predicted.paper, data[i]!.lossLarge);
      }
    });
    const mean =
      v.queues.reduce(
        (s, q) =>
          s +
          Math.abs(q.small.predicted.exact - q.small.measured.loss!) +
          Math.abs(q.large.predicted.exact - q.large.measured.loss!),
        0,
      ) /
      (2 * v.queues.length);
    assert.ok(Math.abs(v.summary.exact.meanAbsError - mean) < 1e-12);

    const text = runCli(['solve', THREE_QUEUES, '--validate', '--packets', '20000', '--runs', '2']);
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /measured\s+95% CI\s+paper\s+exact/);
    assert.match(text.stdout, /mean absolute error: paper [\d.]+ pp .*; exact [\d.]+ pp/);
  });

  it("runs each model's own optimum on the switch and reports what each costs there", () => {
    const args = ['--packets', '20000', '--runs', '2'];
    const out = validate(THREE_QUEUES, '--model', 'port', ...args);
    const v = out.validation;
    assert.deepEqual(
      v.chosen!.map((c) => c.model),
      ['paper', 'exact', 'port'],
    );
    const solvedBy = (model: string) => {
      const r = runCli(['solve', THREE_QUEUES, '--model', model, '--json']);
      assert.equal(r.status, 0, r.stderr);
      const s = JSON.parse(r.stdout) as ValidateJson;
      return s.queues.filter((q) => q.role === 'data').map((q) => ({ S: q.S, L: q.L }));
    };
    for (const c of v.chosen!) {
      assert.deepEqual(c.thresholds, solvedBy(c.model));
      assert.ok(c.measured.cost > 0 && c.measured.ci95 !== null);
      assert.ok(c.measured.ci95[0] <= c.measured.cost && c.measured.cost <= c.measured.ci95[1]);
    }
    // The port model's own thresholds are the ones validated: the same runs, the same cost.
    const port = v.chosen!.find((c) => c.model === 'port')!;
    assert.equal(port.measured.cost, v.measuredCost.cost);
    assert.equal(port.predicted.own, port.predicted.port);
    // The measured cost is the objective's formula applied to the measured losses.
    const layers = [
      { costSmall: 0.002, costLarge: 0.1 },
      { costSmall: 0.01, costLarge: 0.5 },
      { costSmall: 0.02, costLarge: 1.0 },
    ];
    const recomputed = v.queues.reduce(
      (sum, q, i) =>
        sum +
        100 * (q.small.measured.loss! * layers[i]!.costSmall + q.large.measured.loss! * layers[i]!.costLarge),
      0,
    );
    assert.ok(Math.abs(recomputed - v.measuredCost.cost) < 1e-9 * recomputed);
    assert.equal(v.portGoal.parts, 6);
    assert.equal(v.portGoal.met + v.portGoal.misses.length, v.portGoal.parts);

    const text = runCli(['solve', THREE_QUEUES, '--validate', ...args]);
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /measured\s+95% CI\s+paper\s+exact\s+port/);
    assert.match(
      text.stdout,
      /port model goal \(within 15% where measured >= 1%, else 0.2 pp\): \d\/6 parts/,
    );
    assert.match(
      text.stdout,
      /headline: on the switch the port model's thresholds cost [\d.]+, the exact model's [\d.]+: /,
    );
    const none = runCli(['solve', THREE_QUEUES, '--validate', '--no-compare', ...args]);
    assert.doesNotMatch(none.stdout, /headline/);
  });

  it('with egress at dequeue (bmv2), packets dropped at S still occupy the queue and large loss rises', () => {
    const args = ['--packets', '400000', '--runs', '20', '--seed', '3'];
    const atEnqueue = validate(ONE_QUEUE, ...args).validation.queues[0]!;
    const atDequeue = validate(ONE_QUEUE, ...args, '--egress-at', 'dequeue').validation;
    assert.equal(atDequeue.egressAt, 'dequeue');
    const q = atDequeue.queues[0]!;
    // Same thresholds, same predictions; but now a packet dropped at S sits in the queue until its turn and
    // counts in later packets' enq_qdepth, so the queue reaches L far more often than the model's chain does.
    assert.equal(q.large.predicted.exact, atEnqueue.large.predicted.exact);
    assert.ok(zScore(q.large.measured, q.large.predicted.exact, atDequeue.runs) > 10);
    assert.ok(q.large.measured.loss! > 5 * atEnqueue.large.measured.loss!);
  });

  it('rejects the validation flags without --validate', () => {
    const r = runCli(['solve', ONE_QUEUE, '--packets', '1000']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /only apply with --validate/);
  });

  it('exits 2 for a bad config, and for one with nothing to send', () => {
    const bad = config('bad.yaml', 'switch: { queues: 0 }\ntraffic: { load: 1 }\n');
    const r = runCli(['solve', bad, '--validate']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /queues/);
    const idle = config(
      'idle.yaml',
      `switch: { queues: 2, reserveControlQueue: false, bufferPackets: 10 }
traffic: { load: 0 }
model: { smallFraction: 0.5, layers: [{ name: a, size: 1, lossCostSmall: 1, lossCostLarge: 1 }] }
`,
    );
    const r2 = runCli(['solve', idle, '--validate']);
    assert.equal(r2.status, 2);
    assert.match(r2.stderr, /load > 0/);
  });

  it('exits 2, before running anything, for more packets per run or more runs than fit in memory', () => {
    // Before the bounds, 10^14 packets ran for hours while each run's delay samples grew towards the machine's
    // memory, and 10^9 runs asked for an array of 10^9 seeds.
    const many = runCli(['solve', ONE_QUEUE, '--validate', '--packets', '100000000000000', '--runs', '2']);
    assert.equal(many.status, 2);
    assert.match(
      many.stderr,
      /--packets 100000000000000 over 2 run\(s\) is 50000000000000 per run; at most 10000000/,
    );
    assert.equal(many.stdout, '');
    const runs = runCli(['solve', ONE_QUEUE, '--validate', '--runs', '1000000000']);
    assert.equal(runs.status, 2);
    assert.match(runs.stderr, /--runs must be from 1 to 1000/);
  });
});
