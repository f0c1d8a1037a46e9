// Constructor arguments are evaluated when the program is instantiated, before any packet exists (P4_16,
// "Parameterization"): they may use constants, the enclosing block's constructor parameters, instances and
// constructor calls, never a variable, a directional parameter or a call that runs at packet time.
import { OUTWARD_LINKS, type Expr } from '../ast.js';
import { exprText } from '../names.js';
import type { Checker } from './checker.js';

/** The first part of `e` whose value exists only while a packet is processed, if any. */
function packetTimePart(e: Expr): Expr | undefined {
  const stack: unknown[] = [e];
  while (stack.length > 0) {
    const n = stack.pop();
    if (typeof n !== 'object' || n === null) continue;
    if (Array.isArray(n)) {
      stack.push(...n);
      continue;
    }
    const x = n as Expr;
    if (x.constValue !== undefined) continue;
    if (x.kind === 'name') {
      const r = x.ref;
      if (r?.kind === 'variable' || (r?.kind === 'param' && r.direction !== 'none')) return x;
      continue;
    }
    // A call the checker resolved runs at packet time; a constructor call has no target.
    if (x.kind === 'call' && x.target !== undefined) return x;
    for (const [k, v] of Object.entries(n)) if (!OUTWARD_LINKS.has(k)) stack.push(v);
  }
  return undefined;
}

/** Reports each constructor argument that is not known at compile time. */
export function checkCompileTimeArgs(cx: Checker, args: readonly (Expr | undefined)[]): void {
  for (const a of args) {
    const bad = a && packetTimePart(a);
    if (!a || !bad) continue;
    const why = bad === a ? '' : `: '${exprText(bad)}' has a value only while a packet is processed`;
    cx.error(a.loc, `constructor argument '${exprText(a)}' is not known at compile time${why}`);
  }
}
