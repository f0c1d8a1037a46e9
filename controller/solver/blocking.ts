// M/M/1/K blocking probability, for real-valued K, computed without overflow for any load and capacity.

/**
 * log of the smallest normal double. Probabilities below it are returned as exactly 0: subnormal
 * arithmetic is two orders of magnitude slower on common CPUs, and a loss below 1e-308 is nil for
 * every purpose here (it also lets the per-queue scan stop as soon as a queue's cost reaches 0).
 */
export const LOG_MIN_NORMAL = Math.log(2.2250738585072014e-308);

/** e^x, or 0 where that would be subnormal. */
export function expOrZero(x: number): number {
  return x < LOG_MIN_NORMAL ? 0 : Math.exp(x);
}

/**
 * P(ρ, K) = (1-ρ)ρ^K / (1-ρ^{K+1}) (ρ ≠ 1), 1/(K+1) (ρ = 1): the probability that an arrival finds an
 * M/M/1/K queue full. K may be fractional (the paper model splits a queue into θ·S and L-θ·S parts).
 * Powers are taken through logarithms and expm1 so that nothing overflows for K up to 1e300 and the
 * result keeps full relative precision near ρ = 1, where both numerator and denominator vanish.
 */
export function blocking(rho: number, K: number): number {
  if (!(K >= 0)) throw new RangeError(`blocking: capacity must be >= 0, got ${K}`);
  if (!(rho >= 0)) throw new RangeError(`blocking: load must be >= 0, got ${rho}`);
  if (rho === 0) return K === 0 ? 1 : 0;
  if (rho === Infinity) return 1;
  if (rho === 1) return 1 / (K + 1);
  const lr = Math.log(rho);
  if (rho < 1) {
    // (1-ρ)·ρ^K / (1-ρ^{K+1}); ρ^K goes to 0 for large K.
    const den = -Math.expm1((K + 1) * lr);
    return Math.min(1, expOrZero(Math.log1p(-rho) + K * lr - Math.log(den)));
  }
  // Divide through by ρ^{K+1}: ((ρ-1)/ρ) / (1 - ρ^{-(K+1)}), which tends to 1 - 1/ρ as K grows.
  return Math.min(1, (rho - 1) / rho / -Math.expm1(-(K + 1) * lr));
}

/** log(Σ_{k=0}^{n-1} x^k) for integer n >= 0 and x >= 0 (a geometric sum), stable for any n and x. */
export function logGeometricSum(x: number, n: number): number {
  if (n <= 0) return -Infinity;
  if (x === 0) return 0;
  if (x === 1) return Math.log(n);
  const lx = Math.log(x);
  if (x < 1) return Math.log(-Math.expm1(n * lx)) - Math.log1p(-x);
  // (x^n - 1)/(x - 1) = x^n (1 - x^{-n}) / (x - 1)
  return n * lx + Math.log(-Math.expm1(-n * lx)) - Math.log(x - 1);
}

/** log(e^a + e^b) without overflow. */
export function logAddExp(a: number, b: number): number {
  if (a === -Infinity) return b;
  if (b === -Infinity) return a;
  const m = Math.max(a, b);
  return m + Math.log1p(Math.exp(-Math.abs(a - b)));
}
