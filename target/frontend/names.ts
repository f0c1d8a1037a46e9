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
 * expression as written, except that a header's validity `h.isValid()` is `h.$valid$` (bmv2's name for it).
 */
export function keyName(e: Expr): string {
  if (
    e.kind === 'call' &&
    e.rawArgs.length === 0 &&
    e.callee.kind === 'member' &&
    e.callee.member === 'isValid'
  )
    return `${exprText(e.callee.expr)}.$valid$`;
  return exprText(e);
}

/** The expression as written (e.g. `hdr.ipv4.dstAddr`, `hdr.ipv4.isValid()`, `x[7:0]`), for names and messages. */
export function exprText(e: Expr): string {
  switch (e.kind) {
    case 'int':
      return e.text;
    case 'bool':
      return String(e.value);
    case 'string':
      return JSON.stringify(e.value);
    case 'name':
      return (e.global ? '.' : '') + e.name;
    case 'member':
      return `${exprText(e.expr)}.${e.member}`;
    case 'typename':
      return e.typeRef.kind === 'named'
        ? e.typeRef.name
        : e.typeRef.kind === 'base'
          ? e.typeRef.name
          : 'type';
    case 'index':
      return `${exprText(e.expr)}[${exprText(e.index)}]`;
    case 'slice':
      return `${exprText(e.expr)}[${exprText(e.hi)}:${exprText(e.lo)}]`;
    case 'unary':
      return `${e.op}${exprText(e.operand)}`;
    case 'binary': {
      const p = BINARY_PRECEDENCE[e.op] ?? 0;
      const side = (x: Expr): string =>
        x.kind === 'binary' && (BINARY_PRECEDENCE[x.op] ?? 0) < p ? `(${exprText(x)})` : exprText(x);
      return `${side(e.left)} ${e.op} ${side(e.right)}`;
    }
    case 'ternary':
      return `${exprText(e.cond)} ? ${exprText(e.then)} : ${exprText(e.else)}`;
    case 'cast': {
      const t = e.targetType;
      const tn =
        t.kind === 'bits'
          ? `${t.varbit ? 'varbit' : t.signed ? 'int' : 'bit'}<${exprText(t.width)}>`
          : t.kind === 'named'
            ? t.name
            : t.kind === 'base'
              ? t.name
              : 'type';
      return `(${tn})${exprText(e.expr)}`;
    }
    case 'call':
      return `${exprText(e.callee)}(${e.rawArgs.map((a) => (a.name ? `${a.name} = ` : '') + exprText(a.value)).join(', ')})`;
    case 'list':
      return `{${[...e.elements.map(exprText), ...(e.rest ? ['...'] : [])].join(', ')}}`;
    case 'struct_init':
      return `{${[...e.fields.map((f) => `${f.name} = ${exprText(f.value)}`), ...(e.rest ? ['...'] : [])].join(', ')}}`;
    case 'dontcare':
      return e.text;
    case 'dots':
      return '...';
    case 'invalid_header':
      return '{#}';
  }
}
