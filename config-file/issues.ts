// Config problems, each pinned to a file, a path inside it and (when known) a line and column.

export interface ConfigIssue {
  file: string;
  /** Path inside the document in dotted form, e.g. `model.layers[3].size`; '' for the whole file. */
  path: string;
  line?: number;
  col?: number;
  message: string;
}

/** `file:line:col: path: message`, leaving out what is not known. */
export function formatIssue(issue: ConfigIssue): string {
  const where = issue.line === undefined ? issue.file : `${issue.file}:${issue.line}:${issue.col ?? 1}`;
  return issue.path === '' ? `${where}: ${issue.message}` : `${where}: ${issue.path}: ${issue.message}`;
}

/** Thrown by every loader; `message` lists every issue, one a line, so a user can fix them all at once. */
export class ConfigError extends Error {
  constructor(readonly issues: ConfigIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'ConfigError';
  }
}

/** `['model', 'layers', 3, 'size']` → `model.layers[3].size`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? segment : `.${segment}`;
  }
  return out;
}
