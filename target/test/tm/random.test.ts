import assert from 'node:assert/strict';
import { Rng } from '../../tm/random.js';

describe('tm/random', () => {
  it('is a pure function of the seed', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const sa = Array.from({ length: 100 }, () => a.nextU32());
    const sb = Array.from({ length: 100 }, () => b.nextU32());
    const sc = Array.from({ length: 100 }, () => c.nextU32());
    assert.deepEqual(sa, sb);
    assert.notDeepEqual(sa, sc);
  });

  it('gives uniform floats and exponentials with the right mean', () => {
    const r = new Rng(7);
    const n = 200_000;
    let sum = 0;
    let sumExp = 0;
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < n; i++) {
      const u = r.nextFloat();
      assert.ok(u >= 0 && u < 1);
      sum += u;
      buckets[Math.floor(u * 10)]!++;
      sumExp += r.exponential(3);
    }
    assert.ok(Math.abs(sum / n - 0.5) < 0.005);
    assert.ok(Math.abs(sumExp / n - 3) < 0.05);
    // Chi-square with 9 degrees of freedom: 27.9 is its 99.9% point.
    const chi = buckets.reduce((acc, b) => acc + (b - n / 10) ** 2 / (n / 10), 0);
    assert.ok(chi < 27.9, `chi-square ${chi}`);
  });
});
