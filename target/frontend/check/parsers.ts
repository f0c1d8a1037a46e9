// Parser declarations: states, transitions and select keysets.
import type { Expr, KeysetValue, Loc, NameRef, ParserDecl, ParserState, Type, ValueSetDecl } from '../ast.js';
import { CompileAbort } from '../diagnostics.js';
import { DONTCARE, bitWidthOf, intValue, typeEquals, typeToString } from '../types.js';
import { Scope } from '../scope.js';
import type { Checker, Ctx } from './checker.js';
import { blockScope, localDecls } from './declarations.js';
import { checkExpr } from './expressions.js';
import { coerce } from './inference.js';
import { checkStmt } from './statements.js';

export function parserDecl(cx: Checker, d: ParserDecl, block = d.name): void {
  const scope = blockScope(cx, d);
  const ctx: Ctx = { scope, parser: d, block };
  localDecls(cx, d.locals, ctx);
  const states = new Map<string, ParserState>();
  for (const s of d.states) {
    if (s.name === 'accept' || s.name === 'reject') cx.error(s.loc, `state '${s.name}' cannot be redefined`);
    else if (states.has(s.name)) cx.error(s.loc, `duplicate state '${s.name}'`);
    states.set(s.name, s);
  }
  if (!states.has('start')) cx.error(d.loc, `parser '${d.name}' has no 'start' state`);
  const lookup = (name: string, loc: Loc): ParserState | 'accept' | 'reject' | undefined => {
    if (name === 'accept' || name === 'reject') return name;
    const s = states.get(name);
    if (!s) cx.error(loc, `unknown parser state '${name}'`);
    return s;
  };
  for (const s of d.states) {
    try {
      const sctx: Ctx = { ...ctx, scope: new Scope(scope) };
      for (const st of s.stmts) checkStmt(cx, st, sctx);
      const tr = s.transition;
      if (tr.kind === 'direct') tr.next = lookup(tr.nextName, tr.loc);
      else {
        const types = tr.exprs.map((e) => {
          const t = checkExpr(cx, e, sctx);
          if (t.kind === 'infint') cx.error(e.loc, 'select expression needs a type with a width');
          return t;
        });
        for (const c of tr.cases) {
          c.keyset = keyset(cx, c.keysetExprs, types, sctx, c.loc);
          emptyRanges(cx, c.keyset, c.keysetExprs, types);
          c.next = lookup(c.nextName, c.loc);
        }
      }
    } catch (e) {
      if (!(e instanceof CompileAbort)) throw e;
    }
  }
}

/** p4c refuses a select range whose end is below its start (it could never match), comparing the ends as
 *  values of the key's type (signed for int<W>); keysetValue leaves them as the key's unsigned bits. */
function emptyRanges(cx: Checker, values: KeysetValue[], exprs: Expr[], types: Type[]): void {
  if (values.length !== exprs.length) return;
  values.forEach((kv, i) => {
    if (kv.kind !== 'range') return;
    const t = types[i]!;
    const w = bitWidthOf(t) ?? 64;
    const value = (v: bigint): bigint => (t.kind === 'int' ? BigInt.asIntN(w, v) : v);
    if (value(kv.low) > value(kv.high))
      cx.error(exprs[i]!.loc, `range ${value(kv.low)} .. ${value(kv.high)}: its end is less than its start`);
  });
}

/** Evaluates a keyset against the key types (select cases and const table entries). */
export function keyset(cx: Checker, exprs: Expr[], types: Type[], ctx: Ctx, loc: Loc): KeysetValue[] {
  if (exprs.length === 1 && exprs[0]!.kind === 'dontcare' && types.length !== 1) {
    checkExpr(cx, exprs[0]!, ctx);
    return types.map(() => ({ kind: 'default' }));
  }
  if (exprs.length === 1 && types.length > 1 && exprs[0]!.kind === 'name') {
    // A value_set over a tuple/struct of all select fields.
    const t = checkExpr(cx, exprs[0]!, ctx);
    const ref = (exprs[0] as { ref?: NameRef }).ref;
    if (t.kind === 'value_set' && ref?.kind === 'value_set') {
      checkValueSetKey(cx, ref, types, exprs[0]!.loc, true);
      return [{ kind: 'value_set', decl: ref }];
    }
  }
  if (exprs.length !== types.length) {
    cx.error(loc, `keyset has ${exprs.length} components but ${types.length} were expected`);
    return types.map(() => ({ kind: 'default' }));
  }
  return exprs.map((e, i) => keysetValue(cx, e, types[i]!, ctx, types.length === 1));
}

/**
 * A value set's elements must have the type of what they are compared with, as p4c unifies them: the key's
 * own type, or a struct (or tuple) of the select's key types in order, which stands for the whole key (for a
 * select of one key too). A value set in one place of a tuple keyset has that key's type.
 */
function checkValueSetKey(cx: Checker, vs: ValueSetDecl, types: Type[], loc: Loc, whole: boolean): void {
  const el = vs.elementType;
  const parts =
    el.kind === 'struct' ? el.decl.fields.map((f) => f.type) : el.kind === 'tuple' ? el.elements : undefined;
  const asList =
    parts !== undefined && parts.length === types.length && parts.every((p, i) => typeEquals(p, types[i]!));
  const asOne = types.length === 1 && typeEquals(el, types[0]!);
  if (whole ? asList || asOne : asOne) return;
  const key = types.length === 1 ? typeToString(types[0]!) : `(${types.map(typeToString).join(', ')})`;
  cx.error(loc, `value set ${vs.name} holds ${typeToString(el)}, which cannot match a key of type ${key}`);
}

function keysetValue(cx: Checker, e: Expr, t: Type, ctx: Ctx, wholeKey: boolean): KeysetValue {
  if (e.kind === 'dontcare') {
    e.type = DONTCARE;
    return { kind: 'default' };
  }
  const constOf = (x: Expr, inSet = false): bigint => {
    // p4c lets the ends of a mask or range over a serializable enum be values of its underlying type.
    const u = inSet && t.kind === 'enum' ? t.decl.underlying : undefined;
    const xt = checkExpr(cx, x, ctx, u ?? t);
    coerce(cx, x, u && !typeEquals(xt, t) ? u : t, 'keyset');
    const v = intValue(x.constValue);
    if (v === undefined) {
      cx.error(x.loc, 'keyset expression must be a compile-time constant');
      return 0n;
    }
    return BigInt.asUintN(bitWidthOf(t) ?? 64, v);
  };
  if (e.kind === 'binary' && (e.op === '&&&' || e.op === '..')) {
    const a = constOf(e.left, true);
    const b = constOf(e.right, true);
    e.type = { kind: 'set', element: t };
    return e.op === '&&&' ? { kind: 'mask', value: a & b, mask: b } : { kind: 'range', low: a, high: b };
  }
  if (e.kind === 'name') {
    const refs = ctx.scope.lookupValue(e.name);
    const vs = refs?.find((r) => r.kind === 'value_set');
    if (vs && vs.kind === 'value_set') {
      e.ref = vs;
      e.type = { kind: 'value_set', element: vs.elementType };
      checkValueSetKey(cx, vs, [t], e.loc, wholeKey);
      return { kind: 'value_set', decl: vs };
    }
  }
  return { kind: 'value', value: constOf(e) };
}
