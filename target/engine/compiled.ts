// Compiled programs: the generated source evaluated once into the blocks the pipeline calls, cached by
// source text and shared by every switch that runs the same program.
import type { PktState } from './packet-state.js';
import type { Obj } from './runtime.js';

/** The generated code's blocks, as the pipeline calls them. */
export interface Blocks {
  /** Run the blocks for one switch: its runtime, tables, externs, log function and value sets. */
  use(rt: unknown, tables: unknown, externs: unknown, log: unknown, valueSets: unknown): void;
  set(s: PktState): void;
  newHeaders(): Obj;
  newMeta(): Obj;
  newStandardMetadata(): Obj;
  resetHeaders(o: Obj): Obj;
  resetMeta(o: Obj): Obj;
  resetStandardMetadata(o: Obj): Obj;
  /** Bits the deparser will emit for the current packet; -1 if that cannot be known in advance. */
  deparsedBits(): number;
  parser(): void;
  verify(): void;
  ingress(): void;
  egress(): void;
  compute(): void;
  deparser(): void;
}

/** Compiled programs by generated source text. Every switch of a program (a fabric runs the same program on
 *  each switch) runs the same blocks, switched to its own tables, externs and random stream by use() when
 *  another switch ran them last: the JIT warms up one copy of the code, and in a fabric, where consecutive
 *  packets are on different switches, the code's functions and variables stay in the cache. Between packets
 *  the blocks hold nothing a switch changes, only references to the last switch's tables (kept alive until
 *  another switch of the program runs). Bounded, most recently used last, so a long-lived process that loads
 *  many programs does not keep them all. */
export interface Compiled {
  blocks: Blocks;
  /** The switch the blocks were last switched to. */
  current: object | undefined;
  /** Finished packet states of every switch running this code (see Switch.freeStates). */
  freeStates: PktState[];
}
const factories = new Map<string, Compiled>();
const MAX_FACTORIES = 32;

export function compiled(source: string): Compiled {
  let c = factories.get(source);
  if (c) {
    factories.delete(source);
  } else {
    c = { blocks: (new Function(source) as () => Blocks)(), current: undefined, freeStates: [] };
    if (factories.size >= MAX_FACTORIES) factories.delete(factories.keys().next().value as string);
  }
  factories.set(source, c);
  return c;
}
