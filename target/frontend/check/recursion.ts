// P4 has no recursion (P4_16 specification, "Calling convention": functions and actions may not call
// themselves, directly or through others), and the engine relies on it: a recursive call would run until
// the JavaScript stack overflows on the first packet. The call graph of functions and actions is checked
// once every declaration is, and each cycle is reported at the call that closes it.
import type { ActionDecl, CallExpr, FunctionDecl, Program } from '../ast.js';
import type { Checker } from './checker.js';
import { callsIn } from '../walk.js';

type Callee = FunctionDecl | ActionDecl;

/** The calls of functions and actions inside `body`, in source order. */
function calleesIn(body: unknown): { callee: Callee; call: CallExpr }[] {
  const out: { callee: Callee; call: CallExpr }[] = [];
  for (const call of callsIn(body)) {
    const t = call.target;
    if (t?.kind === 'function' || t?.kind === 'action') out.push({ callee: t.decl, call });
  }
  return out;
}

export function checkRecursion(cx: Checker, program: Program): void {
  const callees: Callee[] = [
    ...program.decls.filter((d): d is FunctionDecl => d.kind === 'function'),
    ...cx.actions,
  ];
  const edges = new Map<Callee, { callee: Callee; call: CallExpr }[]>();
  for (const c of callees) edges.set(c, calleesIn(c.body));
  // Depth-first, iteratively: 1 = on the current path, 2 = done.
  const state = new Map<Callee, 1 | 2>();
  for (const root of callees) {
    if (state.has(root)) continue;
    const path: { node: Callee; next: number }[] = [{ node: root, next: 0 }];
    state.set(root, 1);
    while (path.length > 0) {
      const top = path[path.length - 1]!;
      const out = edges.get(top.node) ?? [];
      if (top.next >= out.length) {
        state.set(top.node, 2);
        path.pop();
        continue;
      }
      const { callee, call } = out[top.next++]!;
      const s = state.get(callee);
      if (s === 1) {
        const cycle = path.slice(path.findIndex((p) => p.node === callee)).map((p) => `'${p.node.name}'`);
        cx.error(
          call.loc,
          cycle.length === 1
            ? `recursion is not allowed: ${cycle[0]} calls itself`
            : `recursion is not allowed: ${cycle.join(' -> ')} -> '${callee.name}'`,
        );
      } else if (s === undefined && edges.has(callee)) {
        state.set(callee, 1);
        path.push({ node: callee, next: 0 });
      }
    }
  }
}
