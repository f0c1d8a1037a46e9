// Code for a v1model digest() call (see ../digest.ts for the semantics): the call leaves in the packet's state
// the digest's id and a closure that reads its data when ingress ends. Fields (paths into headers, metadata
// and variables) are read by the closure then, as bmv2 reads a learn list's fields; any other expression
// (a sum, a function call) is evaluated at the call, as p4c computes it into a temporary first.
import type { CallExpr, Expr, Type } from '../../frontend/ast.js';
import { controlPlaneName } from '../../frontend/names.js';
import { exprAs } from './expressions.js';
import { CodegenError, type Gen } from './gen.js';
import { propertyKey } from './values.js';

/** Whether e names storage (a variable, a parameter, or a field or constant-index element of one). */
function isPath(e: Expr): boolean {
  switch (e.kind) {
    case 'name':
      return true;
    case 'member':
      return (e.memberKind === undefined || e.memberKind === 'field') && isPath(e.expr);
    case 'index':
      return e.index.constValue !== undefined && isPath(e.expr);
    default:
      return false;
  }
}

/** The index of T's digest in gen.digests. */
function digestIndex(gen: Gen, t: Type & { kind: 'struct' }): number {
  const name = controlPlaneName(t.decl.annotations, t.decl.name);
  const i = gen.digests.findIndex((d) => d.name === name);
  return i >= 0 ? i : gen.digests.push({ name, type: t }) - 1;
}

export function digestCall(gen: Gen, c: CallExpr, data: Expr): string {
  const t = c.typeArgValues?.[0];
  if (t?.kind !== 'struct')
    throw new CodegenError(`digest at ${c.loc.line}:${c.loc.col} needs a struct type`);
  const id = digestIndex(gen, t);
  const early: string[] = [];
  const lazy = (e: Expr, want: Type): string => {
    const src = exprAs(gen, e, want);
    if (isPath(e)) return src;
    const tmp = gen.fresh('$dg');
    early.push(`const ${tmp} = ${src};`);
    return tmp;
  };
  let body: string;
  if (data.kind === 'list' || data.kind === 'struct_init') {
    const parts = t.decl.fields.map((f, i) => {
      const e = data.kind === 'list' ? data.elements[i] : data.fields.find((x) => x.name === f.name)?.value;
      if (!e) throw new CodegenError(`digest at ${c.loc.line}:${c.loc.col}: no value for ${f.name}`);
      return `${propertyKey(f.name)}: ${lazy(e, f.type)}`;
    });
    body = `({ ${parts.join(', ')} })`;
  } else body = lazy(data, t);
  const req = `$st.digest = { id: ${id}, read: () => ${body} };`;
  return early.length === 0 ? `(${req.slice(0, -1)})` : `(() => { ${early.join(' ')} ${req} })()`;
}
