// Type inference of untyped integer literals: coercion to an expected type and unification of operands.
import type { Expr, Type } from '../ast.js';
import { isFixedInt, newTypeOf, normalize, typeEquals, typeToString } from '../types.js';
import type { Checker } from './checker.js';

/** What each element of a brace expression `{a, b}` initializes, as its context says: a tuple's or list's
 *  elements, a struct's or header's fields, or a header stack's elements (`H[2] s = {h0, h1}`). */
export function elementTypes(t: Type | undefined): Type[] | undefined {
  if (!t) return undefined;
  if (t.kind === 'tuple' || t.kind === 'list') return t.elements;
  if (t.kind === 'struct' || t.kind === 'header') return t.decl.fields.map((f) => f.type);
  if (t.kind === 'stack') return Array<Type>(t.size).fill(t.element);
  return undefined;
}

/** False, with an error, for `_` or `default` where a value is read (an assignment, initializer or return). */
export function isValue(cx: Checker, e: Expr): boolean {
  if (e.kind !== 'dontcare') return true;
  notAValue(cx, e);
  return false;
}

function notAValue(cx: Checker, e: Extract<Expr, { kind: 'dontcare' }>): void {
  cx.error(e.loc, `'${e.text}' is not a value: it stands only for a label, a keyset or an out argument`);
}

/** Converts `e` to type `target` where P4 allows it implicitly; reports an error otherwise. */
export function coerce(cx: Checker, e: Expr, target: Type, what: string): void {
  const t = e.type;
  if (target.kind === 'unknown' || target.kind === 'typevar' || t.kind === 'unknown') return;
  if (typeEquals(t, target)) {
    // A new type (`type bit<32> T`) and its base type are the same to the engine, but p4c converts between
    // them only by a cast.
    const from = newTypeOf(t)?.name;
    const to = newTypeOf(target)?.name;
    if (from !== to)
      cx.error(
        e.loc,
        `${what}: cannot convert ${from ?? typeToString(t)} to ${to ?? typeToString(target)} implicitly; cast it`,
      );
    return;
  }
  if (t.kind === 'dontcare' || target.kind === 'dontcare') {
    // `_` may stand for an out argument; `default` only as a label or keyset, which never come here.
    if (e.kind === 'dontcare' && e.text === 'default' && target.kind !== 'dontcare') notAValue(cx, e);
    return;
  }
  if (t.kind === 'infint' && isFixedInt(target)) {
    e.type = target;
    if (e.constValue?.kind === 'int') {
      const v = e.constValue.value;
      const n = normalize(v, target);
      const fitsUnsigned = target.kind === 'bit' && v >= 0n && v === n;
      if (v !== n && !fitsUnsigned && !(target.kind === 'bit' && v < 0n && -v <= 1n << BigInt(target.width)))
        cx.diags.warning(
          e.loc,
          `value ${v} does not fit in ${typeToString(target)}; it is truncated to ${n}`,
        );
      e.constValue = { kind: 'int', value: n };
    }
    retypeInfint(cx, e, target);
    return;
  }
  if ((t.kind === 'list' || t.kind === 'tuple') && (e.kind === 'list' || e.kind === 'struct_init')) {
    const elems = e.kind === 'list' ? e.elements : e.fields.map((f) => f.value);
    const fieldTypes = e.kind === 'struct_init' && target.kind === 'stack' ? undefined : elementTypes(target);
    if (fieldTypes && fieldTypes.length === elems.length) {
      elems.forEach((x, i) => coerce(cx, x, fieldTypes![i]!, what));
      e.type = target;
      if (target.kind !== 'stack' && elems.every((x) => x.constValue)) {
        e.constValue =
          target.kind === 'struct' || target.kind === 'header'
            ? {
                kind: 'struct',
                fields: target.decl.fields.map((f, i) => ({ name: f.name, value: elems[i]!.constValue! })),
              }
            : { kind: 'tuple', elements: elems.map((x) => x.constValue!) };
      }
      return;
    }
  }
  if (t.kind === 'enum' && t.decl.underlying && typeEquals(t.decl.underlying, target)) return;
  if (target.kind === 'enum' && target.decl.underlying && t.kind === 'infint') {
    e.type = target;
    return;
  }
  cx.error(e.loc, `${what}: cannot convert ${typeToString(t)} to ${typeToString(target)}`);
}

/** Pushes a concrete type down into an untyped (infint) expression tree. */
function retypeInfint(cx: Checker, e: Expr, target: Type): void {
  switch (e.kind) {
    case 'int':
      e.type = target;
      if (e.constValue?.kind === 'int')
        e.constValue = { kind: 'int', value: normalize(e.constValue.value, target) };
      return;
    case 'unary':
      e.type = target;
      return retypeInfint(cx, e.operand, target);
    case 'binary':
      if (['+', '-', '*', '/', '%', '&', '|', '^', '|+|', '|-|'].includes(e.op)) {
        e.type = target;
        retypeInfint(cx, e.left, target);
        retypeInfint(cx, e.right, target);
      } else if (e.op === '<<' || e.op === '>>') {
        e.type = target;
        retypeInfint(cx, e.left, target);
      }
      return;
    case 'ternary':
      e.type = target;
      retypeInfint(cx, e.then, target);
      retypeInfint(cx, e.else, target);
      return;
    default:
      if (e.type.kind === 'infint') e.type = target;
  }
}

/** Makes the two operands of a binary operator the same type (an infint side takes the other's type). */
export function unifyOperands(
  cx: Checker,
  e: Expr & { kind: 'binary' },
  lt: Type,
  rt: Type,
): Type | undefined {
  if (lt.kind === 'infint' && rt.kind !== 'infint') {
    coerce(cx, e.left, rt, `operand of '${e.op}'`);
    return rt;
  }
  if (rt.kind === 'infint' && lt.kind !== 'infint') {
    coerce(cx, e.right, lt, `operand of '${e.op}'`);
    return lt;
  }
  if (typeEquals(lt, rt)) return lt;
  if (isFixedInt(lt) && isFixedInt(rt)) {
    if (lt.kind !== rt.kind)
      cx.error(
        e.loc,
        `'${e.op}': cannot mix signed and unsigned operands (${typeToString(lt)} and ${typeToString(rt)})`,
      );
    else
      cx.error(
        e.loc,
        `'${e.op}': width mismatch between ${typeToString(lt)} and ${typeToString(rt)}; use a cast`,
      );
    return undefined;
  }
  if (lt.kind === 'enum' && lt.decl.underlying && typeEquals(lt.decl.underlying, rt)) return rt;
  if (rt.kind === 'enum' && rt.decl.underlying && typeEquals(rt.decl.underlying, lt)) return lt;
  cx.error(e.loc, `'${e.op}': incompatible operand types ${typeToString(lt)} and ${typeToString(rt)}`);
  return undefined;
}
