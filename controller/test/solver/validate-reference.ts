// Reference for the validation tests: the exact continuous-time Markov chain of the port that
// `mlt solve --validate` builds, as the switch actually runs it (not the solver's per-queue approximation).
//
// State: the class on the wire (or idle) and the waiting count d_i of every data queue. Poisson arrivals per
// (queue, class); exponential service at rate 1 for every packet (memoryless, so the packet on the wire needs
// no age); non-preemptive strict priority (the highest non-empty queue goes next); admission as p4/mlt.p4
// with egress at enqueue: tail drop when Σ d ≥ buffer, then d_i ≥ L'_i drops all, d_i ≥ S'_i drops non-ECT.
// Loss of a class = stationary probability of a state where it is refused (Poisson arrivals see time averages).

export interface RefQueue {
  /** Offered λ_i/μ of the queue. */
  load: number;
  /** Installed enq_qdepth thresholds. */
  S: number;
  L: number;
}

export interface RefLoss {
  small: number;
  large: number;
}

export function priorityPortLosses(queues: RefQueue[], theta: number, buffer: number): RefLoss[] {
  // queues[0] is the highest priority. Waiting counts never exceed L'_i (nor the buffer).
  const caps = queues.map((q) => Math.min(q.L, buffer));
  const P = queues.length;
  const radix = caps.map((c) => c + 1);
  let size = P + 1;
  for (const r of radix) size *= r;
  const decode = (s: number): { wire: number; d: number[] } => {
    const wire = s % (P + 1);
    let rest = Math.floor(s / (P + 1));
    const d = radix.map((r) => {
      const v = rest % r;
      rest = Math.floor(rest / r);
      return v;
    });
    return { wire, d };
  };
  const encode = (wire: number, d: number[]): number => {
    let s = 0;
    for (let i = P - 1; i >= 0; i--) s = s * radix[i]! + d[i]!;
    return s * (P + 1) + wire;
  };
  // wire: 0 idle, i + 1 = a packet of queue i. Reachable states only matter; others get probability 0.
  const inbound: { from: number; rate: number }[][] = Array.from({ length: size }, () => []);
  const outRate = new Float64Array(size);
  const admits = (d: number[], i: number, important: boolean): boolean => {
    const total = d.reduce((a, b) => a + b, 0);
    if (total >= buffer) return false;
    if (d[i]! >= queues[i]!.L) return false;
    return important || d[i]! < queues[i]!.S;
  };
  for (let s = 0; s < size; s++) {
    const { wire, d } = decode(s);
    const add = (to: number, rate: number): void => {
      if (rate <= 0 || to === s) return;
      inbound[to]!.push({ from: s, rate });
      outRate[s] += rate;
    };
    queues.forEach((q, i) => {
      for (const [important, rate] of [
        [false, theta * q.load],
        [true, (1 - theta) * q.load],
      ] as const) {
        if (!admits(d, i, important)) continue;
        if (wire === 0) add(encode(i + 1, d), rate);
        else {
          const next = [...d];
          next[i]!++;
          add(encode(wire, next), rate);
        }
      }
    });
    if (wire !== 0) {
      const j = d.findIndex((x) => x > 0);
      if (j < 0) add(encode(0, d), 1);
      else {
        const next = [...d];
        next[j]!--;
        add(encode(j + 1, next), 1);
      }
    }
  }
  // Gauss-Seidel on the balance equations π_s·out_s = Σ π_r·q_rs, normalised each sweep.
  let pi = new Float64Array(size).fill(0);
  pi[0] = 1;
  for (let sweep = 0; sweep < 100_000; sweep++) {
    let change = 0;
    for (let s = 0; s < size; s++) {
      if (outRate[s] === 0) continue;
      let inflow = 0;
      for (const e of inbound[s]!) inflow += pi[e.from]! * e.rate;
      const v = s === 0 && inflow === 0 ? pi[0]! : inflow / outRate[s]!;
      change = Math.max(change, Math.abs(v - pi[s]!));
      pi[s] = v;
    }
    const total = pi.reduce((a, b) => a + b, 0);
    pi = pi.map((x) => x / total);
    if (change < 1e-13) break;
  }
  return queues.map((_, i) => {
    let small = 0;
    let large = 0;
    for (let s = 0; s < size; s++) {
      const { d } = decode(s);
      if (!admits(d, i, false)) small += pi[s]!;
      if (!admits(d, i, true)) large += pi[s]!;
    }
    return { small, large };
  });
}
