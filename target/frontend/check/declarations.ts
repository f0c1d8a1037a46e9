// Top-level and local declarations: types (headers, structs, enums), constants, variables, actions, and the
// dispatch of every top-level declaration to the module of its kind.
import type {
  ActionDecl,
  Annotation,
  ConstValue,
  ControlDecl,
  EnumDecl,
  Expr,
  Field,
  FunctionDecl,
  HeaderTypeDecl,
  HeaderUnionDecl,
  LocalDecl,
  Loc,
  NameRef,
  Param,
  ParserDecl,
  Stmt,
  StructTypeDecl,
  TopDecl,
  Type,
  TypeRef,
  VariableDecl,
} from '../ast.js';
import { UNKNOWN_TYPE } from '../ast.js';
import { CompileAbort } from '../diagnostics.js';
import { MAX_NESTING, tooDeep } from '../limits.js';
import { bitWidthOf, intValue, isFixedInt, typeToString } from '../types.js';
import { controlPlaneName } from '../names.js';
import { Scope } from '../scope.js';
import type { Checker, Ctx } from './checker.js';
import { controlDecl, tableDecl } from './controls.js';
import { allowDefaultValues } from './default-values.js';
import { checkExpr, constInt } from './expressions.js';
import { externDecl, instanceDecl } from './externs.js';
import { newTypeOf } from './new-types.js';
import { coerce, isValue } from './inference.js';
import { parserDecl } from './parsers.js';
import { checkBlock } from './statements.js';
import { resolveType, typeVarScope } from './type-refs.js';
import { checkTypeSize } from './type-size.js';

export function topDecl(cx: Checker, d: TopDecl): void {
  const g = cx.global;
  switch (d.kind) {
    case 'const':
      return constDecl(cx, d, { scope: g });
    case 'typedef': {
      d.type = resolveType(cx, d.typeRef, g);
      // `type` makes a new name for a base type only (p4c); `typedef` may rename any type.
      const base = d.type.kind === 'bit' || d.type.kind === 'int' || d.type.kind === 'bool';
      if (d.isNewType && !base && d.type.kind !== 'unknown')
        cx.error(d.loc, `'type' can only be applied to bit<W>, int<W> or bool, not ${typeToString(d.type)}`);
      if (d.isNewType) d.type = newTypeOf(cx, d, d.type);
      return cx.declareType(g, d.name, d.type, d.loc);
    }
    case 'header':
    case 'header_union':
    case 'struct':
      cx.declareType(g, d.name, { kind: d.kind, decl: d } as Type, d.loc);
      // A generic type's fields are checked in each specialization, where its type parameters are bound.
      if (d.typeParams) return checkGenericParams(cx, d.typeParams, d.loc);
      return structLikeFields(cx, d, g);
    case 'enum':
      return enumDecl(cx, d);
    case 'error':
      for (const m of d.members) {
        if (cx.errorLocs.has(m.name)) cx.error(m.loc, `duplicate error '${m.name}'`);
        else {
          cx.errors.push(m.name);
          cx.errorLocs.set(m.name, m.loc);
        }
      }
      return;
    case 'match_kind':
      for (const m of d.members) {
        if (cx.matchKinds.includes(m.name)) cx.error(m.loc, `duplicate match_kind '${m.name}'`);
        else cx.matchKinds.push(m.name);
      }
      return;
    case 'extern':
      cx.declareType(g, d.name, { kind: 'extern', decl: d, typeArgs: [] }, d.loc);
      return externDecl(cx, d);
    case 'extern_function': {
      const s = typeParamScope(cx, g, d.typeParams, d.loc);
      d.returnType = resolveType(cx, d.returnTypeRef, s);
      declareParams(cx, d.params, s, d.typeParams);
      return cx.declareValue(g, d.name, d, d.loc);
    }
    case 'function': {
      // A generic function is checked as written, with its type variables, and again for each list of
      // type arguments a call gives it (see specializeFunction), from a copy made before checking.
      const pristine = d.typeParams.length > 0 ? structuredClone(d) : undefined;
      const errorsBefore = cx.diags.errorCount;
      const s = typeParamScope(cx, g, d.typeParams, d.loc);
      functionSignature(cx, d, s);
      // Declared once its signature checks: a call of it is then always to a function with resolved types.
      cx.declareValue(g, d.name, d, d.loc);
      functionBody(cx, d, s);
      if (d.returnType.kind !== 'void' && !alwaysReturns(d.body))
        cx.error(d.loc, `function ${d.name} does not return a value on every path`);
      if (pristine && cx.diags.errorCount === errorsBefore) cx.pristineFunctions.set(d, pristine);
      return;
    }
    case 'parser_type':
    case 'control_type':
    case 'package_type': {
      const kind = d.kind === 'parser_type' ? 'parser' : d.kind === 'control_type' ? 'control' : 'package';
      cx.declareType(g, d.name, { kind, decl: d } as Type, d.loc);
      return declareParams(cx, d.params, typeParamScope(cx, g, d.typeParams, d.loc), d.typeParams);
    }
    case 'parser':
      cx.declareType(g, d.name, { kind: 'parser', decl: d }, d.loc);
      cx.declareValue(g, d.name, d, d.loc);
      cx.pristine.set(d, structuredClone(d));
      return parserDecl(cx, d);
    case 'control':
      cx.declareType(g, d.name, { kind: 'control', decl: d }, d.loc);
      cx.declareValue(g, d.name, d, d.loc);
      cx.pristine.set(d, structuredClone(d));
      return controlDecl(cx, d);
    case 'action':
      cx.declareValue(g, d.name, d, d.loc);
      return actionDecl(cx, d, { scope: g });
    case 'instance':
      cx.declareValue(g, d.name, d, d.loc);
      return instanceDecl(cx, d, { scope: g });
  }
}

/** A function's return and parameter types, resolved in `types` (where its type parameters stand for type
 *  variables, or for a specialization's type arguments). */
export function functionSignature(cx: Checker, d: FunctionDecl, types: Scope): void {
  d.returnType = resolveType(cx, d.returnTypeRef, types);
  declareParams(cx, d.params, types, d.typeParams);
}

/** Whether every way through `s` ends in a return (or an exit): what a function with a result needs, as p4c
 *  checks it. Loops and switches without a default may fall through. */
function alwaysReturns(s: Stmt): boolean {
  switch (s.kind) {
    case 'return':
    case 'exit':
      return true;
    case 'block':
      return s.stmts.some(alwaysReturns);
    case 'if':
      return s.else !== undefined && alwaysReturns(s.then) && alwaysReturns(s.else);
    case 'switch':
      return (
        s.cases.some((c) => c.labels.some((l) => l.kind === 'dontcare')) &&
        s.cases.every((c) => c.body === undefined || alwaysReturns(c.body))
      );
    default:
      return false;
  }
}

/** A function's body, after its signature. */
export function functionBody(cx: Checker, d: FunctionDecl, types: Scope): void {
  const body = new Scope(types);
  for (const p of d.params) cx.declareValue(body, p.name, p, p.loc);
  checkBlock(cx, d.body, { scope: body, fn: d });
}

/**
 * A parameter list's types resolved in `scope`. `typeParams` are the declaration's own type parameters, which no
 * parameter may be named after; nor may two parameters share a name (unless `duplicatesChecked`, for blocks,
 * whose scope reports them). A default value is for a directionless or `in` parameter that is not @optional.
 */
export function declareParams(
  cx: Checker,
  params: Param[],
  scope: Scope,
  typeParams: readonly string[] = [],
  duplicatesChecked = false,
): void {
  const names = new Set<string>();
  for (const p of params) {
    if (!duplicatesChecked && names.has(p.name)) cx.error(p.loc, `duplicate parameter '${p.name}'`);
    names.add(p.name);
    if (typeParams.includes(p.name))
      cx.error(p.loc, `parameter '${p.name}' has the name of a type parameter`);
    defaultValueAllowed(cx, p);
  }
  for (const p of params) {
    p.type = resolveType(cx, p.typeRef, scope);
    // A string is a compile-time value (an annotation's, log_msg's) and an extern an object passed by
    // reference: nothing is copied in or out of either.
    if ((p.type.kind === 'string' || p.type.kind === 'extern') && p.direction !== 'none')
      cx.error(
        p.loc,
        `parameter '${p.name}' of type ${typeToString(p.type)} cannot have a direction (${p.direction})`,
      );
    if (p.defaultValue) {
      checkExpr(cx, p.defaultValue, { scope }, p.type);
      coerce(cx, p.defaultValue, p.type, 'default value');
    }
  }
}

/** Resolves and checks the fields of a header, header union or struct type, its type names looked up in `scope`. */
export function structLikeFields(
  cx: Checker,
  d: HeaderTypeDecl | HeaderUnionDecl | StructTypeDecl,
  scope: Scope,
): void {
  switch (d.kind) {
    case 'header':
      return headerLayout(cx, d, scope);
    case 'header_union':
      for (const f of d.fields) {
        f.type = fieldType(cx, d, f, scope);
        if (f.type.kind !== 'header' && f.type.kind !== 'unknown')
          cx.error(f.loc, `header union fields must be headers, not ${typeToString(f.type)}`);
      }
      checkTypeSize(cx, { kind: d.kind, decl: d }, d.loc);
      return checkDuplicateFields(cx, d.fields);
    case 'struct':
      for (const f of d.fields) {
        f.type = fieldType(cx, d, f, scope);
        if (!canNest(f.type))
          cx.error(f.typeRef.loc, `a struct field cannot have type ${typeToString(f.type)}`);
        fieldListIndices(cx, f.annotations, scope);
      }
      checkStructNesting(cx, d);
      checkTypeSize(cx, { kind: d.kind, decl: d }, d.loc);
      return checkDuplicateFields(cx, d.fields);
  }
}

/** `@field_list(N, ...)` puts a metadata field in the field lists N that clone_preserving_field_list and its
 *  resubmit and recirculate siblings name. Each N is a compile-time constant: an integer, a constant or a
 *  serializable enum's member (p4c's translations of P4_14 programs name them by an enum). */
function fieldListIndices(cx: Checker, annotations: Annotation[], scope: Scope): void {
  for (const a of annotations) {
    if (a.name !== 'field_list') continue;
    for (const arg of a.args) {
      try {
        constInt(cx, arg, { scope }, '@field_list index');
      } catch (e) {
        if (!(e instanceof CompileAbort)) throw e;
      }
    }
  }
}

/** The types a struct or tuple can hold, by P4_16's type nesting rules: data, not objects, and no
 *  arbitrary-precision int, string or match_kind (which only a list may hold). A generic function's type
 *  variable (`tuple<T, T>`) stands for whatever type a call gives it. */
const NESTABLE = new Set<Type['kind']>([
  'typevar',
  'bit',
  'int',
  'varbit',
  'bool',
  'error',
  'enum',
  'header',
  'header_union',
  'struct',
  'stack',
  'tuple',
  'unknown',
]);

export function canNest(t: Type): boolean {
  return NESTABLE.has(t.kind);
}

/** A default value stands for an argument left out: an `out`, `inout` or @optional parameter cannot have one. */
function defaultValueAllowed(cx: Checker, p: Param): void {
  if (p.defaultValue && (p.direction === 'out' || p.direction === 'inout'))
    cx.error(p.defaultValue.loc, `${p.direction} parameter '${p.name}' cannot have a default value`);
  else if (p.defaultValue && p.optional)
    cx.error(p.defaultValue.loc, `@optional parameter '${p.name}' cannot have a default value`);
}

/** The scope of a declaration's type parameters, each of which must have a name of its own. */
export function typeParamScope(cx: Checker, parent: Scope, params: string[], loc: Loc): Scope {
  checkGenericParams(cx, params, loc);
  return typeVarScope(parent, params);
}

function checkGenericParams(cx: Checker, params: string[], loc: Loc): void {
  const seen = new Set<string>();
  for (const p of params) {
    if (seen.has(p)) cx.error(loc, `duplicate type parameter '${p}'`);
    seen.add(p);
  }
}

function checkDuplicateFields(cx: Checker, fields: Field[]): void {
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.name)) cx.error(f.loc, `duplicate field '${f.name}'`);
    seen.add(f.name);
  }
}

/**
 * A field's type. The type being declared is in scope for its fields, but P4 has no recursive types: a field of
 * that type (or a stack or tuple of it) is an error, and the field is left untyped so that nothing recurses
 * into it. Types are declared before use, so no longer cycle can form.
 */
function fieldType(cx: Checker, d: { name: string }, f: Field, scope: Scope): Type {
  const t = resolveType(cx, f.typeRef, scope);
  // Each tuple once: typedefs share them, and a walk of every path through them could take exponential time.
  const seen = new Set<Type>();
  const holdsItself = (x: Type): boolean => {
    if (x.kind === 'struct' || x.kind === 'header' || x.kind === 'header_union') return x.decl === d;
    if (seen.has(x)) return false;
    seen.add(x);
    return x.kind === 'stack' ? holdsItself(x.element) : x.kind === 'tuple' && x.elements.some(holdsItself);
  };
  if (!holdsItself(t)) return t;
  cx.error(f.typeRef.loc, `'${d.name}' cannot hold a field of its own type`);
  return UNKNOWN_TYPE;
}

function headerLayout(cx: Checker, d: HeaderTypeDecl, scope: Scope): void {
  let offset = 0;
  for (const f of d.fields) {
    f.type = fieldType(cx, d, f, scope);
    const t = f.type;
    let width: number | undefined;
    if (t.kind === 'bit' || t.kind === 'int') width = t.width;
    else if (t.kind === 'bool') width = 1;
    else if (t.kind === 'enum' && t.decl.underlying) width = bitWidthOf(t);
    else if (t.kind === 'varbit') {
      if (d.varbitField) cx.error(f.loc, 'a header may have at most one varbit field');
      d.varbitField = f;
      width = t.maxWidth;
    } else if ((t.kind === 'struct' || t.kind === 'stack') && bitWidthOf(t) !== undefined)
      width = bitWidthOf(t);
    else if (t.kind !== 'unknown')
      cx.error(
        f.loc,
        `header field '${f.name}' has type ${typeToString(t)}, which is not allowed in a header`,
      );
    f.offset = offset;
    f.width = width ?? 0;
    if (t.kind !== 'varbit') offset += f.width;
  }
  d.bitWidth = offset;
  checkDuplicateFields(cx, d.fields);
}

function enumDecl(cx: Checker, d: EnumDecl): void {
  const t: Type = { kind: 'enum', decl: d };
  cx.declareType(cx.global, d.name, t, d.loc);
  if (d.underlyingRef) {
    d.underlying = resolveType(cx, d.underlyingRef, cx.global);
    if (!isFixedInt(d.underlying))
      cx.error(d.underlyingRef.loc, 'a serializable enum needs a bit<W> or int<W> type');
  }
  const seen = new Set<string>();
  d.members.forEach((m, i) => {
    if (seen.has(m.name)) cx.error(m.loc, `duplicate enum member '${m.name}'`);
    seen.add(m.name);
    if (!d.underlying) {
      m.value = BigInt(i);
      return;
    }
    if (!m.valueExpr) {
      cx.error(m.loc, `serializable enum member '${m.name}' needs a value`);
      m.value = 0n;
      return;
    }
    checkExpr(cx, m.valueExpr, { scope: cx.global }, d.underlying);
    coerce(cx, m.valueExpr, d.underlying, 'enum value');
    const v = intValue(m.valueExpr.constValue);
    if (v === undefined) cx.error(m.valueExpr.loc, 'enum member value must be a compile-time constant');
    m.value = v ?? 0n;
  });
}

export function constDecl(
  cx: Checker,
  d: {
    name: string;
    typeRef: TypeRef;
    type: Type;
    value: Expr;
    constValue?: ConstValue;
    loc: Loc;
  } & NameRef,
  ctx: Ctx,
): void {
  if (d.kind !== 'const') return;
  d.type = resolveType(cx, d.typeRef, ctx.scope);
  allowDefaultValues(d.value);
  checkExpr(cx, d.value, ctx, d.type);
  if (isValue(cx, d.value)) coerce(cx, d.value, d.type, `constant '${d.name}'`);
  if (d.value.constValue === undefined)
    cx.error(d.value.loc, `the value of constant '${d.name}' is not a compile-time constant`);
  d.constValue = d.value.constValue;
  cx.declareValue(ctx.scope, d.name, d, d.loc);
}

/** A control's or parser's scope: its type parameters, then its parameters and constructor parameters. */
export function blockScope(cx: Checker, d: ControlDecl | ParserDecl): Scope {
  const ts = typeParamScope(cx, cx.global, d.typeParams, d.loc);
  declareParams(cx, d.params, ts, d.typeParams, true);
  declareParams(cx, d.ctorParams, ts, d.typeParams, true);
  const scope = new Scope(ts);
  for (const p of [...d.params, ...d.ctorParams]) cx.declareValue(scope, p.name, p, p.loc);
  return scope;
}

/** A block's local declarations, each on its own: an error that stops one does not hide the next one's. */
export function localDecls(cx: Checker, locals: readonly LocalDecl[], ctx: Ctx): void {
  for (const l of locals) {
    try {
      localDecl(cx, l, ctx);
    } catch (e) {
      if (!(e instanceof CompileAbort)) throw e;
    }
  }
}

export function localDecl(cx: Checker, l: LocalDecl, ctx: Ctx): void {
  switch (l.kind) {
    case 'const':
      return constDecl(cx, l, ctx);
    case 'variable':
      return variableDecl(cx, l, ctx);
    case 'instance':
      cx.declareValue(ctx.scope, l.name, l, l.loc);
      l.parent = ctx.control ?? ctx.parser;
      return instanceDecl(cx, l, ctx);
    case 'action':
      cx.declareValue(ctx.scope, l.name, l, l.loc);
      l.parent = ctx.control;
      return actionDecl(cx, l, ctx);
    case 'table':
      cx.declareValue(ctx.scope, l.name, l, l.loc);
      l.parent = ctx.control;
      return tableDecl(cx, l, ctx);
    case 'value_set': {
      cx.declareValue(ctx.scope, l.name, l, l.loc);
      l.elementType = resolveType(cx, l.elementTypeRef, ctx.scope);
      const n = constInt(cx, l.sizeExpr, ctx, 'value_set size');
      l.size = n === undefined ? 0 : Number(n);
      l.controlPlaneName = controlPlaneName(l.annotations, l.name, ctx.block);
      l.parent = ctx.parser;
      cx.valueSets.push(l);
      return;
    }
  }
}

export function variableDecl(cx: Checker, d: VariableDecl, ctx: Ctx): void {
  d.type = resolveType(cx, d.typeRef, ctx.scope);
  const k = d.type.kind;
  // An extern object, a parser or a control exists only as an instance: `meter(4, MeterType.bytes) m;`.
  if (k === 'extern' || k === 'parser' || k === 'control' || k === 'package')
    cx.error(
      d.typeRef.loc,
      `'${d.name}' cannot be a variable of ${k} type ${typeToString(d.type)}: declare an instance, as ${typeToString(d.type)}(...) ${d.name};`,
    );
  // Nor can a value only the compiler holds (P4_16 "Variables": an arbitrary-precision int, a string).
  else if (!canNest(d.type))
    cx.error(d.typeRef.loc, `'${d.name}' cannot be a variable of type ${typeToString(d.type)}`);
  if (d.init) {
    allowDefaultValues(d.init);
    checkExpr(cx, d.init, ctx, d.type);
    if (isValue(cx, d.init)) coerce(cx, d.init, d.type, `initializer of '${d.name}'`);
  }
  cx.declareValue(ctx.scope, d.name, d, d.loc);
}

function actionDecl(cx: Checker, d: ActionDecl, ctx: Ctx): void {
  const scope = new Scope(ctx.scope);
  let sawData = false;
  for (const p of d.params) {
    p.type = resolveType(cx, p.typeRef, ctx.scope);
    defaultValueAllowed(cx, p);
    // An action's data comes from table entries and its other arguments are copied: neither can be an object.
    if (p.type.kind === 'extern')
      cx.error(p.loc, `action parameter '${p.name}' cannot be an extern (${typeToString(p.type)})`);
    if (p.direction === 'none') sawData = true;
    else if (sawData)
      cx.error(p.loc, `directional parameter '${p.name}' must come before the action data parameters`);
    cx.declareValue(scope, p.name, p, p.loc);
  }
  d.controlPlaneName = controlPlaneName(d.annotations, d.name, ctx.block);
  cx.actions.push(d);
  checkBlock(cx, d.body, { ...ctx, scope, action: d });
}

/** Structs inside structs count towards MAX_NESTING like nested statements: the checker, the P4Info builder
 *  and the code generator recurse through a value's fields. */
function checkStructNesting(cx: Checker, d: StructTypeDecl): void {
  // Tuples and stacks are remembered too: typedefs share them, and a tuple of a tuple of ... visited once per
  // path would take time exponential in the number of typedefs.
  const depth = (t: Type): number => {
    if (t.kind === 'struct' || t.kind === 'header_union') return cx.typeDepth.get(t.decl) ?? 1;
    if (t.kind !== 'stack' && t.kind !== 'tuple') return 0;
    const known = cx.typeDepth.get(t);
    if (known !== undefined) return known;
    const n = t.kind === 'stack' ? 1 + depth(t.element) : 1 + Math.max(0, ...t.elements.map(depth));
    cx.typeDepth.set(t, n);
    return n;
  };
  const n = 1 + Math.max(0, ...d.fields.map((f) => depth(f.type)));
  cx.typeDepth.set(d, n);
  if (n > MAX_NESTING) tooDeep(cx.diags, d.loc);
}
