// The `port` model, exact: the full continuous-time Markov chain of a strict-priority port with per-queue
// threshold admission, for instances small enough to enumerate.
//
// State: the waiting packets of every queue (w_0..w_{N-1}, what each queue's enq_qdepth reads) and what the
// wire carries (nothing, or a packet of queue c). Poisson arrivals, exponential transmission times of mean
// 1/μ (μ = 1), one packet on the wire at a time, never preempted; when a transmission ends the highest
// nonempty queue sends next. An arrival is tail-dropped when the port holds `buffer` waiting packets, else
// admitted iff its queue's depth is below its limit (s for small, l for large packets); a packet admitted
// into an idle port goes straight onto the wire. By PASTA a class's loss is the stationary probability of
// the states in which it is refused.
import type { PortInstance, PortLosses } from './port-types.js';

export interface ChainSolution {
  /** Stationary probabilities, indexed by `stateIndex`. */
  pi: Float64Array;
  losses: PortLosses;
  sweeps: number;
}

/** Number of states of the full chain: Π(l_k + 1) · (N + 1). */
export function chainSize(instance: PortInstance): number {
  return instance.queues.reduce((n, q) => n * (q.l + 1), 1) * (instance.queues.length + 1);
}

/**
 * State layout: wire ∈ {0 idle, 1 + k queue k} is the fastest-varying digit, then w_{N-1}, ..., w_0.
 * Exported so tests can build the same chain independently.
 */
export function stateIndex(instance: PortInstance, w: readonly number[], wire: number): number {
  let index = 0;
  for (let k = 0; k < instance.queues.length; k++) index = index * (instance.queues[k]!.l + 1) + w[k]!;
  return index * (instance.queues.length + 1) + wire;
}

/** One transition of the chain: from → to at this rate. */
export interface Transition {
  from: number;
  to: number;
  rate: number;
}

/** Every transition of the chain (self-loops left out). */
export function chainTransitions(instance: PortInstance): Transition[] {
  const { queues, theta, buffer } = instance;
  const n = queues.length;
  const size = chainSize(instance);
  const out: Transition[] = [];
  const w = new Array<number>(n).fill(0);
  for (let index = 0; index < size; index++) {
    // Decode.
    let rest = Math.floor(index / (n + 1));
    const wire = index % (n + 1);
    for (let k = n - 1; k >= 0; k--) {
      const base = queues[k]!.l + 1;
      w[k] = rest % base;
      rest = Math.floor(rest / base);
    }
    const waiting = w.reduce((a, b) => a + b, 0);
    if (wire === 0 && waiting > 0) continue; // unreachable: a port with waiting packets is never idle
    for (let k = 0; k < n; k++) {
      const q = queues[k]!;
      if (q.arrival === 0 || waiting >= buffer) continue;
      const rate =
        theta * q.arrival * (w[k]! < q.s ? 1 : 0) + (1 - theta) * q.arrival * (w[k]! < q.l ? 1 : 0);
      if (rate === 0) continue;
      if (wire === 0) out.push({ from: index, to: stateIndex(instance, w, 1 + k), rate });
      else {
        w[k]!++;
        out.push({ from: index, to: stateIndex(instance, w, wire), rate });
        w[k]!--;
      }
    }
    if (wire > 0) {
      const next = w.findIndex((x) => x > 0);
      if (next < 0) out.push({ from: index, to: stateIndex(instance, w, 0), rate: 1 });
      else {
        w[next]!--;
        const to = stateIndex(instance, w, 1 + next);
        w[next]!++;
        if (to !== index) out.push({ from: index, to, rate: 1 });
      }
    }
  }
  return out;
}

/** Per class, whether a state refuses it: [k][0] small, [k][1] large. */
function lossesOf(instance: PortInstance, pi: Float64Array): PortLosses {
  const { queues, buffer } = instance;
  const n = queues.length;
  const small = new Float64Array(n);
  const large = new Float64Array(n);
  const w = new Array<number>(n).fill(0);
  for (let index = 0; index < pi.length; index++) {
    const p = pi[index]!;
    if (p === 0) continue;
    let rest = Math.floor(index / (n + 1));
    for (let k = n - 1; k >= 0; k--) {
      const base = queues[k]!.l + 1;
      w[k] = rest % base;
      rest = Math.floor(rest / base);
    }
    const full = w.reduce((a, b) => a + b, 0) >= buffer;
    for (let k = 0; k < n; k++) {
      if (full || w[k]! >= queues[k]!.s) small[k]! += p;
      if (full || w[k]! >= queues[k]!.l) large[k]! += p;
    }
  }
  return queues.map((_, k) => ({ small: Math.min(1, small[k]!), large: Math.min(1, large[k]!) }));
}

/** Gauss-Seidel stops when a sweep changes no probability by more than this (relative to the largest). */
const TOLERANCE = 1e-15;
const MAX_SWEEPS = 200_000;

/**
 * Stationary distribution by Gauss-Seidel on the balance equations π_j·out_j = Σ_i π_i·q_ij, normalised
 * after every sweep. The chain is irreducible on its reachable states (unreachable ones stay at 0), so the
 * iteration converges; it is run until a sweep changes nothing above 1e-15 of the largest probability, and
 * the tests compare it with a direct dense solve of the same chain.
 */
export function solveChain(instance: PortInstance): ChainSolution {
  const size = chainSize(instance);
  const transitions = chainTransitions(instance);
  // Inflows as CSR by destination, and total outflow per state.
  const outRate = new Float64Array(size);
  const count = new Int32Array(size + 1);
  for (const t of transitions) {
    outRate[t.from]! += t.rate;
    count[t.to + 1]!++;
  }
  for (let j = 0; j < size; j++) count[j + 1]! += count[j]!;
  const fill = count.slice(0, size);
  const from = new Int32Array(transitions.length);
  const rate = new Float64Array(transitions.length);
  for (const t of transitions) {
    const at = fill[t.to]!++;
    from[at] = t.from;
    rate[at] = t.rate;
  }
  const pi = new Float64Array(size);
  const start = stateIndex(instance, new Array<number>(instance.queues.length).fill(0), 0);
  // Start uniform over the states that can be left (every reachable one, unless nothing arrives).
  const live = outRate.reduce((n, r) => n + (r > 0 ? 1 : 0), 0);
  if (live === 0) pi[start] = 1;
  else for (let j = 0; j < size; j++) if (outRate[j]! > 0) pi[j] = 1 / live;
  let sweeps = 0;
  for (; sweeps < MAX_SWEEPS; sweeps++) {
    let change = 0;
    let total = 0;
    let largest = 0;
    for (let j = 0; j < size; j++) {
      if (outRate[j] === 0) continue;
      let inflow = 0;
      for (let e = count[j]!; e < count[j + 1]!; e++) inflow += pi[from[e]!]! * rate[e]!;
      const value = inflow / outRate[j]!;
      const d = Math.abs(value - pi[j]!);
      if (d > change) change = d;
      pi[j] = value;
      total += value;
      if (value > largest) largest = value;
    }
    if (total === 0) {
      // Nothing ever arrives: the port stays idle.
      pi.fill(0);
      pi[start] = 1;
      break;
    }
    for (let j = 0; j < size; j++) pi[j]! /= total;
    if (change <= TOLERANCE * largest && sweeps > 0) break;
  }
  return { pi, losses: lossesOf(instance, pi), sweeps };
}
