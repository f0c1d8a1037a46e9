// Copy-in/copy-out where passing by reference is not enough (P4_16 calling convention): arguments that share
// storage, and callees that `exit` (copy-out still happens, for the callee and all its callers).
import type { ActionDecl, CallExpr, ControlDecl, Expr, Param, Stmt } from '../../frontend/ast.js';
import { isAggregate } from '../types.js';
import type { Gen } from './gen.js';

const exitMemo = new WeakMap<Gen, Map<object, boolean>>();

/** Whether running an action or a control's apply block can execute `exit` (itself or in a callee). */
export function mayExit(gen: Gen, decl: ActionDecl | ControlDecl): boolean {
  let memo = exitMemo.get(gen);
  if (!memo) {
    memo = new Map();
    exitMemo.set(gen, memo);
  }
  const have = memo.get(decl);
  if (have !== undefined) return have;
  memo.set(decl, false); // P4 has no recursion; this only guards the walk
  const found = reachesExit(decl.kind === 'control' ? decl.apply : decl.body, (c) => {
    const t = c.target;
    if (!t) return false;
    if (t.kind === 'action' || t.kind === 'control_apply') return mayExit(gen, t.decl);
    // The control a parameter stands for differs per instance: assume it may exit (a try around the call).
    if (t.kind === 'param_apply') return t.decl.kind === 'control' || t.decl.kind === 'control_type';
    if (t.kind === 'table_apply')
      return t.table.actionRefs.some((r) => r.action !== undefined && mayExit(gen, r.action));
    return false;
  });
  memo.set(decl, found);
  return found;
}

/** The body of an action or control that may exit, made to hand its scalar out/inout values ($xo) to the
 *  caller's copy-out when an exit passes through. */
export function exitCopyOut(gen: Gen, body: string, decl: ActionDecl | ControlDecl, outs: string[]): string {
  if (outs.length === 0 || !mayExit(gen, decl)) return body;
  return `try ${body} catch ($x) { if ($x === $rt.EXIT) $xo = [${outs.join(', ')}]; throw $x; }`;
}

/** A call followed by its copy-out `writes` (statements reading the scalars from $t), also when it exits. */
export function callThenCopyOut(call: string, writes: string, exits: boolean): string {
  if (!exits) return `$t = ${call}; ${writes}`;
  return `try { $t = ${call}; } catch ($x) { if ($x !== $rt.EXIT) throw $x; $t = $xo; ${writes} throw $x; } ${writes}`;
}

/** AST links the exit walk must not follow: declarations, types and resolved targets lead out of the body
 *  (callees are reached through `viaCall`). */
const EXIT_WALK_SKIP = new Set(['type', 'ref', 'target', 'decl', 'parent', 'params', 'loc', 'constValue']);

function reachesExit(root: Stmt, viaCall: (c: CallExpr) => boolean): boolean {
  const seen = new Set<object>();
  const walk = (n: unknown): boolean => {
    if (n === null || typeof n !== 'object' || seen.has(n)) return false;
    seen.add(n);
    if (Array.isArray(n)) return n.some(walk);
    const node = n as { kind?: string } & Record<string, unknown>;
    if (node.kind === 'exit') return true;
    if (node.kind === 'call' && viaCall(n as CallExpr)) return true;
    for (const k in node) if (!EXIT_WALK_SKIP.has(k) && walk(node[k])) return true;
    return false;
  };
  return walk(root);
}

/** The storage an l-value names: its root declaration and a path ('*' for an index unknown before run time). */
function storagePath(e: Expr): { root: unknown; path: string[] } | undefined {
  switch (e.kind) {
    case 'name':
      return { root: e.ref ?? e.name, path: [] };
    case 'member': {
      const inner = storagePath(e.expr);
      if (!inner) return undefined;
      const step = e.memberKind === 'stack_next' || e.memberKind === 'stack_last' ? '*' : e.member;
      return { root: inner.root, path: [...inner.path, step] };
    }
    case 'index': {
      const inner = storagePath(e.expr);
      if (!inner) return undefined;
      const c = e.index.constValue;
      return { root: inner.root, path: [...inner.path, c?.kind === 'int' ? String(c.value) : '*'] };
    }
    case 'slice':
      return storagePath(e.expr);
    default:
      return undefined;
  }
}

const rootsMemo = new WeakMap<ActionDecl, Set<unknown>>();

/** The declarations an action (and the actions it calls) names directly, other than its own parameters:
 *  the control's parameters and locals it can reach without an argument. */
function directRoots(a: ActionDecl): Set<unknown> {
  const have = rootsMemo.get(a);
  if (have) return have;
  const roots = new Set<unknown>();
  rootsMemo.set(a, roots);
  const own = new Set<unknown>(a.params);
  const seen = new Set<object>();
  const walk = (n: unknown): void => {
    if (n === null || typeof n !== 'object' || seen.has(n)) return;
    seen.add(n);
    if (Array.isArray(n)) return n.forEach(walk);
    const node = n as Record<string, unknown>;
    const x = n as Expr;
    if (x.kind === 'name' && x.ref !== undefined && !own.has(x.ref)) roots.add(x.ref);
    if (x.kind === 'call' && x.target?.kind === 'action')
      for (const r of directRoots(x.target.decl)) roots.add(r);
    for (const k in node) if (!EXIT_WALK_SKIP.has(k)) walk(node[k]);
  };
  walk(a.body);
  return roots;
}

/** Whether a header/struct argument an action writes is storage the action also names directly: passed by
 *  reference, the parameter would see those direct writes, and the copy-out would not undo them. */
export function argsReachedDirectly(a: ActionDecl, params: Param[], args: (Expr | undefined)[]): boolean {
  const roots = directRoots(a);
  if (roots.size === 0) return false;
  return params.some((p, i) => {
    const arg = args[i];
    if (!arg || !isAggregate(p.type) || (p.direction !== 'inout' && p.direction !== 'out')) return false;
    const path = storagePath(arg);
    return path !== undefined && roots.has(path.root);
  });
}

/** Whether a header/struct argument the callee writes shares storage with another argument: passed by
 *  reference, the callee would see the other's writes early and the copy-out order would be lost. */
export function argsOverlap(params: Param[], args: (Expr | undefined)[]): boolean {
  const paths = args.map((a) => (a && a.kind !== 'dontcare' ? storagePath(a) : undefined));
  for (let i = 0; i < params.length; i++) {
    const p = params[i]!;
    const pi = paths[i];
    if (!pi || !isAggregate(p.type) || (p.direction !== 'inout' && p.direction !== 'out')) continue;
    for (let j = 0; j < params.length; j++) {
      const pj = paths[j];
      if (j === i || !pj || pj.root !== pi.root) continue;
      const n = Math.min(pi.path.length, pj.path.length);
      let same = true;
      for (let k = 0; k < n && same; k++)
        same = pi.path[k] === pj.path[k] || pi.path[k] === '*' || pj.path[k] === '*';
      if (same) return true;
    }
  }
  return false;
}
