// Walks of the checked syntax tree: the checks that follow calls (check/recursion.ts, check/call-cost.ts),
// the compile-time check of constructor arguments, and the code generator's search of action bodies. The walk
// is iterative, since bodies nest deeply, and follows only the tree: the links a checked node gains to
// declarations elsewhere (OUTWARD_LINKS) are not followed, and should an unknown link close a cycle, each node
// is still visited once.
import { OUTWARD_LINKS, type CallExpr } from './ast.js';

/** Visits each node under `root` (arrays are gone through, not visited), in source order; `visit` returns
 *  false to leave the node's children out. */
export function walkTree(root: unknown, visit: (node: Record<string, unknown>) => boolean): void {
  const stack: unknown[] = [root];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
      continue;
    }
    const o = node as Record<string, unknown>;
    if (!visit(o)) continue;
    for (const k of Object.keys(o).reverse()) if (!OUTWARD_LINKS.has(k)) stack.push(o[k]);
  }
}

/** Each call expression under `root`, in source order. */
export function callsIn(root: unknown): CallExpr[] {
  const out: CallExpr[] = [];
  walkTree(root, (o) => {
    if (o.kind === 'call') out.push(o as unknown as CallExpr);
    return true;
  });
  return out;
}
