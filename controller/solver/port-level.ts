// The `port` model, decomposed: one chain per queue ("level") in which the queue's server is taken away by
// the queues above it and, without preemption, by the packets of the queues below that hold the wire.
//
// Queue i's chain has states (w, x): w its waiting packets (its enq_qdepth) and x what the wire is doing:
//   I   the port is idle (w = 0 only);
//   O   a packet of queue i is on the wire, nothing of the queues above waits;
//   OB  the same, but a packet of the queues above arrived meanwhile (it goes next);
//   D   a packet of a lower queue is on the wire (it started while queue i and all above were empty);
//   DB  the same, with a packet of the queues above waiting;
//   B1, B2  the queues above hold the wire: their busy period, as a two-phase hyperexponential fitted to
//       the mean and variance of the busy period that the chain of queue i-1 gives (exact moments of that
//       chain's absorption time, not of the real port's).
// Arrivals are Poisson and admitted by the thresholds on w; transmissions are exponential with mean 1.
// What the level cannot know exactly it takes from its neighbours: the upper queues' admitted arrival
// rate while they are empty (exact: they are empty), their busy period (fitted, from above), and whether
// a lower queue has a packet waiting when queue i and all above run dry (from the chain below). Busy
// periods depend only on the queues above, the lower-queue probabilities only on those below, so one
// top-down pass (busy periods) and one bottom-up pass (stationary distributions) solve all levels.
//
// The approximations, and so the error against the full chain (see the README for the measured figures):
// the upper busy period is reduced to two moments; a busy period that starts after packets piled up behind
// a non-preemptive transmission is taken to be an ordinary one; the lower queues are described by two
// probabilities, not by their state. The top queue is exact up to the last of these.
import { logAddExp } from './blocking.js';
import type { PortInstance, PortLosses } from './port-types.js';

const I = 0;
const O = 1;
const OB = 2;
const D = 3;
const DB = 4;
const B1 = 5;
const B2 = 6;
const P1 = 7;
const P2 = 8;
const M = 9;

/** A two-moment hyperexponential: phase 1 with probability p at rate r1, else phase 2 at rate r2. */
export interface H2 {
  p: number;
  r1: number;
  r2: number;
  /** Mean and squared coefficient of variation it matches. */
  mean: number;
  scv: number;
}

/** The busy period of the queues above a level as the level sees it. */
export interface BusyFit {
  /** Admitted arrival rate of the upper queues while they are all empty. */
  rate: number;
  /** A busy period begun by an arrival at a wire free of them (B1, B2). */
  fresh: H2;
  /** One begun when a transmission of this queue or a lower one ends with their packets waiting (P1, P2):
   *  longer, since they piled up while they could not preempt. */
  pending: H2;
}

const UNIT: H2 = { p: 1, r1: 1, r2: 1, mean: 1, scv: 1 };
const NO_UPPER: BusyFit = { rate: 0, fresh: UNIT, pending: UNIT };

interface LevelParams {
  lam: number;
  theta: number;
  s: number;
  l: number;
  upper: BusyFit;
  /** Admitted arrival rate of all lower queues into an idle port. */
  lowerIdle: number;
  /** P(a lower queue has a packet waiting) when queue i and all above have run dry, after a packet of
   *  queue i or above (qU) or of a lower queue (qD) left the wire. */
  qU: number;
  qD: number;
}

function arrivalAt(p: LevelParams, w: number): number {
  return p.lam * (p.theta * (w < p.s ? 1 : 0) + (1 - p.theta) * (w < p.l ? 1 : 0));
}

/**
 * The local block of level w (transitions within the level) with the diagonal holding the total outflow
 * (up and down included), written into `out` (row-major M×M). `busyOnly` builds the sub-generator of the
 * upper-and-own busy period instead: I, D and DB are inert and every move that frees the wire absorbs.
 */
function localBlock(p: LevelParams, w: number, out: Float64Array, busyOnly: boolean): void {
  out.fill(0);
  const a = arrivalAt(p, w);
  const U = p.upper.rate;
  const { p: pB, r1, r2 } = p.upper.fresh;
  const { p: pP, r1: s1, r2: s2 } = p.upper.pending;
  const set = (x: number, y: number, r: number) => {
    out[x * M + y] += r;
    out[x * M + x] -= r;
  };
  const leave = (x: number, r: number) => {
    out[x * M + x] -= r;
  };
  // I
  if (w === 0 && !busyOnly) {
    set(I, O, a);
    set(I, B1, U * pB);
    set(I, B2, U * (1 - pB));
    set(I, D, p.lowerIdle);
  } else out[I * M + I] = -1; // inert
  // O, OB, D, DB, B1, B2: own arrivals go up (their rate is on the diagonal).
  for (const x of [O, OB, D, DB, B1, B2, P1, P2]) leave(x, a);
  // O
  set(O, OB, U);
  if (w > 0) leave(O, 1);
  else if (busyOnly) leave(O, 1);
  else {
    set(O, D, p.qU);
    set(O, I, 1 - p.qU);
  }
  // OB
  set(OB, P1, pP);
  set(OB, P2, 1 - pP);
  // B1, B2, P1, P2
  for (const [x, r] of [
    [B1, r1],
    [B2, r2],
    [P1, s1],
    [P2, s2],
  ] as const) {
    if (w > 0 || busyOnly) leave(x, r);
    else {
      set(x, D, r * p.qU);
      set(x, I, r * (1 - p.qU));
    }
  }
  // D
  set(D, DB, U);
  if (w > 0 || busyOnly) leave(D, 1);
  else set(D, I, 1 - p.qD); // D -> D with qD is no change
  // DB
  set(DB, P1, pP);
  set(DB, P2, 1 - pP);
}

/** Rates of level w's moves down to level w-1 (all land in O): per source phase. */
function downRates(p: LevelParams): Float64Array {
  const r = new Float64Array(M);
  r[O] = 1;
  r[D] = 1;
  r[B1] = p.upper.fresh.r1;
  r[B2] = p.upper.fresh.r2;
  r[P1] = p.upper.pending.r1;
  r[P2] = p.upper.pending.r2;
  return r;
}

/** In-place inverse of an M×M matrix (Gauss-Jordan with partial pivoting). */
function invert(a: Float64Array, inv: Float64Array): void {
  const t = Float64Array.from(a);
  inv.fill(0);
  for (let i = 0; i < M; i++) inv[i * M + i] = 1;
  for (let c = 0; c < M; c++) {
    let piv = c;
    for (let r = c + 1; r < M; r++) if (Math.abs(t[r * M + c]!) > Math.abs(t[piv * M + c]!)) piv = r;
    if (piv !== c)
      for (let k = 0; k < M; k++) {
        [t[c * M + k], t[piv * M + k]] = [t[piv * M + k]!, t[c * M + k]!];
        [inv[c * M + k], inv[piv * M + k]] = [inv[piv * M + k]!, inv[c * M + k]!];
      }
    const d = t[c * M + c]!;
    for (let k = 0; k < M; k++) {
      t[c * M + k]! /= d;
      inv[c * M + k]! /= d;
    }
    for (let r = 0; r < M; r++) {
      if (r === c) continue;
      const f = t[r * M + c]!;
      if (f === 0) continue;
      for (let k = 0; k < M; k++) {
        t[r * M + k]! -= f * t[c * M + k]!;
        inv[r * M + k]! -= f * inv[c * M + k]!;
      }
    }
  }
}

/**
 * Censoring from the top: S_w = A1(w) + A0(w)·(-S_{w+1})^{-1}·A2(w+1), returned as N_w = (-S_w)^{-1} for
 * w = 1..l (N_0 is not needed) and S_0. A0 is diagonal (own arrivals), A2 lands only in O, so the update
 * touches column O alone.
 */
function censor(p: LevelParams, busyOnly: boolean): { N: Float64Array; S0: Float64Array } {
  const l = p.l;
  const N = new Float64Array((l + 1) * M * M);
  const S = new Float64Array(M * M);
  const neg = new Float64Array(M * M);
  const inv = new Float64Array(M * M);
  const down = downRates(p);
  for (let w = l; w >= 0; w--) {
    localBlock(p, w, S, busyOnly);
    if (w < l) {
      const a = arrivalAt(p, w);
      if (a > 0) {
        const Nn = N.subarray((w + 1) * M * M, (w + 2) * M * M);
        for (let x = 0; x < M; x++) {
          if (x === I) continue; // A0 has no row I
          let sum = 0;
          for (let k = 0; k < M; k++) sum += Nn[x * M + k]! * down[k]!;
          S[x * M + O]! += a * sum;
        }
      }
    }
    if (w === 0) break;
    for (let k = 0; k < M * M; k++) neg[k] = -S[k]!;
    invert(neg, inv);
    N.set(inv, w * M * M);
  }
  return { N, S0: S };
}

/** The row vector x with x·S = 0, Σx = 1, for a generator S (M×M). */
function nullVector(S: Float64Array): Float64Array {
  // x·S = 0 with one equation replaced by Σx = 1: solve Aᵀ... as x·A = e_0 where A is S with column 0 ones.
  const A = Float64Array.from(S);
  for (let r = 0; r < M; r++) A[r * M] = 1;
  const inv = new Float64Array(M * M);
  invert(A, inv);
  return inv.slice(0, M); // e_0 · A^{-1}
}

export interface LevelResult {
  small: number;
  large: number;
  /** For the level above: its qU and qD. */
  qUAbove: number;
  qDAbove: number;
  /** Stationary probabilities per (w, x), normalised; only when asked for (tests). */
  pi?: Float64Array;
}

class LogAcc {
  value = -Infinity;
  add(x: number, logScale: number): void {
    if (x > 0) this.value = logAddExp(this.value, Math.log(x) + logScale);
  }
}

function stationary(p: LevelParams, keep: boolean): LevelResult {
  const { N, S0 } = censor(p, false);
  let v = nullVector(S0);
  let logScale = 0;
  const below = new LogAcc();
  const from = new LogAcc();
  const top = new LogAcc();
  const odAll = new LogAcc();
  const odNext = new LogAcc();
  const bAll = new LogAcc();
  const bNext = new LogAcc();
  const { r1, r2 } = p.upper.fresh;
  const { r1: s1, r2: s2 } = p.upper.pending;
  const pi = keep ? new Float64Array((p.l + 1) * M) : undefined;
  const logs: number[] = [];
  for (let w = 0; ; w++) {
    let sum = 0;
    for (let x = 0; x < M; x++) sum += v[x]!;
    (w < p.s ? below : from).add(sum, logScale);
    if (w === p.l) top.add(sum, logScale);
    const od = v[O]! + v[D]!;
    const b = v[B1]! * r1 + v[B2]! * r2 + v[P1]! * s1 + v[P2]! * s2;
    odAll.add(od, logScale);
    bAll.add(b, logScale);
    if (w > 0) {
      odNext.add(od, logScale);
      bNext.add(b, logScale);
    } else {
      odNext.add(v[O]! * p.qU + v[D]! * p.qD, logScale);
      bNext.add(b * p.qU, logScale);
    }
    if (pi) {
      pi.set(v, w * M);
      logs.push(logScale);
    }
    if (w === p.l) break;
    // π_{w+1} = (π_w ∘ a) · N_{w+1}; row I of A0 is zero.
    const a = arrivalAt(p, w);
    if (a === 0) break; // nothing goes higher
    const Nn = N.subarray((w + 1) * M * M, (w + 2) * M * M);
    const next = new Float64Array(M);
    for (let x = 1; x < M; x++) {
      const vx = v[x]! * a;
      if (vx === 0) continue;
      for (let y = 0; y < M; y++) next[y]! += vx * Nn[x * M + y]!;
    }
    let norm = 0;
    for (let y = 0; y < M; y++) {
      if (next[y]! < 0) next[y] = 0; // rounding
      norm += next[y]!;
    }
    if (norm === 0) break;
    if (norm > 1e100 || norm < 1e-100) {
      for (let y = 0; y < M; y++) next[y]! /= norm;
      logScale += Math.log(norm);
    }
    v = next;
  }
  const logZ = logAddExp(below.value, from.value);
  const ratio = (num: LogAcc, den: LogAcc) => (den.value === -Infinity ? 0 : Math.exp(num.value - den.value));
  const result: LevelResult = {
    small: Math.min(1, Math.exp(from.value - logZ)),
    large: Math.min(1, Math.exp(top.value - logZ)),
    qUAbove: Math.min(1, ratio(bNext, bAll)),
    qDAbove: Math.min(1, ratio(odNext, odAll)),
  };
  if (pi) {
    for (let w = 0; w < logs.length; w++)
      for (let x = 0; x < M; x++) pi[w * M + x] = pi[w * M + x]! * Math.exp(logs[w]! - logZ);
    result.pi = pi;
  }
  return result;
}

/**
 * Mean and second moment of the busy period of queue i and the queues above (the time from a packet of
 * theirs taking an idle wire until none of theirs is left), from level i's chain: absorption-time moments
 * τ1 = (-T)^{-1}·1, τ2 = 2(-T)^{-1}·τ1 by block elimination over w.
 */
function busyFit(p: LevelParams): BusyFit {
  const l = p.l;
  const down = downRates(p);
  const Cinv = new Float64Array((l + 1) * M * M);
  const C = new Float64Array(M * M);
  const neg = new Float64Array(M * M);
  const inv = new Float64Array(M * M);
  for (let w = l; w >= 0; w--) {
    localBlock(p, w, C, true);
    if (w < l) {
      const a = arrivalAt(p, w);
      if (a > 0) {
        const Cn = Cinv.subarray((w + 1) * M * M, (w + 2) * M * M);
        // C_w = T_loc - A0·C_{w+1}^{-1}·A2; with Cinv holding (-C)^{-1} this is T_loc + A0·Cinv·A2.
        for (let x = 1; x < M; x++) {
          let sum = 0;
          for (let k = 0; k < M; k++) sum += Cn[x * M + k]! * down[k]!;
          C[x * M + O]! += a * sum;
        }
      }
    }
    for (let k = 0; k < M * M; k++) neg[k] = -C[k]!;
    invert(neg, inv);
    Cinv.set(inv, w * M * M);
  }
  // Solve (-T)τ = b: with G_w = (-C_w)^{-1}: τ_w = G_w (d_w + A2(w) τ_{w-1}), d_w = b_w + A0(w)·G_{w+1}·d_{w+1}.
  const solve = (b: (w: number, x: number) => number): Float64Array[] => {
    const d: Float64Array[] = new Array<Float64Array>(l + 1);
    for (let w = l; w >= 0; w--) {
      const dw = new Float64Array(M);
      for (let x = 0; x < M; x++) dw[x] = b(w, x);
      if (w < l) {
        const a = arrivalAt(p, w);
        if (a > 0) {
          const G = Cinv.subarray((w + 1) * M * M, (w + 2) * M * M);
          const dn = d[w + 1]!;
          for (let x = 1; x < M; x++) {
            let sum = 0;
            for (let k = 0; k < M; k++) sum += G[x * M + k]! * dn[k]!;
            dw[x]! += a * sum;
          }
        }
      }
      d[w] = dw;
    }
    const tau: Float64Array[] = new Array<Float64Array>(l + 1);
    for (let w = 0; w <= l; w++) {
      const rhs = Float64Array.from(d[w]!);
      if (w > 0) {
        const prevO = tau[w - 1]![O]!;
        for (let x = 0; x < M; x++) rhs[x]! += down[x]! * prevO;
      }
      const G = Cinv.subarray(w * M * M, (w + 1) * M * M);
      const t = new Float64Array(M);
      for (let x = 0; x < M; x++) {
        let sum = 0;
        for (let k = 0; k < M; k++) sum += G[x * M + k]! * rhs[k]!;
        t[x] = sum;
      }
      tau[w] = t;
    }
    return tau;
  };
  // Time counts only while the wire carries queue i or those above (not in the D, DB lead-in of a pending start).
  const busy = (x: number) => x === O || x === OB || x === B1 || x === B2 || x === P1 || x === P2;
  const tau1 = solve((_w, x) => (busy(x) ? 1 : 0));
  const tau2 = solve((w, x) => (busy(x) ? 2 * tau1[w]![x]! : 0));
  const a0 = arrivalAt(p, 0);
  const U = p.upper.rate;
  const start = a0 + U;
  if (start === 0) return { rate: 0, fresh: UNIT, pending: UNIT };
  const moments = (beta: (readonly [number, number, number])[]) => {
    let m1 = 0;
    let m2 = 0;
    for (const [w, x, weight] of beta) {
      if (weight === 0) continue;
      m1 += weight * tau1[w]![x]!;
      m2 += weight * tau2[w]![x]!;
    }
    return fitH2(m1, m2);
  };
  const pB = p.upper.fresh.p;
  // Fresh: the first arrival takes the idle wire. Pending: the first arrival finds a lower packet on the
  // wire (memoryless: the rest of its transmission is exponential), and more may pile up behind it.
  const fresh = moments([
    [0, O, a0 / start],
    [0, B1, (U * pB) / start],
    [0, B2, (U * (1 - pB)) / start],
  ]);
  const pending = moments([
    [Math.min(1, l), D, a0 / start],
    [0, DB, U / start],
  ]);
  return { rate: start, fresh, pending };
}

/**
 * Two-moment hyperexponential with balanced means. Busy periods of Poisson-fed queues have a squared
 * coefficient of variation of at least 1; below that (rounding) the fit is exponential.
 */
export function fitH2(m1: number, m2: number): H2 {
  if (!(m1 > 0) || !Number.isFinite(m1)) return UNIT;
  const scv = m2 / (m1 * m1) - 1;
  if (!Number.isFinite(scv) || scv <= 1 + 1e-12) return { p: 1, r1: 1 / m1, r2: 1 / m1, mean: m1, scv: 1 };
  const p = 0.5 * (1 + Math.sqrt((scv - 1) / (scv + 1)));
  return { p, r1: (2 * p) / m1, r2: (2 * (1 - p)) / m1, mean: m1, scv };
}

export interface DecomposedSolution {
  losses: PortLosses;
  fits: BusyFit[];
  levels: LevelResult[];
}

/** All levels of the port: busy periods top-down, stationary distributions bottom-up. */
export function solveDecomposed(instance: PortInstance, keepPi = false): DecomposedSolution {
  const { queues, theta } = instance;
  const n = queues.length;
  const admittedIdle = queues.map(
    (q) => q.arrival * (theta * (q.s > 0 ? 1 : 0) + (1 - theta) * (q.l > 0 ? 1 : 0)),
  );
  const params: LevelParams[] = [];
  const fits: BusyFit[] = [];
  let upper = NO_UPPER;
  for (let i = 0; i < n; i++) {
    const q = queues[i]!;
    let lowerIdle = 0;
    for (let k = i + 1; k < n; k++) lowerIdle += admittedIdle[k]!;
    const p: LevelParams = { lam: q.arrival, theta, s: q.s, l: q.l, upper, lowerIdle, qU: 0, qD: 0 };
    params.push(p);
    fits.push(upper);
    if (i + 1 < n) upper = busyFit(p);
  }
  const levels: LevelResult[] = new Array<LevelResult>(n);
  for (let i = n - 1; i >= 0; i--) {
    if (i + 1 < n) {
      params[i]!.qU = levels[i + 1]!.qUAbove;
      params[i]!.qD = levels[i + 1]!.qDAbove;
    }
    levels[i] = stationary(params[i]!, keepPi);
  }
  return { losses: levels.map((r) => ({ small: r.small, large: r.large })), fits, levels };
}
