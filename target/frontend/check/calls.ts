// Calls: actions, functions, extern functions and methods, built-in methods of headers, stacks and tables,
// apply of controls and parsers; argument binding (named, default and optional) and generic type arguments.
import type {
  Argument,
  CallExpr,
  ControlDecl,
  Expr,
  ExternFunctionDecl,
  FunctionDecl,
  InstanceDecl,
  Loc,
  MethodDecl,
  Param,
  ParserDecl,
  Type,
  ControlTypeDecl,
  ParserTypeDecl,
  PackageTypeDecl,
} from '../ast.js';
import { UNKNOWN_TYPE } from '../ast.js';
import {
  BOOL,
  INFINT,
  VOID,
  bits,
  intValue,
  isSizeMethod,
  sizeMethodValue,
  containsTypeVar,
  substitute,
  typeEquals,
  unify,
  typeToString,
} from '../types.js';
import { exprText } from '../names.js';
import type { Callable, Checker, Ctx } from './checker.js';
import { checkCompileTimeArgs } from './compile-time.js';
import { checkExpr } from './expressions.js';
import { checkDigest } from './digest.js';
import { checkFlattenedData, checkPacketMethod, instanceDecl } from './externs.js';
import { coerce } from './inference.js';
import { checkLvalue } from './statements.js';
import { specializeFunction } from './specialize.js';
import { resolveType } from './type-refs.js';

/**
 * `C.apply(...)` on a control or parser type without constructor parameters (direct type invocation): as p4c
 * does, each such call gets an instance of its own in the enclosing block, named after the type, and the call
 * applies that instance. The name now refers to the instance from here on in this block.
 */
function directInvocation(
  cx: Checker,
  callee: Extract<Expr, { kind: 'member' }>,
  ctx: Ctx,
): InstanceDecl | undefined {
  const obj = callee.expr;
  const name =
    obj.kind === 'name' && !obj.global
      ? obj.name
      : obj.kind === 'typename' && obj.typeRef.kind === 'named' && obj.typeRef.typeArgs.length === 0
        ? obj.typeRef.name
        : undefined;
  if (callee.member !== 'apply' || name === undefined) return undefined;
  const refs = ctx.scope.lookupValue(name);
  const r = refs?.[refs.length - 1];
  if (r && r.kind !== 'control' && r.kind !== 'parser') return undefined;
  const t = ctx.scope.lookupType(name);
  if (!t || (t.kind !== 'control' && t.kind !== 'parser')) return undefined;
  const decl = t.decl;
  if (decl.kind !== 'control' && decl.kind !== 'parser') return undefined;
  if (decl.ctorParams.length > 0)
    return cx.fatal(obj.loc, `'${name}' has constructor parameters: instantiate it to apply it`);
  const inst: InstanceDecl = {
    kind: 'instance',
    name,
    typeRef: { kind: 'named', name, typeArgs: [], loc: obj.loc },
    args: [],
    annotations: [],
    loc: obj.loc,
    type: UNKNOWN_TYPE,
    parent: ctx.control ?? ctx.parser,
  };
  instanceDecl(cx, inst, ctx);
  callee.expr = { kind: 'name', name, ref: inst, type: inst.type, loc: obj.loc };
  callee.memberKind = 'method';
  callee.type = VOID;
  return inst;
}

/** `inst.apply(...)` of a control or parser instance. */
function applyBlock(cx: Checker, e: CallExpr, inst: InstanceDecl, ctx: Ctx): Type {
  const t = inst.type;
  const decl = t.kind === 'control' || t.kind === 'parser' ? t.decl : undefined;
  if (!decl || (decl.kind !== 'control' && decl.kind !== 'parser'))
    return cx.fatal(e.loc, `cannot apply '${inst.name}'`);
  e.params = decl.params;
  e.args = checkArgs(cx, decl.params, e.rawArgs, new Map(), ctx, e.loc, `${decl.name}.apply`);
  e.target =
    decl.kind === 'control'
      ? { kind: 'control_apply', instance: inst, decl }
      : { kind: 'parser_apply', instance: inst, decl };
  return VOID;
}

/** `c.apply(...)` of a constructor parameter of control or parser type (`control C()(my_control_type c)`). */
function applyParam(
  cx: Checker,
  e: CallExpr,
  param: Param,
  decl: ControlDecl | ControlTypeDecl | ParserDecl | ParserTypeDecl,
  ctx: Ctx,
): Type {
  const isParser = decl.kind === 'parser' || decl.kind === 'parser_type';
  // P4_16: parsers run only from parsers, controls only from controls.
  if (isParser && ctx.control) return cx.fatal(e.loc, `a parser cannot be applied in a control`);
  if (!isParser && ctx.parser) return cx.fatal(e.loc, `a control cannot be applied in a parser`);
  e.params = decl.params;
  e.args = checkArgs(cx, decl.params, e.rawArgs, new Map(), ctx, e.loc, `${decl.name}.apply`);
  e.target = { kind: 'param_apply', param, decl };
  return VOID;
}

export function callExpr(cx: Checker, e: CallExpr, ctx: Ctx): Type {
  const callee = e.callee;
  // P4_16 "Calling conventions": the arguments of a call are all named or all positional.
  const named = e.rawArgs.filter((a) => a.name !== undefined).length;
  if (named > 0 && named < e.rawArgs.length)
    return cx.fatal(
      e.rawArgs.find((a) => a.name === undefined)!.loc,
      `the arguments of ${exprText(callee)}(...) are either all named or all positional, not a mix`,
    );
  const explicitTypeArgs = e.typeArgs.map((t) => resolveType(cx, t, ctx.scope));
  if (callee.kind === 'member') {
    const direct = directInvocation(cx, callee, ctx);
    if (direct) return applyBlock(cx, e, direct, ctx);
    checkExpr(cx, callee, ctx);
    const obj = callee.expr;
    const ot = obj.type;
    const m = callee.member;
    // Called, a built-in method's name is the method even where a field has that name (as p4c reads it).
    const headerLike = ot.kind === 'header' || ot.kind === 'header_union';
    const sizeMethod = isSizeMethod(m) && (headerLike || ot.kind === 'struct' || ot.kind === 'stack');
    if (sizeMethod || (headerLike && (m === 'isValid' || m === 'setValid' || m === 'setInvalid'))) {
      callee.memberKind = 'method';
      callee.type = VOID;
    }
    if (sizeMethod) {
      noArgs(cx, e, m);
      e.target = { kind: 'builtin', name: m, object: obj };
      const size = sizeMethodValue(ot, m);
      if (size === undefined) return cx.fatal(e.loc, `${typeToString(ot)} has no size in bits`);
      e.constValue = { kind: 'int', value: BigInt(size) };
      return INFINT;
    }
    if (ot.kind === 'header' || ot.kind === 'header_union' || ot.kind === 'struct') {
      if (callee.memberKind !== 'method')
        return cx.fatal(
          callee.memberLoc ?? callee.loc,
          `'${exprText(callee)}' is a field: it cannot be called`,
        );
      noArgs(cx, e, m);
      if (ot.kind === 'header_union' && m !== 'isValid')
        return cx.fatal(callee.loc, `a header union has no method '${m}'`);
      e.target = { kind: 'builtin', name: m as 'isValid', object: obj };
      if (m !== 'isValid') checkLvalue(cx, obj, ctx);
      return m === 'isValid' ? BOOL : VOID;
    }
    if (ot.kind === 'stack') {
      if (e.rawArgs.length !== 1) return cx.fatal(e.loc, `${m} expects 1 argument, got ${e.rawArgs.length}`);
      const a = e.rawArgs[0]!.value;
      checkExpr(cx, a, ctx);
      if (intValue(a.constValue) === undefined)
        cx.error(a.loc, `the argument of ${m} must be a compile-time constant`);
      coerce(cx, a, bits(32), m);
      checkLvalue(cx, obj, ctx);
      e.args = [a];
      e.target = { kind: 'builtin', name: m as 'push_front', object: obj };
      return VOID;
    }
    if (ot.kind === 'table') {
      noArgs(cx, e, 'apply');
      if (ctx.action) cx.error(e.loc, 'tables cannot be applied inside an action');
      // A table applied only in a branch p4c's front-end removes is removed with it (RemoveUnusedDeclarations).
      if (!ctx.dead) ot.decl.applied = true;
      e.target = { kind: 'table_apply', table: ot.decl };
      e.args = [];
      return { kind: 'apply_result', table: ot.decl };
    }
    if (ot.kind === 'control' || ot.kind === 'parser') {
      const ref = obj.kind === 'name' ? obj.ref : undefined;
      if (ref?.kind === 'param' && ref.direction === 'none') return applyParam(cx, e, ref, ot.decl, ctx);
      if (ref?.kind !== 'instance') return cx.fatal(e.loc, `cannot apply '${exprText(obj)}'`);
      return applyBlock(cx, e, ref, ctx);
    }
    if (ot.kind === 'extern') {
      const methods = ot.decl.methods.filter((x) => x.name === m);
      const chosen = methods.find((x) => arityOk(x.params, e.rawArgs)) ?? methods[0];
      if (!chosen)
        return cx.fatal(callee.memberLoc ?? callee.loc, `extern ${ot.decl.name} has no method '${m}'`);
      if (!arityOk(chosen.params, e.rawArgs))
        cx.error(
          e.loc,
          `wrong number of arguments to ${ot.decl.name}.${m}: expected ${chosen.params.filter((p) => !p.defaultValue && !p.optional).length}, got ${e.rawArgs.length}`,
        );
      const env = new Map<string, Type>();
      ot.decl.typeParams.forEach((p, i) => {
        const a = ot.typeArgs[i];
        if (a) env.set(p, a);
      });
      const t = genericCall(cx, e, chosen, explicitTypeArgs, env, ctx, `${ot.decl.name}.${m}`);
      e.target = { kind: 'extern_method', extern: ot.decl, method: m, object: obj };
      checkPacketMethod(cx, e, ot.decl.name, m);
      checkFlattenedData(cx, e, `${ot.decl.name}.${m}`, chosen.params);
      return t;
    }
    return cx.fatal(callee.loc, `'${exprText(callee)}' cannot be called`);
  }
  if (callee.kind !== 'name') return cx.fatal(callee.loc, `'${exprText(callee)}' cannot be called`);
  const refs = callee.global ? cx.global.lookupValue(callee.name) : ctx.scope.lookupValue(callee.name);
  if (!refs || refs.length === 0) return cx.fatal(callee.loc, `undeclared name '${callee.name}'`);
  // A parser or control that shares a function's name makes that name a type name (p4c's lexer reads it
  // so from its declaration on): a call of it constructs the block.
  const block = refs.find((r) => r.kind === 'parser' || r.kind === 'control');
  const callables = block
    ? []
    : refs.filter(
        (r): r is Callable => r.kind === 'extern_function' || r.kind === 'function' || r.kind === 'action',
      );
  if (callables.length === 0) {
    const r = block ?? refs[refs.length - 1]!;
    if (r.kind === 'parser' || r.kind === 'control') {
      // A constructor call, as in `V1Switch(MyParser(), ...)`.
      callee.ref = r;
      e.args = checkArgs(cx, r.ctorParams, e.rawArgs, new Map(), ctx, e.loc, r.name);
      checkCompileTimeArgs(cx, e.args);
      return r.kind === 'parser' ? { kind: 'parser', decl: r } : { kind: 'control', decl: r };
    }
    return cx.fatal(callee.loc, `'${callee.name}' cannot be called`);
  }
  const chosen = callables.find((c) => arityOk(c.params, e.rawArgs)) ?? callables[0]!;
  callee.ref = chosen;
  if (chosen.kind === 'action') {
    // A call from another action is inlined by p4c's front-end (InlineActions): alone, it does not keep the
    // callee in the P4Info.
    if (!ctx.action && !ctx.dead) chosen.referenced = true;
    cx.noteActionUse(ctx, chosen);
    if (ctx.parser) cx.error(e.loc, 'actions cannot be called in a parser');
    else if (ctx.fn) cx.error(e.loc, 'actions cannot be called from a function');
    callee.type = { kind: 'action', decl: chosen };
    if (!arityOk(chosen.params, e.rawArgs))
      cx.error(
        e.loc,
        `wrong number of arguments to action '${chosen.name}': expected ${chosen.params.length}, got ${e.rawArgs.length}`,
      );
    e.params = chosen.params;
    e.args = checkArgs(cx, chosen.params, e.rawArgs, new Map(), ctx, e.loc, `action '${chosen.name}'`);
    e.target = { kind: 'action', decl: chosen };
    return VOID;
  }
  if (!arityOk(chosen.params, e.rawArgs)) {
    const req = chosen.params.filter((p) => !p.defaultValue && !p.optional).length;
    cx.error(
      e.loc,
      `wrong number of arguments to '${chosen.name}': expected ${req === chosen.params.length ? req : `${req} to ${chosen.params.length}`}, got ${e.rawArgs.length}`,
    );
  }
  const t = genericCall(cx, e, chosen, explicitTypeArgs, new Map(), ctx, `'${chosen.name}'`);
  if (chosen.kind === 'function') {
    const special =
      chosen.typeParams.length > 0 ? specializeFunction(cx, chosen, e.typeArgValues ?? [], e.loc) : undefined;
    if (special) e.params = special.params;
    e.target = { kind: 'function', decl: special ?? chosen };
  } else {
    e.target = { kind: 'extern_function', decl: chosen };
    checkFlattenedData(cx, e, chosen.name, chosen.params);
    if (chosen.name === 'static_assert') staticAssert(cx, e);
    // core.p4's verify sets the parser error and rejects the packet: a parser's statement only.
    if (chosen.name === 'verify' && ctx.control && !ctx.parser)
      cx.error(e.loc, 'verify may only be called in a parser');
    if (chosen.name === 'digest') checkDigest(cx, e);
  }
  return t;
}

/** core.p4's static_assert(check[, message]): checked at compile time, as p4c's StaticAssert does; its value is
 *  then the constant true (`const bool ok = static_assert(...);`). */
function staticAssert(cx: Checker, e: CallExpr): void {
  const check = e.args?.[0];
  if (!check) return;
  const v = check.constValue;
  if (v?.kind !== 'bool') {
    cx.error(check.loc, 'the condition of static_assert must be known at compile time');
    return;
  }
  if (!v.value) {
    const message = e.args?.[1];
    cx.error(e.loc, `static_assert failed${message?.kind === 'string' ? `: ${message.value}` : ''}`);
  }
  e.constValue = { kind: 'bool', value: true };
}

export function arityOk(params: Param[], args: Argument[]): boolean {
  if (args.some((a) => a.name !== undefined)) {
    const names = new Set(params.map((p) => p.name));
    if (!args.every((a) => names.has(a.name!))) return false;
    return params.every((p) => p.defaultValue || p.optional || args.some((a) => a.name === p.name));
  }
  const required = params.filter((p) => !p.defaultValue && !p.optional).length;
  return args.length >= required && args.length <= params.length;
}

/** Places arguments by parameter: positional or named; defaults filled in. */
export function bindArgs(
  cx: Checker,
  params: Param[],
  args: Argument[],
  loc: Loc,
  what: string,
): (Expr | undefined)[] {
  const out: (Expr | undefined)[] = params.map(() => undefined);
  if (args.some((a) => a.name !== undefined)) {
    for (const a of args) {
      const i = params.findIndex((p) => p.name === a.name);
      if (i < 0) cx.error(a.loc, `${what} has no parameter named '${a.name}'`);
      else out[i] = a.value;
    }
  } else {
    if (args.length > params.length)
      cx.error(
        args[params.length]!.loc,
        `too many arguments to ${what}: expected ${params.length}, got ${args.length}`,
      );
    args.slice(0, params.length).forEach((a, i) => (out[i] = a.value));
  }
  params.forEach((p, i) => {
    if (out[i] === undefined) {
      if (p.defaultValue) out[i] = p.defaultValue;
      else if (!p.optional) cx.error(loc, `missing argument for parameter '${p.name}' of ${what}`);
    }
  });
  return out;
}

/** Type-checks arguments against parameters, inferring type variables into `env`. */
export function checkArgs(
  cx: Checker,
  params: Param[],
  args: Argument[],
  env: Map<string, Type>,
  ctx: Ctx,
  loc: Loc,
  what: string,
): (Expr | undefined)[] {
  const bound = bindArgs(cx, params, args, loc, what);
  params.forEach((p, i) => {
    const arg = bound[i];
    if (!arg) return;
    // `_` discards what a callee writes: it has no value to read.
    if (arg.kind === 'dontcare' && p.direction !== 'out')
      cx.error(
        arg.loc,
        `'_' can be passed only for an out parameter; '${p.name}' of ${what} is ${p.direction === 'none' ? 'a directionless' : `an ${p.direction}`} parameter`,
      );
    const pt = substitute(p.type, env);
    const concrete = !containsTypeVar(pt);
    const at = checkExpr(cx, arg, ctx, concrete ? pt : undefined);
    if (!concrete) {
      unify(pt, at, env);
      const st = substitute(pt, env);
      if (!containsTypeVar(st)) coerce(cx, arg, st, `argument '${p.name}' of ${what}`);
    } else if (pt.kind === 'parser' || pt.kind === 'control' || pt.kind === 'package') {
      checkBlockArg(cx, arg, pt, env, what, p.name);
    } else coerce(cx, arg, pt, `argument '${p.name}' of ${what}`);
    if (p.direction === 'out' || p.direction === 'inout') checkLvalue(cx, arg, ctx);
  });
  return bound;
}

/** A parser/control passed to a package: its apply parameters must match the package's parameter type. */
function checkBlockArg(
  cx: Checker,
  arg: Expr,
  pt: Type & { kind: 'parser' | 'control' | 'package' },
  env: Map<string, Type>,
  what: string,
  pname: string,
): void {
  const at = arg.type;
  // A bare declaration name is a type, not a block: only an instance or a constructor call can be passed.
  if (arg.kind === 'name' && (arg.ref?.kind === 'control' || arg.ref?.kind === 'parser')) {
    cx.error(
      arg.loc,
      `argument '${pname}' of ${what} must be an instance, not the ${arg.ref.kind} type ${arg.name}: write ${arg.name}()`,
    );
    return;
  }
  if (at.kind !== pt.kind) {
    cx.error(arg.loc, `argument '${pname}' of ${what} must be a ${pt.kind}, not ${typeToString(at)}`);
    return;
  }
  const want = pt.decl.params;
  const have = (at.decl as ParserDecl | ControlDecl | ParserTypeDecl | ControlTypeDecl | PackageTypeDecl)
    .params;
  if (want.length !== have.length) {
    cx.error(
      arg.loc,
      `${at.decl.name} has ${have.length} parameters but ${what} expects a ${pt.kind} with ${want.length} (${pt.decl.name})`,
    );
    return;
  }
  want.forEach((w, i) => {
    const h = have[i]!;
    if (w.direction !== h.direction && !(w.direction === 'none' && h.direction === 'none'))
      cx.error(
        h.loc,
        `parameter '${h.name}' of ${at.decl.name} must be '${w.direction}' to match ${pt.decl.name}`,
      );
    const wt = substitute(w.type, env);
    if (containsTypeVar(wt)) unify(wt, h.type, env);
    else if (!typeEquals(wt, h.type))
      cx.error(
        h.loc,
        `parameter '${h.name}' of ${at.decl.name} has type ${typeToString(h.type)} but ${pt.decl.name} needs ${typeToString(wt)}`,
      );
  });
}

function noArgs(cx: Checker, e: CallExpr, what: string): void {
  if (e.rawArgs.length > 0) cx.error(e.rawArgs[0]!.loc, `${what} takes no arguments`);
  e.args = [];
}

function genericCall(
  cx: Checker,
  e: CallExpr,
  m: MethodDecl | ExternFunctionDecl | FunctionDecl,
  typeArgs: Type[],
  env: Map<string, Type>,
  ctx: Ctx,
  what: string,
): Type {
  if (typeArgs.length > 0) {
    if (typeArgs.length !== m.typeParams.length)
      cx.error(e.loc, `${what} expects ${m.typeParams.length} type arguments, got ${typeArgs.length}`);
    m.typeParams.forEach((p, i) => {
      const a = typeArgs[i];
      if (a) env.set(p, a);
    });
  }
  e.args = checkArgs(cx, m.params, e.rawArgs, env, ctx, e.loc, what);
  e.params = m.params.map((p) => ({ ...p, type: substitute(p.type, env) }));
  e.typeArgValues = m.typeParams.map((p) => env.get(p) ?? { kind: 'unknown' });
  const rt = substitute(m.returnType, env);
  // With every type parameter bound, a type variable left in the result is the caller's own: a generic
  // function calling another with its values (`T wrap<T>(in T x) { return ident(x); }`).
  if (containsTypeVar(rt) && m.typeParams.some((p) => !env.has(p)))
    return cx.fatal(e.loc, `cannot infer the result type of ${what}; give type arguments`);
  return rt;
}
