// random() of bounds up to 32 bits runs on numbers (randomNum); it must draw the same generator values and
// give the very same results as the bigint randomRange, for every range.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { makeRandom, makeRuntime } from '../../engine/runtime.js';

describe('engine/randomNum', () => {
  it('equals randomRange draw for draw, for any 32-bit bounds and seed', () => {
    const u32 = fc.nat({ max: 0xffffffff });
    fc.assert(
      fc.property(u32, u32, u32, (seed, x, y) => {
        const big = makeRuntime(makeRandom(seed));
        const num = makeRuntime(makeRandom(seed));
        for (const [lo, hi] of [
          [x, y],
          [Math.min(x, y), Math.max(x, y)],
          [0, 0xffffffff],
          [0, 0xfffffffe],
          [0, y & 7],
        ]) {
          const want = Number(big.randomRange(BigInt(lo), BigInt(hi)));
          assert.equal(num.randomNum(lo, hi), want);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
