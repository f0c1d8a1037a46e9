// Expressions: names, members, operators and casts, typed and constant-folded.
import {
  UNKNOWN_TYPE,
  type ConstValue,
  type Expr,
  type Field,
  type Loc,
  type SliceExpr,
  type Type,
} from '../ast.js';
import { MAX_WIDTH } from '../limits.js';
import { FoldError, foldBinary, foldCast, foldSlice, foldUnary } from '../fold.js';
import {
  BOOL,
  DONTCARE,
  ERROR_T,
  INFINT,
  STRING,
  VOID,
  bits,
  intValue,
  isFixedInt,
  isHeaderStack,
  isIntegral,
  isSizeMethod,
  newTypeOf,
  normalize,
  typeEquals,
  typeToString,
} from '../types.js';
import { exprText } from '../names.js';
import { callExpr } from './calls.js';
import type { Checker, Ctx } from './checker.js';
import { checkRestAllowed, defaultValueType, expandListRest, expandStructRest } from './default-values.js';
import { coerce, elementTypes, unifyOperands } from './inference.js';
import { resolveType } from './type-refs.js';

/** Evaluates an expression that must be a compile-time integer. */
export function constInt(cx: Checker, e: Expr, ctx: Ctx, what: string): bigint | undefined {
  checkExpr(cx, e, ctx);
  const v = intValue(e.constValue);
  if (v === undefined) cx.error(e.loc, `${what} must be a compile-time constant`);
  return v;
}

export function checkExpr(cx: Checker, e: Expr, ctx: Ctx, expected?: Type): Type {
  const t = exprInner(cx, e, ctx, expected);
  e.type = t;
  return t;
}

function exprInner(cx: Checker, e: Expr, ctx: Ctx, expected?: Type): Type {
  switch (e.kind) {
    case 'int': {
      if (e.width === undefined) {
        e.constValue = { kind: 'int', value: e.value };
        return INFINT;
      }
      const t: Type = e.signed ? { kind: 'int', width: e.width } : bits(e.width);
      const n = normalize(e.value, t);
      if (n !== e.value)
        cx.diags.warning(
          e.loc,
          `value ${e.value} does not fit in ${typeToString(t)}; it is truncated to ${n}`,
        );
      e.constValue = { kind: 'int', value: n };
      return t;
    }
    case 'bool':
      e.constValue = { kind: 'bool', value: e.value };
      return BOOL;
    case 'string':
      e.constValue = { kind: 'string', value: e.value };
      return STRING;
    case 'dontcare':
      return DONTCARE;
    case 'dots':
      return defaultValueType(cx, e, expected);
    case 'invalid_header':
      return invalidHeaderType(cx, e, expected);
    case 'name':
      return nameExpr(cx, e, ctx);
    case 'typename':
      // A type in an expression names an error, enum member or the size of a type (memberExpr), never a value.
      return cx.fatal(e.loc, `${typeToString(resolveType(cx, e.typeRef, ctx.scope))} is a type, not a value`);
    case 'member':
      return memberExpr(cx, e, ctx);
    case 'index': {
      const bt = checkExpr(cx, e.expr, ctx);
      const it = checkExpr(cx, e.index, ctx);
      if (!isIntegral(it)) cx.error(e.index.loc, `index must be an integer, not ${typeToString(it)}`);
      if (it.kind === 'infint') coerce(cx, e.index, bits(32), 'index');
      const iv = intValue(e.index.constValue);
      if (bt.kind === 'stack') {
        if (iv !== undefined && (iv < 0n || iv >= BigInt(bt.size)))
          cx.error(e.index.loc, `index ${iv} is out of bounds for ${typeToString(bt)}`);
        return bt.element;
      }
      if (bt.kind === 'tuple' || bt.kind === 'list') {
        if (iv === undefined || iv < 0n || iv >= BigInt(bt.elements.length))
          return cx.fatal(e.index.loc, 'tuple index must be a constant in range');
        return bt.elements[Number(iv)]!;
      }
      return cx.fatal(e.loc, `cannot index a value of type ${typeToString(bt)}`);
    }
    case 'slice': {
      if (e.width) indexedSlice(cx, e, ctx);
      const bt = checkExpr(cx, e.expr, ctx);
      const hi = constInt(cx, e.hi, ctx, 'slice bound');
      const lo = constInt(cx, e.lo, ctx, 'slice bound');
      if (hi === undefined || lo === undefined) return bits(1);
      if (!isFixedInt(bt) && bt.kind !== 'infint')
        return cx.fatal(e.loc, `cannot slice a value of type ${typeToString(bt)}`);
      if (hi < lo) return cx.fatal(e.loc, `slice [${hi}:${lo}]: the high bound is below the low bound`);
      if (lo < 0n || (isFixedInt(bt) && hi >= BigInt(bt.width)))
        return cx.fatal(e.loc, `slice [${hi}:${lo}] is out of range for ${typeToString(bt)}`);
      e.hiValue = Number(hi);
      e.loValue = Number(lo);
      const t = bits(e.hiValue - e.loValue + 1);
      if (e.expr.constValue) {
        const [hv, lv] = [e.hiValue, e.loValue];
        fold(cx, e, () => foldSlice(e.expr.constValue!, hv, lv));
      }
      return t;
    }
    case 'unary': {
      let t = checkExpr(cx, e.operand, ctx, e.op === '!' ? BOOL : expected);
      // `~0` and `-1` written where a bit<W> is expected take that type, as p4c infers it.
      if (e.op === '~' && t.kind === 'infint' && expected && isFixedInt(expected)) {
        coerce(cx, e.operand, expected, "operand of '~'");
        t = expected;
      }
      if (e.op === '!') {
        if (t.kind !== 'bool') cx.error(e.loc, `'!' needs a bool operand, not ${typeToString(t)}`);
      } else if (e.op === '~') {
        if (!isFixedInt(t)) cx.error(e.loc, `'~' needs a bit<W> or int<W> operand, not ${typeToString(t)}`);
      } else if (!isIntegral(t))
        cx.error(e.loc, `'${e.op}' needs an integer operand, not ${typeToString(t)}`);
      if (e.operand.constValue) {
        fold(cx, e, () => foldUnary(e.op, e.operand.constValue!, t));
      }
      noNewTypeOperand(cx, e.op, e.operand);
      return t;
    }
    case 'binary': {
      const t = binaryExpr(cx, e, ctx, expected);
      // A new type compares with == and != only; keysets (&&&, ..) are left to the select or entry.
      if (e.op !== '==' && e.op !== '!=' && e.op !== '&&&' && e.op !== '..') {
        noNewTypeOperand(cx, e.op, e.left);
        noNewTypeOperand(cx, e.op, e.right);
      }
      return t;
    }
    case 'ternary': {
      const ct = checkExpr(cx, e.cond, ctx, BOOL);
      if (ct.kind !== 'bool') cx.error(e.cond.loc, `condition must be bool, not ${typeToString(ct)}`);
      const a = checkExpr(cx, e.then, ctx, expected);
      const b = checkExpr(cx, e.else, ctx, expected);
      let t: Type = a;
      if (a.kind === 'infint' && b.kind !== 'infint') {
        coerce(cx, e.then, b, "'?:'");
        t = b;
      } else if (b.kind === 'infint' && a.kind !== 'infint') coerce(cx, e.else, a, "'?:'");
      else if (a.kind === 'infint' && b.kind === 'infint') {
        if (expected && isFixedInt(expected)) {
          coerce(cx, e.then, expected, "'?:'");
          coerce(cx, e.else, expected, "'?:'");
          t = expected;
        } else if (e.cond.constValue === undefined)
          cx.error(e.loc, "'?:' with untyped integer branches needs a width; cast one branch");
      } else if (!typeEquals(a, b))
        cx.error(e.loc, `'?:' branches have different types ${typeToString(a)} and ${typeToString(b)}`);
      if (e.cond.constValue?.kind === 'bool') {
        const pick = e.cond.constValue.value ? e.then : e.else;
        if (pick.constValue) e.constValue = pick.constValue;
      }
      return t;
    }
    case 'cast':
      return castExpr(cx, e, ctx);
    case 'call':
      return callExpr(cx, e, ctx);
    case 'list': {
      checkRestAllowed(cx, e);
      const exp = elementTypes(expected);
      expandListRest(cx, e, exp);
      const types = e.elements.map((x, i) => checkExpr(cx, x, ctx, exp?.[i]));
      if (e.elements.every((x) => x.constValue))
        e.constValue = { kind: 'tuple', elements: e.elements.map((x) => x.constValue!) };
      return { kind: 'list', elements: types };
    }
    case 'struct_init': {
      checkRestAllowed(cx, e);
      if (!expected || (expected.kind !== 'struct' && expected.kind !== 'header'))
        return cx.fatal(e.loc, 'a structure initializer needs a struct or header type from its context');
      const decl = expected.decl;
      expandStructRest(e, decl.fields);
      for (const f of e.fields) {
        const fd = decl.fields.find((x) => x.name === f.name);
        if (!fd) {
          cx.error(f.loc, `${decl.name} has no field '${f.name}'`);
          continue;
        }
        checkExpr(cx, f.value, ctx, fd.type);
        coerce(cx, f.value, fd.type, `field '${f.name}'`);
      }
      for (const fd of decl.fields)
        if (!e.fields.some((f) => f.name === fd.name))
          cx.error(e.loc, `field '${fd.name}' of ${decl.name} is not initialized`);
      // Order the fields as declared so that the engine can build the value positionally.
      e.fields.sort(
        (a, b) =>
          decl.fields.findIndex((f) => f.name === a.name) - decl.fields.findIndex((f) => f.name === b.name),
      );
      if (e.fields.every((f) => f.value.constValue))
        e.constValue = {
          kind: 'struct',
          fields: e.fields.map((f) => ({ name: f.name, value: f.value.constValue! })),
        };
      return expected;
    }
  }
}

function nameExpr(cx: Checker, e: Expr & { kind: 'name' }, ctx: Ctx): Type {
  const refs = e.global ? cx.global.lookupValue(e.name) : ctx.scope.lookupValue(e.name);
  if (!refs || refs.length === 0) {
    if (ctx.scope.lookupType(e.name)) return cx.fatal(e.loc, `'${e.name}' is a type, not a value`);
    return cx.fatal(e.loc, `undeclared name '${e.name}'`);
  }
  const r = refs[refs.length - 1]!;
  e.ref = r;
  switch (r.kind) {
    case 'param':
      return r.type;
    case 'variable':
      return r.type;
    case 'const':
      e.constValue = r.constValue;
      return r.type;
    case 'instance':
      return r.type;
    case 'action':
      return { kind: 'action', decl: r };
    case 'table':
      return { kind: 'table', decl: r };
    case 'value_set':
      return { kind: 'value_set', element: r.elementType };
    case 'parser':
      return { kind: 'parser', decl: r };
    case 'control':
      return { kind: 'control', decl: r };
    default:
      return VOID;
  }
}

function memberExpr(cx: Checker, e: Expr & { kind: 'member' }, ctx: Ctx): Type {
  const base = e.expr;
  const mloc = e.memberLoc ?? e.loc;
  if (base.kind === 'typename') {
    const t = resolveType(cx, base.typeRef, ctx.scope);
    base.type = t;
    if (t.kind === 'error') {
      const code = cx.errors.indexOf(e.member);
      if (code < 0) return cx.fatal(mloc, `unknown error 'error.${e.member}'`);
      e.memberKind = 'error_member';
      e.constValue = { kind: 'error', name: e.member, code };
      return ERROR_T;
    }
    if (t.kind === 'enum') {
      const m = t.decl.members.find((x) => x.name === e.member);
      if (!m) return cx.fatal(mloc, `enum ${t.decl.name} has no member '${e.member}'`);
      e.memberKind = 'enum_member';
      e.constValue = { kind: 'enum', decl: t.decl, member: m.name, value: m.value ?? 0n };
      return t;
    }
    if (
      (t.kind === 'header' || t.kind === 'header_union' || t.kind === 'struct' || t.kind === 'stack') &&
      isSizeMethod(e.member)
    ) {
      e.memberKind = 'method';
      return VOID;
    }
    return cx.fatal(mloc, `'${typeToString(t)}' has no member '${e.member}'`);
  }
  const bt = checkExpr(cx, base, ctx);
  const field = (fields: Field[]): Type | undefined => fields.find((f) => f.name === e.member)?.type;
  switch (bt.kind) {
    case 'header':
    case 'header_union':
    case 'struct': {
      const ft = field(bt.decl.fields);
      if (ft) {
        e.memberKind = 'field';
        if (base.constValue?.kind === 'struct') {
          const fv = base.constValue.fields.find((f) => f.name === e.member);
          if (fv) e.constValue = fv.value;
        }
        return ft;
      }
      const methods = bt.kind === 'struct' ? [] : ['isValid', 'setValid', 'setInvalid'];
      if (methods.includes(e.member) || isSizeMethod(e.member)) {
        e.memberKind = 'method';
        return VOID;
      }
      return cx.fatal(
        mloc,
        `${bt.kind === 'struct' ? 'struct' : 'header'} ${bt.decl.name} has no field '${e.member}'`,
      );
    }
    case 'stack':
      // An array of other data than headers has only its size: the rest works on the headers' validity.
      if (!isHeaderStack(bt) && bt.element.kind !== 'unknown') {
        if (e.member === 'size') {
          e.memberKind = 'stack_size';
          e.constValue = { kind: 'int', value: BigInt(bt.size) };
          return bits(32);
        }
        return cx.fatal(mloc, `an array of ${typeToString(bt.element)} has no member '${e.member}'`);
      }
      switch (e.member) {
        case 'next':
        case 'last':
          if (e.member === 'next' && !ctx.parser)
            cx.error(mloc, `'${exprText(base)}.next' can only be used in a parser`);
          e.memberKind = e.member === 'next' ? 'stack_next' : 'stack_last';
          return bt.element;
        case 'size':
          e.memberKind = 'stack_size';
          e.constValue = { kind: 'int', value: BigInt(bt.size) };
          return bits(32);
        case 'lastIndex':
          e.memberKind = 'stack_lastIndex';
          return bits(32);
        case 'push_front':
        case 'pop_front':
          e.memberKind = 'method';
          return VOID;
      }
      if (isSizeMethod(e.member)) {
        e.memberKind = 'method';
        return VOID;
      }
      return cx.fatal(mloc, `header stack has no member '${e.member}'`);
    case 'apply_result':
      if (e.member === 'hit' || e.member === 'miss') {
        e.memberKind = e.member === 'hit' ? 'table_hit' : 'table_miss';
        return BOOL;
      }
      if (e.member === 'action_run') {
        e.memberKind = 'table_action_run';
        return { kind: 'action_enum', table: bt.table };
      }
      return cx.fatal(mloc, `a table apply result has no member '${e.member}'`);
    case 'extern':
      if (!bt.decl.methods.some((m) => m.name === e.member))
        return cx.fatal(mloc, `extern ${bt.decl.name} has no method '${e.member}'`);
      e.memberKind = 'method';
      return VOID;
    case 'table':
    case 'control':
    case 'parser':
      if (e.member !== 'apply') return cx.fatal(mloc, `'${exprText(base)}' has no member '${e.member}'`);
      e.memberKind = 'method';
      return VOID;
    default:
      return cx.fatal(mloc, `a value of type ${typeToString(bt)} has no member '${e.member}'`);
  }
}

/** Sets e's constant value to what `f` folds it to, if anything; a constant too large to compute is an
 *  error at e. */
function fold(cx: Checker, e: Expr, f: () => ConstValue | undefined): void {
  try {
    const v = f();
    if (v) e.constValue = v;
  } catch (err) {
    if (!(err instanceof FoldError)) throw err;
    cx.error(e.loc, err.message);
  }
}

/** p4c applies no operator but == and != to a value of a `type` (a new type), even one over bit<W>: the
 *  value must be cast to its base type first. */
function noNewTypeOperand(cx: Checker, op: string, operand: Expr): void {
  const t = operand.type;
  // A literal beside a new-type operand takes its type: the error belongs to the other operand.
  if (operand.kind === 'int' || operand.kind === 'bool') return;
  const nt = newTypeOf(t);
  if (nt)
    cx.error(
      operand.loc,
      // typeToString gives the base type: a new type's name is not part of its text.
      `'${op}' cannot be applied to '${exprText(operand)}' of type ${nt.name} (a new type: cast it to ${typeToString(t)} first)`,
    );
}

function binaryExpr(cx: Checker, e: Expr & { kind: 'binary' }, ctx: Ctx, expected?: Type): Type {
  const op = e.op;
  if (op === '&&' || op === '||') {
    const l = checkExpr(cx, e.left, ctx, BOOL);
    const r = checkExpr(cx, e.right, ctx, BOOL);
    if (l.kind !== 'bool' || r.kind !== 'bool')
      cx.error(e.loc, `'${op}' needs bool operands, not ${typeToString(l)} and ${typeToString(r)}`);
    if (e.left.constValue && e.right.constValue) {
      fold(cx, e, () => foldBinary(op, e.left.constValue!, e.right.constValue!, BOOL, BOOL));
    }
    return BOOL;
  }
  if (op === '&&&' || op === '..') {
    const l = checkExpr(cx, e.left, ctx, expected);
    const r = checkExpr(cx, e.right, ctx, expected);
    const t = unifyOperands(cx, e, l, r) ?? l;
    return { kind: 'set', element: t };
  }
  const numericExpected = expected && isFixedInt(expected) ? expected : undefined;
  if (op === '<<' || op === '>>') {
    let l = checkExpr(cx, e.left, ctx, numericExpected);
    const r = checkExpr(cx, e.right, ctx);
    if (l.kind === 'infint' && numericExpected && e.right.constValue === undefined) {
      // `1 << n` assigned to a bit<W>: the literal takes the width of the destination.
      coerce(cx, e.left, numericExpected, `operand of '${op}'`);
      l = numericExpected;
    }
    if (!isIntegral(l)) cx.error(e.left.loc, `'${op}' needs an integer left operand, not ${typeToString(l)}`);
    if (r.kind === 'int') cx.error(e.right.loc, `shift amount must be unsigned, not ${typeToString(r)}`);
    else if (!isIntegral(r)) cx.error(e.right.loc, `shift amount must be an integer, not ${typeToString(r)}`);
    if (r.kind === 'infint') {
      const rv = intValue(e.right.constValue);
      if (rv !== undefined && rv < 0n) cx.error(e.right.loc, 'shift amount must not be negative');
    }
    if (l.kind === 'infint' && e.right.constValue === undefined)
      cx.error(e.loc, `'${op}': an untyped left operand needs a constant shift amount; cast it to a width`);
    if (e.left.constValue && e.right.constValue) {
      fold(cx, e, () => foldBinary(op, e.left.constValue!, e.right.constValue!, l, l));
    }
    return l;
  }
  if (op === '++') {
    const l = checkExpr(cx, e.left, ctx);
    const r = checkExpr(cx, e.right, ctx);
    if (!isFixedInt(l) || !isFixedInt(r)) {
      const bad = !isFixedInt(l) ? e.left : e.right;
      return cx.fatal(bad.loc, `'++' needs operands with a width, not ${typeToString(bad.type)}`);
    }
    const width = l.width + r.width;
    if (width > MAX_WIDTH)
      cx.error(e.loc, `'++' makes a value of ${width} bits, wider than the widest type (${MAX_WIDTH} bits)`);
    const t: Type = { kind: l.kind, width };
    if (e.left.constValue && e.right.constValue) {
      fold(cx, e, () => foldBinary(op, e.left.constValue!, e.right.constValue!, r, t));
    }
    return t;
  }
  // `h == {#}`: an invalid header takes its type from the other side.
  const invalidLeft = e.left.kind === 'invalid_header';
  const r0 = invalidLeft ? checkExpr(cx, e.right, ctx, numericExpected) : undefined;
  const l = checkExpr(cx, e.left, ctx, r0 ?? numericExpected);
  const r = r0 ?? checkExpr(cx, e.right, ctx, e.right.kind === 'invalid_header' ? l : numericExpected);
  if (op === '==' || op === '!=') {
    // Checked before unification: two instances of one control are of types that do not unify.
    const object = [l, r].find((x) => NOT_COMPARABLE.has(x.kind));
    if (object) {
      cx.error(e.loc, `'${op}' cannot compare values of type ${typeToString(object)}`);
      return BOOL;
    }
  }
  if (op === '/' || op === '%') {
    // Read before unification turns `-1` into the other operand's bits: P4 divides only non-negative numbers.
    const negative = [e.left, e.right].find(
      (x) => x.type?.kind === 'infint' && (intValue(x.constValue) ?? 0n) < 0n,
    );
    if (negative) cx.error(e.loc, `'${op}' is not defined on negative numbers (${exprText(negative)})`);
  }
  const t = unifyOperands(cx, e, l, r);
  if (!t) return ['==', '!=', '<', '>', '<=', '>='].includes(op) ? BOOL : l;
  const isCmp = ['==', '!=', '<', '>', '<=', '>='].includes(op);
  if (op === '==' || op === '!=') {
    // Varbit values compare by dynamic width and bits; the width lives with the header field.
    if (t.kind === 'varbit' && (e.left.kind !== 'member' || e.right.kind !== 'member'))
      cx.error(e.loc, `'${op}' compares varbit values only as header fields`);
  } else if (isCmp) {
    if (!isIntegral(t)) cx.error(e.loc, `'${op}' needs integer operands, not ${typeToString(t)}`);
  } else if (!isIntegral(t) && !(t.kind === 'enum' && t.decl.underlying)) {
    cx.error(e.loc, `'${op}' needs integer operands, not ${typeToString(t)}`);
  } else if ((op === '/' || op === '%') && t.kind === 'int') {
    cx.error(e.loc, `'${op}' is not defined on signed values of type ${typeToString(t)}`);
  } else if ((op === '|+|' || op === '|-|') && t.kind === 'infint') {
    cx.error(e.loc, `'${op}' needs operands with a width`);
  }
  if ((op === '/' || op === '%') && intValue(e.right.constValue) === 0n)
    cx.error(e.right.loc, 'division by zero');
  const resultT = isCmp ? BOOL : t;
  if (e.left.constValue && e.right.constValue) {
    fold(cx, e, () => foldBinary(op, e.left.constValue!, e.right.constValue!, t, resultT));
  }
  return resultT;
}

/** The type of `{#}`: the header or header union type its context expects. */
function invalidHeaderType(cx: Checker, e: Expr, expected: Type | undefined): Type {
  if (!expected || expected.kind === 'unknown')
    return cx.fatal(e.loc, "'{#}' needs a header or header union type from its context: cast it, (H){#}");
  if (expected.kind !== 'header' && expected.kind !== 'header_union' && expected.kind !== 'typevar')
    return cx.fatal(
      e.loc,
      `'{#}' is an invalid header or header union, not a value of type ${typeToString(expected)}`,
    );
  return expected;
}

/** Kinds that are objects or names rather than values: P4_16 defines no equality on them. */
const NOT_COMPARABLE = new Set<Type['kind']>([
  'extern',
  'action_enum',
  'control',
  'parser',
  'package',
  'table',
  'action',
  'value_set',
  'apply_result',
  'state',
  'void',
]);

function castExpr(cx: Checker, e: Expr & { kind: 'cast' }, ctx: Ctx): Type {
  const to = resolveType(cx, e.targetType, ctx.scope);
  // A cast does not give its operand a width (p4c types `(bit<8>)(5 >> n)` as a shift of an untyped 5,
  // which needs a constant amount); only a destination does (`x = 1 << n`).
  const shift = e.expr.kind === 'binary' && (e.expr.op === '<<' || e.expr.op === '>>');
  const from = checkExpr(cx, e.expr, ctx, shift ? undefined : to);
  const ok = ((): boolean => {
    if (typeEquals(from, to)) return true;
    if (e.expr.kind === 'list' || e.expr.kind === 'struct_init') {
      coerce(cx, e.expr, to, 'cast');
      return true;
    }
    if (from.kind === 'infint')
      return isFixedInt(to) || to.kind === 'bool' || (to.kind === 'enum' && !!to.decl.underlying);
    // p4c accepts any bit/int to bit/int cast (it splits a sign-and-width change into two casts).
    if (isFixedInt(from) && isFixedInt(to)) return true;
    if (from.kind === 'bool' && to.kind === 'bit' && to.width === 1) return true;
    if (from.kind === 'bit' && from.width === 1 && to.kind === 'bool') return true;
    if (
      from.kind === 'enum' &&
      from.decl.underlying &&
      (isFixedInt(to) || typeEquals(from.decl.underlying, to))
    )
      return true;
    if (to.kind === 'enum' && to.decl.underlying && isFixedInt(from)) return true;
    return false;
  })();
  if (!ok) cx.error(e.loc, `cannot cast ${typeToString(from)} to ${typeToString(to)}`);
  if (e.expr.constValue) {
    if (to.kind === 'enum' && to.decl.underlying) {
      const v = intValue(e.expr.constValue);
      const m = to.decl.members.find(
        (x) => x.value === (v === undefined ? undefined : normalize(v, to.decl.underlying!)),
      );
      if (m && v !== undefined)
        e.constValue = { kind: 'enum', decl: to.decl, member: m.name, value: m.value! };
    } else {
      const f = foldCast(e.expr.constValue, to);
      if (f) e.constValue = f;
      else if (typeEquals(from, to)) e.constValue = e.expr.constValue;
    }
  }
  return to;
}

/**
 * `x[lo +: w]` as the slice it stands for: `x[lo + w - 1:lo]` when `lo` is known at compile time, else the low
 * `w` bits of `x >> lo`: the bits from `lo` up, zeros past the top of `x`. `w` must be a positive compile-time
 * constant.
 */
function indexedSlice(cx: Checker, e: SliceExpr, ctx: Ctx): void {
  const width = e.width!;
  e.width = undefined;
  const w = constInt(cx, width, ctx, 'slice width');
  if (w !== undefined && w <= 0n) cx.error(width.loc, `slice width ${w} must be positive`);
  const n = w !== undefined && w > 0n ? w : 1n;
  const literal = (value: bigint, loc: Loc): Expr => ({
    kind: 'int',
    value,
    text: String(value),
    type: UNKNOWN_TYPE,
    loc,
  });
  checkExpr(cx, e.lo, ctx);
  const lo = intValue(e.lo.constValue);
  if (lo !== undefined) {
    e.hi = literal(lo + n - 1n, width.loc);
    return;
  }
  e.expr = { kind: 'binary', op: '>>', left: e.expr, right: e.lo, type: UNKNOWN_TYPE, loc: e.expr.loc };
  e.hi = literal(n - 1n, width.loc);
  e.lo = literal(0n, width.loc);
}
