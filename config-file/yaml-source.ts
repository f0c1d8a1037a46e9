// A parsed YAML document that remembers where each value came from, so errors can cite line:col.
import { readFileSync } from 'node:fs';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import { ConfigError, formatPath, type ConfigIssue } from './issues.js';

/** A path into the parsed value: mapping keys and sequence indices, e.g. `['model', 'layers', 3]`. */
export type DataPath = (string | number)[];

export interface Position {
  line: number;
  col: number;
}

export class YamlSource {
  private constructor(
    readonly file: string,
    /** The document as plain JavaScript values (mappings are objects, sequences arrays). */
    readonly value: unknown,
    private readonly doc: Document,
    private readonly lines: LineCounter,
  ) {}

  /** Parses YAML text; syntax errors (and duplicate keys) become a ConfigError naming the file. */
  static parse(text: string, file: string): YamlSource {
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true });
    if (doc.errors.length > 0) {
      const issues: ConfigIssue[] = doc.errors.map((e) => {
        const pos = e.linePos?.[0];
        return { file, path: '', line: pos?.line, col: pos?.col, message: firstLine(e.message) };
      });
      throw new ConfigError(issues);
    }
    return new YamlSource(file, doc.toJS() as unknown, doc, lines);
  }

  /** Reads and parses a file; a missing or unreadable file is a ConfigError too. */
  static read(file: string): YamlSource {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(err);
      throw new ConfigError([{ file, path: '', message: `cannot read: ${reason}` }]);
    }
    return YamlSource.parse(text, file);
  }

  /**
   * Where the value at `path` starts; with `key`, where the mapping key of that name starts (for
   * properties that should not be there). Falls back to the nearest enclosing node that exists.
   */
  locate(path: DataPath, key?: string): Position | undefined {
    for (let depth = path.length; depth >= 0; depth--) {
      const prefix = path.slice(0, depth);
      const node: unknown = depth === 0 ? this.doc.contents : this.doc.getIn(prefix, true);
      if (node === undefined || node === null) continue;
      if (key !== undefined && depth === path.length && isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
        const start = pair && isScalar(pair.key) ? pair.key.range?.[0] : undefined;
        if (start !== undefined) return this.lines.linePos(start);
      }
      const range = (node as { range?: [number, number, number] }).range;
      if (range) return this.lines.linePos(range[0]);
    }
    return undefined;
  }

  /** An issue about the value at `path`, located in this file (for checks a schema cannot express). */
  issue(path: DataPath, message: string): ConfigIssue {
    const pos = this.locate(path);
    return { file: this.file, path: formatPath(path), line: pos?.line, col: pos?.col, message };
  }
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}
