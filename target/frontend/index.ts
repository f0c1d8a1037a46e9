// Entry point of the P4_16 front-end: source text in, checked program (or located errors) out. The compiler
// driver (../compiler/) reads the file and derives the P4Info from the checked program.
import type { CheckedProgram, Loc } from './ast.js';
import { CompileAbort, type Diagnostics } from './diagnostics.js';
import { Preprocessor } from './preprocessor.js';
import { parseTokens } from './parser.js';
import { checkNesting } from './limits.js';
import { Checker } from './check/checker.js';
import { assemble, resolveMain } from './v1model.js';

export type { Diagnostic } from './diagnostics.js';
export { Diagnostics, formatDiagnostic } from './diagnostics.js';
export { readRegularFile } from './source-file.js';
export type * from './ast.js';

export interface CompileOptions {
  /** Directories searched for `#include <...>` and, after the including file's own folder, `#include "..."`. */
  includeDirs?: string[];
  /** `-D NAME=VALUE` definitions (value '1' when given as `-D NAME`). */
  defines?: Record<string, string>;
  /** Untrusted source (a pipeline pushed over P4Runtime): see PreprocessOptions.sandbox. */
  sandbox?: boolean;
}

/** A checked program and where its `main` is instantiated (the location of problems found later that have no
 *  place of their own). */
export interface FrontEndResult {
  program: CheckedProgram;
  mainLoc: Loc;
}

/** Preprocess, parse and check the source `text` of the file `path`; undefined when `diags` got errors. */
export function frontEnd(
  path: string,
  text: string,
  options: CompileOptions,
  diags: Diagnostics,
): FrontEndResult | undefined {
  try {
    const tokens = new Preprocessor(diags, options).run(path, text);
    if (diags.hasErrors) return undefined;
    const program = parseTokens(tokens, diags);
    if (!program || diags.hasErrors) return undefined;
    checkNesting(program, diags);
    const result = new Checker(diags).check(program);
    if (diags.hasErrors) return undefined;
    const main = resolveMain(program, result, diags);
    if (!main || diags.hasErrors) return undefined;
    return { program: assemble(program, result, main), mainLoc: main.instance.loc };
  } catch (e) {
    if (e instanceof CompileAbort) return undefined;
    throw e;
  }
}
