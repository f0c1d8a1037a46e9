// Default values (P4_16 "Structure-valued expressions", `...`): `H h = ...;` gives h its type's default value,
// and a closing `...` in a brace expression (`{a = 1, ...}`, `{1, ...}`) gives one to every field or element it
// leaves out. As in p4c, `...` may only stand where a value is initialized: a variable or constant initializer, or
// the right of an assignment, possibly inside brace expressions and casts there; the type comes from that context.
import type { ConstValue, DefaultValueExpr, Expr, Loc, Type } from '../ast.js';
import { typeToString } from '../types.js';
import type { Checker } from './checker.js';

/** Marks the `...` that may stand in `e`, the value of an initializer or assignment (see the file comment). */
export function allowDefaultValues(e: Expr): void {
  switch (e.kind) {
    case 'dots':
      e.allowed = true;
      return;
    case 'cast':
      return allowDefaultValues(e.expr);
    case 'list':
      e.allowed = true;
      for (const x of e.elements) allowDefaultValues(x);
      return;
    case 'struct_init':
      e.allowed = true;
      for (const f of e.fields) allowDefaultValues(f.value);
      return;
  }
}

/** The type of a `...` expression: the type its context expects, whose default value it stands for. */
export function defaultValueType(cx: Checker, e: DefaultValueExpr, expected: Type | undefined): Type {
  if (!e.allowed) return notHere(cx, e.loc);
  if (!expected || expected.kind === 'unknown')
    return cx.fatal(e.loc, "'...' needs the type of the value it initializes from its context");
  if (expected.kind === 'typevar') return expected;
  const varbit = varbitIn(expected);
  if (varbit)
    cx.error(
      e.loc,
      expected.kind === 'varbit'
        ? `'...' cannot stand for a ${varbit}: a varbit has no default value`
        : `'...' cannot give ${typeToString(expected)} a default value: it holds a ${varbit}, which has none`,
    );
  const c = defaultConst(cx, expected);
  if (c) e.constValue = c;
  return expected;
}

/** Rejects a closing `...` where no value is initialized, before anything else is said about its expression. */
export function checkRestAllowed(cx: Checker, e: Expr & { kind: 'list' | 'struct_init' }): void {
  if (e.rest && !e.allowed) notHere(cx, e.rest);
}

/**
 * Replaces the closing `...` of a brace expression by one `...` per element (`fieldTypes` from index
 * `e.elements.length` on) that it leaves out, so the expression is checked and built as if they were written.
 */
export function expandListRest(
  cx: Checker,
  e: Expr & { kind: 'list' },
  fieldTypes: Type[] | undefined,
): void {
  const rest = e.rest;
  if (!rest) return;
  e.rest = undefined;
  if (!fieldTypes)
    return cx.fatal(
      rest,
      "'...' in a brace expression needs a tuple, struct or header type from its context",
    );
  for (let i = e.elements.length; i < fieldTypes.length; i++) e.elements.push(dots(rest));
}

/** As expandListRest, for `{a = 1, ...}`: a `...` for each of `fields` (the struct's or header's) not named. */
export function expandStructRest(
  e: Expr & { kind: 'struct_init' },
  fields: readonly { name: string }[],
): void {
  const rest = e.rest;
  if (!rest) return;
  e.rest = undefined;
  for (const { name } of fields)
    if (!e.fields.some((f) => f.name === name)) e.fields.push({ name, value: dots(rest), loc: rest });
}

function dots(loc: Loc): DefaultValueExpr {
  return { kind: 'dots', allowed: true, type: { kind: 'unknown' }, loc };
}

function notHere(cx: Checker, loc: Loc): never {
  return cx.fatal(
    loc,
    "'...' (default values) can only stand in an initializer or on the right of an assignment, " +
      'not in a call, a comparison, a return or any other expression',
  );
}

/** The varbit a default value of t would have to give a value to (P4 gives varbits none): an invalid header or
 *  union has no field values, so only t itself, a struct's fields and a tuple's elements count. */
function varbitIn(t: Type): string | undefined {
  if (t.kind === 'varbit') return typeToString(t);
  const parts = t.kind === 'struct' ? t.decl.fields.map((f) => f.type) : t.kind === 'tuple' ? t.elements : [];
  for (const p of parts) {
    const v = varbitIn(p);
    if (v) return v;
  }
  return undefined;
}

/** The default value of t as a constant, where it has one (not for headers, unions and stacks). */
function defaultConst(cx: Checker, t: Type): ConstValue | undefined {
  switch (t.kind) {
    case 'bit':
    case 'int':
    case 'infint':
      return { kind: 'int', value: 0n };
    case 'bool':
      return { kind: 'bool', value: false };
    case 'error': {
      const code = cx.errors.indexOf('NoError');
      return code < 0 ? undefined : { kind: 'error', name: 'NoError', code };
    }
    case 'enum': {
      // A plain enum's default is its first member; a serializable one's is 0, which may have no name.
      const m = t.decl.underlying ? t.decl.members.find((x) => x.value === 0n) : t.decl.members[0];
      return m ? { kind: 'enum', decl: t.decl, member: m.name, value: m.value ?? 0n } : undefined;
    }
    case 'struct': {
      const values = defaultConsts(
        cx,
        t.decl.fields.map((f) => f.type),
      );
      return (
        values && {
          kind: 'struct',
          fields: t.decl.fields.map((f, i) => ({ name: f.name, value: values[i]! })),
        }
      );
    }
    case 'tuple': {
      const elements = defaultConsts(cx, t.elements);
      return elements && { kind: 'tuple', elements };
    }
    default:
      return undefined;
  }
}

/** The default constants of `types`, or undefined when one has none. */
function defaultConsts(cx: Checker, types: Type[]): ConstValue[] | undefined {
  const values: ConstValue[] = [];
  for (const t of types) {
    const v = defaultConst(cx, t);
    if (!v) return undefined;
    values.push(v);
  }
  return values;
}
