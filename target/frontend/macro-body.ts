// A macro's replacement list at one use, as the C preprocessor (which p4c runs first) makes it: parameters
// replaced by their arguments, `#param` by the argument's spelling as a string literal, and `a ## b` by one
// token spelled as the two together (p4-learning's count-min sketch names its registers `sketch##num`).
import type { Loc } from './ast.js';
import type { Diagnostics } from './diagnostics.js';
import { lexLine, type Token } from './lexer.js';

/** `##`: two `#` tokens with nothing between them (P4's own lexer has no `##`). */
function isPaste(body: Token[], i: number): boolean {
  return body[i]?.text === '#' && body[i + 1]?.text === '#' && body[i + 1]!.adjacent === true;
}

/** The argument as it was written, in quotes: tokens apart where they were apart, quotes escaped. */
function stringize(arg: Token[], loc: Loc, adjacent: boolean | undefined): Token {
  const spelled = arg.map((x, i) => (i > 0 && !x.adjacent ? ' ' : '') + x.text).join('');
  const text = `"${spelled.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return { kind: 'string', text, str: spelled, loc, adjacent };
}

/** One token spelled as `left` and `right` together; a located error when they make no single token. */
function paste(left: Token, right: Token, diags: Diagnostics): Token[] {
  const spelled = left.text + right.text;
  const made = lexLine(spelled, left.loc.file, left.loc.line, diags, left.loc.col);
  if (made.length === 1) return [{ ...made[0]!, loc: left.loc, adjacent: left.adjacent }];
  diags.error(left.loc, `pasting '${left.text}' and '${right.text}' does not give a valid token`);
  return [left, right];
}

/**
 * The tokens of `body` at a use at `loc`. For a function-like macro, `args` are the arguments as written
 * and `expanded` the same with their macros expanded: an operand of `##` or `#` takes the first, any other
 * use of a parameter the second, as in C.
 */
export function substitute(
  body: Token[],
  loc: Loc,
  diags: Diagnostics,
  params: string[] = [],
  args: Token[][] = [],
  expanded: Token[][] = [],
): Token[] {
  const out: Token[] = [];
  let pasteNext = false;
  for (let b = 0; b < body.length; b++) {
    if (isPaste(body, b)) {
      pasteNext = out.length > 0;
      b++;
      continue;
    }
    const bt = body[b]!;
    const next = body[b + 1];
    let piece: Token[];
    const stringized = bt.text === '#' && next?.kind === 'ident' ? params.indexOf(next.text) : -1;
    if (stringized >= 0) {
      piece = [stringize(args[stringized] ?? [], loc, bt.adjacent)];
      b++;
    } else {
      const k = bt.kind === 'ident' ? params.indexOf(bt.text) : -1;
      if (k < 0) piece = [{ ...bt, loc }];
      else piece = (pasteNext || isPaste(body, b + 1) ? args[k] : expanded[k]) ?? [];
    }
    if (pasteNext && piece.length > 0) {
      out.push(...paste(out.pop()!, piece[0]!, diags), ...piece.slice(1));
    } else out.push(...piece);
    pasteNext = false;
  }
  return out;
}

/** Where a scan for a function-like macro's call stands at the end of a line (see callStillOpen). */
export interface CallScan {
  open: boolean;
  depth: number;
}

/**
 * Continues `scan` over one line's tokens: whether a call of a function-like macro (`isCallable`) is still
 * open at its end, its arguments running on to the next line, as C allows.
 */
export function callStillOpen(
  toks: Token[],
  isCallable: (name: string) => boolean,
  scan: CallScan,
): CallScan {
  let { open, depth } = scan;
  for (let i = 0; i < toks.length; i++) {
    const x = toks[i]!;
    if (!open) {
      if (x.kind === 'ident' && isCallable(x.text) && toks[i + 1]?.text === '(') {
        open = true;
        depth = 0;
      }
      continue;
    }
    if (x.text === '(') depth++;
    else if (x.text === ')' && --depth === 0) open = false;
  }
  return { open, depth };
}
