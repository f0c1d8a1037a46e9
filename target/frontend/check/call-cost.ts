// How many calls one run of a block makes once every call is expanded. p4c inlines functions, actions,
// controls and parsers, so a chain of functions each calling the next twice is a program of 2^n statements
// to it; the engine calls instead of inlining, but one packet would still make 2^n calls and keep the switch
// (and a P4Runtime server it runs under) busy for hours. The expansion of every callable is counted once,
// callees first, and the first one past MAX_EXPANDED_CALLS is reported at its declaration.
import type {
  ActionDecl,
  CallExpr,
  ControlDecl,
  FunctionDecl,
  InstanceDecl,
  Param,
  ParserDecl,
  Program,
  TableDecl,
} from '../ast.js';
import { MAX_EXPANDED_CALLS } from '../limits.js';
import type { Checker } from './checker.js';
import { callsIn } from '../walk.js';

type Callable = FunctionDecl | ActionDecl | ControlDecl | ParserDecl | TableDecl;

/** The callables a call runs: one for most, a table runs one of its actions (counted as the costliest). */
interface Edge {
  callees: Callable[];
  /** A table runs one action; anything else runs all its callees. */
  oneOf: boolean;
}

export function checkCallCost(cx: Checker, program: Program): void {
  const roots: Callable[] = [
    ...program.decls.filter(
      (d): d is FunctionDecl | ControlDecl | ParserDecl =>
        d.kind === 'function' || d.kind === 'control' || d.kind === 'parser',
    ),
    ...cx.copies,
    ...cx.actions,
    ...cx.tables,
  ];
  const cost = new Map<Callable, number>();
  const onPath = new Set<Callable>();
  // Post-order, iteratively: a chain of thousands of functions must not overflow the stack.
  for (const root of roots) {
    if (cost.has(root)) continue;
    const frame = (node: Callable): { node: Callable; edges: Edge[]; callees: Callable[]; next: number } => {
      const edges = edgesOf(cx, node);
      return { node, edges, callees: edges.flatMap((e) => e.callees), next: 0 };
    };
    const stack = [frame(root)];
    onPath.add(root);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      // Each callee is looked at once per caller: `next` goes on from where the last descent left off.
      while (top.next < top.callees.length) {
        const c = top.callees[top.next]!;
        if (!cost.has(c) && !onPath.has(c)) break;
        top.next++;
      }
      if (top.next < top.callees.length) {
        const pending = top.callees[top.next++]!;
        onPath.add(pending);
        stack.push(frame(pending));
        continue;
      }
      stack.pop();
      onPath.delete(top.node);
      // A cycle (reported by the recursion check) counts its back edge as one call.
      const of = (c: Callable): number => cost.get(c) ?? 1;
      let n = 1;
      for (const e of top.edges)
        n += e.oneOf ? Math.max(0, ...e.callees.map(of)) : e.callees.reduce((s, c) => s + of(c), 0);
      cost.set(top.node, n);
      if (n > MAX_EXPANDED_CALLS) {
        const node = top.node;
        const instance =
          'instancePath' in node && node.instancePath ? ` (instance ${node.instancePath})` : '';
        cx.error(
          node.loc,
          `${node.kind} '${node.name}'${instance} makes ${n > 1e15 ? 'more than 10^15' : n} calls once its calls are expanded ` +
            `(at most ${MAX_EXPANDED_CALLS}): does each of a chain of functions, actions or controls call the next several times?`,
        );
        return;
      }
    }
  }
}

function edgesOf(cx: Checker, c: Callable): Edge[] {
  switch (c.kind) {
    case 'function':
    case 'action':
      return edgesIn(cx, c.body);
    case 'control':
      return edgesIn(cx, [c.locals.filter((l) => l.kind === 'variable' || l.kind === 'const'), c.apply]);
    case 'parser':
      // A state's statements and select expressions; not its transitions, which link states to each other.
      return edgesIn(cx, [
        c.locals.filter((l) => l.kind === 'variable' || l.kind === 'const'),
        c.states.map((s) => [s.stmts, s.transition.kind === 'select' ? s.transition.exprs : []]),
      ]);
    case 'table': {
      const actions = [...c.actionRefs, ...(c.defaultAction ? [c.defaultAction] : [])]
        .map((r) => r.action)
        .filter((a): a is ActionDecl => a !== undefined);
      return [{ callees: actions, oneOf: true }];
    }
  }
}

/** One edge per call of a callable inside `body`. */
function edgesIn(cx: Checker, body: unknown): Edge[] {
  const out: Edge[] = [];
  for (const call of callsIn(body)) {
    const callee = calleeOf(cx, call);
    if (callee) out.push({ callees: [callee], oneOf: false });
  }
  return out;
}

function calleeOf(cx: Checker, call: CallExpr): Callable | undefined {
  const t = call.target;
  switch (t?.kind) {
    case 'function':
    case 'action':
    case 'control_apply':
    case 'parser_apply':
      return t.decl;
    case 'table_apply':
      return t.table;
    case 'param_apply':
      return boundBlock(cx, t.param);
    default:
      return undefined;
  }
}

/** The control or parser a constructor parameter of that type is bound to, through parameters handed on. */
function boundBlock(cx: Checker, p: Param): ControlDecl | ParserDecl | undefined {
  let b: InstanceDecl | Param | undefined = cx.blockBindings.get(p);
  for (let hops = 0; b?.kind === 'param' && hops < 64; hops++) b = cx.blockBindings.get(b);
  if (b?.kind !== 'instance') return undefined;
  const t = b.type;
  return t.kind === 'control' || t.kind === 'parser' ? (t.decl as ControlDecl | ParserDecl) : undefined;
}
