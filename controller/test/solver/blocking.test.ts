import { strict as assert } from 'node:assert';
import { blocking } from '../../solver/index.js';
import { logGeometricSum } from '../../solver/blocking.js';
import { assertClose } from './reference.js';

/** P(ρ, K) for integer K as π_K of the M/M/1/K chain, summing ρ^{n-K} so nothing overflows. */
function directBlocking(rho: number, K: number): number {
  let z = 0;
  // π_K = ρ^K / Σ_{n<=K} ρ^n = 1 / Σ_{m=0}^{K} ρ^{-m}
  for (let m = 0; m <= K; m++) z += rho ** -m;
  return 1 / z;
}

describe('blocking probability P(ρ, K)', () => {
  it('matches the stationary distribution for integer K, below, at and above ρ = 1', () => {
    for (const rho of [0.01, 0.3, 0.9, 0.999, 1, 1.001, 1.5, 4, 50])
      for (const K of [0, 1, 2, 5, 17, 100, 1000])
        assertClose(blocking(rho, K), directBlocking(rho, K), 1e-11, `ρ=${rho} K=${K}`);
  });

  it('stays finite and accurate for K = 1e5 and beyond', () => {
    for (const rho of [0.5, 0.9999, 1, 1.0001, 2, 1e6]) {
      const K = 100_000;
      const p = blocking(rho, K);
      assert.ok(Number.isFinite(p) && p >= 0 && p <= 1, `ρ=${rho}: ${p}`);
      if (rho > 0.999) assertClose(p, directBlocking(rho, K), 1e-9, `ρ=${rho}`);
    }
    assert.equal(blocking(0.5, 1e5), 0); // underflows to 0, not NaN
    assertClose(blocking(2, 1e7), 0.5, 1e-12); // tends to 1 - 1/ρ
    assertClose(blocking(1, 1e9), 1 / (1e9 + 1), 1e-15);
    assert.ok(Number.isFinite(blocking(1.5, 1e300)));
  });

  it('is continuous across ρ = 1', () => {
    for (const K of [0.5, 3, 1e3, 1e5])
      for (const eps of [1e-9, 1e-12])
        for (const rho of [1 - eps, 1 + eps]) assertClose(blocking(rho, K), 1 / (K + 1), 1e-3);
  });

  it('handles the edges: no traffic, no capacity, no service', () => {
    assert.equal(blocking(0, 0), 1);
    assert.equal(blocking(0, 2.5), 0);
    assert.equal(blocking(0.7, 0), 1);
    assert.equal(blocking(3, 0), 1);
    assert.equal(blocking(Infinity, 10), 1);
    assert.throws(() => blocking(0.5, -1), RangeError);
  });

  it('is decreasing and convex in real-valued K (what the fast per-queue scan relies on)', () => {
    for (const rho of [0.2, 0.95, 1, 1.05, 3]) {
      const h = 0.25;
      for (let K = 0; K < 40; K += h) {
        const a = blocking(rho, K);
        const b = blocking(rho, K + h);
        const c = blocking(rho, K + 2 * h);
        assert.ok(b <= a, `decreasing at ρ=${rho} K=${K}`);
        assert.ok(a - b >= b - c - 1e-15, `convex at ρ=${rho} K=${K}`);
      }
    }
  });

  it('log geometric sums agree with direct sums', () => {
    for (const x of [0, 0.3, 1, 1 - 1e-10, 1.7])
      for (const n of [1, 2, 9, 300]) {
        let s = 0;
        for (let k = 0; k < n; k++) s += x ** k;
        assertClose(Math.exp(logGeometricSum(x, n)), s, 1e-9, `x=${x} n=${n}`);
      }
    assert.equal(logGeometricSum(0.5, 0), -Infinity);
    assert.ok(Number.isFinite(logGeometricSum(3, 1e6)));
  });
});
