// P4_16 tokens. Comments are removed beforehand by the preprocessor (which keeps line/column positions),
// so the lexer works one source line at a time and gives each token its original location.
import type { Loc } from './ast.js';
import type { Diagnostics } from './diagnostics.js';

export type TokenKind = 'ident' | 'int' | 'string' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  text: string;
  loc: Loc;
  /** For 'int': the value, and the width/signedness of a `8w5` / `4s3` prefix. */
  value?: bigint;
  width?: number;
  signed?: boolean;
  /** For 'string': the unescaped value. */
  str?: string;
  /** True when no whitespace separates this token from the previous one (needed to tell `>>` from `> >`). */
  adjacent?: boolean;
}

// Longest first, so that a greedy scan picks `&&&` over `&&` over `&`.
const PUNCTS = [
  '...',
  '&&&',
  '|+|',
  '|-|',
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '<<',
  '++',
  '+:',
  '..',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  '<',
  '>',
  ';',
  ':',
  ',',
  '.',
  '=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '&',
  '|',
  '^',
  '~',
  '!',
  '?',
  '@',
  '#',
];

function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

function isIdentChar(c: string): boolean {
  return isIdentStart(c) || (c >= '0' && c <= '9');
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

/** Parses the digits of an integer literal with an optional 0x/0b/0o/0d radix prefix and `_` separators. */
export function parseIntBody(text: string): bigint | undefined {
  let s = text.replace(/_/g, '');
  let radix = 10;
  const p = s.slice(0, 2).toLowerCase();
  if (p === '0x') radix = 16;
  else if (p === '0b') radix = 2;
  else if (p === '0o') radix = 8;
  else if (p === '0d') radix = 10;
  if (radix !== 10 || p === '0d') s = s.slice(2);
  if (s.length === 0) return undefined;
  const digits = '0123456789abcdef'.slice(0, radix);
  let v = 0n;
  for (const ch of s.toLowerCase()) {
    const d = digits.indexOf(ch);
    if (d < 0) return undefined;
    v = v * BigInt(radix) + BigInt(d);
  }
  return v;
}

/** Whether `line` ends inside a string literal, `inString` telling whether it begins inside one: p4c reads a
 *  string up to its closing quote, on whatever line that is (SONiC PINS's programs write multi-line
 *  @entry_restriction("...") constraints). */
export function opensString(line: string, inString = false): boolean {
  for (let i = 0; i < line.length; i++) {
    if (inString && line[i] === '\\') i++;
    else if (line[i] === '"') inString = !inString;
  }
  return inString;
}

/** Tokenises one line (without comments). `col0` is the 1-based column of text[0]. */
export function lexLine(text: string, file: string, line: number, diags: Diagnostics, col0 = 1): Token[] {
  const out: Token[] = [];
  let i = 0;
  let sawSpace = true;
  // A string literal may run over several lines (see opensString): the tokens after it are on its last line.
  let lineNo = line;
  let lineStart = 0;
  let firstCol = col0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      i++;
      sawSpace = true;
      continue;
    }
    const loc: Loc = { file, line: lineNo, col: firstCol + i - lineStart };
    const adjacent = !sawSpace;
    sawSpace = false;
    if (isIdentStart(c)) {
      let j = i + 1;
      while (j < text.length && isIdentChar(text[j]!)) j++;
      out.push({ kind: 'ident', text: text.slice(i, j), loc, adjacent });
      i = j;
      continue;
    }
    if (isDigit(c)) {
      let j = i;
      while (j < text.length && (isIdentChar(text[j]!) || text[j] === '_')) j++;
      const raw = text.slice(i, j);
      const m = /^(\d+)([ws])(.+)$/.exec(raw);
      let value: bigint | undefined;
      let width: number | undefined;
      let signed: boolean | undefined;
      if (m && !/^0[xXbBoOdD]/.test(raw)) {
        width = Number(m[1]);
        signed = m[2] === 's';
        value = parseIntBody(m[3]!);
      } else {
        value = parseIntBody(raw);
      }
      if (value === undefined) {
        diags.error(loc, `invalid integer literal '${raw}'`);
        value = 0n;
      }
      out.push({ kind: 'int', text: raw, loc, value, width, signed, adjacent });
      i = j;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let s = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length) {
          const e = text[j + 1]!;
          s += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          j += 2;
        } else s += text[j++];
      }
      if (j >= text.length) diags.error(loc, 'unterminated string literal');
      out.push({ kind: 'string', text: text.slice(i, j + 1), loc, str: s, adjacent });
      const lastNewline = text.lastIndexOf('\n', j);
      if (lastNewline > i) {
        for (let k = i; k <= lastNewline; k++) if (text[k] === '\n') lineNo++;
        lineStart = lastNewline + 1;
        firstCol = 1;
      }
      i = j + 1;
      continue;
    }
    const p = PUNCTS.find((q) => text.startsWith(q, i));
    if (p === undefined) {
      diags.error(loc, `unexpected character '${c}'`);
      i++;
      continue;
    }
    out.push({ kind: 'punct', text: p, loc, adjacent });
    i += p.length;
  }
  return out;
}
