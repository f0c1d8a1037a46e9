// Independent, deliberately naive re-implementations of the model for the solver's tests: direct
// sums and products in plain floating point, only valid on small instances.
import type { LossModel, SolveProblem } from '../../solver/index.js';

export interface RefQueue {
  rho: number;
  fS: number;
  fL: number;
}

/** Data queues highest first: layer j → rank floor(j·P/M), strict-priority service. */
export function refQueues(p: SolveProblem): RefQueue[] {
  const P = p.reserveControlQueue ? p.queues - 1 : p.queues;
  const total = p.layers.reduce((a, l) => a + l.size, 0);
  const lambda = new Array<number>(P).fill(0);
  const fS = new Array<number>(P).fill(0);
  const fL = new Array<number>(P).fill(0);
  p.layers.forEach((l, j) => {
    const r = Math.floor((j * P) / p.layers.length);
    lambda[r]! += (p.load * l.size) / total;
    fS[r]! += l.lossCostSmall;
    fL[r]! += l.lossCostLarge;
  });
  const out: RefQueue[] = [];
  let mu = 1;
  for (let r = 0; r < P; r++) {
    const rho = lambda[r] === 0 ? 0 : mu === 0 ? Infinity : lambda[r]! / mu;
    out.push({ rho, fS: fS[r]!, fL: fL[r]! });
    mu *= 1 - Math.min(rho, 1);
  }
  return out;
}

/** P(ρ, K) by the textbook formula with Math.pow. */
export function refBlocking(rho: number, K: number): number {
  if (rho === Infinity) return 1;
  if (rho === 1) return 1 / (K + 1);
  return ((1 - rho) * rho ** K) / (1 - rho ** (K + 1));
}

/** Stationary distribution of the threshold chain on 0..L by direct products. */
export function refChain(rho: number, theta: number, S: number, L: number): number[] {
  const pi = [1];
  for (let n = 1; n <= L; n++) pi.push(pi[n - 1]! * (n - 1 < S ? rho : (1 - theta) * rho));
  const z = pi.reduce((a, b) => a + b, 0);
  return pi.map((x) => x / z);
}

export function refLosses(
  model: LossModel,
  q: RefQueue,
  theta: number,
  S: number,
  L: number,
): [number, number] {
  if (q.rho === Infinity) return [1, 1];
  if (model === 'paper') return [refBlocking(q.rho, theta * S), refBlocking(q.rho, L - theta * S)];
  const pi = refChain(q.rho, theta, S, L);
  return [pi.slice(S).reduce((a, b) => a + b, 0), pi[L]!];
}

export function refCost(model: LossModel, q: RefQueue, theta: number, S: number, L: number): number {
  const [small, large] = refLosses(model, q, theta, S, L);
  return 100 * (small * q.fS + large * q.fL);
}

/** Minimum over every integer 0 <= S_i <= L_i with Σ L_i <= B, by enumeration. */
export function bruteForce(p: SolveProblem, model: LossModel): number {
  const queues = refQueues(p);
  // Per queue and L, every S; then every split of the buffer.
  const perL = queues.map((q) => {
    const best: number[] = [];
    for (let L = 0; L <= p.bufferPackets; L++) {
      let m = Infinity;
      for (let S = 0; S <= L; S++) m = Math.min(m, refCost(model, q, p.smallFraction, S, L));
      best.push(m);
    }
    return best;
  });
  const rec = (i: number, left: number): number => {
    if (i === queues.length) return 0;
    let m = Infinity;
    for (let L = 0; L <= left; L++) m = Math.min(m, perL[i]![L]! + rec(i + 1, left - L));
    return m;
  };
  return rec(0, p.bufferPackets);
}

export function assertClose(actual: number, expected: number, rel = 1e-9, what = ''): void {
  const scale = Math.max(Math.abs(actual), Math.abs(expected));
  if (!(Math.abs(actual - expected) <= rel * scale + 1e-300))
    throw new Error(`${what} ${actual} != ${expected} (relative ${rel})`);
}
