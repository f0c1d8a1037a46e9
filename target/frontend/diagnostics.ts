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
  /** What has been reported: a block instantiated several times is checked once per instance, and its
   *  errors are reported once. */
  private readonly seen = new Set<string>();
  private errors = 0;

  error(loc: Loc, message: string): void {
    this.errors++;
    this.add({ file: loc.file, line: loc.line, col: loc.col, message, severity: 'error' });
  }

  warning(loc: Loc, message: string): void {
    this.add({ file: loc.file, line: loc.line, col: loc.col, message, severity: 'warning' });
  }

  private add(d: Diagnostic): void {
    const key = formatDiagnostic(d);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push(d);
  }

  /** Record and abort the current phase. */
  fatal(loc: Loc, message: string): never {
    this.error(loc, message);
    throw new CompileAbort();
  }

  get hasErrors(): boolean {
    return this.errors > 0;
  }

  /** Errors reported so far, each time one is (a repeated one too): a phase can tell whether it found any. */
  get errorCount(): number {
    return this.errors;
  }
}
