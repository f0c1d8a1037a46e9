// Extern declarations and instantiations (constructor arguments, control-plane names) and the core library's
// rules on packet_in.extract and packet_out.emit.
import type { CallExpr, Expr, ExternDecl, InstanceDecl, Loc, Param, Type } from '../ast.js';
import { MAX_BLOCK_COPIES, MAX_EXTERN_CELLS, MAX_EXTERN_SIZE, MAX_INSTANCE_DEPTH } from '../limits.js';
import { UNKNOWN_TYPE } from '../ast.js';
import { VOID, bits, intValue, typeToString } from '../types.js';
import { controlPlaneName } from '../names.js';
import { arityOk, checkArgs } from './calls.js';
import type { Checker, Ctx } from './checker.js';
import { checkCompileTimeArgs } from './compile-time.js';
import { controlDecl } from './controls.js';
import { declareParams, typeParamScope } from './declarations.js';
import { parserDecl } from './parsers.js';
import { resolveType } from './type-refs.js';

export function externDecl(cx: Checker, d: ExternDecl): void {
  const s = typeParamScope(cx, cx.global, d.typeParams, d.loc);
  for (const c of d.constructors) declareParams(cx, c.params, s, d.typeParams);
  // A call picks among same-named methods by its number of arguments (p4c: "Ambiguous method"), and a method
  // named after its extern is a constructor, which returns nothing.
  const arities = new Set<string>();
  for (const m of d.methods) {
    if (m.name === d.name) cx.error(m.loc, `constructor ${m.name} cannot have a return type`);
    const key = `${m.name}/${m.params.length}`;
    if (arities.has(key))
      cx.error(
        m.loc,
        `method '${m.name}' of ${d.name} is declared twice with ${m.params.length} parameter${m.params.length === 1 ? '' : 's'}: a call could not tell them apart`,
      );
    arities.add(key);
  }
  for (const m of d.methods) {
    const ms = typeParamScope(cx, s, m.typeParams, m.loc);
    m.returnType = m.returnTypeRef ? resolveType(cx, m.returnTypeRef, ms) : VOID;
    declareParams(cx, m.params, ms, m.typeParams);
  }
}

export function instanceDecl(cx: Checker, d: InstanceDecl, ctx: Ctx): void {
  d.type = resolveType(cx, d.typeRef, ctx.scope);
  d.controlPlaneName = controlPlaneName(d.annotations, d.name, ctx.block);
  const t = d.type;
  if (t.kind === 'extern') {
    const ctors = t.decl.constructors.filter((c) => arityOk(c.params, d.args));
    if (ctors.length === 0) {
      cx.error(d.loc, `no constructor of ${t.decl.name} takes ${d.args.length} arguments`);
      return;
    }
    const env = new Map<string, Type>();
    t.decl.typeParams.forEach((p, i) => {
      const a = t.typeArgs[i];
      if (a) env.set(p, a);
    });
    d.ctorArgs = checkArgs(cx, ctors[0]!.params, d.args, env, ctx, d.loc, t.decl.name) as Expr[];
    if (t.typeArgs.length === 0 && t.decl.typeParams.length > 0) {
      // Type parameters no constructor argument fixes (the index type I of v1model's newer counters and
      // registers) default to bit<32>, the width bmv2 uses for extern indexes.
      d.type = { ...t, typeArgs: t.decl.typeParams.map((p) => env.get(p) ?? bits(32)) };
    }
    checkCompileTimeArgs(cx, d.ctorArgs);
    checkExternSize(cx, ctors[0]!.params, d.ctorArgs);
    // p4c's bmv2 back end describes a register by the width of its cells: a struct (or a bool) has none. A
    // serializable enum has its underlying type's (p4c's mid-end replaces it by that type, EliminateSerEnums).
    const cell =
      t.decl.name === 'register' ? (d.type.kind === 'extern' ? d.type.typeArgs[0] : undefined) : undefined;
    const serEnum = cell?.kind === 'enum' && cell.decl.underlying !== undefined;
    if (cell && cell.kind !== 'bit' && cell.kind !== 'int' && cell.kind !== 'unknown' && !serEnum)
      cx.error(d.loc, `bmv2 registers hold bit<W> or int<W> values, not ${typeToString(cell)}`);
    if (!['packet_in', 'packet_out'].includes(t.decl.name)) cx.externInstances.push(d);
    return;
  }
  if (t.kind === 'parser' || t.kind === 'control') {
    // P4_16: parsers run only from parsers, controls only from controls.
    if (t.kind === 'parser' && ctx.control)
      return cx.error(d.loc, `a parser cannot be instantiated or applied in a control`);
    if (t.kind === 'control' && ctx.parser)
      return cx.error(d.loc, `a control cannot be instantiated or applied in a parser`);
    let decl = t.decl;
    const original = decl.kind === 'parser' || decl.kind === 'control' ? cx.pristine.get(decl) : undefined;
    if (original && ctx.block) {
      checkBlockCopies(cx, d, ctx.block);
      // Instantiated inside a block: check a private copy. Its objects are named under the instance's
      // control-plane name (its @name, relative to the enclosing block unless absolute, as p4c names them);
      // instancePath follows the declared names, to tell which block the copy runs in.
      const copy = structuredClone(original);
      const enclosing = ctx.control ?? ctx.parser;
      copy.instancePath = `${enclosing?.instancePath ?? ctx.block}.${d.name}`;
      const prefix = controlPlaneName(d.annotations, d.name, ctx.block);
      if (copy.kind === 'control') {
        controlDecl(cx, copy, prefix);
        d.type = { kind: 'control', decl: copy };
      } else {
        parserDecl(cx, copy, prefix);
        d.type = { kind: 'parser', decl: copy };
      }
      cx.copies.push(copy);
      decl = copy;
    }
    const ctorParams = decl.kind === 'parser' || decl.kind === 'control' ? decl.ctorParams : [];
    d.ctorArgs = checkArgs(cx, ctorParams, d.args, new Map(), ctx, d.loc, decl.name) as Expr[];
    checkCompileTimeArgs(cx, d.ctorArgs);
    if (ctx.block) d.ctorArgs = d.ctorArgs.map((a) => nameConstructedBlock(cx, a, ctx)) as Expr[];
    ctorParams.forEach((p, i) => {
      const a = d.ctorArgs?.[i];
      const ref = a?.kind === 'name' ? a.ref : undefined;
      if (ref?.kind === 'instance' || ref?.kind === 'param') cx.blockBindings.set(p, ref);
    });
    cx.instances.push(d);
    return;
  }
  if (t.kind === 'package') {
    const env = new Map<string, Type>();
    d.ctorArgs = checkArgs(cx, t.decl.params, d.args, env, ctx, d.loc, t.decl.name) as Expr[];
    checkCompileTimeArgs(cx, d.ctorArgs);
    cx.instances.push(d);
    return;
  }
  cx.error(d.loc, `cannot instantiate ${typeToString(t)}`);
}

/**
 * A control or parser constructed in an argument (`Twice(Add(3)) t;`) becomes an instance of its own in the
 * enclosing block, declared just before, as p4c's MoveConstructors does: named `tmp`, `tmp_0`, ... by the
 * first name the block does not use yet.
 */
function nameConstructedBlock(cx: Checker, a: Expr | undefined, ctx: Ctx): Expr | undefined {
  if (a?.kind !== 'call' || a.callee.kind !== 'name') return a;
  const ref = a.callee.ref;
  if (ref?.kind !== 'control' && ref?.kind !== 'parser') return a;
  let name = 'tmp';
  for (let i = 0; ctx.scope.lookupValue(name) !== undefined; i++) name = `tmp_${i}`;
  const inst: InstanceDecl = {
    kind: 'instance',
    name,
    typeRef: { kind: 'named', name: a.callee.name, typeArgs: [], loc: a.callee.loc },
    args: a.rawArgs,
    annotations: [],
    loc: a.loc,
    type: UNKNOWN_TYPE,
    parent: ctx.control ?? ctx.parser,
  };
  instanceDecl(cx, inst, ctx);
  cx.declareValue(ctx.scope, name, inst, a.loc);
  return { kind: 'name', name, ref: inst, type: inst.type, loc: a.loc };
}

/** extract/emit take headers (emit also stacks, unions and structs of them), as the core library requires. */
export function checkPacketMethod(cx: Checker, e: CallExpr, extern: string, method: string): void {
  const arg = e.args?.[0];
  if (!arg) return;
  // `extract<H>(_)` skips a header: the type comes from the type argument.
  const t = arg.kind === 'dontcare' ? (e.params?.[0]?.type ?? arg.type) : arg.type;
  if (extern === 'packet_in' && method === 'extract') {
    if (arg.kind === 'dontcare' && t.kind === 'typevar')
      return cx.error(arg.loc, 'extract(_) needs the header type as a type argument: extract<H>(_)');
    if (t.kind !== 'header') return cx.error(arg.loc, `extract needs a header, not ${typeToString(t)}`);
    if (e.args!.length === 2 && !t.decl.varbitField)
      return cx.error(arg.loc, `header ${t.decl.name} has no varbit field for a two-argument extract`);
    if (e.args!.length === 1 && t.decl.varbitField)
      return cx.error(
        arg.loc,
        `header ${t.decl.name} has a varbit field: give its size as a second argument`,
      );
  }
  if (extern === 'packet_out' && method === 'emit') {
    const emittable = (x: Type): boolean =>
      x.kind === 'header' ||
      x.kind === 'header_union' ||
      (x.kind === 'stack' && emittable(x.element)) ||
      (x.kind === 'struct' && x.decl.fields.every((f) => emittable(f.type)));
    if (!emittable(t))
      cx.error(
        arg.loc,
        `emit needs a header, header stack, header union or struct of them, not ${typeToString(t)}`,
      );
  }
}

/** The `size` of an extern array (v1model's register, counter, meter, action_profile, action_selector):
 *  bounded per instance and over the whole program (MAX_EXTERN_SIZE, MAX_EXTERN_CELLS). */
function checkExternSize(cx: Checker, params: Param[], args: (Expr | undefined)[]): void {
  const i = params.findIndex((p) => p.name === 'size');
  const arg = i >= 0 ? args[i] : undefined;
  const n = arg && intValue(arg.constValue);
  if (!arg || n === undefined) return;
  if (n > BigInt(MAX_EXTERN_SIZE))
    return cx.error(arg.loc, `size ${n} is too large for this target (at most ${MAX_EXTERN_SIZE})`);
  cx.externCells += Number(n);
  if (cx.externCells > MAX_EXTERN_CELLS)
    cx.error(arg.loc, `the program's extern arrays hold more than ${MAX_EXTERN_CELLS} cells in all`);
}

/** Bounds the copies of controls and parsers instantiated inside blocks (MAX_BLOCK_COPIES) and how deep they
 *  nest (MAX_INSTANCE_DEPTH): the work grows with the copies, which can double at each level. */
function checkBlockCopies(cx: Checker, d: InstanceDecl, block: string): void {
  if (block.split('.').length >= MAX_INSTANCE_DEPTH)
    cx.fatal(d.loc, `controls and parsers instantiated more than ${MAX_INSTANCE_DEPTH} levels deep`);
  if (++cx.blockCopies > MAX_BLOCK_COPIES)
    cx.fatal(
      d.loc,
      `more than ${MAX_BLOCK_COPIES} instances of controls and parsers inside other blocks (each copy of an enclosing block counts)`,
    );
}

/** v1model calls whose `data` argument is flattened into its bit fields (hashed, or printed by log_msg). */
const FLATTENED_DATA = new Set([
  'hash',
  'verify_checksum',
  'update_checksum',
  'verify_checksum_with_payload',
  'update_checksum_with_payload',
  'log_msg',
  'Checksum16.get',
]);

/**
 * The data of a hash, checksum or log_msg call holds what flattens to bit fields: bit<W>, int<W>, bool, enums,
 * errors, and structs, headers, header stacks and lists of them, a varbit as a header's field. Anything else
 * is a located error here, not a failure when the program is loaded. `name` is the function, or extern.method.
 */
export function checkFlattenedData(cx: Checker, e: CallExpr, name: string, params: Param[]): void {
  if (!FLATTENED_DATA.has(name)) return;
  const data = e.args?.[params.findIndex((p) => p.name === 'data')];
  if (data === undefined) return;
  const walk = (ex: Expr | undefined, t: Type, loc: Loc, inHeader: boolean): boolean => {
    if (ex && (ex.kind === 'list' || ex.kind === 'struct_init')) {
      const els = ex.kind === 'list' ? ex.elements : ex.fields.map((f) => f.value);
      return els.every((el) => walk(el, el.type, el.loc, false));
    }
    switch (t.kind) {
      case 'bit':
      case 'int':
      case 'bool':
      case 'enum':
      case 'error':
        return true;
      case 'varbit':
        if (inHeader || ex?.kind === 'member') return true;
        break;
      case 'struct':
      case 'header':
        return t.decl.fields.every((f) => walk(undefined, f.type, loc, true));
      case 'stack':
        return walk(undefined, t.element, loc, true);
      case 'infint':
        cx.error(loc, `an untyped constant in the data of ${name} has no width: give it one, e.g. 8w1`);
        return false;
    }
    const what = t.kind === 'header_union' ? `header_union ${typeToString(t)}` : typeToString(t);
    cx.error(loc, `${name}: its data cannot hold ${what}`);
    return false;
  };
  walk(data, data.type, data.loc, false);
}
