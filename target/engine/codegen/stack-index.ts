// Header-stack indices known only at run time, as p4c's bmv2 back end compiles them: its midend
// (HSIndexSimplifier) rewrites each statement holding hs[i] into `if (i == 0) ... else if (i == 1) ...` over the
// stack's indices, so nothing raises an exception. Out of range: a method call or a write does nothing, an `if`
// takes its else branch, a switch is skipped, and an assignment whose right side reads hs[i] assigns an unset
// temporary (0, or an invalid header) to its whole left side.
import type { Expr } from '../../frontend/ast.js';
import { exprAs } from './expressions.js';
import type { Gen } from './gen.js';

/** AST links that lead out of an expression: declarations, types, resolved targets. */
const WALK_SKIP = new Set([
  'type',
  'ref',
  'target',
  'decl',
  'parent',
  'params',
  'loc',
  'constValue',
  'rawArgs',
]);

/** The stack indexings in `e` whose index is not a compile-time constant. */
export function runtimeIndexes(e: unknown): (Expr & { kind: 'index' })[] {
  const found: (Expr & { kind: 'index' })[] = [];
  const seen = new Set<object>();
  const walk = (n: unknown): void => {
    if (n === null || typeof n !== 'object' || seen.has(n)) return;
    seen.add(n);
    if (Array.isArray(n)) {
      n.forEach(walk);
      return;
    }
    const node = n as Record<string, unknown>;
    const x = n as Expr;
    if (x.kind === 'index' && x.expr.type.kind === 'stack' && x.index.constValue === undefined) found.push(x);
    for (const k in node) if (!WALK_SKIP.has(k)) walk(node[k]);
  };
  walk(e);
  return found;
}

/** Source of the condition "every index in `xs` is within its stack". */
export function inRange(gen: Gen, xs: (Expr & { kind: 'index' })[]): string {
  return xs
    .map((x) => {
      const size = x.expr.type.kind === 'stack' ? x.expr.type.size : 0;
      return `(${exprAs(gen, x.index, { kind: 'bit', width: 32 })}) < ${size}`;
    })
    .join(' && ');
}
