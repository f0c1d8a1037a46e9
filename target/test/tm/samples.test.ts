import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Samples } from '../../tm/samples.js';

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
});
