// The compiler driver, as p4c's is to its front-end and control-plane serializer: reads a P4_16 v1model
// program, runs the front-end (../frontend/) and derives the P4Info (../p4info/) from the checked program.
// It is the one place that uses both, so neither imports the other's entry point.
import type { P4Info } from '../p4info/types.js';
import { buildP4Info } from '../p4info/build.js';
import {
  Diagnostics,
  frontEnd,
  readRegularFile,
  type CheckedProgram,
  type CompileOptions,
  type Diagnostic,
} from '../frontend/index.js';

export type { CheckedProgram, CompileOptions, Diagnostic } from '../frontend/index.js';
export { formatDiagnostic } from '../frontend/index.js';
export { p4infoToText } from '../p4info/text.js';

export type CompileResult =
  | { ok: true; program: CheckedProgram; p4info: P4Info; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

/** Compile a P4_16 v1model program: `text` when given, else the file at `path` (which names the source in diagnostics). */
export function compileP4(
  input: { path: string; text?: string },
  options: CompileOptions = {},
): CompileResult {
  const diags = new Diagnostics();
  let text = input.text;
  if (text === undefined) {
    const read = readRegularFile(input.path);
    if (read.ok) text = read.bytes.toString('utf8');
    else {
      return {
        ok: false,
        diagnostics: [
          {
            file: input.path,
            line: 1,
            col: 1,
            message: `cannot read ${input.path}: ${read.reason}`,
            severity: 'error',
          },
        ],
      };
    }
  }
  const checked = frontEnd(input.path, text, options, diags);
  if (!checked) return { ok: false, diagnostics: diags.list };
  const { p4info, problems, warnings } = buildP4Info(checked.program);
  for (const p of problems) diags.error(p.loc ?? checked.mainLoc, p.message);
  for (const w of warnings) diags.warning(w.loc ?? checked.mainLoc, w.message);
  if (diags.hasErrors) return { ok: false, diagnostics: diags.list };
  return { ok: true, program: checked.program, p4info, diagnostics: diags.list };
}
