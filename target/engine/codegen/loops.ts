// Loops: `for (init; cond; update)` and `for (T v in c)` over a range, a header stack or a list, with `break`
// and `continue`.
//
// Each loop is a labelled JavaScript `for (;;)` whose body sits in a labelled block: `break` leaves the loop,
// `continue` leaves the body block, so the updates still run. Labels, not bare JavaScript `break`, because a
// P4 `switch` inside the loop becomes a JavaScript `switch`, which would catch a bare `break`.
//
// bmv2 runs a loop for as long as it goes; a program can loop forever (`bit<8> i; i < 300`). The engine serves
// P4Runtime and fabrics, so it must not hang: every top-level block may run LOOP_LIMIT iterations in all, and
// the packet is aborted with an error past that, as a failed assert() aborts it.
import type { ForInStmt, ForStmt, Loc } from '../../frontend/ast.js';
import * as B from '../bits.js';
import { bitOf } from '../types.js';
import { expr, exprAs, valueFor } from './expressions.js';
import { CodegenError, type FnCtx, type Gen } from './gen.js';
import { inRange, runtimeIndexes } from './stack-index.js';
import { guardedValue, stmt, stmtBlock } from './statements.js';

/** Iterations of all loops together in one run of a top-level block (parser, ingress, egress, ...). */
export const LOOP_LIMIT = 1 << 24;

/** The generated module's iteration counter: declared with the blocks' shared state, zeroed by each block. */
export const LOOP_COUNTER = '$loops';

function guard(loc: Loc): string {
  const where = JSON.stringify(`the for loop at ${loc.file}:${loc.line}`);
  return `if (++${LOOP_COUNTER} > ${LOOP_LIMIT}) $rt.loopLimit(${where}, ${LOOP_LIMIT});`;
}

/** The loop's labels, and its body generated under them. */
function labelled(gen: Gen, s: ForStmt | ForInStmt, ctx: FnCtx): { exit: string; body: string } {
  const exit = gen.fresh('$loop');
  const next = gen.fresh('$body');
  const body = stmtBlock(gen, s.body, { ...ctx, loop: { exit, next } });
  return { exit, body: `${next}: ${body}` };
}

export function forLoop(gen: Gen, s: ForStmt, ctx: FnCtx): string {
  const init = s.init.map((st) => stmt(gen, st, ctx)).join('\n');
  const idx = runtimeIndexes(s.cond);
  const cond = expr(gen, s.cond);
  const test = idx.length ? `${inRange(gen, idx)} && (${cond})` : cond;
  const update = s.update.map((st) => stmt(gen, st, ctx)).join('\n');
  const { exit, body } = labelled(gen, s, ctx);
  return `{\n${init}\n${exit}: for (;;) {\nif (!(${test})) break;\n${guard(s.loc)}\n${body}\n${update}\n}\n}`;
}

export function forInLoop(gen: Gen, s: ForInStmt, ctx: FnCtx): string {
  return s.collection === 'range' ? rangeLoop(gen, s, ctx) : collectionLoop(gen, s, ctx);
}

function rangeLoop(gen: Gen, s: ForInStmt, ctx: FnCtx): string {
  const t = s.variable.type;
  const bt = bitOf(t);
  if (!bt || !s.to) throw new CodegenError('for-in over a range of something other than bit<W> or int<W>');
  const v = gen.nameOf(s.variable, s.variable.name);
  const lo = gen.fresh('$lo');
  const hi = gen.fresh('$hi');
  const i = gen.fresh('$i');
  const from = guardedValue(gen, s.from, exprAs(gen, s.from, t));
  const to = guardedValue(gen, s.to, exprAs(gen, s.to, t));
  const { exit, body } = labelled(gen, s, ctx);
  // A counter beside the variable: the body may assign the variable, never the count. Both ends included,
  // and the count stops at `to` before it could wrap past the type's largest value.
  return (
    `{\nconst ${lo} = ${from}, ${hi} = ${to};\n` +
    `if (${lo} <= ${hi}) ${exit}: for (let ${i} = ${lo};; ${i} = ${i} + ${B.literal(1n, bt)}) {\n` +
    `let ${v} = ${i};\n${guard(s.loc)}\n${body}\nif (${i} === ${hi}) break;\n}\n}`
  );
}

/**
 * A header stack or a list: its values are taken once, before the first iteration (a copy of the stack, each
 * list element converted to the variable's type), so the body changing the stack or an element's operands
 * does not change what the loop walks. Each iteration's variable is its own value.
 */
function collectionLoop(gen: Gen, s: ForInStmt, ctx: FnCtx): string {
  const t = s.variable.type;
  let values: string;
  if (s.collection === 'stack') values = `$rt.clone(${guardedValue(gen, s.from, expr(gen, s.from))}).$a`;
  else if (s.collection === 'list' && s.elements)
    values = `[${s.elements.map((e) => guardedValue(gen, e, valueFor(gen, e, t))).join(', ')}]`;
  else throw new CodegenError('for-in over an unchecked collection');
  const v = gen.nameOf(s.variable, s.variable.name);
  const all = gen.fresh('$all');
  const i = gen.fresh('$i');
  const { exit, body } = labelled(gen, s, ctx);
  return (
    `{\nconst ${all} = ${values};\n` +
    `${exit}: for (let ${i} = 0; ${i} < ${all}.length; ${i}++) {\n` +
    `let ${v} = ${all}[${i}];\n${guard(s.loc)}\n${body}\n}\n}`
  );
}

/** `break` or `continue` of the innermost loop. */
export function loopJump(kind: 'break' | 'continue', ctx: FnCtx): string {
  if (!ctx.loop) throw new CodegenError(`${kind} outside a loop`);
  return `break ${kind === 'break' ? ctx.loop.exit : ctx.loop.next};`;
}
