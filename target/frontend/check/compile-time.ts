// Constructor arguments are evaluated when the program is instantiated, before any packet exists (P4_16,
// "Parameterization"): they may use constants, the enclosing block's constructor parameters, instances and
// constructor calls, never a variable, a directional parameter or a call that runs at packet time.
import type { Expr } from '../ast.js';
import { exprText } from '../names.js';
import { walkTree } from '../walk.js';
import type { Checker } from './checker.js';

/** The first part of `e` whose value exists only while a packet is processed, if any. */
function packetTimePart(e: Expr): Expr | undefined {
  let found: Expr | undefined;
  walkTree(e, (n) => {
    const x = n as unknown as Expr;
    if (found || x.constValue !== undefined) return false;
    if (x.kind === 'name') {
      const r = x.ref;
      if (r?.kind === 'variable' || (r?.kind === 'param' && r.direction !== 'none')) found = x;
      return false;
    }
    // A call the checker resolved runs at packet time; a constructor call has no target.
    if (x.kind === 'call' && x.target !== undefined) found = x;
    return found === undefined;
  });
  return found;
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
