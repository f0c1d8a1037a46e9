import assert from 'node:assert/strict';
import fc from 'fast-check';
import { concatSamples, Samples } from '../../tm/samples.js';

/** The reference: every statistic straight from a plain sorted array. */
function expected(xs: number[]): { count: number; mean: number; p: (q: number) => number; sorted: number[] } {
  const sorted = [...xs].sort((a, b) => a - b);
  const p = (q: number): number =>
    xs.length === 0 ? 0 : sorted[Math.min(xs.length, Math.max(1, Math.ceil((q / 100) * xs.length))) - 1]!;
  const mean = xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;
  return { count: xs.length, mean, p, sorted };
}

describe('Samples', () => {
  it('counts zeros apart and still gives exact statistics over all samples', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: -50, max: 1e6 })), { maxLength: 300 }),
        fc.integer({ min: 0, max: 100 }),
        (xs, q) => {
          const s = new Samples();
          for (const x of xs) s.add(x);
          const e = expected(xs);
          assert.equal(s.count, e.count);
          assert.ok(Math.abs(s.mean() - e.mean) <= 1e-9 * Math.max(1, Math.abs(e.mean)));
          assert.equal(s.percentile(q), e.p(q));
          assert.equal(s.max(), e.p(100));
          assert.deepEqual([...s.sortedValues()], e.sorted);
          assert.deepEqual(
            [...s.values()].sort((a, b) => a - b),
            e.sorted,
          );
        },
      ),
    );
  });

  it('keeps counting correctly when samples are added after a read', () => {
    const s = new Samples();
    for (const x of [0, 5, 0, 3]) s.add(x);
    assert.equal(s.percentile(50), 0);
    for (const x of [0, 0, 7, 0]) s.add(x);
    assert.equal(s.count, 8);
    assert.deepEqual([...s.sortedValues()], [0, 0, 0, 0, 0, 3, 5, 7]);
    assert.equal(s.percentile(75), 3);
    assert.equal(s.mean(), 15 / 8);
  });

  it('reports 0 for an empty set and for a set of only zeros', () => {
    const s = new Samples();
    assert.deepEqual([s.count, s.percentile(99), s.max(), s.mean()], [0, 0, 0, 0]);
    for (let i = 0; i < 1000; i++) s.add(0);
    assert.deepEqual(
      [s.count, s.percentile(99), s.max(), s.mean(), s.values().length],
      [1000, 0, 0, 0, 1000],
    );
  });

  it('keeps integer picoseconds as 32-bit integers, and every other value exactly once one arrives', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: 1, max: 2 ** 32 - 1 }),
            fc.constant(2 ** 32),
            fc.integer({ min: 2 ** 32, max: 2 ** 40 }),
            fc.double({ min: -1e12, max: 1e12, noNaN: true }),
            fc.constant(0),
          ),
          { maxLength: 200 },
        ),
        (xs) => {
          const s = new Samples();
          for (const x of xs) s.add(x);
          const e = expected(xs);
          const all32 = xs.every((x) => x >>> 0 === x);
          assert.equal(s.values() instanceof Uint32Array, all32);
          // A -0 kept as a 32-bit integer reads back as 0 (-0 >>> 0 === -0 holds in JavaScript).
          const plain = (x: number): number => (Object.is(x, -0) ? 0 : x);
          assert.deepEqual([...s.sortedValues()], e.sorted.map(plain));
          assert.equal(plain(s.percentile(99)), plain(e.p(99)));
        },
      ),
    );
  });

  it('concatenates stores as 32-bit integers only when every store holds them', () => {
    const small = new Samples();
    for (const x of [3, 1, 2]) small.add(x);
    const wide = new Samples();
    for (const x of [2 ** 33, 0.5]) wide.add(x);
    const both = concatSamples([small.values(), wide.values()]);
    assert.ok(both instanceof Float64Array);
    assert.deepEqual([...both], [3, 1, 2, 2 ** 33, 0.5]);
    const ints = concatSamples([small.values(), small.values()]);
    assert.ok(ints instanceof Uint32Array);
    assert.deepEqual([...ints], [3, 1, 2, 3, 1, 2]);
    assert.equal(concatSamples([]).length, 0);
  });
});
