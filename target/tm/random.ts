// Seeded randomness for traffic and workloads: xoshiro128** (Blackman & Vigna), seeded through splitmix32 so
// that nearby seeds give unrelated streams. Every random choice in a run comes from one of these, never from
// Math.random, which is what makes a scenario reproducible.

function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    const st = { s: seed | 0 };
    // Mix the high part of seeds beyond 32 bits in too, so 2^32 and 0 differ.
    st.s = (st.s ^ Math.floor(seed / 0x100000000)) | 0;
    this.a = splitmix32(st);
    this.b = splitmix32(st);
    this.c = splitmix32(st);
    this.d = splitmix32(st);
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** An independent stream derived from this one (e.g. one per flow), so adding a flow does not shift others. */
  fork(label: number): Rng {
    return new Rng((this.nextU32() ^ Math.imul(label + 1, 0x9e3779b1)) >>> 0);
  }

  /** Uniform 32-bit unsigned integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** Uniform in [0, 1) with 53 random bits. */
  nextFloat(): number {
    const hi = this.nextU32() >>> 5;
    const lo = this.nextU32() >>> 6;
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** Uniform integer in [0, n). */
  nextInt(n: number): number {
    return Math.floor(this.nextFloat() * n);
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    // 1 - u is in (0, 1], so the log is finite.
    return -Math.log(1 - this.nextFloat()) * mean;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
