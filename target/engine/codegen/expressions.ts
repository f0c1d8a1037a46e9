// Expressions: names, members, operators, casts and aggregate values as JS expressions, and stores to
// l-values.
import type { Expr, Type } from '../../frontend/ast.js';
import * as B from '../bits.js';
import { bitOf, constLiteral, intLiteral, isAggregate } from '../types.js';
import { callCode } from './calls.js';
import { CodegenError, type Gen } from './gen.js';
import { defaultValue, factory } from './values.js';

/** e as a value of type `want` (constants are rendered in that type; other values must already have it). */
export function exprAs(gen: Gen, e: Expr, want: Type): string {
  if (e.constValue && (e.constValue.kind === 'int' || e.constValue.kind === 'bool')) {
    if (e.constValue.kind === 'int') return intLiteral(e.constValue.value, want);
    return constLiteral(e.constValue, want);
  }
  const code = expr(gen, e);
  // Implicit conversions the checker may leave: bool <-> bit<1> never happen implicitly, but serializable
  // enums and their underlying type may meet in comparisons.
  return code;
}

export function expr(gen: Gen, e: Expr): string {
  if (e.constValue && e.type.kind !== 'struct' && e.type.kind !== 'header')
    return constLiteral(e.constValue, e.type);
  switch (e.kind) {
    case 'int':
      return intLiteral(e.value, e.type);
    case 'bool':
      return e.value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(e.value);
    case 'name':
      return nameExpr(gen, e);
    case 'member':
      return member(gen, e);
    case 'index': {
      const s = expr(gen, e.expr);
      const i = exprAs(gen, e.index, { kind: 'bit', width: 32 });
      // Tuples are plain arrays; header stacks keep their elements in $a. A run-time index out of range reads
      // an invalid element (the statement around it decides what else happens: stack-index.ts).
      if (e.expr.type.kind === 'tuple') return `${s}[${i}]`;
      if (e.index.constValue === undefined && e.expr.type.kind === 'stack')
        return `(${s}.$a[${i}] ?? ${defaultValue(gen, e.expr.type.element)})`;
      return `${s}.$a[${i}]`;
    }
    case 'slice': {
      const bt = bitOf(e.expr.type);
      if (!bt || e.hiValue === undefined || e.loValue === undefined) throw new CodegenError('bad slice');
      return B.slice(expr(gen, e.expr), bt, e.hiValue, e.loValue);
    }
    case 'unary':
      return unary(gen, e.op, e.operand, e.type);
    case 'binary':
      return binary(gen, e.op, e.left, e.right, e.type);
    case 'ternary':
      return `(${expr(gen, e.cond)} ? ${exprAs(gen, e.then, e.type)} : ${exprAs(gen, e.else, e.type)})`;
    case 'cast':
      return cast(gen, e.expr, e.type);
    case 'call':
      return callCode(gen, e, false);
    case 'list':
    case 'struct_init':
      return build(gen, e, e.type);
    case 'dots':
    case 'invalid_header':
      return defaultValue(gen, e.type);
    case 'typename':
    case 'dontcare':
      throw new CodegenError(`unexpected ${e.kind} expression at ${e.loc.line}:${e.loc.col}`);
  }
}

function nameExpr(gen: Gen, e: Extract<Expr, { kind: 'name' }>): string {
  const r = e.ref;
  if (!r) throw new CodegenError(`unresolved name ${e.name}`);
  if (r.kind === 'const') {
    if (!r.constValue) throw new CodegenError(`constant ${r.name} has no value`);
    return constLiteral(r.constValue, r.type);
  }
  if (r.kind === 'param' || r.kind === 'variable') {
    const n = gen.known(r);
    if (!n) throw new CodegenError(`${e.name} used outside its scope`);
    return n;
  }
  throw new CodegenError(`${e.name} (${r.kind}) is not a value`);
}

function member(gen: Gen, e: Extract<Expr, { kind: 'member' }>): string {
  switch (e.memberKind) {
    case 'stack_next':
      return `$rt_stackNext(${expr(gen, e.expr)})`;
    case 'stack_last':
      return `$rt_stackLast(${expr(gen, e.expr)})`;
    case 'stack_size':
      return `${e.expr.type.kind === 'stack' ? e.expr.type.size : 0}`;
    case 'stack_lastIndex':
      return `((${expr(gen, e.expr)}.$next - 1) >>> 0)`;
    case 'table_hit':
      return `((${applyCall(gen, e.expr)} & 1) === 1)`;
    case 'table_miss':
      return `((${applyCall(gen, e.expr)} & 1) === 0)`;
    case 'table_action_run':
      return `(${applyCall(gen, e.expr)} >> 1)`;
    default:
      return `${expr(gen, e.expr)}.${e.member}`;
  }
}

function applyCall(gen: Gen, e: Expr): string {
  if (e.kind !== 'call' || e.target?.kind !== 'table_apply') throw new CodegenError('expected t.apply()');
  return callCode(gen, e, false);
}

function unary(gen: Gen, op: string, x: Expr, t: Type): string {
  if (op === '!') return `(!${expr(gen, x)})`;
  if (op === '+') return exprAs(gen, x, t);
  const bt = bitOf(t);
  if (!bt) throw new CodegenError(`operator ${op} on ${t.kind}`);
  return op === '-' ? B.neg(exprAs(gen, x, t), bt) : B.bnot(exprAs(gen, x, t), bt);
}

function binary(gen: Gen, op: string, l: Expr, r: Expr, t: Type): string {
  if (op === '&&') return `(${expr(gen, l)} && ${expr(gen, r)})`;
  if (op === '||') return `(${expr(gen, l)} || ${expr(gen, r)})`;
  if (['==', '!=', '<', '<=', '>', '>='].includes(op)) {
    const ot = l.type.kind === 'infint' ? r.type : l.type;
    if (ot.kind === 'varbit' && l.kind === 'member' && r.kind === 'member') {
      // Equal varbits have the same dynamic width and the same bits.
      const [a, b] = [expr(gen, l.expr), expr(gen, r.expr)];
      const eq = `(${a}.$w_${l.member} === ${b}.$w_${r.member} && ${a}.${l.member} === ${b}.${r.member})`;
      return op === '==' ? eq : `(!${eq})`;
    }
    if (isAggregate(ot) || ot.kind === 'tuple') {
      const eq = `$rt.deepEqual(${expr(gen, l)}, ${expr(gen, r)})`;
      return op === '==' ? eq : `(!${eq})`;
    }
    return B.cmp(exprAs(gen, l, ot), exprAs(gen, r, ot), op as B.CmpOp);
  }
  if (op === '++') {
    const ta = bitOf(l.type);
    const tb = bitOf(r.type);
    if (!ta || !tb) throw new CodegenError('++ on non-bit operands');
    return B.concat(expr(gen, l), ta, expr(gen, r), tb);
  }
  const bt = bitOf(t);
  if (!bt) throw new CodegenError(`operator ${op} on ${t.kind}`);
  if (op === '<<' || op === '>>') {
    const a = exprAs(gen, l, t);
    let amt: string;
    let small = true;
    if (r.constValue?.kind === 'int') {
      const v = r.constValue.value;
      amt = `${v > 0xffffn ? 0xffff : Number(v)}`;
    } else {
      amt = expr(gen, r);
      const rt = bitOf(r.type);
      small = !rt || B.isNum(rt);
    }
    return op === '<<' ? B.shl(a, amt, bt, small) : B.shr(a, amt, bt, small);
  }
  const a = exprAs(gen, l, t);
  const b = exprAs(gen, r, t);
  switch (op) {
    case '+':
      return B.add(a, b, bt);
    case '-':
      return B.sub(a, b, bt);
    case '*':
      return B.mul(a, b, bt);
    case '/':
      return B.div(a, b, bt);
    case '%':
      return B.mod(a, b, bt);
    case '|+|':
      return B.satAdd(a, b, bt);
    case '|-|':
      return B.satSub(a, b, bt);
    case '&':
      return B.band(a, b, bt);
    case '|':
      return B.bor(a, b, bt);
    case '^':
      return B.bxor(a, b, bt);
  }
  throw new CodegenError(`unsupported operator ${op}`);
}

function cast(gen: Gen, x: Expr, to: Type): string {
  const from = x.type;
  if (x.constValue?.kind === 'int' && bitOf(to)) return intLiteral(x.constValue.value, to);
  if (x.constValue?.kind === 'int' && to.kind === 'bool') return x.constValue.value !== 0n ? 'true' : 'false';
  if (x.kind === 'list' || x.kind === 'struct_init') return build(gen, x, to);
  const code = expr(gen, x);
  if (to.kind === 'bool') {
    if (from.kind === 'bool') return code;
    return B.bitToBool(code);
  }
  const tb = bitOf(to);
  if (tb) {
    if (from.kind === 'bool') return B.cast(B.boolToBit(code), { width: 1, signed: false }, tb);
    const fb = bitOf(from);
    if (fb) return B.cast(code, fb, tb);
  }
  return code;
}

/** A struct/header/tuple value from a list or struct initializer. */
export function build(gen: Gen, e: Expr, t: Type): string {
  if (t.kind === 'struct' || t.kind === 'header' || t.kind === 'header_union') {
    const fields = t.decl.fields;
    const sets: string[] = [];
    if (e.kind === 'list') {
      e.elements.forEach((el, i) => sets.push(`o.${fields[i].name} = ${valueFor(gen, el, fields[i].type)};`));
    } else if (e.kind === 'struct_init') {
      for (const f of e.fields) {
        const fd = fields.find((x) => x.name === f.name);
        if (!fd) throw new CodegenError(`no field ${f.name}`);
        sets.push(`o.${f.name} = ${valueFor(gen, f.value, fd.type)};`);
      }
    } else return expr(gen, e);
    if (t.kind === 'header') sets.push('o.$valid = true;');
    return `((o) => { ${sets.join(' ')} return o; })(${factory(gen, t)}())`;
  }
  if (e.kind === 'list' && t.kind === 'stack') {
    // A fresh stack (nextIndex 0) holding the elements.
    const els = e.elements.map((el) => valueFor(gen, el, t.element));
    return `((o) => { o.$a = [${els.join(', ')}]; return o; })(${factory(gen, t)}())`;
  }
  if (e.kind === 'list') {
    const els = t.kind === 'tuple' || t.kind === 'list' ? t.elements : [];
    return `[${e.elements.map((el, i) => valueFor(gen, el, els[i] ?? el.type)).join(', ')}]`;
  }
  return expr(gen, e);
}

/** A value of type t that does not alias storage (aggregates are copied). */
export function valueFor(gen: Gen, e: Expr, t: Type): string {
  if (e.kind === 'list' || e.kind === 'struct_init') return build(gen, e, t);
  if (isAggregate(t)) return `$rt.clone(${expr(gen, e)})`;
  return exprAs(gen, e, t);
}

export function lvalue(gen: Gen, e: Expr): string {
  switch (e.kind) {
    case 'name':
      return nameExpr(gen, e);
    case 'member':
      if (e.memberKind === 'stack_next' || e.memberKind === 'stack_last') return member(gen, e);
      return `${expr(gen, e.expr)}.${e.member}`;
    case 'index':
      // A run-time index is in range here: the statement writing through it is guarded (stack-index.ts).
      if (e.expr.type.kind === 'stack')
        return `${expr(gen, e.expr)}.$a[${exprAs(gen, e.index, { kind: 'bit', width: 32 })}]`;
      return expr(gen, e);
    default:
      throw new CodegenError(`not an lvalue (${e.kind}) at ${e.loc.line}:${e.loc.col}`);
  }
}

/** Statement storing `value` (source in the representation of lhs.type) into lhs. */
export function store(gen: Gen, lhs: Expr, value: string): string {
  if (lhs.kind === 'dontcare') return `${value};`;
  if (lhs.kind === 'slice') {
    // A slice of a slice names bits of the innermost operand: x[15:8][3:0] is x[11:8].
    let base: Expr = lhs;
    let hi = -1;
    let lo = 0;
    while (base.kind === 'slice') {
      if (base.hiValue === undefined || base.loValue === undefined) throw new CodegenError('bad slice');
      [hi, lo] = hi < 0 ? [base.hiValue, base.loValue] : [hi + base.loValue, lo + base.loValue];
      base = base.expr;
    }
    const bt = bitOf(base.type);
    if (!bt) throw new CodegenError('bad slice');
    const target = lvalue(gen, base);
    return `${target} = ${B.sliceAssign(target, bt, hi, lo, value)};`;
  }
  if (isAggregate(lhs.type)) return `$rt.assign(${lvalue(gen, lhs)}, ${value});`;
  return `${lvalue(gen, lhs)} = ${value};`;
}
