// The calls inside a piece of the checked syntax tree, for the checks that follow the call graph
// (recursion.ts, call-cost.ts). The walk is iterative, since bodies nest deeply, and follows only the tree:
// the links a checked node gains to declarations elsewhere (OUTWARD_LINKS) are not followed, and should an
// unknown link close a cycle, each node is still visited once.
import { OUTWARD_LINKS, type CallExpr } from '../ast.js';

/** Each call expression in `body`, in source order. */
export function callsIn(body: unknown): CallExpr[] {
  const out: CallExpr[] = [];
  const stack: unknown[] = [body];
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
    if (o.kind === 'call') out.push(o as unknown as CallExpr);
    for (const k of Object.keys(o).reverse()) if (!OUTWARD_LINKS.has(k)) stack.push(o[k]);
  }
  return out;
}
