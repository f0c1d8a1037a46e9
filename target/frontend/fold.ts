// Constant folding with P4's arithmetic: bit<W> wraps modulo 2^W, int<W> in two's complement, saturating
// |+| and |-| clamp, and untyped integers (infint) are exact.
import type { BinaryOp, ConstValue, Type, UnaryOp } from './ast.js';
import { normalize } from './types.js';

const int = (value: bigint): ConstValue => ({ kind: 'int', value });
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
      return int(normalize(x << y, t));
    case '>>':
      return int(normalize(x >> y, t));
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
