// Arithmetic on bit<W>/int<W> with P4_16 semantics, as JavaScript source emitters.
// The engine generates JavaScript for each program, so every operator here returns the source text of an
// expression specialised for one width and signedness, chosen at compile time. Representation:
//   - small:  bit<W>/int<W>, W <= 32: a JS number; int<W> is kept sign-extended so int32 tricks work
//   - medium: bit<W>, 33 <= W <= 52 (MAC addresses, 48-bit timestamps): a JS number in [0, 2^W); every
//             intermediate result stays below 2^53, so it is exact, and bitwise operators split it in two
//   - big:    everything wider, and int<W> above 32 bits: a bigint reduced with BigInt.asUintN / asIntN
//   - bool: a JS boolean
// Operands are JS expression strings in that representation.

export interface BitType {
  width: number;
  signed: boolean;
}

/** Widths up to this use int32 operators directly. */
export const SMALL_MAX = 32;
/** Unsigned widths up to this are plain numbers (sums of two values stay exact below 2^53). */
export const MEDIUM_MAX = 52;

export const isSmall = (w: number): boolean => w <= SMALL_MAX;
const isMedium = (t: BitType): boolean => !t.signed && t.width > SMALL_MAX && t.width <= MEDIUM_MAX;

/** Whether values of type t are JS numbers (small or medium) rather than bigints. */
export const isNum = (t: BitType): boolean => isSmall(t.width) || isMedium(t);

type Kind = 'small' | 'medium' | 'big';
const kindOf = (t: BitType): Kind => (isSmall(t.width) ? 'small' : isMedium(t) ? 'medium' : 'big');

const mask = (w: number): number => (w >= 32 ? 0xffffffff : 2 ** w - 1);
const pow = (w: number): number => 2 ** w;

/** Literal for the constant v (a mathematical integer already in range) of type t. */
export function literal(v: bigint, t: BitType): string {
  const r = t.signed ? BigInt.asIntN(t.width, v) : BigInt.asUintN(t.width, v);
  return isNum(t) ? `(${r.toString()})` : `(${r.toString()}n)`;
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

/** Reduce an exact integer-valued number (|x| < 2^53) modulo 2^W, W medium. */
function wrapMedium(e: string, t: BitType): string {
  return `$rt.modPow(${e}, ${pow(t.width)})`;
}

function wrapBig(e: string, t: BitType): string {
  return t.signed ? `BigInt.asIntN(${t.width}, ${e})` : `BigInt.asUintN(${t.width}, ${e})`;
}

export function wrap(e: string, t: BitType): string {
  const k = kindOf(t);
  return k === 'small' ? wrapSmall(e, t) : k === 'medium' ? wrapMedium(e, t) : wrapBig(e, t);
}

export function add(a: string, b: string, t: BitType): string {
  return wrap(`${a} + ${b}`, t);
}

export function sub(a: string, b: string, t: BitType): string {
  return wrap(`${a} - ${b}`, t);
}

export function mul(a: string, b: string, t: BitType): string {
  switch (kindOf(t)) {
    case 'small':
      // Math.imul gives the low 32 bits exactly, where a plain product could exceed 2^53.
      return wrapSmall(`Math.imul(${a}, ${b})`, t);
    case 'medium':
      return `$rt.mulMedium(${a}, ${b}, ${t.width})`;
    case 'big':
      return wrapBig(`(${a} * ${b})`, t);
  }
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
  if (isNum(t)) return `Math.min(Math.max(${e}, ${lo}), ${hi})`;
  return `$rt.clampBig(${e}, ${lo}n, ${hi}n)`;
}

/** x / 0 and x % 0 give 0 rather than NaN or a thrown RangeError (the program must not stop the switch). */
export function div(a: string, b: string, t: BitType): string {
  return isNum(t) ? `$rt.divN(${a}, ${b})` : `$rt.divB(${a}, ${b})`;
}

export function mod(a: string, b: string, t: BitType): string {
  return isNum(t) ? `$rt.modN(${a}, ${b})` : `$rt.modB(${a}, ${b})`;
}

/** A shift amount as a JS number (amounts are unsigned; huge bigint amounts saturate). */
function amount(b: string, bNum: boolean): string {
  return bNum ? b : `$rt.bigAmount(${b})`;
}

/** `bNum`: the amount is a JS number (small or medium type), else a bigint. */
export function shl(a: string, b: string, t: BitType, bNum: boolean): string {
  const n = amount(b, bNum);
  switch (kindOf(t)) {
    case 'small': {
      // A constant amount (the common case) shifts inline, with no guard to check.
      const k = /^\(?(\d+)\)?$/.exec(n);
      if (k) {
        const c = Number(k[1]);
        const w = t.width;
        if (c >= w) return '0';
        if (t.signed) return `(((${a} << ${c}) << ${32 - w}) >> ${32 - w})`;
        return w === 32 ? `((${a} << ${c}) >>> 0)` : `((${a} << ${c}) & ${mask(w)})`;
      }
      // Guard amounts >= width: JS masks shift counts to 5 bits.
      return `$rt.shl${t.signed ? 'S' : 'U'}${t.width}(${a}, ${n})`;
    }
    case 'medium':
      return `$rt.shlMedium(${a}, ${n}, ${t.width})`;
    case 'big':
      return `(${n} >= ${t.width} ? 0n : ${wrapBig(`(${a} << BigInt(${n}))`, t)})`;
  }
}

export function shr(a: string, b: string, t: BitType, bNum: boolean): string {
  const n = amount(b, bNum);
  switch (kindOf(t)) {
    case 'small':
      if (t.signed) return `(${a} >> Math.min(${n}, 31))`;
      return `(${n} >= ${t.width} ? 0 : ${a} >>> ${n})`;
    case 'medium':
      return `(${n} >= ${t.width} ? 0 : Math.floor(${a} / 2 ** ${n}))`;
    case 'big':
      if (t.signed) return `(${a} >> BigInt(Math.min(${n}, ${t.width})))`;
      return `(${n} >= ${t.width} ? 0n : ${a} >> BigInt(${n}))`;
  }
}

function bitwise(op: '&' | '|' | '^', a: string, b: string, t: BitType): string {
  const k = kindOf(t);
  if (k === 'medium') return `$rt.${op === '&' ? 'andM' : op === '|' ? 'orM' : 'xorM'}(${a}, ${b})`;
  if (k === 'small' && t.width === 32 && !t.signed) return `((${a} ${op} ${b}) >>> 0)`;
  return `(${a} ${op} ${b})`;
}

export const band = (a: string, b: string, t: BitType): string => bitwise('&', a, b, t);
export const bor = (a: string, b: string, t: BitType): string => bitwise('|', a, b, t);
export const bxor = (a: string, b: string, t: BitType): string => bitwise('^', a, b, t);

export function bnot(a: string, t: BitType): string {
  switch (kindOf(t)) {
    case 'small':
      return t.signed ? `(~${a})` : wrapSmall(`~${a}`, t);
    case 'medium':
      return `(${pow(t.width) - 1} - ${a})`;
    case 'big':
      return t.signed ? `(~${a})` : wrapBig(`(~${a})`, t);
  }
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
  const r: BitType = { width: w, signed: false };
  switch (kindOf(t)) {
    case 'small': {
      const s = `(${a} >>> ${lo})`;
      return w === 32 ? `(${s} >>> 0)` : `(${s} & ${mask(w)})`;
    }
    case 'medium': {
      const s = lo === 0 ? a : `Math.floor(${a} / ${pow(lo)})`;
      return w === t.width - lo ? `(${s})` : `(${s} % ${pow(w)})`;
    }
    case 'big': {
      const s = `(${a} >> ${lo}n)`;
      return isNum(r) ? `Number(${s} & ${(1n << BigInt(w)) - 1n}n)` : `(${s} & ${(1n << BigInt(w)) - 1n}n)`;
    }
  }
}

/** Source that stores v (of the slice's width, unsigned) into bits [hi:lo] of target (of type t). */
export function sliceAssign(target: string, t: BitType, hi: number, lo: number, v: string): string {
  const w = hi - lo + 1;
  switch (kindOf(t)) {
    case 'small': {
      const keep = ~((mask(w) * 2 ** lo) | 0) | 0;
      const u = unsignedBits(target, t);
      return wrapSmall(`(((${u}) & ${keep}) >>> 0) + (${v}) * ${2 ** lo}`, t);
    }
    case 'medium': {
      const old = `(Math.floor(${target} / ${pow(lo)}) % ${pow(w)})`;
      return `(${target} + ((${v}) - ${old}) * ${pow(lo)})`;
    }
    case 'big': {
      const m = ((1n << BigInt(w)) - 1n) << BigInt(lo);
      const vb = isNum({ width: w, signed: false }) ? `BigInt(${v})` : v;
      return wrapBig(`((${target} & ~${m}n) | (${vb} << ${lo}n))`, t);
    }
  }
}

/** a ++ b: width wa+wb, signed when a is signed. */
export function concat(a: string, ta: BitType, b: string, tb: BitType): string {
  const rt: BitType = { width: ta.width + tb.width, signed: ta.signed };
  const ua = unsignedBits(a, ta);
  const ub = unsignedBits(b, tb);
  if (isNum(rt) && isNum(ta) && isNum(tb)) {
    const e = `(${ua} * ${pow(tb.width)} + ${ub})`;
    return rt.signed ? wrapSmall(e, rt) : e;
  }
  const ba = isNum(ta) ? `BigInt(${ua})` : ua;
  const bb = isNum(tb) ? `BigInt(${ub})` : ub;
  const e = `((${ba} << ${tb.width}n) | ${bb})`;
  if (isNum(rt)) return `Number(${e})`;
  return rt.signed ? wrapBig(e, rt) : e;
}

/** Cast between bit<W>/int<W> of any widths: the value modulo 2^W', read with the target's signedness. */
export function cast(a: string, from: BitType, to: BitType): string {
  if (from.width === to.width && from.signed === to.signed) return a;
  const fk = kindOf(from);
  const tk = kindOf(to);
  if (fk === 'big' && tk === 'big') return wrapBig(a, to);
  if (fk === 'big') return `Number(${wrapBig(a, to)})`;
  if (tk === 'big') return wrapBig(`BigInt(${a})`, to);
  // Number to number. A wider unsigned target holds every value of an unsigned source as it is.
  if (!from.signed && !to.signed && to.width >= from.width) return a;
  // ToInt32-based reductions read the low 32 bits of any exact integer, medium values included.
  if (tk === 'small') return wrapSmall(a, to);
  return wrapMedium(a, to);
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
  return isNum(t) ? Number(r) : r;
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

const TWO32 = 4294967296;

export const bitsRuntime = {
  ...makeShiftHelpers(),
  clampBig(v: bigint, lo: bigint, hi: bigint): bigint {
    return v < lo ? lo : v > hi ? hi : v;
  },
  bigAmount(b: bigint): number {
    return b > 0xffffn ? 0xffff : Number(b);
  },
  divN: (a: number, b: number): number => (b === 0 ? 0 : (a - (a % b)) / b),
  modN: (a: number, b: number): number => (b === 0 ? 0 : a % b),
  divB: (a: bigint, b: bigint): bigint => (b === 0n ? 0n : a / b),
  modB: (a: bigint, b: bigint): bigint => (b === 0n ? 0n : a % b),
  /** x mod p for an exact integer x (|x| < 2^53) and p a power of two. */
  modPow(x: number, p: number): number {
    const r = x % p;
    return r < 0 ? r + p : r;
  },
  mulMedium(a: number, b: number, w: number): number {
    return Number(BigInt.asUintN(w, BigInt(a) * BigInt(b)));
  },
  shlMedium(a: number, n: number, w: number): number {
    if (n >= w) return 0;
    // Drop the bits that leave the field before multiplying, so the product stays below 2^w.
    return (a % 2 ** (w - n)) * 2 ** n;
  },
  andM: (a: number, b: number): number =>
    ((Math.floor(a / TWO32) & Math.floor(b / TWO32)) >>> 0) * TWO32 + ((a & b) >>> 0),
  orM: (a: number, b: number): number =>
    ((Math.floor(a / TWO32) | Math.floor(b / TWO32)) >>> 0) * TWO32 + ((a | b) >>> 0),
  xorM: (a: number, b: number): number =>
    ((Math.floor(a / TWO32) ^ Math.floor(b / TWO32)) >>> 0) * TWO32 + ((a ^ b) >>> 0),
};
