// The `port` model, decomposed: one chain per queue ("level") in which the queue's server is taken away by
// the queues above it and, without preemption, by the packets of the queues below that hold the wire.
//
// Queue i's chain has states (w, x): w its waiting packets (its enq_qdepth) and x what the wire is doing:
//   I   the port is idle (w = 0 only);
//   O   a packet of queue i is on the wire, nothing of the queues above waits;
//   OB  the same, but a packet of the queues above arrived meanwhile (it goes next);
//   D   a packet of a lower queue is on the wire (it started while queue i and all above were empty);
//   DB  the same, with a packet of the queues above waiting;
//   B1, B2  the queues above hold the wire, in a busy period begun by an arrival at a wire free of them;
//   P1, P2  the same, in one begun when a transmission of queue i or a lower queue ended with their packets
//       waiting (longer: they piled up while they could not preempt).
//   Each kind of busy period is a two-phase hyperexponential fitted to the mean and variance that the chain
//   of queue i-1 gives (exact moments of that chain's absorption time, not of the real port's).
// Arrivals are Poisson and admitted by the thresholds on w; transmissions are exponential with mean 1.
// What the level cannot know exactly it takes from its neighbours: the upper queues' admitted arrival
// rate while they are empty (exact: they are empty), their busy period (fitted, from above), and whether
// a lower queue has a packet waiting when queue i and all above run dry (from the chain below). Busy
// periods depend only on the queues above, the lower-queue probabilities only on those below, so one
// top-down pass (busy periods) and one bottom-up pass (stationary distributions) solve all levels.
//
// The approximations, and so the error against the full chain (see the README for the measured figures):
// the upper busy periods are reduced to two moments each, and computed from the level above, itself an
// approximation below the top; the lower queues are described by two probabilities, not by their state.
// The top queue is exact up to the last of these.
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
 * Censoring from the top: -S_w = -A1(w) - A0(w)·G·A2-part, with N_w = (-S_w)^{-1}. A0 is diagonal (own
 * arrivals) and every move down lands in O, so an excursion above level w comes back to (w, O) with
 * probability 1 from every phase (the chain is finite): G = 1·e_Oᵀ exactly, and -S_w = K_w - c_w·e_Oᵀ with
 * the level's own block K_w = -A1(w) and c_w = a(w)·1 (0 in phase I). Taking G as exact rather than
 * computing it as N_{w+1}·down by the recursion matters under overload: there that recursion is unstable
 * (each level multiplies its rounding error by about the load) and drifts to the infinite chain's G, whose
 * return probability is below 1, so level 0 came out wrong and the level's losses 0. K_w and c_w depend on
 * w only through a(w) (three values: below S, below L, at L) once w >= 1, so N_w does too: computed once per
 * value, by Sherman-Morrison N_w = K⁻¹ + y·rᵀ/δ with y = K⁻¹c, r = row O of K⁻¹ and δ = 1 - y[O], which is
 * (K⁻¹·down)[O] (K's live rows sum to a + down): no subtraction of nearly equal numbers.
 */
class Censored {
  private readonly inverses: Float64Array[] = [];
  /** Levels whose N_w is the same, bit for bit, share a slot: its y, δ and inverse. */
  private readonly slotOf: Int32Array;
  private readonly kOf: number[] = [];
  private readonly y: number[] = [];
  private readonly delta: number[] = [];
  /** The censored generator of level 0 (S_0), for the stationary distribution. */
  readonly S0 = new Float64Array(M * M);

  constructor(p: LevelParams, busyOnly: boolean) {
    const l = p.l;
    this.slotOf = new Int32Array(l + 1);
    const down = downRates(p);
    const block = new Float64Array(M * M);
    const byRate = new Map<number, number>();
    const c = new Float64Array(M);
    const yw = new Float64Array(M);
    let aAbove = NaN;
    for (let w = l; w >= 0; w--) {
      const a = w < l ? arrivalAt(p, w) : 0;
      if (w > 0 && a === aAbove) {
        // N_w is a function of a(w) only: the levels down to the end of this arrival rate's range share it.
        const lo = w >= p.s ? Math.max(1, p.s) : 1;
        this.slotOf.fill(this.slotOf[w + 1]!, lo, w + 1);
        w = lo;
        continue;
      }
      aAbove = a;
      c.fill(0);
      if (a > 0) for (let x = 1; x < M; x++) c[x] = a; // row I of A0 is zero
      if (w === 0 && !busyOnly) {
        localBlock(p, 0, this.S0, false);
        for (let x = 0; x < M; x++) this.S0[x * M + O]! += c[x]!;
        this.slotOf[0] = -1; // level 0 is S0
        break;
      }
      let k = w === 0 ? undefined : byRate.get(a);
      if (k === undefined) {
        localBlock(p, w, block, busyOnly);
        for (let i = 0; i < M * M; i++) block[i] = -block[i]!;
        const inv = new Float64Array(M * M);
        invert(block, inv);
        k = this.inverses.length;
        this.inverses.push(inv);
        if (w > 0) byRate.set(a, k);
      }
      const K = this.inverses[k]!;
      yw.fill(0);
      if (a > 0) for (let x = 0; x < M; x++) yw[x] = dot(K, x, c);
      this.slotOf[w] = this.delta.length;
      this.kOf.push(k);
      this.delta.push(dot(K, O, down));
      for (let x = 0; x < M; x++) this.y.push(yw[x]!);
    }
  }

  /** Whether N_w is N_{w+1}, bit for bit. */
  sameAsAbove(w: number): boolean {
    return w < this.slotOf.length - 1 && this.slotOf[w] === this.slotOf[w + 1];
  }

  /** N_w as a dense matrix (K⁻¹ + y·rᵀ/δ), scaled by `factor` row by row, into `out`. */
  dense(w: number, rowFactor: Float64Array, out: Float64Array): void {
    const slot = this.slotOf[w]!;
    const K = this.inverses[this.kOf[slot]!]!;
    for (let i = 0; i < M; i++) {
      const f = this.y[slot * M + i]! / this.delta[slot]!;
      for (let j = 0; j < M; j++) out[i * M + j] = rowFactor[i]! * (K[i * M + j]! + f * K[O * M + j]!);
    }
  }

  /** out = x·N_w (row vector). */
  right(w: number, x: Float64Array, out: Float64Array): void {
    const slot = this.slotOf[w]!;
    const K = this.inverses[this.kOf[slot]!]!;
    let xy = 0;
    for (let i = 0; i < M; i++) xy += x[i]! * this.y[slot * M + i]!;
    const f = xy / this.delta[slot]!;
    for (let j = 0; j < M; j++) {
      let sum = 0;
      for (let i = 0; i < M; i++) sum += x[i]! * K[i * M + j]!;
      out[j] = sum + f * K[O * M + j]!;
    }
  }

  /** out = N_w·v (column vector). */
  left(w: number, v: Float64Array, out: Float64Array): void {
    const slot = this.slotOf[w]!;
    const K = this.inverses[this.kOf[slot]!]!;
    const f = dot(K, O, v) / this.delta[slot]!;
    for (let i = 0; i < M; i++) out[i] = dot(K, i, v) + this.y[slot * M + i]! * f;
  }
}

/** Row `row` of the M×M matrix A times v. */
function dot(A: Float64Array, row: number, v: Float64Array): number {
  let sum = 0;
  for (let k = 0; k < M; k++) sum += A[row * M + k]! * v[k]!;
  return sum;
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

/** A sum of terms given in the current scale of a rescaled recursion, folded into a log when the scale moves. */
class LogAcc {
  value = -Infinity;
  private current = 0;
  add(x: number): void {
    this.current += x;
  }
  /** Call before the scale changes, and at the end, with the scale the terms were given in. */
  fold(logScale: number): void {
    if (this.current > 0) this.value = logAddExp(this.value, Math.log(this.current) + logScale);
    this.current = 0;
  }
}

/** A nonnegative quantity as e^log · value, value normalised to a largest entry of 1 (or all zero). */
interface Scaled {
  value: Float64Array;
  log: number;
}

function normalised(value: Float64Array, log: number): Scaled {
  let max = 0;
  for (const v of value) max = Math.max(max, Math.abs(v));
  if (max === 0 || !Number.isFinite(max)) return { value, log: max === 0 ? -Infinity : log };
  for (let i = 0; i < value.length; i++) value[i]! /= max;
  return { value, log: log + Math.log(max) };
}

/** a·b for scaled M×M matrices (or a row vector times a matrix when a has M entries). */
function times(a: Scaled, b: Scaled): Scaled {
  const rows = a.value.length / M;
  const out = new Float64Array(rows * M);
  for (let i = 0; i < rows; i++)
    for (let k = 0; k < M; k++) {
      const f = a.value[i * M + k]!;
      if (f === 0) continue;
      for (let j = 0; j < M; j++) out[i * M + j]! += f * b.value[k * M + j]!;
    }
  return normalised(out, a.log + b.log);
}

function plus(a: Scaled, b: Scaled): Scaled {
  if (a.log === -Infinity) return b;
  if (b.log === -Infinity) return a;
  const top = Math.max(a.log, b.log);
  const fa = Math.exp(a.log - top);
  const fb = Math.exp(b.log - top);
  return normalised(
    a.value.map((v, i) => v * fa + b.value[i]! * fb),
    top,
  );
}

/**
 * A run of m levels with the same transition matrix R (π_{w+1} = π_w·R), by doubling: Σ_{j=1}^{m} v·R^j
 * and v·R^m in O(M³ log m) instead of O(M² m). Scaled, so a run of any length neither overflows nor
 * underflows.
 */
function geometricRun(v: Float64Array, R: Float64Array, m: number): { sum: Scaled; last: Scaled } {
  let power = normalised(Float64Array.from(R), 0); // R^(2^j)
  let powerSum = power; // Σ_{k=1}^{2^j} R^k
  let x = normalised(Float64Array.from(v), 0); // v·R^t
  let sum: Scaled = { value: new Float64Array(M), log: -Infinity }; // Σ_{k=1}^{t} v·R^k
  for (let rest = m; ;) {
    if (rest & 1) {
      sum = plus(sum, times(x, powerSum));
      x = times(x, power);
    }
    rest = Math.floor(rest / 2);
    if (rest === 0) break;
    powerSum = plus(powerSum, times(power, powerSum));
    power = times(power, power);
  }
  return { sum, last: x };
}

/** Runs shorter than this are stepped level by level (doubling costs about 40 level steps). */
const RUN_MIN = 64;

function stationary(p: LevelParams, keep: boolean): LevelResult {
  const censored = new Censored(p, false);
  let v: Float64Array = nullVector(censored.S0);
  let logScale = 0;
  const below = new LogAcc();
  const from = new LogAcc();
  const top = new LogAcc();
  const odAll = new LogAcc();
  const odNext = new LogAcc();
  const bAll = new LogAcc();
  const bNext = new LogAcc();
  const accs = [below, from, top, odAll, odNext, bAll, bNext];
  const { r1, r2 } = p.upper.fresh;
  const { r1: s1, r2: s2 } = p.upper.pending;
  const pi = keep ? new Float64Array((p.l + 1) * M) : undefined;
  const logs: number[] = [];
  const scaled = new Float64Array(M);
  let next: Float64Array = new Float64Array(M);
  const aOf = (w: number) => arrivalAt(p, w);
  const R = new Float64Array(M * M);
  const rowFactor = new Float64Array(M);
  for (let w = 0; ; w++) {
    let sum = 0;
    for (let x = 0; x < M; x++) sum += v[x]!;
    (w < p.s ? below : from).add(sum);
    if (w === p.l) top.add(sum);
    const od = v[O]! + v[D]!;
    const b = v[B1]! * r1 + v[B2]! * r2 + v[P1]! * s1 + v[P2]! * s2;
    odAll.add(od);
    bAll.add(b);
    if (w > 0) {
      odNext.add(od);
      bNext.add(b);
    } else {
      odNext.add(v[O]! * p.qU + v[D]! * p.qD);
      bNext.add(b * p.qU);
    }
    if (pi) {
      pi.set(v, w * M);
      logs.push(logScale);
    }
    if (w === p.l) break;
    // π_{w+1} = (π_w ∘ a) · N_{w+1}; row I of A0 is zero.
    const a = aOf(w);
    if (a === 0) break; // nothing goes higher
    // Levels w+1 .. w+m with one transition matrix (same arrival rate, N repeated bit for bit) and on one
    // side of S, below the top: summed by doubling.
    let m = 1;
    if (!pi) {
      const side = w + 1 < p.s;
      while (w + m + 1 < p.l && censored.sameAsAbove(w + m) && aOf(w + m) === a && w + m + 1 < p.s === side)
        m++;
    }
    if (m >= RUN_MIN) {
      // Σ over levels w+1 .. w+m-1 goes into the sums; level w+m is the next v, summed by the loop.
      rowFactor.fill(a);
      rowFactor[I] = 0;
      censored.dense(w + 1, rowFactor, R);
      const run = geometricRun(v, R, m - 1);
      for (const acc of accs) acc.fold(logScale);
      const sv = run.sum.value;
      let total = 0;
      for (let x = 0; x < M; x++) total += sv[x]!;
      const odRun = sv[O]! + sv[D]!;
      const bRun = sv[B1]! * r1 + sv[B2]! * r2 + sv[P1]! * s1 + sv[P2]! * s2;
      (w + 1 < p.s ? below : from).add(total);
      odAll.add(odRun);
      odNext.add(odRun);
      bAll.add(bRun);
      bNext.add(bRun);
      for (const acc of accs) acc.fold(logScale + run.sum.log);
      const last = times(run.last, { value: R, log: 0 });
      if (last.log === -Infinity) break;
      for (let y = 0; y < M; y++) next[y] = Math.max(0, last.value[y]!);
      logScale += last.log;
      [v, next] = [next, v];
      w += m - 1;
      continue;
    }
    for (let x = 1; x < M; x++) scaled[x] = v[x]! * a;
    censored.right(w + 1, scaled, next);
    let norm = 0;
    for (let y = 0; y < M; y++) {
      if (next[y]! < 0) next[y] = 0; // rounding
      norm += next[y]!;
    }
    if (norm === 0) break;
    if (norm > 1e100 || norm < 1e-100) {
      for (const acc of accs) acc.fold(logScale);
      for (let y = 0; y < M; y++) next[y]! /= norm;
      logScale += Math.log(norm);
    }
    [v, next] = [next, v];
  }
  for (const acc of accs) acc.fold(logScale);
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
  const censored = new Censored(p, true);
  // Solve (-T)τ = b: with G_w = (-C_w)^{-1}: τ_w = G_w (d_w + A2(w) τ_{w-1}), d_w = b_w + A0(w)·G_{w+1}·d_{w+1}.
  // b is given per phase (the reward); with factor[w] it is b_w = factor[w]·reward (τ2 uses 2τ1 in place).
  const solve = (b: (w: number, out: Float64Array) => void): Float64Array => {
    const d = new Float64Array((l + 1) * M);
    const gd = new Float64Array(M);
    for (let w = l; w >= 0; w--) {
      const dw = d.subarray(w * M, (w + 1) * M);
      b(w, dw);
      if (w < l) {
        const a = arrivalAt(p, w);
        if (a > 0) {
          censored.left(w + 1, d.subarray((w + 1) * M, (w + 2) * M), gd);
          for (let x = 1; x < M; x++) dw[x]! += a * gd[x]!;
        }
      }
    }
    const tau = new Float64Array((l + 1) * M);
    const rhs = new Float64Array(M);
    const t = new Float64Array(M);
    for (let w = 0; w <= l; w++) {
      rhs.set(d.subarray(w * M, (w + 1) * M));
      if (w > 0) {
        const prevO = tau[(w - 1) * M + O]!;
        for (let x = 0; x < M; x++) rhs[x]! += down[x]! * prevO;
      }
      censored.left(w, rhs, t);
      tau.set(t, w * M);
    }
    return tau;
  };
  // Time counts only while the wire carries queue i or those above (not in the D, DB lead-in of a pending start).
  const busy = [O, OB, B1, B2, P1, P2];
  const tau1 = solve((_w, out) => {
    for (const x of busy) out[x] = 1;
  });
  const tau2 = solve((w, out) => {
    for (const x of busy) out[x] = 2 * tau1[w * M + x]!;
  });
  const a0 = arrivalAt(p, 0);
  const U = p.upper.rate;
  const start = a0 + U;
  if (start === 0) return { rate: 0, fresh: UNIT, pending: UNIT };
  const moments = (beta: (readonly [number, number, number])[]) => {
    let m1 = 0;
    let m2 = 0;
    for (const [w, x, weight] of beta) {
      if (weight === 0) continue;
      m1 += weight * tau1[w * M + x]!;
      m2 += weight * tau2[w * M + x]!;
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

/**
 * Busy-period fits already computed, by the queues they depend on (θ and each queue's arrival and limits,
 * from the top down to the level): a fit depends on nothing below its level, so a search that changes
 * lower queues reuses the fits above. Share one only between instances of one port.
 */
export type BusyFitCache = Map<string, BusyFit>;

/** All levels of the port: busy periods top-down, stationary distributions bottom-up. */
export function solveDecomposed(
  instance: PortInstance,
  keepPi = false,
  cache?: BusyFitCache,
): DecomposedSolution {
  const { queues, theta } = instance;
  const n = queues.length;
  const admittedIdle = queues.map(
    (q) => q.arrival * (theta * (q.s > 0 ? 1 : 0) + (1 - theta) * (q.l > 0 ? 1 : 0)),
  );
  const params: LevelParams[] = [];
  const fits: BusyFit[] = [];
  let upper = NO_UPPER;
  let key = String(theta);
  for (let i = 0; i < n; i++) {
    const q = queues[i]!;
    let lowerIdle = 0;
    for (let k = i + 1; k < n; k++) lowerIdle += admittedIdle[k]!;
    const p: LevelParams = { lam: q.arrival, theta, s: q.s, l: q.l, upper, lowerIdle, qU: 0, qD: 0 };
    params.push(p);
    fits.push(upper);
    if (i + 1 < n) {
      key += ` ${q.arrival}/${q.s}/${q.l}`;
      const known = cache?.get(key);
      if (known) upper = known;
      else {
        upper = busyFit(p);
        cache?.set(key, upper);
      }
    }
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
