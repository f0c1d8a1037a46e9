// Entry point of the P4_16 front-end: source text in, checked program and P4Info (or located errors) out.
import type { CheckedProgram } from './ast.js';
import type { P4Info } from '../p4info/types.js';
import type { Diagnostic } from './diagnostics.js';

export type { Diagnostic } from './diagnostics.js';
export { formatDiagnostic } from './diagnostics.js';
export type * from './ast.js';

export type CompileResult =
  | { ok: true; program: CheckedProgram; p4info: P4Info; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

export interface CompileOptions {
  /** Directories searched for `#include <...>` and, after the including file's own folder, `#include "..."`. */
  includeDirs?: string[];
  /** `-D NAME=VALUE` definitions (value '1' when given as `-D NAME`). */
  defines?: Record<string, string>;
}

/** Compile a P4_16 v1model program: `text` when given, else the file at `path` (which names the source in diagnostics). */
export function compileP4(
  input: { path: string; text?: string },
  options: CompileOptions = {},
): CompileResult {
  void options;
  // Replaced by the real pipeline in the following commits; the signature is the contract.
  return {
    ok: false,
    diagnostics: [
      { file: input.path, line: 1, col: 1, message: 'front-end under construction', severity: 'error' },
    ],
  };
}
