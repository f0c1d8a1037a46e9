// The C-preprocessor subset P4 programs use: #include, object-like and function-like #define (with # and ##,
// macro-body.ts) and #undef, #if/#ifdef/#ifndef/#elif/#else/#endif with defined() and integer expressions,
// #error. It produces tokens that keep the file/line/column of the text they came from (a macro's tokens take
// the location of its use).
import { realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loc } from './ast.js';
import type { Diagnostics } from './diagnostics.js';
import { lexLine, opensString, type Token } from './lexer.js';
import { callStillOpen, substitute } from './macro-body.js';
import { MAX_MACRO_TOKENS } from './limits.js';
import { readRegularFile } from './source-file.js';

/** The target's own core.p4 and v1model.p4. */
export const BUILTIN_INCLUDE_DIR = fileURLToPath(new URL('../include/', import.meta.url));

export interface PreprocessOptions {
  includeDirs?: string[];
  defines?: Record<string, string>;
  /** Source from an untrusted party (a pipeline pushed over P4Runtime): only the target's own core.p4 and
   *  v1model.p4 and files under `includeDirs` (after following symbolic links) can be included, and a
   *  refusal says the same whether or not the file exists, so nothing outside those directories leaks. */
  sandbox?: boolean;
}

function realDir(dir: string): string | undefined {
  try {
    return realpathSync(dir);
  } catch {
    return undefined;
  }
}

const BUILTIN_REAL_DIR = realDir(BUILTIN_INCLUDE_DIR) ?? BUILTIN_INCLUDE_DIR;

function inside(path: string, dir: string): boolean {
  const r = relative(dir, path);
  return r !== '' && !r.startsWith('..') && !isAbsolute(r);
}

/** One message for every refused include in a sandbox, so that the answer tells nothing about the file. */
const notAllowed = (target: string): string =>
  `cannot include '${target}': only core.p4, v1model.p4 and files in the operator's include directories can be included`;

type Resolved = { ok: true; path: string; sandboxed: boolean } | { ok: false; message: string };

/** Where `#include` of `target` reads from: the first candidate that is a regular file (after following
 *  symbolic links), and, in a sandbox, lies inside an allowed directory. A FIFO, a device or a directory is
 *  never opened, so an include can neither block the compiler nor read a device. */
export function resolveInclude(
  target: string,
  includingFile: string | undefined,
  options: PreprocessOptions,
): Resolved {
  const sandbox = options.sandbox === true;
  const dirs = [...(options.includeDirs ?? []), BUILTIN_INCLUDE_DIR];
  const roots = sandbox ? dirs.map(realDir).filter((d): d is string => d !== undefined) : [];
  const ownDir = includingFile !== undefined ? dirname(includingFile) : undefined;
  const candidates = isAbsolute(target)
    ? [target]
    : [...(ownDir !== undefined ? [resolve(ownDir, target)] : []), ...dirs.map((d) => resolve(d, target))];
  let special: string | undefined;
  for (const c of candidates) {
    let real: string;
    try {
      real = realpathSync(c);
    } catch {
      continue;
    }
    if (sandbox && !roots.some((r) => inside(real, r))) continue;
    let regular: boolean;
    try {
      regular = statSync(real).isFile();
    } catch {
      continue;
    }
    if (regular) return { ok: true, path: real, sandboxed: sandbox };
    special ??= c;
  }
  if (sandbox) return { ok: false, message: notAllowed(target) };
  if (special !== undefined) return { ok: false, message: `include file '${target}' is not a regular file` };
  return { ok: false, message: `cannot find include file '${target}'` };
}

/** Replaces comments by spaces (newlines kept), so that positions do not move. */
export function stripComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') {
        out += ' ';
        i++;
      }
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (; i < stop; i++) out += text[i] === '\n' ? '\n' : ' ';
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

interface Macro {
  tokens: Token[];
  /** Parameter names of a function-like macro (`#define F(a, b) ...`). */
  params?: string[];
}

interface CondFrame {
  /** This branch's lines are kept. */
  active: boolean;
  /** Some branch of this #if chain was already taken. */
  taken: boolean;
  /** The enclosing region is active. */
  outer: boolean;
  sawElse: boolean;
  loc: Loc;
}

export class Preprocessor {
  private readonly macros = new Map<string, Macro>();
  private readonly out: Token[] = [];
  private depth = 0;
  /** Tokens made by macro expansion so far (see chargeExpansion). */
  private expandedTokens = 0;
  /** Files that said `#pragma once`. */
  private readonly once = new Set<string>();

  constructor(
    private readonly diags: Diagnostics,
    private readonly options: PreprocessOptions = {},
  ) {
    for (const [name, value] of Object.entries(options.defines ?? {})) {
      const loc = { file: '<command line>', line: 1, col: 1 };
      this.macros.set(name, { tokens: lexLine(value, loc.file, 1, diags) });
    }
  }

  run(file: string, text: string): Token[] {
    this.processFile(file, text);
    const last = this.out[this.out.length - 1];
    this.out.push({
      kind: 'eof',
      text: '<end of input>',
      loc: last ? { ...last.loc } : { file, line: 1, col: 1 },
    });
    return this.out;
  }

  private processFile(file: string, text: string): void {
    if (++this.depth > 50) {
      this.diags.error({ file, line: 1, col: 1 }, '#include nested too deeply');
      this.depth--;
      return;
    }
    const lines = stripComments(text).split('\n');
    const conds: CondFrame[] = [];
    const active = (): boolean => conds.length === 0 || conds[conds.length - 1]!.active;
    for (let n = 0; n < lines.length; n++) {
      const lineNo = n + 1;
      let line = lines[n]!;
      if (isDirective(line)) {
        const hashAt = line.search(/\S/);
        // Directives may continue over several lines with a trailing backslash, which C's line splicing
        // deletes with its newline: a name may be split over two lines.
        while (line.endsWith('\\') && n + 1 < lines.length) line = line.slice(0, -1) + lines[++n];
        this.directive(file, lineNo, line, hashAt, conds, active());
        continue;
      }
      if (!active()) continue;
      // A string literal left open takes the following lines up to its closing quote, as text.
      // Each line is scanned once, so that one stray quote costs no more than reading the file.
      for (let open = opensString(line); open && n + 1 < lines.length;) {
        const next = lines[++n]!;
        line += '\n' + next;
        open = opensString(next, true);
      }
      const toks = lexLine(line, file, lineNo, this.diags);
      // A macro call whose arguments run on takes the following lines (up to a directive) to its ')'.
      for (
        let scan = callStillOpen(toks, this.isFunctionLike, { open: false, depth: 0 });
        scan.open && n + 1 < lines.length && !isDirective(lines[n + 1]!);
      ) {
        const more = lexLine(lines[++n]!, file, n + 1, this.diags);
        appendTokens(toks, more);
        scan = callStillOpen(more, this.isFunctionLike, scan);
      }
      appendTokens(this.out, this.expand(toks, new Set()));
    }
    for (const c of conds) this.diags.error(c.loc, 'unterminated #if');
    this.depth--;
  }

  /** Whether `name` is a function-like macro now (made once, for callStillOpen on every line). */
  private readonly isFunctionLike = (name: string): boolean => this.macros.get(name)?.params !== undefined;

  /** Counts `n` more tokens of macro expansion, made at `loc`: past MAX_MACRO_TOKENS in one compilation
   *  (a macro that expands to a huge line, or doubles at each level) the compilation stops there. */
  private chargeExpansion(loc: Loc, n: number): void {
    this.expandedTokens += n;
    if (this.expandedTokens > MAX_MACRO_TOKENS)
      this.diags.fatal(loc, `macro expansion too large: more than ${MAX_MACRO_TOKENS} tokens`);
  }

  /** Expands macros in one line's tokens (or several, when a call's arguments run on: see processFile). A
   *  macro's tokens take the location of its use; arguments of a function-like macro keep their own. */
  private expand(toks: Token[], expanding: Set<string>): Token[] {
    const out: Token[] = [];
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i]!;
      const m = t.kind === 'ident' ? this.macros.get(t.text) : undefined;
      if (!m || expanding.has(t.text) || (m.params && toks[i + 1]?.text !== '(')) {
        out.push(t);
        continue;
      }
      let body = m.tokens;
      if (m.params) {
        const args: Token[][] = [[]];
        let depth = 0;
        let j = i + 1;
        for (; j < toks.length; j++) {
          const x = toks[j]!;
          if (x.text === '(' && depth++ === 0) continue;
          if (x.text === ')' && --depth === 0) break;
          if (x.text === ',' && depth === 1) {
            args.push([]);
            continue;
          }
          args[args.length - 1]!.push(x);
        }
        if (j >= toks.length) {
          this.diags.error(t.loc, `unterminated call of macro '${t.text}'`);
          out.push(t);
          continue;
        }
        if (args.length === 1 && args[0]!.length === 0 && m.params.length === 0) args.pop();
        if (args.length !== m.params.length)
          this.diags.error(t.loc, `macro '${t.text}' takes ${m.params.length} arguments, got ${args.length}`);
        i = j;
        const expandedArgs = args.map((a) => this.expand(a, expanding));
        const params = m.params;
        this.chargeExpansion(
          t.loc,
          m.tokens.reduce((n, bt) => {
            const k = bt.kind === 'ident' ? params.indexOf(bt.text) : -1;
            return n + (k >= 0 ? Math.max(expandedArgs[k]?.length ?? 0, args[k]?.length ?? 0) : 1);
          }, 0),
        );
        body = substitute(m.tokens, t.loc, this.diags, params, args, expandedArgs);
      } else {
        this.chargeExpansion(t.loc, body.length);
        body = substitute(body, t.loc, this.diags);
      }
      const placed = body.map((bt, k) => (k === 0 ? { ...bt, adjacent: t.adjacent } : bt));
      appendTokens(out, this.expand(placed, new Set(expanding).add(t.text)));
    }
    return out;
  }

  private directive(
    file: string,
    lineNo: number,
    line: string,
    hashAt: number,
    conds: CondFrame[],
    active: boolean,
  ): void {
    const m = /^#\s*([A-Za-z_]\w*)?/.exec(line.slice(hashAt))!;
    const name = m[1] ?? '';
    const restCol = hashAt + m[0].length;
    const rest = line.slice(restCol);
    const loc: Loc = { file, line: lineNo, col: hashAt + 1 };
    const restTokens = (): Token[] => lexLine(rest, file, lineNo, this.diags, restCol + 1);
    const top = conds[conds.length - 1];
    switch (name) {
      case 'if':
      case 'ifdef':
      case 'ifndef': {
        let cond = false;
        if (active) {
          if (name === 'if') cond = this.evalCondition(restTokens(), loc);
          else {
            const id = restTokens()[0];
            if (!id || id.kind !== 'ident') this.diags.error(loc, `#${name} needs a macro name`);
            else cond = this.macros.has(id.text) === (name === 'ifdef');
          }
        }
        conds.push({ active: active && cond, taken: cond, outer: active, sawElse: false, loc });
        return;
      }
      case 'elif':
        if (!top || top.sawElse) return this.diags.error(loc, '#elif without #if');
        if (top.taken || !top.outer) top.active = false;
        else {
          top.active = this.evalCondition(restTokens(), loc);
          top.taken = top.active;
        }
        return;
      case 'else':
        if (!top || top.sawElse) return this.diags.error(loc, '#else without #if');
        top.sawElse = true;
        top.active = top.outer && !top.taken;
        top.taken = true;
        return;
      case 'endif':
        if (!top) return this.diags.error(loc, '#endif without #if');
        conds.pop();
        return;
    }
    if (!active) return;
    switch (name) {
      case 'define': {
        // `#define F(a, b) body` is function-like only when '(' follows the name directly, as in C.
        const dm = /^\s*([A-Za-z_]\w*)(\(([^)]*)\))?/.exec(rest);
        if (!dm) return this.diags.error(loc, '#define needs a macro name');
        const params =
          dm[2] !== undefined
            ? dm[3]!
                .split(',')
                .map((x) => x.trim())
                .filter((x) => x.length > 0)
            : undefined;
        const bodyCol = restCol + dm[0].length;
        const body = lexLine(line.slice(bodyCol), file, lineNo, this.diags, bodyCol + 1);
        this.macros.set(dm[1]!, { tokens: body, params });
        return;
      }
      case 'undef': {
        const id = restTokens()[0];
        if (id) this.macros.delete(id.text);
        return;
      }
      case 'include':
        return this.include(
          file,
          { ...loc, col: restCol + 1 + (rest.length - rest.trimStart().length) },
          rest.trim(),
        );
      case 'error':
        return this.diags.error(loc, `#error ${rest.trim()}`);
      case 'warning':
        return this.diags.warning(loc, `#warning ${rest.trim()}`);
      case 'pragma':
        if (rest.trim() === 'once') this.once.add(file);
        return;
      case 'line':
      case '':
        return;
      default:
        this.diags.warning(loc, `unknown preprocessor directive #${name} ignored`);
    }
  }

  private include(file: string, loc: Loc, spec: string): void {
    const m = /^(<([^>]+)>|"([^"]+)")/.exec(spec);
    if (!m) return this.diags.error(loc, `malformed #include ${spec}`);
    const target = m[2] ?? m[3]!;
    const found = resolveInclude(target, m[3] !== undefined ? file : undefined, this.options);
    if (!found.ok) return this.diags.error(loc, found.message);
    const name = inside(found.path, BUILTIN_REAL_DIR) ? join('<builtin>', target) : found.path;
    if (this.once.has(name)) return;
    const read = readRegularFile(found.path);
    if (!read.ok)
      return this.diags.error(
        loc,
        found.sandboxed ? notAllowed(target) : `cannot read include file '${target}': ${read.reason}`,
      );
    this.processFile(name, read.bytes.toString('utf8'));
  }

  /** Evaluates an #if expression: integers, defined(), arithmetic, comparisons and logic; unknown names are 0. */
  private evalCondition(tokens: Token[], loc: Loc): boolean {
    // Expand macros except inside defined(...).
    const toks: Token[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.kind === 'ident' && t.text === 'defined') {
        const paren = tokens[i + 1]?.text === '(';
        const id = tokens[i + (paren ? 2 : 1)];
        toks.push({ ...t, kind: 'int', value: id && this.macros.has(id.text) ? 1n : 0n });
        i += paren ? 3 : 1;
        continue;
      }
      toks.push(t);
    }
    const expanded = this.expand(toks, new Set());
    toks.length = 0;
    appendTokens(toks, expanded);
    let pos = 0;
    const peek = (): string | undefined => toks[pos]?.text;
    const fail = (): never => this.diags.fatal(loc, 'invalid #if expression');
    const prec: Record<string, number> = {
      '||': 1,
      '&&': 2,
      '|': 3,
      '^': 4,
      '&': 5,
      '==': 6,
      '!=': 6,
      '<': 7,
      '>': 7,
      '<=': 7,
      '>=': 7,
      '<<': 8,
      '+': 9,
      '-': 9,
      '*': 10,
      '/': 10,
      '%': 10,
    };
    const primary = (): bigint => {
      const t = toks[pos++];
      if (!t) return fail();
      if (t.text === '(') {
        const v = expr(0);
        if (toks[pos++]?.text !== ')') fail();
        return v;
      }
      if (t.text === '!') return primary() === 0n ? 1n : 0n;
      if (t.text === '-') return -primary();
      if (t.text === '~') return ~primary();
      if (t.kind === 'int') return t.value!;
      if (t.kind === 'ident') return t.text === 'true' ? 1n : 0n;
      return fail();
    };
    const expr = (minPrec: number): bigint => {
      let left = primary();
      for (;;) {
        let op = peek();
        // `>>` arrives as two adjacent '>' tokens.
        if (op === '>' && toks[pos + 1]?.text === '>' && toks[pos + 1]!.adjacent) op = '>>';
        const p = op === '>>' ? 8 : op !== undefined && Object.hasOwn(prec, op) ? prec[op] : undefined;
        if (p === undefined || p <= minPrec - 1 || p < minPrec) break;
        pos += op === '>>' ? 2 : 1;
        const right = expr(p + 1);
        const b = (x: boolean): bigint => (x ? 1n : 0n);
        switch (op) {
          case '||':
            left = b(left !== 0n || right !== 0n);
            break;
          case '&&':
            left = b(left !== 0n && right !== 0n);
            break;
          case '|':
            left |= right;
            break;
          case '^':
            left ^= right;
            break;
          case '&':
            left &= right;
            break;
          case '==':
            left = b(left === right);
            break;
          case '!=':
            left = b(left !== right);
            break;
          case '<':
            left = b(left < right);
            break;
          case '>':
            left = b(left > right);
            break;
          case '<=':
            left = b(left <= right);
            break;
          case '>=':
            left = b(left >= right);
            break;
          case '<<':
            left <<= right;
            break;
          case '>>':
            left >>= right;
            break;
          case '+':
            left += right;
            break;
          case '-':
            left -= right;
            break;
          case '*':
            left *= right;
            break;
          case '/':
            left = right === 0n ? fail() : left / right;
            break;
          case '%':
            left = right === 0n ? fail() : left % right;
            break;
        }
      }
      return left;
    };
    try {
      const v = expr(0);
      if (pos !== toks.length) fail();
      return v !== 0n;
    } catch {
      return false;
    }
  }
}

/** A line whose first non-blank character is '#'. */
function isDirective(line: string): boolean {
  return /^\s*#/.test(line);
}

/** out.push(...toks) without spreading: a spread of a very long line would overflow the stack. */
function appendTokens(out: Token[], toks: Token[]): void {
  for (const t of toks) out.push(t);
}
