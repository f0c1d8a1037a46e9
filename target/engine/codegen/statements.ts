// Statements: blocks, assignments, conditionals, switch on an action run or a value, loops, return and exit.
import type { BlockStmt, Expr, Stmt, Type, VariableDecl } from '../../frontend/ast.js';
import { callCode } from './calls.js';
import { build, expr, exprAs, lvalue, store, valueFor } from './expressions.js';
import { CodegenError, type FnCtx, type Gen } from './gen.js';
import { forInLoop, forLoop, loopJump } from './loops.js';
import { tableInfo } from './tables.js';
import { inRange, runtimeIndexes } from './stack-index.js';
import { defaultValue, validator } from './values.js';

export function block(gen: Gen, b: BlockStmt, ctx: FnCtx): string {
  return `{\n${b.stmts.map((s) => stmt(gen, s, ctx)).join('\n')}\n}`;
}

export function stmt(gen: Gen, s: Stmt, ctx: FnCtx): string {
  switch (s.kind) {
    case 'assign': {
      const t = s.lhs.type;
      const v =
        s.rhs.kind === 'list' || s.rhs.kind === 'struct_init' ? build(gen, s.rhs, t) : exprAs(gen, s.rhs, t);
      // A stack assigned from `{h0, h1}` takes the elements, one by one, and keeps its nextIndex.
      const code =
        t.kind === 'stack' && s.rhs.kind === 'list'
          ? `$rt.assign(${lvalue(gen, s.lhs)}.$a, ${v}.$a);`
          : madeValid(gen, s.lhs, s.rhs, t) + store(gen, s.lhs, v);
      const lhsIdx = runtimeIndexes(s.lhs);
      const rhsIdx = runtimeIndexes(s.rhs);
      if (lhsIdx.length === 0 && rhsIdx.length === 0) return code;
      const guarded = rhsIdx.length
        ? `if (${inRange(gen, rhsIdx)}) { ${code} } else { ${store(gen, s.lhs, defaultValue(gen, t))} }`
        : code;
      return lhsIdx.length ? `if (${inRange(gen, lhsIdx)}) { ${guarded} }` : guarded;
    }
    case 'call': {
      const idx = runtimeIndexes(s.call);
      if (idx.length) return `if (${inRange(gen, idx)}) { ${callCode(gen, s.call, true)}; }`;
      const code = callCode(gen, s.call, true);
      // Statement-shaped helpers (extract, emit) need no closure in statement position.
      const head = '(() => { ';
      const tail = ' })()';
      if (code.startsWith(head) && code.endsWith(tail) && !code.includes('return'))
        return `{ ${code.slice(head.length, -tail.length)} }`;
      return `${code};`;
    }
    case 'if': {
      const idx = runtimeIndexes(s.cond);
      const cond = idx.length ? `${inRange(gen, idx)} && (${expr(gen, s.cond)})` : expr(gen, s.cond);
      return `if (${cond}) ${stmtBlock(gen, s.then, ctx)}${s.else ? ` else ${stmtBlock(gen, s.else, ctx)}` : ''}`;
    }
    case 'block':
      return block(gen, s, ctx);
    case 'exit':
      return 'throw $rt.EXIT;';
    case 'return':
      return ctx.ret(s.value ? guardedValue(gen, s.value, expr(gen, s.value)) : undefined);
    case 'empty':
      return ';';
    case 'decl': {
      const d = s.decl;
      if (d.kind === 'const') return ';';
      return varDecl(gen, d);
    }
    case 'switch': {
      const idx = runtimeIndexes(s.expr);
      const code = switchStmt(gen, s, ctx);
      return idx.length ? `if (${inRange(gen, idx)}) { ${code} }` : code;
    }
    case 'for':
      return forLoop(gen, s, ctx);
    case 'for_in':
      return forInLoop(gen, s, ctx);
    case 'break':
    case 'continue':
      return loopJump(s.kind, ctx);
  }
}

/** `value` (the source of e), or e's unset default when one of its run-time stack indices is out of range. */
export function guardedValue(gen: Gen, e: Expr, value: string): string {
  const idx = runtimeIndexes(e);
  return idx.length ? `(${inRange(gen, idx)} ? ${value} : ${defaultValue(gen, e.type)})` : value;
}

export function stmtBlock(gen: Gen, s: Stmt, ctx: FnCtx): string {
  return s.kind === 'block' ? block(gen, s, ctx) : `{ ${stmt(gen, s, ctx)} }`;
}

/**
 * The setValid() calls p4c puts before an assignment of a brace expression to a header, or to a struct holding
 * headers given brace expressions (its SetHeaders pass): on bmv2 they count the headers' bytes into the packet
 * length if they were invalid (see validator).
 */
function madeValid(gen: Gen, lhs: Expr, src: Expr, t: Type): string {
  if (t.kind !== 'header' && t.kind !== 'struct') return '';
  if (lhs.kind === 'dontcare' || (src.kind !== 'list' && src.kind !== 'struct_init')) return '';
  return validCalls(gen, lvalue(gen, lhs), src, t);
}

function validCalls(gen: Gen, dest: string, src: Expr, t: Type): string {
  if (src.kind !== 'list' && src.kind !== 'struct_init') return '';
  if (t.kind === 'header') return `${validator(gen, t)}(${dest}); `;
  if (t.kind !== 'struct') return '';
  const fields = t.decl.fields;
  const parts =
    src.kind === 'list'
      ? src.elements.map((e, i) =>
          fields[i] ? validCalls(gen, `${dest}.${fields[i].name}`, e, fields[i].type) : '',
        )
      : src.fields.map((f) => {
          const fd = fields.find((x) => x.name === f.name);
          return fd ? validCalls(gen, `${dest}.${fd.name}`, f.value, fd.type) : '';
        });
  return parts.join('');
}

export function varDecl(gen: Gen, d: VariableDecl, moduleLevel = false): string {
  const n = gen.nameOf(d, d.name);
  const init = d.init ? guardedValue(gen, d.init, valueFor(gen, d.init, d.type)) : defaultValue(gen, d.type);
  return moduleLevel ? `${n} = ${init};` : `let ${n} = ${init};`;
}

function switchStmt(gen: Gen, s: Extract<Stmt, { kind: 'switch' }>, ctx: FnCtx): string {
  const out: string[] = [];
  if (s.switchKind === 'action_run') {
    const call = s.expr.kind === 'member' ? s.expr.expr : s.expr;
    if (call.kind !== 'call' || call.target?.kind !== 'table_apply')
      throw new CodegenError('bad action_run switch');
    const info = tableInfo(gen, call.target.table);
    out.push(`switch (${callCode(gen, call, false)} >> 1) {`);
    for (const c of s.cases) {
      c.labels.forEach((label, i) => {
        const a = c.actions?.[i];
        if (label.kind === 'dontcare' || !a) out.push('default:');
        else out.push(`case ${info.actions.indexOf(a)}:`);
      });
      if (c.body) out.push(`${block(gen, c.body, ctx)} break;`);
    }
    out.push('}');
    return out.join('\n');
  }
  out.push(`switch (${expr(gen, s.expr)}) {`);
  for (const c of s.cases) {
    for (const label of c.labels) {
      if (label.kind === 'dontcare') out.push('default:');
      else out.push(`case ${exprAs(gen, label, s.expr.type)}:`);
    }
    if (c.body) out.push(`${block(gen, c.body, ctx)} break;`);
  }
  out.push('}');
  return out.join('\n');
}
