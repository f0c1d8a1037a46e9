// Located compile errors, collected rather than thrown so that one run can report several.
import type { Loc } from './ast.js';

export interface Diagnostic {
  file: string;
  line: number;
  col: number;
  message: string;
  severity: 'error' | 'warning';
}

/** "file:line:col: error: message", the form compilers and editors understand. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col}: ${d.severity}: ${d.message}`;
}

/** Thrown to abandon a phase after an error that makes going on pointless (the error is already recorded). */
export class CompileAbort extends Error {
  constructor() {
    super('compilation aborted');
  }
}

export class Diagnostics {
  readonly list: Diagnostic[] = [];

  error(loc: Loc, message: string): void {
    this.list.push({ file: loc.file, line: loc.line, col: loc.col, message, severity: 'error' });
  }

  warning(loc: Loc, message: string): void {
    this.list.push({ file: loc.file, line: loc.line, col: loc.col, message, severity: 'warning' });
  }

  /** Record and abort the current phase. */
  fatal(loc: Loc, message: string): never {
    this.error(loc, message);
    throw new CompileAbort();
  }

  get hasErrors(): boolean {
    return this.list.some((d) => d.severity === 'error');
  }
}
