// Virtual time. The simulator counts integer picoseconds in a JS number: exact up to 2^53 ps (about 2.5 hours
// of simulated time), fine-grained enough that a 64-byte frame at 400 Gb/s (1.28 ns) is not rounded away,
// and much faster than bigint arithmetic on the hot path.

/** Integer picoseconds since the start of a run. */
export type Picoseconds = number;

export const PS_PER_NS = 1_000;
export const PS_PER_US = 1_000_000;
export const PS_PER_MS = 1_000_000_000;
export const PS_PER_S = 1_000_000_000_000;

/** The latest time the clock counts exactly: 2^53 - 1 picoseconds, about 2.5 hours. */
export const MAX_EXACT_PS: Picoseconds = Number.MAX_SAFE_INTEGER;

/** How errors name that bound: `1e30s is beyond ${CLOCK_BOUND}`. */
export const CLOCK_BOUND = "the simulator's clock (2^53 ps, about 2.5 hours)";

/** Preamble + start-of-frame delimiter (8 bytes) and the minimum inter-frame gap (12 bytes) of Ethernet. */
export const ETHERNET_FRAMING_OVERHEAD_BYTES = 20;

/** Time on the wire for `bytes` at `rateBps`, rounded to the nearest picosecond (at least 1 ps). */
export function serializationPs(bytes: number, rateBps: number): Picoseconds {
  return Math.max(1, Math.round((bytes * 8 * PS_PER_S) / rateBps));
}

/** bmv2 reports timestamps as whole microseconds since the switch started. */
export function toMicroseconds(t: Picoseconds): number {
  return Math.floor(t / PS_PER_US);
}

/** Parse a duration such as `250us`, `1.5ms`, `2s`, `120ns` or `800ps` into picoseconds. */
export function parseDuration(text: string): Picoseconds {
  const m = /^\s*([0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?)\s*(ps|ns|us|µs|ms|s)\s*$/i.exec(text);
  if (!m) throw new Error(`not a duration: '${text}' (expected e.g. 10us, 1.5ms, 2s)`);
  const value = Number(m[1]);
  const unit = m[2]!.toLowerCase();
  const scale =
    unit === 'ps'
      ? 1
      : unit === 'ns'
        ? PS_PER_NS
        : unit === 's'
          ? PS_PER_S
          : unit === 'ms'
            ? PS_PER_MS
            : PS_PER_US;
  const ps = Math.round(value * scale);
  // A time the clock cannot count exactly would lose the picosecond exactness every event relies on.
  if (!(ps <= MAX_EXACT_PS)) throw new RangeError(`${text.trim()} is beyond ${CLOCK_BOUND}`);
  return ps;
}

/** Parse a rate such as `100Gbps`, `25 Gb/s`, `400M` or a plain number of bits per second. */
export function parseRate(text: string | number): number {
  if (typeof text === 'number') return text;
  const m = /^\s*([0-9]+(?:\.[0-9]+)?)\s*([kmgt]?)(?:bps|b\/s|bit\/s)?\s*$/i.exec(text);
  if (!m) throw new Error(`not a rate: '${text}' (expected e.g. 100Gbps, 25Gb/s, 1e9)`);
  const scale = { '': 1, k: 1e3, m: 1e6, g: 1e9, t: 1e12 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g' | 't'];
  return Number(m[1]) * scale;
}

/** Human form of a picosecond duration, for reports. */
export function formatPs(t: Picoseconds): string {
  if (t >= PS_PER_S) return `${(t / PS_PER_S).toFixed(3)}s`;
  if (t >= PS_PER_MS) return `${(t / PS_PER_MS).toFixed(3)}ms`;
  if (t >= PS_PER_US) return `${(t / PS_PER_US).toFixed(3)}us`;
  if (t >= PS_PER_NS) return `${(t / PS_PER_NS).toFixed(1)}ns`;
  return `${t}ps`;
}
