// A parsed YAML document that remembers where each value came from, so errors can cite line:col.
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { isAlias, isMap, isScalar, LineCounter, parseDocument, visit, type Document } from 'yaml';
import { ConfigError, formatPath, type ConfigIssue } from './issues.js';

/** A path into the parsed value: mapping keys and sequence indices, e.g. `['model', 'layers', 3]`. */
export type DataPath = (string | number)[];

export interface Position {
  line: number;
  col: number;
}

/**
 * Limits on what a config file may cost to load. The project's largest config is a few KiB (a model
 * profile of a few hundred layers); 256 KiB leaves a hundredfold margin, while a multi-megabyte file
 * (seconds of parsing and gigabytes of memory for the positions every value keeps) is refused at once.
 * Aliases are few in real configs; a small budget of alias expansions stops "billion laughs" documents,
 * whose expansion grows exponentially with their size.
 */
export const MAX_CONFIG_BYTES = 256 * 1024;
export const MAX_ALIAS_EXPANSIONS = 100;

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
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > MAX_CONFIG_BYTES) throw tooLarge(file, bytes);
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true });
    if (doc.errors.length > 0) {
      const issues: ConfigIssue[] = doc.errors.map((e) => {
        const pos = e.linePos?.[0];
        return { file, path: '', line: pos?.line, col: pos?.col, message: firstLine(e.message) };
      });
      throw new ConfigError(issues);
    }
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_EXPANSIONS });
    } catch (err) {
      // yaml throws a ReferenceError when aliases expand beyond the budget (or refer to nothing).
      if (!(err instanceof ReferenceError)) throw err;
      const at = firstAlias(doc, lines);
      throw new ConfigError([
        {
          file,
          path: '',
          ...at,
          message: /alias count/i.test(err.message)
            ? `aliases expand too much (more than ${MAX_ALIAS_EXPANSIONS} expansions); write the values out instead`
            : firstLine(err.message),
        },
      ]);
    }
    return new YamlSource(file, value, doc, lines);
  }

  /** Reads and parses a file; a missing or unreadable file is a ConfigError too. */
  static read(file: string): YamlSource {
    return YamlSource.parse(readConfigText(file), file);
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

  /** Whether the file itself holds a value at `path` (a loader may have filled in more since). */
  has(path: DataPath): boolean {
    return this.doc.hasIn(path);
  }

  /** An issue about the value at `path`, located in this file (for checks a schema cannot express). */
  issue(path: DataPath, message: string): ConfigIssue {
    const pos = this.locate(path);
    return { file: this.file, path: formatPath(path), line: pos?.line, col: pos?.col, message };
  }
}

function tooLarge(file: string, bytes: number): ConfigError {
  return new ConfigError([
    {
      file,
      path: '',
      message: `the file is ${bytes} bytes; config files are limited to ${MAX_CONFIG_BYTES} bytes (${MAX_CONFIG_BYTES / 1024} KiB)`,
    },
  ]);
}

/** A config file's text: a regular file (opened without blocking, so a FIFO cannot hang the loader) no
 *  larger than MAX_CONFIG_BYTES; anything else is a ConfigError naming the file. */
function readConfigText(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(err);
    throw new ConfigError([{ file, path: '', message: `cannot read: ${reason}` }]);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new ConfigError([{ file, path: '', message: 'cannot read: not a regular file' }]);
    if (st.size > MAX_CONFIG_BYTES) throw tooLarge(file, st.size);
    return readFileSync(fd, 'utf8');
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError([{ file, path: '', message: `cannot read: ${String(err)}` }]);
  } finally {
    closeSync(fd);
  }
}

/** Where the first alias (`*name`) of the document is, to point at in an alias error. */
function firstAlias(doc: Document, lines: LineCounter): { line?: number; col?: number } {
  let start: number | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (isAlias(node) && node.range) {
        start = node.range[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return start === undefined ? {} : lines.linePos(start);
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}
