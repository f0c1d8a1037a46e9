// Statements: blocks, assignments, conditionals, switch, loops, return and exit, and what may be assigned to.
import type { ActionDecl, BlockStmt, ConstValue, Expr, ForInStmt, ForStmt, Stmt } from '../ast.js';
import { CompileAbort } from '../diagnostics.js';
import { BOOL, DONTCARE, VOID, isFixedInt, typeEquals, typeToString } from '../types.js';
import { exprText } from '../names.js';
import { Scope } from '../scope.js';
import type { Checker, Ctx } from './checker.js';
import { constDecl, variableDecl } from './declarations.js';
import { allowDefaultValues } from './default-values.js';
import { checkExpr } from './expressions.js';
import { coerce, isValue } from './inference.js';
import { resolveType } from './type-refs.js';

export function checkBlock(cx: Checker, b: BlockStmt, ctx: Ctx): void {
  const inner: Ctx = { ...ctx, scope: new Scope(ctx.scope) };
  for (const s of b.stmts) {
    try {
      checkStmt(cx, s, inner);
    } catch (e) {
      if (!(e instanceof CompileAbort)) throw e;
    }
  }
}

export function checkStmt(cx: Checker, s: Stmt, ctx: Ctx): void {
  switch (s.kind) {
    case 'block':
      return checkBlock(cx, s, ctx);
    case 'empty':
      return;
    case 'exit':
      if (ctx.parser) cx.error(s.loc, 'exit is not allowed in a parser');
      return;
    case 'return':
      if (ctx.parser) cx.error(s.loc, 'return is not allowed in a parser');
      if (s.value) {
        const rt = ctx.fn?.returnType ?? VOID;
        if (rt.kind === 'void') cx.error(s.value.loc, 'return with a value in a block that returns nothing');
        checkExpr(cx, s.value, ctx, rt);
        if (isValue(cx, s.value)) coerce(cx, s.value, rt, 'return value');
      } else if (ctx.fn && ctx.fn.returnType.kind !== 'void') cx.error(s.loc, 'return needs a value');
      return;
    case 'for':
    case 'for_in':
      // The grammar has no loops in parser states (a parser loops through its states instead).
      if (ctx.parser)
        return cx.error(s.loc, 'a for loop is not allowed in a parser: loop through states instead');
      return s.kind === 'for' ? forStmt(cx, s, ctx) : forInStmt(cx, s, ctx);
    case 'break':
    case 'continue':
      if (!ctx.loop) cx.error(s.loc, `${s.kind} is only allowed inside a for loop`);
      return;
    case 'decl':
      if (s.decl.kind === 'const') return constDecl(cx, s.decl, ctx);
      return variableDecl(cx, s.decl, ctx);
    case 'assign': {
      const lt = checkExpr(cx, s.lhs, ctx);
      checkLvalue(cx, s.lhs, ctx);
      allowDefaultValues(s.rhs);
      checkExpr(cx, s.rhs, ctx, lt);
      if (isValue(cx, s.rhs)) coerce(cx, s.rhs, lt, 'assignment');
      return;
    }
    case 'call': {
      checkExpr(cx, s.call, ctx);
      return;
    }
    case 'if': {
      const ct = checkExpr(cx, s.cond, ctx, BOOL);
      if (ct.kind !== 'bool') cx.error(s.cond.loc, `condition must be bool, not ${typeToString(ct)}`);
      const known = s.cond.constValue?.kind === 'bool' ? s.cond.constValue.value : undefined;
      checkStmt(cx, s.then, { ...ctx, scope: new Scope(ctx.scope), dead: ctx.dead || known === false });
      if (s.else)
        checkStmt(cx, s.else, { ...ctx, scope: new Scope(ctx.scope), dead: ctx.dead || known === true });
      return;
    }
    case 'switch': {
      const t = checkExpr(cx, s.expr, ctx);
      // `default` (or `_`) matches everything left, so nothing may follow it: not a second default either.
      const labels = s.cases.flatMap((c) => c.labels);
      const dflt = labels.findIndex((l) => l.kind === 'dontcare');
      if (dflt >= 0 && dflt < labels.length - 1)
        cx.error(labels[dflt + 1]!.loc, "a switch label follows the 'default' label");
      if (t.kind === 'action_enum') {
        s.switchKind = 'action_run';
        const table = t.table;
        const seen = new Set<ActionDecl | undefined>();
        for (const c of s.cases) {
          c.actions = c.labels.map((l) => {
            if (l.kind === 'dontcare') {
              l.type = DONTCARE;
              return undefined;
            }
            const name = l.kind === 'name' ? l.name : exprText(l);
            const ref = table.actionRefs.find(
              (r) => r.action && (r.action.name === name || exprText(r.call.callee) === name),
            );
            if (!ref) {
              cx.error(l.loc, `'${name}' is not an action of table '${table.name}'`);
              return undefined;
            }
            if (l.kind === 'name') l.ref = ref.action;
            l.type = t;
            if (seen.has(ref.action)) cx.error(l.loc, `duplicate switch label '${name}'`);
            seen.add(ref.action);
            return ref.action;
          });
          if (c.body) checkBlock(cx, c.body, ctx);
        }
      } else {
        s.switchKind = 'value';
        const seenValues = new Set<string>();
        if (!isFixedInt(t) && t.kind !== 'enum' && t.kind !== 'error')
          cx.error(s.expr.loc, `cannot switch on a value of type ${typeToString(t)}`);
        for (const c of s.cases) {
          for (const l of c.labels) {
            if (l.kind === 'dontcare') {
              l.type = DONTCARE;
              continue;
            }
            checkExpr(cx, l, ctx, t);
            coerce(cx, l, t, 'switch label');
            if (l.constValue === undefined) cx.error(l.loc, 'switch label must be a compile-time constant');
            else {
              // A second label of one value could never be reached: p4c refuses it, as for action names.
              const key = labelKey(l.constValue);
              if (seenValues.has(key)) cx.error(l.loc, `duplicate switch label '${exprText(l)}'`);
              seenValues.add(key);
            }
          }
          if (c.body) checkBlock(cx, c.body, ctx);
        }
      }
      return;
    }
  }
}

function forStmt(cx: Checker, s: ForStmt, ctx: Ctx): void {
  // The init statements' declarations belong to the loop: visible in the condition, updates and body only.
  const inner: Ctx = { ...ctx, scope: new Scope(ctx.scope) };
  for (const st of s.init) checkStmt(cx, st, inner);
  const ct = checkExpr(cx, s.cond, inner, BOOL);
  if (ct.kind !== 'bool') cx.error(s.cond.loc, `loop condition must be bool, not ${typeToString(ct)}`);
  for (const st of s.update) checkStmt(cx, st, inner);
  checkStmt(cx, s.body, { ...inner, scope: new Scope(inner.scope), loop: true });
}

function forInStmt(cx: Checker, s: ForInStmt, ctx: Ctx): void {
  const v = s.variable;
  v.type = resolveType(cx, v.typeRef, ctx.scope);
  if (s.to === undefined) collection(cx, s, ctx);
  else {
    s.collection = 'range';
    if (!isFixedInt(v.type))
      return cx.error(
        v.typeRef.loc,
        `the variable of a loop over a range must be bit<W> or int<W>, not ${typeToString(v.type)}`,
      );
    for (const bound of [s.from, s.to]) {
      checkExpr(cx, bound, ctx, v.type);
      coerce(cx, bound, v.type, 'range bound');
    }
  }
  const inner: Ctx = { ...ctx, scope: new Scope(ctx.scope) };
  cx.declareValue(inner.scope, v.name, v, v.loc);
  checkStmt(cx, s.body, { ...inner, scope: new Scope(inner.scope), loop: true });
}

/** A for-in loop's collection when it is not a range: a header stack of the variable's type, or a list. */
function collection(cx: Checker, s: ForInStmt, ctx: Ctx): void {
  const vt = s.variable.type;
  let list = s.from;
  if (list.kind === 'cast' && list.targetType.kind === 'list') {
    // `(list<T>){a, b}`: T is the elements' type, so it must be the variable's.
    const et = resolveType(cx, list.targetType.element, ctx.scope);
    if (!typeEquals(et, vt))
      cx.error(list.loc, `a list<${typeToString(et)}> cannot be walked by a ${typeToString(vt)} variable`);
    list = list.expr;
    if (list.kind !== 'list') return cx.error(list.loc, 'list<T> can only be the type of a list expression');
  }
  if (list.kind === 'list') {
    for (const e of list.elements) {
      checkExpr(cx, e, ctx, vt);
      if (!isValue(cx, e)) continue;
      coerce(cx, e, vt, 'list element');
    }
    s.from.type = list.type = { kind: 'list', elements: list.elements.map(() => vt) };
    s.collection = 'list';
    s.elements = list.elements;
    return;
  }
  const t = checkExpr(cx, s.from, ctx);
  if (t.kind !== 'stack')
    return cx.error(
      s.from.loc,
      `a for-in loop walks a range (from .. to), a header stack or a list, not ${typeToString(t)}`,
    );
  if (!typeEquals(t.element, vt))
    cx.error(
      s.variable.typeRef.loc,
      `the variable of a loop over a stack of ${typeToString(t.element)} must have that type, not ${typeToString(vt)}`,
    );
  s.collection = 'stack';
}

export function checkLvalue(cx: Checker, e: Expr, ctx: Ctx): void {
  switch (e.kind) {
    case 'dontcare':
      return;
    case 'name': {
      const r = e.ref;
      if (!r) return;
      if (r.kind === 'param') {
        if (r.direction === 'in') cx.error(e.loc, `cannot assign to '${e.name}': it is an 'in' parameter`);
        else if (r.direction === 'none')
          cx.error(e.loc, `cannot assign to '${e.name}': it is a read-only (directionless) parameter`);
        return;
      }
      if (r.kind === 'variable') return;
      if (r.kind === 'const') return cx.error(e.loc, `cannot assign to constant '${e.name}'`);
      return cx.error(e.loc, `'${e.name}' cannot be assigned`);
    }
    case 'member':
      if (e.memberKind === 'field' || e.memberKind === 'stack_next' || e.memberKind === 'stack_last') {
        if (e.expr.type.kind === 'apply_result')
          return cx.error(e.loc, 'cannot assign to the result of a table apply');
        return checkLvalue(cx, e.expr, ctx);
      }
      return cx.error(e.loc, `'${exprText(e)}' cannot be assigned`);
    case 'index':
    case 'slice':
      return checkLvalue(cx, e.expr, ctx);
    default:
      cx.error(e.loc, `'${exprText(e)}' cannot be assigned`);
  }
}

/** A switch label's value as a set key: its bits, enum member or error name. */
function labelKey(v: ConstValue): string {
  switch (v.kind) {
    case 'int':
      return `int:${v.value}`;
    case 'enum':
      return `enum:${v.member}`;
    case 'error':
      return `error:${v.name}`;
    default:
      return `${v.kind}:${'value' in v ? String(v.value) : ''}`;
  }
}
