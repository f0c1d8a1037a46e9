// Constant folding with P4's arithmetic: bit<W> wraps modulo 2^W, int<W> in two's complement, saturating
// |+| and |-| clamp, and untyped integers (infint) are exact.
import type { BinaryOp, ConstValue, Type, UnaryOp } from './ast.js';
import { MAX_INFINT_BITS } from './limits.js';
import { normalize } from './types.js';

/** A constant the compiler refuses to compute (the checker reports it at the expression). */
export class FoldError extends Error {}

const LIMIT = 1n << BigInt(MAX_INFINT_BITS);

function int(value: bigint): ConstValue {
  if (value >= LIMIT || value <= -LIMIT)
    throw new FoldError(`integer constant too large: more than ${MAX_INFINT_BITS} bits`);
  return { kind: 'int', value };
}

/** x << y and x >> y without computing a shift the result cannot need: with a width W, a shift by W or more
 *  leaves 0 (or -1: an arithmetic right shift of a negative value); an untyped value may not grow past
 *  MAX_INFINT_BITS. */
function shift(op: '<<' | '>>', x: bigint, y: bigint, t: Type): bigint {
  const w = t.kind === 'bit' || t.kind === 'int' ? BigInt(t.width) : undefined;
  if (op === '>>') {
    const limit = w ?? BigInt(MAX_INFINT_BITS) + 1n;
    return y >= limit ? (x < 0n ? -1n : 0n) : x >> y;
  }
  if (w !== undefined && y >= w) return 0n;
  if (x === 0n) return 0n;
  if (y > BigInt(MAX_INFINT_BITS))
    throw new FoldError(`integer constant too large: a shift by ${y} bits exceeds ${MAX_INFINT_BITS} bits`);
  return x << y;
}
const bool = (value: boolean): ConstValue => ({ kind: 'bool', value });

function bounds(t: Type): [bigint, bigint] | undefined {
  if (t.kind === 'bit') return [0n, (1n << BigInt(t.width)) - 1n];
  if (t.kind === 'int') return [-(1n << BigInt(t.width - 1)), (1n << BigInt(t.width - 1)) - 1n];
  return undefined;
}

export function foldUnary(op: UnaryOp, v: ConstValue, t: Type): ConstValue | undefined {
  if (op === '!' && v.kind === 'bool') return bool(!v.value);
  if (v.kind !== 'int') return undefined;
  if (op === '+') return v;
  if (op === '-') return int(normalize(-v.value, t));
  if (op === '~') return t.kind === 'bit' || t.kind === 'int' ? int(normalize(~v.value, t)) : undefined;
  return undefined;
}

/** Folds `a op b` where both operands already have the operator's operand type `t` (for shifts, the
 *  left operand's type); `leftWidth` is the width of the left operand for `++`. */
export function foldBinary(
  op: BinaryOp,
  a: ConstValue,
  b: ConstValue,
  t: Type,
  result: Type,
): ConstValue | undefined {
  if (a.kind === 'bool' && b.kind === 'bool') {
    switch (op) {
      case '&&':
        return bool(a.value && b.value);
      case '||':
        return bool(a.value || b.value);
      case '==':
        return bool(a.value === b.value);
      case '!=':
        return bool(a.value !== b.value);
      default:
        return undefined;
    }
  }
  if ((a.kind === 'enum' && b.kind === 'enum') || (a.kind === 'error' && b.kind === 'error')) {
    const x = a.kind === 'enum' ? a.member : (a as { name: string }).name;
    const y = b.kind === 'enum' ? b.member : (b as { name: string }).name;
    if (op === '==') return bool(x === y);
    if (op === '!=') return bool(x !== y);
    return undefined;
  }
  if (a.kind !== 'int' || b.kind !== 'int') return undefined;
  const x = a.value;
  const y = b.value;
  switch (op) {
    case '+':
      return int(normalize(x + y, t));
    case '-':
      return int(normalize(x - y, t));
    case '*':
      return int(normalize(x * y, t));
    case '/':
      return y === 0n ? undefined : int(normalize(x / y, t));
    case '%':
      return y === 0n ? undefined : int(normalize(x % y, t));
    case '|+|':
    case '|-|': {
      const r = op === '|+|' ? x + y : x - y;
      const bd = bounds(t);
      if (!bd) return int(r);
      return int(r < bd[0] ? bd[0] : r > bd[1] ? bd[1] : r);
    }
    case '<<':
      return int(normalize(shift('<<', x, y, t), t));
    case '>>':
      return int(normalize(shift('>>', x, y, t), t));
    case '&':
      return int(normalize(x & y, t));
    case '|':
      return int(normalize(x | y, t));
    case '^':
      return int(normalize(x ^ y, t));
    case '==':
      return bool(x === y);
    case '!=':
      return bool(x !== y);
    case '<':
      return bool(x < y);
    case '>':
      return bool(x > y);
    case '<=':
      return bool(x <= y);
    case '>=':
      return bool(x >= y);
    case '++': {
      if (result.kind !== 'bit' && result.kind !== 'int') return undefined;
      // `t` is the right operand's type: the left operand moves up by its width.
      const rw = t.kind === 'bit' || t.kind === 'int' ? t.width : 0;
      const hi = BigInt.asUintN(result.width, x << BigInt(rw));
      return int(normalize(hi | BigInt.asUintN(rw, y), result));
    }
    default:
      return undefined;
  }
}

export function foldCast(v: ConstValue, to: Type): ConstValue | undefined {
  if (to.kind === 'bool') {
    if (v.kind === 'bool') return v;
    if (v.kind === 'int') return bool(v.value !== 0n);
    return undefined;
  }
  if (to.kind === 'bit' || to.kind === 'int' || to.kind === 'infint') {
    if (v.kind === 'int') return int(normalize(v.value, to));
    if (v.kind === 'bool') return int(v.value ? 1n : 0n);
    if (v.kind === 'enum') return int(normalize(v.value, to));
    return undefined;
  }
  return undefined;
}

export function foldSlice(v: ConstValue, hi: number, lo: number): ConstValue | undefined {
  if (v.kind !== 'int') return undefined;
  return int(BigInt.asUintN(hi - lo + 1, v.value >> BigInt(lo)));
}
