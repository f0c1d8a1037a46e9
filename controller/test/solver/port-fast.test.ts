// The `port` model's shortcuts against the plain computations they replace: runs of identical levels summed
// by doubling, busy-period fits reused between evaluations, the search's cache, the closed-form count.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { Thresholds } from '../../solver/index.js';
import { solveChain } from '../../solver/port-chain.js';
import { solveDecomposed, type BusyFitCache } from '../../solver/port-level.js';
import { exhaustiveCount, exhaustiveSearch, localSearch } from '../../solver/port-optimise.js';
import type { PortInstance } from '../../solver/port-types.js';

/** Ports with long levels: 1–8 queues, limits up to 2,000, light to overloaded, θ anywhere in [0, 1]. */
const longPort = fc
  .record({
    queues: fc.array(
      fc.record({
        arrival: fc.double({ min: 0.005, max: 0.6, noNaN: true }),
        s: fc.integer({ min: 0, max: 2000 }),
        extra: fc.integer({ min: 0, max: 2000 }),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    theta: fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
  })
  .map((r): PortInstance => ({
    queues: r.queues.map((q) => ({ arrival: q.arrival, s: q.s, l: q.s + q.extra })),
    theta: r.theta,
    buffer: 100_000,
  }));

/** ResNet50 at a buffer of 10^4 with the `exact` model's thresholds installed (scripts/bench-solver.ts). */
const resnet: PortInstance = {
  queues: [
    [0.006062675822450745, 2, 2],
    [0.01759953972746131, 4, 4],
    [0.02191678595542706, 4, 4],
    [0.07013772178240416, 6, 7],
    [0.1311401104791824, 8, 9],
    [0.08742674031945494, 7, 8],
    [0.4109297198516635, 35, 38],
    [0.25478670606195586, 9903, 9920],
  ].map(([arrival, s, l]) => ({ arrival: arrival!, s: s!, l: l! })),
  theta: 0.5,
  buffer: 10_000,
};

function assertClose(got: number, want: number, what: string): void {
  assert.ok(Math.abs(got - want) <= 1e-9 * Math.abs(want), `${what}: ${got} vs ${want}`);
}

/** Losses and the probabilities passed up, with runs (the default) and level by level (keepPi). */
function assertRunsAgree(instance: PortInstance): void {
  const fast = solveDecomposed(instance);
  const stepped = solveDecomposed(instance, true);
  fast.levels.forEach((level, k) => {
    const want = stepped.levels[k]!;
    assertClose(level.small, want.small, `queue ${k} small`);
    assertClose(level.large, want.large, `queue ${k} large`);
    assertClose(level.qUAbove, want.qUAbove, `queue ${k} qU`);
    assertClose(level.qDAbove, want.qDAbove, `queue ${k} qD`);
  });
}

describe('port model: shortcuts against plain computation', () => {
  it('runs of identical levels summed by doubling give the level-by-level losses, to 1e-9', function () {
    this.timeout(60_000);
    assertRunsAgree(resnet);
    fc.assert(fc.property(longPort, assertRunsAgree), { numRuns: 40, seed: 31 });
  });

  it('with runs, the decomposition is still exact for one queue against the full chain, to 1e-9', function () {
    this.timeout(60_000);
    fc.assert(
      fc.property(
        fc.double({ min: 0.2, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        (arrival, theta, s, extra) => {
          // l >= 70 somewhere leaves a run of at least 64 identical levels.
          const instance: PortInstance = { queues: [{ arrival, s, l: s + extra + 70 }], theta, buffer: 1000 };
          const chain = solveChain(instance).losses[0]!;
          const dec = solveDecomposed(instance).losses[0]!;
          assert.ok(Math.abs(dec.small - chain.small) <= 1e-9, `small ${dec.small} vs ${chain.small}`);
          assert.ok(Math.abs(dec.large - chain.large) <= 1e-9, `large ${dec.large} vs ${chain.large}`);
        },
      ),
      { numRuns: 15, seed: 32 },
    );
  });

  it("an overloaded queue with a level of hundreds: its losses are the full chain's, to 1e-9", function () {
    this.timeout(60_000);
    // Before G was taken as exact, level 0 lost all precision here (each level multiplied the rounding by
    // the load) and these losses came out 0.
    const check = (instance: PortInstance, k: number, minLarge: number) => {
      const chain = solveChain(instance).losses[k]!;
      const dec = solveDecomposed(instance).losses[k]!;
      assert.ok(Math.abs(dec.small - chain.small) <= 1e-9, `small ${dec.small} vs ${chain.small}`);
      assert.ok(Math.abs(dec.large - chain.large) <= 1e-9, `large ${dec.large} vs ${chain.large}`);
      assert.ok(chain.large > minLarge, `the case is overloaded: ${chain.large}`);
    };
    check({ queues: [{ arrival: 1.5, s: 0, l: 100 }], theta: 0, buffer: 1000 }, 0, 0.05);
    check({ queues: [{ arrival: 1.3, s: 0, l: 300 }], theta: 0, buffer: 1000 }, 0, 0.05);
    check({ queues: [{ arrival: 1.11, s: 0, l: 600 }], theta: 0, buffer: 1000 }, 0, 0.05);
    fc.assert(
      fc.property(
        fc.double({ min: 1.5, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 150, max: 350 }),
        fc.boolean(),
        (arrival, theta, s, extra, withLower) => {
          // The top queue, alone or above a queue that carries nothing (the decomposition is exact for both).
          const top = { arrival, s, l: s + extra };
          const queues = withLower ? [top, { arrival: 0, s: 0, l: 1 }] : [top];
          check({ queues, theta, buffer: 10_000 }, 0, 0.03);
        },
      ),
      { numRuns: 10, seed: 33 },
    );
  });

  it('an overloaded lower queue with a level of hundreds stays near the full chain', function () {
    this.timeout(60_000);
    // Not exact (the upper queue's busy period is fitted): the tolerance of the small-port guard in port.test.ts.
    for (const [upper, lower, l] of [
      [0.3, 0.9, 200],
      [0.5, 0.8, 300],
      [0.2, 1.4, 250],
    ] as const) {
      const instance: PortInstance = {
        queues: [
          { arrival: upper, s: 2, l: 4 },
          { arrival: lower, s: 0, l },
        ],
        theta: 0,
        buffer: 10_000,
      };
      const chain = solveChain(instance).losses[1]!;
      const dec = solveDecomposed(instance).losses[1]!;
      assert.ok(chain.large > 0.05, `the case is overloaded: ${chain.large}`);
      for (const part of ['small', 'large'] as const)
        assert.ok(
          Math.abs(dec[part] - chain[part]) <= 0.25 * chain[part] + 0.01,
          `${part}: ${dec[part]} vs ${chain[part]}`,
        );
    }
  });

  it('reusing busy-period fits between evaluations changes no bit of the result', () => {
    fc.assert(
      fc.property(
        longPort,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: -50, max: 50 })), { maxLength: 6 }),
        (base, moves) => {
          const cache: BusyFitCache = new Map();
          let instance = base;
          for (const [pick, delta] of [[0, 0] as [number, number], ...moves]) {
            const k = pick % instance.queues.length;
            instance = {
              ...instance,
              queues: instance.queues.map((q, i) =>
                i === k
                  ? { ...q, s: Math.max(0, q.s + delta), l: Math.max(0, q.s + delta) + (q.l - q.s) }
                  : q,
              ),
            };
            assert.deepEqual(
              solveDecomposed(instance, false, cache).levels,
              solveDecomposed(instance).levels,
            );
          }
          if (instance.queues.length > 1) assert.ok(cache.size > 0);
        },
      ),
      { numRuns: 10, seed: 33 },
    );
  });

  it('local search evaluates each threshold set once, with the result it has without the cache', () => {
    // A cost with several local optima: distance to a target, plus a bump.
    const target = [3, 7, 2];
    const calls = new Map<string, number>();
    const cost = (ts: Thresholds[]) => {
      const key = JSON.stringify(ts);
      calls.set(key, (calls.get(key) ?? 0) + 1);
      return (
        ts.reduce((sum, t, i) => sum + Math.abs(t.L - target[i]!) + 0.3 * Math.abs(t.S - 1), 0) +
        (ts[0]!.L === 5 ? -0.5 : 0)
      );
    };
    const start = [
      { S: 0, L: 0 },
      { S: 0, L: 0 },
      { S: 0, L: 0 },
    ];
    const seen = new Map<string, number>();
    const first = localSearch(cost, start, 14, undefined, seen);
    assert.equal(first.evaluations, calls.size);
    for (const n of calls.values()) assert.equal(n, 1);
    // The same search again, sharing the cache: nothing new to evaluate, the same answer.
    const again = localSearch(cost, start, 14, undefined, seen);
    assert.equal(again.evaluations, 0);
    assert.deepEqual(again.thresholds, first.thresholds);
    // And without the cache: the same answer.
    const plain = localSearch(cost, start, 14);
    assert.deepEqual(plain.thresholds, first.thresholds);
    assert.equal(plain.cost, first.cost);
  });

  it('pattern moves end at a unit-move local optimum, in fewer evaluations on a long descent', () => {
    // Far from the optimum on every queue (the large-buffer case): plain descent takes every small step.
    const target = [
      { S: 37, L: 90 },
      { S: 5, L: 410 },
      { S: 120, L: 133 },
      { S: 0, L: 300 },
    ];
    const cost = (ts: Thresholds[]) =>
      ts.reduce(
        (sum, t, i) =>
          sum + (t.L - target[i]!.L) ** 2 + 0.7 * Math.abs(t.S - target[i]!.S) + 0.01 * t.S * (i + 1),
        0,
      );
    const start = target.map(() => ({ S: 0, L: 100 }));
    const plain = localSearch(cost, start, 1000, 16);
    const pattern = localSearch(cost, start, 1000, 16, undefined, true);
    assert.ok(pattern.cost <= cost(start));
    assert.ok(
      pattern.evaluations < plain.evaluations,
      `${pattern.evaluations} vs ${plain.evaluations} evaluations`,
    );
    // No move of size 1 improves the result: a unit-step search from it stays there.
    const check = localSearch(cost, pattern.thresholds, 1000, 1);
    assert.deepEqual(check.thresholds, pattern.thresholds);
    assert.equal(check.cost, pattern.cost);
  });

  it('counts threshold sets as exhaustive search visits them, and as the direct O(B²) recurrence does', () => {
    for (let n = 1; n <= 3; n++)
      for (let B = 0; B <= 8; B++)
        assert.equal(
          exhaustiveCount(n, B),
          exhaustiveSearch(() => 0, n, B).evaluations,
          `${n} queues, B = ${B}`,
        );
    for (let n = 0; n <= 8; n++)
      for (let B = 0; B <= 60; B += 3) {
        let ways = new Float64Array(B + 1);
        ways[0] = 1;
        for (let i = 0; i < n; i++) {
          const next = new Float64Array(B + 1);
          for (let b = 0; b <= B; b++) for (let l = 0; b + l <= B; l++) next[b + l]! += ways[b]! * (l + 1);
          ways = next;
        }
        assert.equal(
          exhaustiveCount(n, B),
          ways.reduce((a, b) => a + b, 0),
          `${n} queues, B = ${B}`,
        );
      }
  });
});
