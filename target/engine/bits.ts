// Arithmetic on bit<W>/int<W> with P4_16 semantics, as JavaScript source emitters.
// The engine generates JavaScript for each program, so every operator here returns the source text of an
// expression specialised for one width and signedness, chosen at compile time. Representation:
//   - bit<W>, W <= 32: a JS number in [0, 2^W)
//   - int<W>, W <= 32: a JS number in [-2^(W-1), 2^(W-1))   (sign-extended, so int32 tricks work)
//   - W > 32: a bigint, reduced with BigInt.asUintN / BigInt.asIntN
//   - bool: a JS boolean
// Operands are JS expression strings in that representation; shift amounts may be either.

export interface BitType {
  width: number;
  signed: boolean;
}

/** Widths up to this are JS numbers; above, bigints. 32 keeps every bitwise operator exact. */
export const SMALL_MAX = 32;

export const isSmall = (w: number): boolean => w <= SMALL_MAX;

const mask = (w: number): number => (w >= 32 ? 0xffffffff : 2 ** w - 1);

/** Literal for the constant v (a mathematical integer already in range) of type t. */
export function literal(v: bigint, t: BitType): string {
  const r = t.signed ? BigInt.asIntN(t.width, v) : BigInt.asUintN(t.width, v);
  return isSmall(t.width) ? `(${r.toString()})` : `(${r.toString()}n)`;
}

/** Reduce a JS number holding an exact (possibly out-of-range) integer below 2^53 into type t (small). */
function wrapSmall(e: string, t: BitType): string {
  const w = t.width;
  if (t.signed) {
    if (w === 32) return `((${e}) | 0)`;
    const s = 32 - w;
    return `(((${e}) << ${s}) >> ${s})`;
  }
  if (w === 32) return `((${e}) >>> 0)`;
  return `((${e}) & ${mask(w)})`;
}

function wrapBig(e: string, t: BitType): string {
  return t.signed ? `BigInt.asIntN(${t.width}, ${e})` : `BigInt.asUintN(${t.width}, ${e})`;
}

export function wrap(e: string, t: BitType): string {
  return isSmall(t.width) ? wrapSmall(e, t) : wrapBig(e, t);
}

export function add(a: string, b: string, t: BitType): string {
  return wrap(`${a} + ${b}`, t);
}

export function sub(a: string, b: string, t: BitType): string {
  return wrap(`${a} - ${b}`, t);
}

export function mul(a: string, b: string, t: BitType): string {
  // Math.imul gives the low 32 bits exactly, where a plain product could exceed 2^53.
  return isSmall(t.width) ? wrapSmall(`Math.imul(${a}, ${b})`, t) : wrapBig(`(${a} * ${b})`, t);
}

function bounds(t: BitType): [bigint, bigint] {
  return t.signed
    ? [-(1n << BigInt(t.width - 1)), (1n << BigInt(t.width - 1)) - 1n]
    : [0n, (1n << BigInt(t.width)) - 1n];
}

/** Saturating |+| and |-|: clamp the exact result to the type's range. */
export function satAdd(a: string, b: string, t: BitType): string {
  return clamp(`(${a} + ${b})`, t);
}

export function satSub(a: string, b: string, t: BitType): string {
  return clamp(`(${a} - ${b})`, t);
}

function clamp(e: string, t: BitType): string {
  const [lo, hi] = bounds(t);
  if (isSmall(t.width)) return `Math.min(Math.max(${e}, ${lo}), ${hi})`;
  return `$rt.clampBig(${e}, ${lo}n, ${hi}n)`;
}

/** Division and modulo are only defined on non-negative values in P4 (the front-end checks that). */
/** x / 0 and x % 0 give 0 rather than NaN or a thrown RangeError (the program must not stop the switch). */
export function div(a: string, b: string, t: BitType): string {
  return isSmall(t.width) ? `$rt.divN(${a}, ${b})` : `$rt.divB(${a}, ${b})`;
}

export function mod(a: string, b: string, t: BitType): string {
  return isSmall(t.width) ? `$rt.modN(${a}, ${b})` : `$rt.modB(${a}, ${b})`;
}

/** A shift amount as a JS number (amounts are unsigned; huge bigint amounts saturate). */
function amount(b: string, bSmall: boolean): string {
  return bSmall ? b : `$rt.bigAmount(${b})`;
}

export function shl(a: string, b: string, t: BitType, bSmall: boolean): string {
  const n = amount(b, bSmall);
  if (isSmall(t.width)) {
    // Guard amounts >= width: JS masks shift counts to 5 bits.
    return `$rt.shl${t.signed ? 'S' : 'U'}${t.width}(${a}, ${n})`;
  }
  return `(${n} >= ${t.width} ? 0n : ${wrapBig(`(${a} << BigInt(${n}))`, t)})`;
}

export function shr(a: string, b: string, t: BitType, bSmall: boolean): string {
  const n = amount(b, bSmall);
  if (isSmall(t.width)) {
    if (t.signed) return `(${a} >> Math.min(${n}, 31))`;
    return `(${n} >= ${t.width} ? 0 : ${a} >>> ${n})`;
  }
  if (t.signed) return `(${a} >> BigInt(Math.min(${n}, ${t.width})))`;
  return `(${n} >= ${t.width} ? 0n : ${a} >> BigInt(${n}))`;
}

export function band(a: string, b: string, t: BitType): string {
  return isSmall(t.width) && t.width === 32 && !t.signed ? `((${a} & ${b}) >>> 0)` : `(${a} & ${b})`;
}

export function bor(a: string, b: string, t: BitType): string {
  return isSmall(t.width) && t.width === 32 && !t.signed ? `((${a} | ${b}) >>> 0)` : `(${a} | ${b})`;
}

export function bxor(a: string, b: string, t: BitType): string {
  return isSmall(t.width) && t.width === 32 && !t.signed ? `((${a} ^ ${b}) >>> 0)` : `(${a} ^ ${b})`;
}

export function bnot(a: string, t: BitType): string {
  if (t.signed) return `(~${a})`;
  return isSmall(t.width) ? wrapSmall(`~${a}`, t) : wrapBig(`(~${a})`, t);
}

export function neg(a: string, t: BitType): string {
  return wrap(`(-${a})`, t);
}

export type CmpOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

export function cmp(a: string, b: string, op: CmpOp): string {
  const js = op === '==' ? '===' : op === '!=' ? '!==' : op;
  return `(${a} ${js} ${b})`;
}

/** The unsigned bits of a value of type t, in t's representation class (number or bigint). */
function unsignedBits(a: string, t: BitType): string {
  if (!t.signed) return a;
  return isSmall(t.width)
    ? wrapSmall(a, { width: t.width, signed: false })
    : `BigInt.asUintN(${t.width}, ${a})`;
}

/** a[hi:lo]: an unsigned bit<hi-lo+1>. */
export function slice(a: string, t: BitType, hi: number, lo: number): string {
  const w = hi - lo + 1;
  if (isSmall(t.width)) {
    const s = `(${a} >>> ${lo})`;
    return w === 32 ? `(${s} >>> 0)` : `(${s} & ${mask(w)})`;
  }
  const s = `(${a} >> ${lo}n)`;
  return isSmall(w) ? `Number(${s} & ${mask(w)}n)` : `(${s} & ${(1n << BigInt(w)) - 1n}n)`;
}

/** Source that stores v (of the slice's width, unsigned) into bits [hi:lo] of target (of type t). */
export function sliceAssign(target: string, t: BitType, hi: number, lo: number, v: string): string {
  const w = hi - lo + 1;
  if (isSmall(t.width)) {
    const keep = ~((mask(w) * 2 ** lo) | 0) | 0;
    const u = unsignedBits(target, t);
    return wrapSmall(`(((${u}) & ${keep}) >>> 0) + (${v}) * ${2 ** lo}`, t);
  }
  const m = ((1n << BigInt(w)) - 1n) << BigInt(lo);
  const vb = isSmall(w) ? `BigInt(${v})` : v;
  return wrapBig(`((${target} & ~${m}n) | (${vb} << ${lo}n))`, t);
}

/** a ++ b: width wa+wb, signed when a is signed. */
export function concat(a: string, ta: BitType, b: string, tb: BitType): string {
  const rt: BitType = { width: ta.width + tb.width, signed: ta.signed };
  const ua = unsignedBits(a, ta);
  const ub = unsignedBits(b, tb);
  if (isSmall(rt.width)) {
    const e = `(${ua} * ${2 ** tb.width} + ${ub})`;
    return rt.signed ? wrapSmall(e, rt) : e;
  }
  const ba = isSmall(ta.width) ? `BigInt(${ua})` : ua;
  const bb = isSmall(tb.width) ? `BigInt(${ub})` : ub;
  const e = `((${ba} << ${tb.width}n) | ${bb})`;
  return rt.signed ? wrapBig(e, rt) : e;
}

/** Cast between bit<W>/int<W> of any widths: the value modulo 2^W', read with the target's signedness. */
export function cast(a: string, from: BitType, to: BitType): string {
  if (from.width === to.width && from.signed === to.signed) return a;
  const fs = isSmall(from.width);
  const ts = isSmall(to.width);
  if (fs && ts) {
    if (!from.signed && !to.signed && to.width >= from.width) return a;
    return wrapSmall(a, to);
  }
  if (!fs && !ts) return wrapBig(a, to);
  if (fs && !ts) return wrapBig(`BigInt(${a})`, to);
  // bigint source, number target: reduce first so Number() is exact.
  return `Number(${wrapBig(a, to)})`;
}

export const boolToBit = (a: string): string => `(${a} ? 1 : 0)`;
export const bitToBool = (a: string): string => `(${a} !== 0)`;

/** Value of representation t as an unsigned bigint (for the control plane and hashing). */
export function toUnsignedBig(v: number | bigint, t: BitType): bigint {
  return BigInt.asUintN(t.width, typeof v === 'bigint' ? v : BigInt(v));
}

/** An unsigned bigint into representation t. */
export function fromUnsignedBig(v: bigint, t: BitType): number | bigint {
  const r = t.signed ? BigInt.asIntN(t.width, v) : BigInt.asUintN(t.width, v);
  return isSmall(t.width) ? Number(r) : r;
}

/** Runtime helpers the emitted code calls through `$rt`. */
export function makeShiftHelpers(): Record<string, (a: number, n: number) => number> {
  const h: Record<string, (a: number, n: number) => number> = {};
  for (let w = 1; w <= 32; w++) {
    const m = mask(w);
    const s = 32 - w;
    h[`shlU${w}`] =
      w === 32 ? (a, n) => (n >= 32 ? 0 : (a << n) >>> 0) : (a, n) => (n >= w ? 0 : (a << n) & m);
    h[`shlS${w}`] = (a, n) => (n >= w ? 0 : ((a << n) << s) >> s);
  }
  return h;
}

export const bitsRuntime = {
  ...makeShiftHelpers(),
  clampBig(v: bigint, lo: bigint, hi: bigint): bigint {
    return v < lo ? lo : v > hi ? hi : v;
  },
  divN: (a: number, b: number): number => (b === 0 ? 0 : Math.trunc(a / b)),
  modN: (a: number, b: number): number => (b === 0 ? 0 : a % b),
  divB: (a: bigint, b: bigint): bigint => (b === 0n ? 0n : a / b),
  modB: (a: bigint, b: bigint): bigint => (b === 0n ? 0n : a % b),
  bigAmount(b: bigint): number {
    return b > 0xffffn ? 0xffff : Number(b);
  },
};
