// Entry point of the P4_16 front-end: source text in, checked program and P4Info (or located errors) out.
import { readFileSync } from 'node:fs';
import type { CheckedProgram } from './ast.js';
import type { P4Info } from '../p4info/types.js';
import { buildP4Info } from '../p4info/build.js';
import { CompileAbort, Diagnostics, type Diagnostic } from './diagnostics.js';
import { Preprocessor } from './preprocessor.js';
import { parseTokens } from './parser.js';
import { Checker } from './check/checker.js';
import { assemble, resolveMain } from './v1model.js';

export type { Diagnostic } from './diagnostics.js';
export { formatDiagnostic } from './diagnostics.js';
export type * from './ast.js';
export { p4infoToText } from '../p4info/text.js';

export type CompileResult =
  | { ok: true; program: CheckedProgram; p4info: P4Info; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

export interface CompileOptions {
  /** Directories searched for `#include <...>` and, after the including file's own folder, `#include "..."`. */
  includeDirs?: string[];
  /** `-D NAME=VALUE` definitions (value '1' when given as `-D NAME`). */
  defines?: Record<string, string>;
  /** Untrusted source (a pipeline pushed over P4Runtime): see PreprocessOptions.sandbox. */
  sandbox?: boolean;
}

/** Compile a P4_16 v1model program: `text` when given, else the file at `path` (which names the source in diagnostics). */
export function compileP4(
  input: { path: string; text?: string },
  options: CompileOptions = {},
): CompileResult {
  const diags = new Diagnostics();
  let text = input.text;
  if (text === undefined) {
    try {
      text = readFileSync(input.path, 'utf8');
    } catch (e) {
      const why = e instanceof Error && 'code' in e && e.code === 'ENOENT' ? 'no such file' : String(e);
      return {
        ok: false,
        diagnostics: [
          {
            file: input.path,
            line: 1,
            col: 1,
            message: `cannot read ${input.path}: ${why}`,
            severity: 'error',
          },
        ],
      };
    }
  }
  try {
    const tokens = new Preprocessor(diags, options).run(input.path, text);
    if (diags.hasErrors) return { ok: false, diagnostics: diags.list };
    const program = parseTokens(tokens, diags);
    if (!program || diags.hasErrors) return { ok: false, diagnostics: diags.list };
    const result = new Checker(diags).check(program);
    if (diags.hasErrors) return { ok: false, diagnostics: diags.list };
    const main = resolveMain(program, result, diags);
    if (!main || diags.hasErrors) return { ok: false, diagnostics: diags.list };
    const checked = assemble(program, result, main);
    const { p4info, problems } = buildP4Info(checked);
    for (const p of problems) diags.error(p.loc ?? main.instance.loc, p.message);
    if (diags.hasErrors) return { ok: false, diagnostics: diags.list };
    return { ok: true, program: checked, p4info, diagnostics: diags.list };
  } catch (e) {
    if (e instanceof CompileAbort) return { ok: false, diagnostics: diags.list };
    throw e;
  }
}
