// Finds the v1model digest() calls of a checked program and describes their types for P4Info, as p4c does:
// one digest per struct type T of `digest<T>(receiver, data)`, named after T, with T in type_info.
import type { CheckedProgram, ControlDecl, Expr, Stmt, StructTypeDecl, Type } from '../frontend/ast.js';
import type { P4DataTypeSpec, P4TypeInfo } from './types.js';
import { bitWidthOf } from '../frontend/types.js';
import type { NewTypes } from './new-types.js';

function walkExpr(e: Expr | undefined, visit: (e: Expr) => void): void {
  if (!e) return;
  visit(e);
  switch (e.kind) {
    case 'member':
      return walkExpr(e.expr, visit);
    case 'index':
      walkExpr(e.expr, visit);
      return walkExpr(e.index, visit);
    case 'slice':
    case 'cast':
      return walkExpr(e.expr, visit);
    case 'unary':
      return walkExpr(e.operand, visit);
    case 'binary':
      walkExpr(e.left, visit);
      return walkExpr(e.right, visit);
    case 'ternary':
      walkExpr(e.cond, visit);
      walkExpr(e.then, visit);
      return walkExpr(e.else, visit);
    case 'call':
      walkExpr(e.callee, visit);
      for (const a of e.args ?? []) walkExpr(a, visit);
      return;
    case 'list':
      for (const x of e.elements) walkExpr(x, visit);
      return;
    case 'struct_init':
      for (const f of e.fields) walkExpr(f.value, visit);
      return;
  }
}

function walkStmt(s: Stmt | undefined, visit: (e: Expr) => void): void {
  if (!s) return;
  switch (s.kind) {
    case 'block':
      for (const x of s.stmts) walkStmt(x, visit);
      return;
    case 'assign':
      walkExpr(s.lhs, visit);
      return walkExpr(s.rhs, visit);
    case 'call':
      return walkExpr(s.call, visit);
    case 'if':
      walkExpr(s.cond, visit);
      walkStmt(s.then, visit);
      return walkStmt(s.else, visit);
    case 'switch':
      walkExpr(s.expr, visit);
      for (const c of s.cases) walkStmt(c.body, visit);
      return;
    case 'for':
      for (const x of s.init) walkStmt(x, visit);
      walkExpr(s.cond, visit);
      for (const x of s.update) walkStmt(x, visit);
      return walkStmt(s.body, visit);
    case 'for_in':
      walkExpr(s.from, visit);
      walkExpr(s.to, visit);
      return walkStmt(s.body, visit);
    case 'return':
      return walkExpr(s.value, visit);
    case 'decl':
      if (s.decl.kind === 'variable') walkExpr(s.decl.init, visit);
      return;
  }
}

/** A new entry of a type_info map, or undefined when the type is already there. Keyed by P4 names: own keys
 *  only, and defined rather than assigned, so that a type named `constructor` or `__proto__` is a key like
 *  any other. */
function ownEntry<M>(map: { [name: string]: { members: M[] } }, name: string): { members: M[] } | undefined {
  if (Object.hasOwn(map, name)) return undefined;
  const entry = { members: [] as M[] };
  Object.defineProperty(map, name, { value: entry, enumerable: true, writable: true, configurable: true });
  return entry;
}

function specOf(t: Type, info: P4TypeInfo, newTypes: NewTypes): P4DataTypeSpec {
  switch (t.kind) {
    case 'bit':
    case 'int':
    case 'bool':
      return newTypes.spec(t);
    case 'struct': {
      const entry = ownEntry((info.structs ??= {}), t.decl.name);
      if (entry)
        entry.members = t.decl.fields.map((f) => ({
          name: f.name,
          type_spec: specOf(f.type, info, newTypes),
        }));
      return { struct: { name: t.decl.name } };
    }
    case 'header': {
      // As p4c's TypeSpecConverter: a header's fields are bit strings, described in type_info.headers.
      const entry = ownEntry((info.headers ??= {}), t.decl.name);
      if (entry)
        entry.members = t.decl.fields.map((f) => ({
          name: f.name,
          type_spec:
            f.type.kind === 'int'
              ? { int: { bitwidth: f.type.width } }
              : { bit: { bitwidth: bitWidthOf(f.type) ?? 0 } },
        }));
      return { header: { name: t.decl.name } };
    }
    case 'enum':
      return t.decl.underlying
        ? specOf(t.decl.underlying, info, newTypes)
        : { bitstring: { bit: { bitwidth: 32 } } };
    default:
      return { bitstring: { bit: { bitwidth: 0 } } };
  }
}

/** The struct types used as digest data, in order of first use, described into `typeInfo`. */
export function collectDigests(
  prog: CheckedProgram,
  typeInfo: P4TypeInfo,
  newTypes: NewTypes,
): StructTypeDecl[] {
  const controls = new Set<ControlDecl>([
    prog.main.ingress,
    prog.main.egress,
    prog.main.verifyChecksum,
    prog.main.computeChecksum,
  ]);
  for (const t of prog.tables) if (t.parent) controls.add(t.parent);
  for (const a of prog.actions) if (a.parent) controls.add(a.parent);
  const types: StructTypeDecl[] = [];
  const visit = (e: Expr): void => {
    if (e.kind !== 'call' || e.target?.kind !== 'extern_function' || e.target.decl.name !== 'digest') return;
    const t = e.typeArgValues?.[0];
    if (t?.kind === 'struct' && !types.includes(t.decl)) types.push(t.decl);
  };
  for (const a of prog.actions) walkStmt(a.body, visit);
  for (const c of controls) walkStmt(c.apply, visit);
  for (const t of types) specOf({ kind: 'struct', decl: t }, typeInfo, newTypes);
  return types;
}
