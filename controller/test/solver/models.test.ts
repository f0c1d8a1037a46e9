import { strict as assert } from 'node:assert';
import { exactLosses, paperLosses } from '../../solver/index.js';
import { assertClose, refBlocking, refChain } from './reference.js';

/** Solves πQ = 0, Σπ = 1 for the threshold chain's generator by Gaussian elimination. */
function numericChain(rho: number, theta: number, S: number, L: number): number[] {
  const n = L + 1;
  const Q = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    const up = i >= L ? 0 : i < S ? rho : (1 - theta) * rho;
    if (i + 1 < n) Q[i]![i + 1] = up;
    if (i > 0) Q[i]![i - 1] = 1;
    Q[i]![i] = -(up + (i > 0 ? 1 : 0));
  }
  // Rows of A = Qᵀ, with the last equation replaced by normalisation.
  const A = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => Q[c]![r]!));
  const b = new Array<number>(n).fill(0);
  A[n - 1] = new Array<number>(n).fill(1);
  b[n - 1] = 1;
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[piv]![c]!)) piv = r;
    [A[c], A[piv]] = [A[piv]!, A[c]!];
    [b[c], b[piv]] = [b[piv]!, b[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = A[r]![c]! / A[c]![c]!;
      if (f === 0) continue;
      for (let k = c; k < n; k++) A[r]![k]! -= f * A[c]![k]!;
      b[r]! -= f * b[c]!;
    }
  }
  return b.map((x, i) => x / A[i]![i]!);
}

describe('queue loss models', () => {
  it('exact model: losses equal P(n >= S) and P(n = L) of the numerically solved chain', () => {
    for (const rho of [0.2, 0.8, 1, 1.3, 3])
      for (const theta of [0, 0.3, 0.5, 1])
        for (const [S, L] of [
          [0, 0],
          [0, 5],
          [3, 3],
          [2, 9],
          [7, 20],
        ] as const) {
          const pi = numericChain(rho, theta, S, L);
          const r = exactLosses(rho, theta)(S, L);
          const what = `ρ=${rho} θ=${theta} S=${S} L=${L}`;
          // Elimination is accurate in absolute terms only, hence the absolute floor.
          const small = pi.slice(S).reduce((a, x) => a + x, 0);
          assert.ok(Math.abs(r.small - small) <= 1e-9 * small + 1e-13, `${what}: ${r.small} vs ${small}`);
          assert.ok(Math.abs(r.large - pi[L]!) <= 1e-9 * pi[L]! + 1e-13, `${what}: ${r.large} vs ${pi[L]}`);
        }
  });

  it('exact model: stable in log space for long buffers and heavy load', () => {
    const f = exactLosses(5, 0.5);
    const r = f(50_000, 100_000);
    assert.ok(Number.isFinite(r.small) && Number.isFinite(r.large));
    // σ = 2.5: the top part behaves like an overloaded M/M/1 (rounding grows with the ~1e5 terms).
    assertClose(r.large, 1 - 1 / 2.5, 1e-9);
    assertClose(r.small, 1, 1e-9);
    const light = exactLosses(0.5, 0.5)(40_000, 90_000);
    assert.ok(light.small >= 0 && light.small < 1e-300 && light.large >= 0);
    // Against the direct products where those still fit in a double.
    const pi = refChain(1.02, 0.4, 300, 700);
    const mid = exactLosses(1.02, 0.4)(300, 700);
    assertClose(
      mid.small,
      pi.slice(300).reduce((a, x) => a + x, 0),
      1e-9,
    );
    assertClose(mid.large, pi[700]!, 1e-9);
  });

  it('exact model with S = L is the plain M/M/1/L queue; S = 0 drops every small packet', () => {
    const f = exactLosses(0.9, 0.5);
    for (const L of [1, 4, 30]) {
      assertClose(f(L, L).small, refBlocking(0.9, L), 1e-12);
      assertClose(f(L, L).large, refBlocking(0.9, L), 1e-12);
      assert.equal(f(0, L).small, 1);
      assertClose(f(0, L).large, refBlocking(0.45, L), 1e-12); // only large ones, at (1-θ)ρ
    }
  });

  it('exact model edge loads: no traffic loses nothing (unless a threshold is 0); no service loses all', () => {
    assert.deepEqual(exactLosses(0, 0.5)(3, 5), { small: 0, large: 0 });
    assert.deepEqual(exactLosses(0, 0.5)(0, 5), { small: 1, large: 0 });
    assert.deepEqual(exactLosses(Infinity, 0.5)(3, 5), { small: 1, large: 1 });
  });

  it('paper model: two M/M/1/K parts with capacities θS and L - θS', () => {
    const f = paperLosses(1.4, 0.5);
    assertClose(f(6, 10).small, refBlocking(1.4, 3), 1e-12);
    assertClose(f(6, 10).large, refBlocking(1.4, 7), 1e-12);
    assertClose(f(5, 5).small, refBlocking(1.4, 2.5), 1e-12);
  });
});
