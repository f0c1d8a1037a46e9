// Finds the v1model digest() calls of a checked program and describes their types for P4Info, as p4c does:
// one digest per struct type T of `digest<T>(receiver, data)`, named after T, with T in type_info.
import type { ActionDecl, ControlDecl, Expr, ParserDecl, Stmt, StructTypeDecl } from '../frontend/ast.js';
import type { TypeInfoBuilder } from './type-info.js';

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

/**
 * The struct types used as digest data, in the order p4c's serializer meets the calls (control by control:
 * its actions, then its apply blocks), described in `typeInfo`.
 */
export function collectDigests(
  controls: readonly { actions: readonly ActionDecl[]; blocks: readonly (ControlDecl | ParserDecl)[] }[],
  typeInfo: TypeInfoBuilder,
): StructTypeDecl[] {
  const types: StructTypeDecl[] = [];
  const visit = (e: Expr): void => {
    if (e.kind !== 'call' || e.target?.kind !== 'extern_function' || e.target.decl.name !== 'digest') return;
    const t = e.typeArgValues?.[0];
    if (t?.kind === 'struct' && !types.includes(t.decl)) types.push(t.decl);
  };
  for (const c of controls) {
    for (const a of c.actions) walkStmt(a.body, visit);
    for (const b of c.blocks) if (b.kind === 'control') walkStmt(b.apply, visit);
  }
  for (const t of types) typeInfo.spec({ kind: 'struct', decl: t });
  return types;
}
