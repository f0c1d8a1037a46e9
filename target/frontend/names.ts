// Control-plane names (p4c's rules: objects inside a control are prefixed with the control's name,
// @name("x") renames relative to that prefix, @name(".x") is absolute) and the source text of key
// expressions, which P4Info uses as match field names.
import type { Annotation, Expr } from './ast.js';
import { BINARY_PRECEDENCE } from './precedence.js';

export function controlPlaneName(annotations: Annotation[], localName: string, block?: string): string {
  const ann = annotations.find((a) => a.name === 'name');
  const arg = ann?.args[0];
  const given = arg?.kind === 'string' ? arg.value : undefined;
  if (given !== undefined && given.startsWith('.')) return given.slice(1);
  const n = given ?? localName;
  return block ? `${block}.${n}` : n;
}

/**
 * A table key's control-plane name when it has no @name, as p4c's front-end names it (DoTableKeyNames): the
 * expression as written, except that a header's validity `h.isValid()` is `h.$valid$` (bmv2's name for it)
 * and literals are printed as p4c prints constants before type inference (`0x0F` is `0xf`).
 */
export function keyName(e: Expr): string {
  if (
    e.kind === 'call' &&
    e.rawArgs.length === 0 &&
    e.callee.kind === 'member' &&
    e.callee.member === 'isValid'
  )
    return `${textOf(e.callee.expr, true)}.$valid$`;
  return textOf(e, true);
}

/** The expression as written (e.g. `hdr.ipv4.dstAddr`, `hdr.ipv4.isValid()`, `x[7:0]`), for names and messages. */
export function exprText(e: Expr): string {
  return textOf(e, false);
}

/** With `p4c`, integer literals are printed as p4c prints constants (its key names): width prefix if written,
 *  the written base, lower-case digits without leading zeros (`0x010101010101` is `0x10101010101`). */
function textOf(e: Expr, p4c: boolean): string {
  switch (e.kind) {
    case 'int':
      return p4c ? p4cLiteral(e.text, e.value, e.width, e.signed) : e.text;
    case 'bool':
      return String(e.value);
    case 'string':
      return JSON.stringify(e.value);
    case 'name':
      return (e.global ? '.' : '') + e.name;
    case 'member':
      return `${textOf(e.expr, p4c)}.${e.member}`;
    case 'typename':
      return e.typeRef.kind === 'named'
        ? e.typeRef.name
        : e.typeRef.kind === 'base'
          ? e.typeRef.name
          : 'type';
    case 'index':
      return `${textOf(e.expr, p4c)}[${textOf(e.index, p4c)}]`;
    case 'slice':
      return `${textOf(e.expr, p4c)}[${textOf(e.hi, p4c)}:${textOf(e.lo, p4c)}]`;
    case 'unary':
      return `${e.op}${textOf(e.operand, p4c)}`;
    case 'binary': {
      const p = BINARY_PRECEDENCE[e.op] ?? 0;
      const side = (x: Expr): string =>
        x.kind === 'binary' && (BINARY_PRECEDENCE[x.op] ?? 0) < p ? `(${textOf(x, p4c)})` : textOf(x, p4c);
      return `${side(e.left)} ${e.op} ${side(e.right)}`;
    }
    case 'ternary':
      return `${textOf(e.cond, p4c)} ? ${textOf(e.then, p4c)} : ${textOf(e.else, p4c)}`;
    case 'cast': {
      const t = e.targetType;
      const tn =
        t.kind === 'bits'
          ? `${t.varbit ? 'varbit' : t.signed ? 'int' : 'bit'}<${textOf(t.width, p4c)}>`
          : t.kind === 'named'
            ? t.name
            : t.kind === 'base'
              ? t.name
              : 'type';
      return `(${tn})${textOf(e.expr, p4c)}`;
    }
    case 'call':
      return `${textOf(e.callee, p4c)}(${e.rawArgs.map((a) => (a.name ? `${a.name} = ` : '') + textOf(a.value, p4c)).join(', ')})`;
    case 'list':
      return `{${[...e.elements.map((x) => textOf(x, p4c)), ...(e.rest ? ['...'] : [])].join(', ')}}`;
    case 'struct_init':
      return `{${[...e.fields.map((f) => `${f.name} = ${textOf(f.value, p4c)}`), ...(e.rest ? ['...'] : [])].join(', ')}}`;
    case 'dontcare':
      return e.text;
    case 'dots':
      return '...';
    case 'invalid_header':
      return '{#}';
  }
}

function p4cLiteral(
  text: string,
  value: bigint,
  width: number | undefined,
  signed: boolean | undefined,
): string {
  const base = /^(?:\d+[ws])?0([xXbBoO])/.exec(text)?.[1]!.toLowerCase();
  const radix = base === 'x' ? 16 : base === 'b' ? 2 : base === 'o' ? 8 : 10;
  const magnitude = value < 0n ? -value : value;
  const w = width !== undefined && /^\d+[ws]/.test(text) ? `${width}${signed ? 's' : 'w'}` : '';
  return `${value < 0n ? '-' : ''}${w}${base ? `0${base}` : ''}${magnitude.toString(radix)}`;
}
