// Limits that keep the compiler's work bounded on any input, so that a hostile or broken program gets a
// located error instead of a JavaScript stack overflow, a hang or an out-of-memory abort. Each is far above
// what real programs use (p4c's test programs nest a few dozen levels and use a few hundred macro tokens).
import type { Loc, Program } from './ast.js';
import type { Diagnostics } from './diagnostics.js';

/** Nesting depth of statements, expressions and types: blocks, `if`s, parentheses, operators (a chain
 *  `a + b + c` is two levels: one per operator), casts, types inside types. The checker and the code
 *  generator recurse on the tree; past a thousand levels they would overflow the JavaScript stack. */
export const MAX_NESTING = 256;

/** Tokens that macro expansion may produce in one compilation (all lines, all files). */
export const MAX_MACRO_TOKENS = 1_000_000;

/** The widest bit<W>/int<W> (p4c's maximum width), and so the widest value a P4 program can store. */
export const MAX_WIDTH = 2048;

/** The widest varbit<W>. p4c puts no limit on it (ONOS's INT program for bmv2 declares varbit<8032>); this
 *  one only keeps sizes computed from it exact (a frame is far smaller). */
export const MAX_VARBIT_WIDTH = 1 << 20;

/** Bits an arbitrary-precision integer constant may have while folding: room for intermediate results
 *  twice the widest type, no more (a shift by hundreds of millions of bits must not be computed). */
export const MAX_INFINT_BITS = 2 * MAX_WIDTH;

/** Elements of one header stack: each packet's state holds every element. */
export const MAX_STACK_SIZE = 4096;

/** Cells of one register, counter or meter array, and of all of a program's together: the engine allocates
 *  them when it loads the program, so a pushed pipeline must not be able to ask for gigabytes. */
export const MAX_EXTERN_SIZE = 1 << 22;
export const MAX_EXTERN_CELLS = 1 << 24;

/** Controls and parsers instantiated inside other blocks: each instance is checked and compiled as its own
 *  copy, so a chain of blocks that each instantiate the previous one twice would double the work per level. */
export const MAX_BLOCK_COPIES = 1024;
/** Blocks instantiated inside blocks instantiated inside blocks...: how deep instance paths may go. */
export const MAX_INSTANCE_DEPTH = 32;

/** Calls one run of a function, action, control, parser or table makes with every call expanded, its own
 *  included: p4c inlines them all, and the engine must finish a packet in bounded time. */
export const MAX_EXPANDED_CALLS = 1 << 20;

/** Scalar fields (and header validity bits) in one value of any type: each packet's state holds them all. */
export const MAX_TYPE_FIELDS = 1 << 18;

/** Specializations of generic types (`Pair<bit<8>>`) and of generic functions (`ident<bit<8>>`): how many of
 *  each a program may make, and how deep a specialization may cause others through its fields or body. Each
 *  is a declaration of its own. */
export const MAX_SPECIALIZATIONS = 1024;
export const MAX_SPECIALIZATION_DEPTH = 32;

export function tooDeep(diags: Diagnostics, loc: Loc): never {
  return diags.fatal(
    loc,
    `nesting too deep: more than ${MAX_NESTING} levels of statements, expressions or types (a chain of binary operators counts one level per operator)`,
  );
}

/** Rejects a parsed program whose tree is deeper than MAX_NESTING levels of AST nodes (objects with a
 *  location). The walk is iterative, so it is safe on any tree the parser can build. */
export function checkNesting(program: Program, diags: Diagnostics): void {
  const stack: [unknown, number][] = [[program, 0]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const isNode = 'loc' in node && 'kind' in node;
    const d = isNode ? depth + 1 : depth;
    if (d > MAX_NESTING) tooDeep(diags, (node as { loc: Loc }).loc);
    for (const [k, v] of Object.entries(node)) if (k !== 'loc' && typeof v === 'object') stack.push([v, d]);
  }
}
