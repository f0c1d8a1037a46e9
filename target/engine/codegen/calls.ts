// Calls: argument passing (copy-in/copy-out of scalars, references to aggregates unless aliased), constructor arguments,
// and the built-in methods of headers, unions and stacks.
import type { ActionDecl, CallExpr, Expr, InstanceDecl, Param, Type } from '../../frontend/ast.js';
import { constLiteral, isAggregate } from '../types.js';
import { action, control, func } from './blocks.js';
import { argsOverlap, argsReachedDirectly, callThenCopyOut, mayExit } from './copy-out.js';
import { expr, exprAs, lvalue, store, valueFor } from './expressions.js';
import { externFunction, externMethod } from './externs.js';
import { CodegenError, type BoundBlock, type FnCtx, type Gen } from './gen.js';
import { parser } from './parser.js';
import { tableFn, tableInfo } from './tables.js';
import { defaultValue, devalidator, invalidator, validator } from './values.js';

/** Source of a call; `asStmt` when its value (if any) is unused. */
export function callCode(gen: Gen, c: CallExpr, asStmt: boolean): string {
  const t = c.target;
  if (!t) throw new CodegenError(`unresolved call at ${c.loc.line}:${c.loc.col}`);
  const args = c.args ?? [];
  const params = c.params ?? [];
  switch (t.kind) {
    case 'action':
      return invoke(gen, action(gen, t.decl), params, args, undefined, asStmt, mayExit(gen, t.decl), t.decl);
    case 'function':
      return invoke(gen, func(gen, t.decl), params, args, t.decl.returnType, asStmt);
    case 'control_apply':
    case 'parser_apply':
      return applyInstance(gen, boundHere(gen, t.instance), args, asStmt);
    case 'param_apply': {
      const bound = gen.blockArgs.get(t.param)?.get(gen.path);
      if (!bound) throw new CodegenError(`'${t.param.name}' is not bound to an instance here`);
      return applyInstance(gen, bound, args, asStmt);
    }
    case 'table_apply': {
      return `${tableFn(gen, tableInfo(gen, t.table))}()`;
    }
    case 'builtin':
      return builtin(gen, t.name, t.object, args, c);
    case 'extern_function':
      return externFunction(gen, t.decl.name, args, params, c);
    case 'extern_method':
      return externMethod(gen, t.extern.name, t.method, t.object, args, params, c);
  }
}

/**
 * Calls a generated function with P4 argument passing; scalar out/inout come back in an array. Header and
 * struct arguments go by reference unless one shares storage with another argument: then the inout ones are
 * copied in. Every out/inout argument is written back in parameter order, so of two aliased arguments the
 * last one wins, and also when the callee exits.
 */
function invoke(
  gen: Gen,
  fn: string,
  params: Param[],
  args: (Expr | undefined)[],
  ret: Type | undefined,
  asStmt: boolean,
  exits = false,
  callee?: ActionDecl,
): string {
  const vals: string[] = [];
  const writes: string[] = [];
  let nOuts = 0;
  const hasRet = ret !== undefined && ret.kind !== 'void';
  const base = hasRet ? 1 : 0;
  const copyIn =
    argsOverlap(params, args) || (callee !== undefined && argsReachedDirectly(callee, params, args));
  params.forEach((prm, i) => {
    const a = args[i];
    const t = prm.type;
    if (t.kind === 'extern') {
      vals.push('null');
      return;
    }
    if (!a || a.kind === 'dontcare') {
      vals.push(defaultValue(gen, t));
      return;
    }
    if (isAggregate(t)) {
      if (prm.direction === 'out' || (prm.direction === 'inout' && copyIn)) {
        // An out header/struct starts uninitialized (headers invalid), a copied inout as the argument's value;
        // either is copied out afterwards.
        const tmp = gen.fresh('$arg');
        gen.top.push(`let ${tmp};`);
        const init = prm.direction === 'out' ? defaultValue(gen, t) : `$rt.clone(${lvalue(gen, a)})`;
        vals.push(`(${tmp} = ${init})`);
        writes.push(`$rt.assign(${lvalue(gen, a)}, ${tmp})`);
        return;
      }
      vals.push(prm.direction === 'in' || prm.direction === 'none' ? valueFor(gen, a, t) : lvalue(gen, a));
      return;
    }
    vals.push(prm.direction === 'out' ? defaultValue(gen, t) : exprAs(gen, a, t));
    if (prm.direction === 'out' || prm.direction === 'inout')
      writes.push(store(gen, a, `$t[${base + nOuts++}]`).replace(/;$/, ''));
  });
  const callSrc = `${fn}(${vals.join(', ')})`;
  if (writes.length === 0) return callSrc;
  // Actions and controls (the callees that can exit) return no value.
  if (exits) return `(() => { ${callThenCopyOut(callSrc, `${writes.join('; ')};`, true)} })()`;
  const call = nOuts > 0 ? `$t = ${callSrc}` : hasRet && !asStmt ? `$t = [${callSrc}]` : callSrc;
  if (asStmt || !hasRet) return `(${call}, ${writes.join(', ')})`;
  return `(${call}, ${writes.join(', ')}, $t[0])`;
}

/** An instance declared in the block being generated. */
function boundHere(gen: Gen, instance: InstanceDecl): BoundBlock {
  return { instance, path: `${gen.path}.${instance.name}`, outer: gen.path };
}

/** Applies a control or parser instance whose state lives under `path`. */
function applyInstance(gen: Gen, b: BoundBlock, args: (Expr | undefined)[], asStmt: boolean): string {
  const t = b.instance.type;
  const decl = t.kind === 'control' || t.kind === 'parser' ? t.decl : undefined;
  if (decl?.kind !== 'control' && decl?.kind !== 'parser')
    throw new CodegenError(`'${b.instance.name}' is not a control or parser instance`);
  // The arguments name what the declaring block has: bind them before entering the callee's path.
  const fn = gen.withPath(b.path, () => {
    bindCtorArgs(gen, decl.ctorParams, b.instance.ctorArgs, b.outer);
    return decl.kind === 'control' ? control(gen, decl) : parser(gen, decl);
  });
  const exits = decl.kind === 'control' && mayExit(gen, decl);
  return invoke(gen, fn, decl.params, args, undefined, asStmt, exits);
}

/**
 * Constructor parameters of a control/parser instance: a constant's "name" is the literal; a control or parser
 * is the instance the argument names, in the block `outer` that instantiates this one (or what a parameter of
 * that block is bound to), so every instance given the same argument shares its state.
 */
export function bindCtorArgs(
  gen: Gen,
  params: Param[],
  args: readonly (Expr | undefined)[] | undefined,
  outer: string,
): void {
  params.forEach((prm, i) => {
    const arg = args?.[i];
    if (prm.type.kind === 'control' || prm.type.kind === 'parser') {
      const ref = arg?.kind === 'name' ? arg.ref : undefined;
      const bound =
        ref?.kind === 'instance'
          ? gen.withPath(outer, () => boundHere(gen, ref))
          : ref?.kind === 'param'
            ? gen.blockArgs.get(ref)?.get(outer)
            : undefined;
      if (!bound) return;
      let m = gen.blockArgs.get(prm);
      if (!m) {
        m = new Map();
        gen.blockArgs.set(prm, m);
      }
      m.set(gen.path, bound);
      return;
    }
    if (!arg) return;
    // An argument folded to a constant is its literal; one made of the enclosing block's own constructor
    // parameters (`Add(k + 2) b;`) is that expression over their values, already literals under `outer`.
    const c = arg.constValue;
    const value = c
      ? constLiteral(c, prm.type)
      : `(${gen.withPath(outer, () => exprAs(gen, arg, prm.type))})`;
    let m = gen.names.get(prm);
    if (!m) {
      m = new Map();
      gen.names.set(prm, m);
    }
    m.set(gen.path, value);
  });
}

/** Callee side: the JS parameter list, and the copy-out return statement. */
export function signature(
  gen: Gen,
  params: Param[],
  moduleLevel: boolean,
  hasRet: boolean,
): { jsParams: string[]; prologue: string[]; aliases: string; ctx: FnCtx; outs: string[] } {
  const jsParams: string[] = [];
  const prologue: string[] = [];
  const local: string[] = [];
  const outs: string[] = [];
  for (const prm of params) {
    const n = gen.nameOf(prm, prm.name);
    if (moduleLevel) {
      const arg = `${n}$a`;
      jsParams.push(arg);
      gen.top.push(`let ${n};`);
      prologue.push(`${n} = ${arg};`);
      // A header/struct parameter is never rebound (assignments copy into it: $rt.assign), so the block's
      // own code may read it from a local const that shadows the module-level variable (which its actions
      // use): a register instead of a closure-context load, also after each call.
      if (isAggregate(prm.type)) local.push(`${n} = ${arg}`);
    } else jsParams.push(n);
    if (
      !isAggregate(prm.type) &&
      prm.type.kind !== 'extern' &&
      (prm.direction === 'out' || prm.direction === 'inout')
    )
      outs.push(n);
  }
  const ctx: FnCtx = {
    ret: (value?: string) => {
      if (outs.length === 0) return value !== undefined ? `return ${value};` : 'return;';
      return `return [${hasRet ? `${value ?? 'undefined'}, ` : ''}${outs.join(', ')}];`;
    },
  };
  return { jsParams, prologue, aliases: local.length ? `const ${local.join(', ')};` : '', ctx, outs };
}

function builtin(gen: Gen, name: string, obj: Expr, args: (Expr | undefined)[], c: CallExpr): string {
  switch (name) {
    case 'isValid':
      if (obj.type.kind === 'header_union') {
        const o = expr(gen, obj);
        return `(${obj.type.decl.fields.map((f) => `${o}.${f.name}.$valid`).join(' || ')})`;
      }
      return `${expr(gen, obj)}.$valid`;
    case 'setValid':
      // bmv2's add_header: a header made valid starts with every field 0; one already valid is left as is.
      return `(${unionSiblingsInvalid(gen, obj)}${validator(gen, obj.type)}(${lvalue(gen, obj)}))`;
    case 'setInvalid':
      return `${devalidator(gen, obj.type)}(${lvalue(gen, obj)})`;
    case 'push_front':
    case 'pop_front': {
      const n = args[0]?.constValue?.kind === 'int' ? Number(args[0].constValue.value) : 1;
      const t = obj.type;
      if (t.kind !== 'stack') throw new CodegenError(`${name} on a non-stack`);
      return `$rt_${name === 'push_front' ? 'push' : 'pop'}(${expr(gen, obj)}, ${n}, ${invalidator(gen, t.element)})`;
    }
    case 'minSizeInBits':
    case 'minSizeInBytes':
    case 'maxSizeInBits':
    case 'maxSizeInBytes':
      if (c.constValue?.kind === 'int') return `${c.constValue.value}`;
      throw new CodegenError(`${name} not folded`);
  }
  throw new CodegenError(`unknown builtin ${name}`);
}

/** For a header inside a union, the statements invalidating its siblings. */
export function unionSiblingsInvalid(gen: Gen, obj: Expr): string {
  if (obj.kind !== 'member' || obj.expr.type.kind !== 'header_union') return '';
  const u = expr(gen, obj.expr);
  return obj.expr.type.decl.fields
    .filter((f) => f.name !== obj.member)
    .map((f) => `${u}.${f.name}.$valid = false, `)
    .join('');
}
