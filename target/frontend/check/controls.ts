// Control declarations and their tables: keys, action lists, default actions, const entries and priorities.
import type {
  ActionDecl,
  CallExpr,
  ControlDecl,
  Expr,
  Loc,
  NameRef,
  TableActionRef,
  TableDecl,
  TableProperty,
} from '../ast.js';
import { CompileAbort } from '../diagnostics.js';
import { VOID, bitWidthOf, typeToString } from '../types.js';
import { controlPlaneName, exprText, keyName } from '../names.js';
import { Scope } from '../scope.js';
import { callsIn } from '../walk.js';
import { bindArgs } from './calls.js';
import type { Checker, Ctx } from './checker.js';
import { blockScope, localDecls } from './declarations.js';
import { checkExpr, constInt } from './expressions.js';
import { coerce } from './inference.js';
import { assignConstEntryPriorities, assignEntryPriorities, isPrefixMask } from './table-entries.js';
import { keyset } from './parsers.js';
import { constructedType, inPlaceInstance } from './in-place-instance.js';
import { tableImplementation } from './table-implementation.js';
import { checkBlock, checkLvalue } from './statements.js';

export function controlDecl(cx: Checker, d: ControlDecl, block = d.name): void {
  const scope = blockScope(cx, d);
  const ctx: Ctx = { scope, control: d, block };
  localDecls(cx, d.locals, ctx);
  checkBlock(cx, d.apply, { ...ctx, scope: new Scope(scope) });
}

function lookupAction(cx: Checker, e: Expr, ctx: Ctx): ActionDecl | undefined {
  let refs: NameRef[] | undefined;
  if (e.kind === 'name') refs = e.global ? cx.global.lookupValue(e.name) : ctx.scope.lookupValue(e.name);
  const a = refs?.find((r) => r.kind === 'action');
  if (!a || a.kind !== 'action') {
    cx.error(e.loc, `'${exprText(e)}' is not an action`);
    return undefined;
  }
  if (e.kind === 'name') {
    e.ref = a;
    e.type = { kind: 'action', decl: a };
  }
  cx.noteActionUse(ctx, a);
  return a;
}

/** Binds the arguments of an action reference. `all`: every parameter must be given (default action,
 *  entries); otherwise only the directional ones (actions list). */
function tableActionRef(cx: Checker, r: TableActionRef, ctx: Ctx, all: boolean): void {
  const a = lookupAction(cx, r.call.callee, ctx);
  if (!a) return;
  r.action = a;
  const params = all ? a.params : a.params.filter((p) => p.direction !== 'none');
  if (r.call.rawArgs.length !== params.length) {
    cx.error(
      r.loc,
      `action '${a.name}' expects ${params.length} argument${params.length === 1 ? '' : 's'}${all ? '' : ' (its directional parameters)'}, got ${r.call.rawArgs.length}`,
    );
    return;
  }
  const args = bindArgs(cx, params, r.call.rawArgs, r.loc, `action '${a.name}'`);
  r.args = [];
  params.forEach((p, i) => {
    const arg = args[i];
    if (!arg) return;
    checkExpr(cx, arg, ctx, p.type);
    // p4c refuses to apply a table while binding another table's action (its issue 2835).
    const applied = callsIn(arg).find((c) => c.target?.kind === 'table_apply');
    if (applied)
      cx.error(
        applied.loc,
        `a table cannot be applied in an argument of action '${a.name}' in a table property`,
      );
    coerce(cx, arg, p.type, `argument '${p.name}' of action '${a.name}'`);
    if (p.direction === 'none' && arg.constValue === undefined)
      cx.error(arg.loc, `action data argument '${p.name}' must be a compile-time constant`);
    if (p.direction === 'out' || p.direction === 'inout') checkLvalue(cx, arg, ctx);
    r.args!.push(arg);
  });
  r.call.args = r.args;
  r.call.params = params;
  r.call.target = { kind: 'action', decl: a };
  r.call.type = VOID;
}

/**
 * The default action's directional arguments are those its entry in the actions list binds (`actions = { a(x); }`
 * then `default_action = a(x, 1)`, not `a(y, 1)`): the table runs the action with one binding, as p4c requires.
 */
function sameBoundArguments(cx: Checker, def: TableActionRef, listed: TableActionRef | undefined): void {
  if (!listed?.args || !def.args || !def.action) return;
  const bound = def.action.params.flatMap((p, i) => (p.direction === 'none' ? [] : [def.args![i]]));
  bound.forEach((arg, i) => {
    const want = listed.args![i];
    if (arg && want && exprText(arg) !== exprText(want))
      cx.error(
        arg.loc,
        `default action '${def.action!.name}': argument '${exprText(arg)}' does not match '${exprText(want)}' that the actions list binds`,
      );
  });
}

/**
 * bmv2 gives a table one match type, the widest of its keys' (range over ternary over lpm over exact), and
 * p4c's bmv2 back end refuses an lpm key met while that type is still lpm: a second lpm key is allowed only
 * after a ternary, optional or range key.
 */
function lpmKeys(cx: Checker, t: TableDecl): void {
  let kind = 'exact';
  for (const k of t.keyDecls) {
    const mk = k.matchKindName === 'optional' ? 'ternary' : k.matchKindName;
    if (mk === 'lpm' && kind === 'lpm')
      cx.error(
        k.matchKindLoc ?? k.loc,
        `table '${t.name}' has more than one lpm key, which bmv2 cannot match (a second one is allowed only after a ternary, optional or range key)`,
      );
    else if (mk === 'range') kind = 'range';
    else if (mk === 'ternary' && kind !== 'range') kind = 'ternary';
    else if (mk === 'lpm' && kind === 'exact') kind = 'lpm';
  }
}

export function tableDecl(cx: Checker, t: TableDecl, ctx: Ctx): void {
  // The context of the table's action references: a top-level action they use is noted as this table's.
  const tctx: Ctx = { ...ctx, table: t };
  t.controlPlaneName = controlPlaneName(t.annotations, t.name, ctx.block);
  cx.tables.push(t);
  for (const k of t.keyDecls) {
    const kt = checkExpr(cx, k.expr, ctx);
    if (!cx.matchKinds.includes(k.matchKindName))
      cx.error(k.matchKindLoc ?? k.loc, `unknown match kind '${k.matchKindName}'`);
    // bmv2 matches an error key as its 32-bit code (p4c's ConvertErrors).
    const w = kt.kind === 'error' ? 32 : bitWidthOf(kt);
    if (w === undefined || kt.kind === 'varbit' || kt.kind === 'struct' || kt.kind === 'header')
      cx.error(
        k.expr.loc,
        `table key '${exprText(k.expr)}' has type ${typeToString(kt)}, which cannot be matched`,
      );
    k.width = w ?? 0;
    const nameAnn = k.annotations.find((a) => a.name === 'name');
    k.name = nameAnn?.args[0]?.kind === 'string' ? nameAnn.args[0].value : keyName(k.expr);
  }
  lpmKeys(cx, t);
  const keyNames = new Set<string | undefined>();
  // Selector keys are hashed, not matched: they are no match fields, and may repeat one (ngsdn-tutorial's
  // routing_v6_table matches on hdr.ipv6.dst_addr and hashes it too).
  for (const k of t.keyDecls) {
    if (k.matchKindName === 'selector') continue;
    if (keyNames.has(k.name))
      cx.error(
        k.loc,
        `key name '${k.name}' is used twice in table '${t.name}' (control-plane names must differ)`,
      );
    keyNames.add(k.name);
  }
  if (!t.actionsLoc) cx.error(t.loc, `table '${t.name}' has no actions property`);
  // p4c types entries and default_action against the actions list, which must therefore come first.
  const afterActions = (l: Loc): boolean =>
    !t.actionsLoc || l.line > t.actionsLoc.line || (l.line === t.actionsLoc.line && l.col > t.actionsLoc.col);
  if (t.defaultActionRef && !afterActions(t.defaultActionRef.loc))
    cx.error(t.defaultActionRef.loc, `default_action of table '${t.name}' must come after its actions list`);
  const listed = new Set<ActionDecl | undefined>();
  for (const r of t.actionRefs) {
    tableActionRef(cx, r, tctx, false);
    if (r.action && listed.has(r.action))
      cx.error(r.loc, `action '${r.action.name}' is listed twice in table '${t.name}'`);
    listed.add(r.action);
  }
  if (t.defaultActionRef) {
    tableActionRef(cx, t.defaultActionRef, tctx, true);
    const a = t.defaultActionRef.action;
    if (a && !listed.has(a))
      cx.error(
        t.defaultActionRef.loc,
        `default action '${a.name}' is not in the actions list of table '${t.name}'`,
      );
    else if (a && t.actionRefs.find((r) => r.action === a)?.annotations.some((x) => x.name === 'tableonly'))
      cx.error(t.defaultActionRef.loc, `action '${a.name}' is @tableonly and cannot be the default action`);
    else if (a)
      sameBoundArguments(
        cx,
        t.defaultActionRef,
        t.actionRefs.find((r) => r.action === a),
      );
    t.defaultAction = t.defaultActionRef;
  } else {
    const noAction = cx.global.lookupValue('NoAction')?.find((r) => r.kind === 'action');
    if (noAction && noAction.kind === 'action') {
      const call: CallExpr = {
        kind: 'call',
        callee: {
          kind: 'name',
          name: 'NoAction',
          ref: noAction,
          type: { kind: 'action', decl: noAction },
          loc: t.loc,
        },
        typeArgs: [],
        rawArgs: [],
        args: [],
        params: [],
        target: { kind: 'action', decl: noAction },
        type: VOID,
        loc: t.loc,
      };
      t.defaultAction = { call, action: noAction, args: [], annotations: [], loc: t.loc };
      // p4c's front-end also appends it to the actions list (as @defaultonly) when it is not there.
      cx.noteActionUse(tctx, noAction);
    }
  }
  const keyTypes = t.keyDecls.map((k) => k.expr.type);
  // Selector fields are hashed, not matched (table-implementation.ts): they take no part in an entry's key.
  const needsPriority = t.keyDecls.some(
    (k) => k.matchKindName !== 'exact' && k.matchKindName !== 'lpm' && k.matchKindName !== 'selector',
  );
  if (t.entryDecls.length > 0 && t.keyDecls.length === 0)
    cx.error(t.entryDecls[0]!.loc, `table '${t.name}' has no key, so it cannot have entries`);
  t.entryDecls.forEach((e, i) => {
    if (e.priorityExpr) {
      const v = constInt(cx, e.priorityExpr, ctx, 'an entry priority');
      if (v !== undefined) e.explicitPriority = Number(v);
    }
    // p4c also takes the key written as a brace list, `{ (a ++ b) } : act();` for a one-key table.
    const only = e.keysetExprs.length === 1 ? e.keysetExprs[0] : undefined;
    if (only?.kind === 'list' && only.elements.length === keyTypes.length && keyTypes.length > 0)
      e.keysetExprs = [...only.elements];
    e.keys = keyset(cx, e.keysetExprs, keyTypes, ctx, e.loc);
    if (!afterActions(e.action.loc))
      cx.error(e.action.loc, `entries of table '${t.name}' must come after its actions list`);
    // What each match kind can take, as the engine's table (and a P4Runtime write) accepts it.
    e.keys.forEach((kv, j) => {
      const mk = t.keyDecls[j]?.matchKindName;
      const w = t.keyDecls[j]?.width ?? 0;
      const loc = e.keysetExprs[j]?.loc ?? e.loc;
      const name = t.keyDecls[j]?.name;
      if (mk === 'lpm' && kv.kind === 'mask' && !isPrefixMask(kv.mask, w))
        cx.error(loc, `lpm key '${name}': mask 0x${kv.mask.toString(16)} is not a prefix of ${w} bits`);
      if (mk === 'exact' && kv.kind !== 'value') cx.error(loc, `exact key '${name}' needs a value`);
      if (kv.kind === 'range' && (mk === 'lpm' || mk === 'ternary' || mk === 'optional'))
        cx.error(loc, `${mk} key '${name}' cannot match a range`);
      if (kv.kind === 'mask' && (mk === 'range' || mk === 'optional'))
        cx.error(loc, `${mk} key '${name}' cannot match a mask`);
      if (kv.kind === 'range' && mk === 'range' && BigInt.asUintN(w, kv.low) > BigInt.asUintN(w, kv.high))
        cx.error(
          loc,
          `range key '${name}': ${kv.low} .. ${kv.high} is an empty range` +
            (kv.low < 0n || kv.high < 0n ? ' (ranges compare the bits as unsigned numbers)' : ''),
        );
    });
    tableActionRef(cx, e.action, tctx, true);
    if (e.action.action && !listed.has(e.action.action))
      cx.error(
        e.action.loc,
        `action '${e.action.action.name}' is not in the actions list of table '${t.name}'`,
      );
    else if (
      e.action.action &&
      t.actionRefs
        .find((r) => r.action === e.action.action)
        ?.annotations.some((x) => x.name === 'defaultonly')
    )
      cx.error(
        e.action.loc,
        `action '${e.action.action.name}' is @defaultonly and cannot be used in an entry`,
      );
    void i;
  });
  t.size = 1024;
  let implementation: TableProperty | undefined;
  let largestWins = true;
  let delta = 1;
  for (const p of t.properties) {
    switch (p.name) {
      case 'size': {
        const v = constInt(cx, p.value, ctx, 'table size');
        if (v !== undefined) t.size = Number(v);
        // The table holds its entries from the start: more than fit is an error here, not at load.
        if (v !== undefined && t.entryDecls.length > t.size)
          cx.error(
            p.value.loc,
            `table '${t.name}' lists ${t.entryDecls.length} entries, more than its size ${t.size}`,
          );
        break;
      }
      case 'counters':
      case 'meters': {
        const want = p.name === 'counters' ? 'direct_counter' : 'direct_meter';
        let ref: NameRef | undefined;
        const constructed = constructedType(p);
        if (constructed === want) {
          ref = inPlaceInstance(cx, p, ctx);
          if (!ref) break;
        } else if (constructed === undefined && p.value.kind !== 'call') {
          checkExpr(cx, p.value, ctx);
          ref = p.value.kind === 'name' ? p.value.ref : undefined;
        }
        if (!ref || ref.kind !== 'instance' || ref.type.kind !== 'extern' || ref.type.decl.name !== want) {
          const what = constructed === undefined ? '' : `, not construct a ${constructed}`;
          cx.error(p.value.loc, `table property '${p.name}' must name or construct a ${want}${what}`);
          break;
        }
        if (p.name === 'counters') t.directCounter = ref;
        else t.directMeter = ref;
        break;
      }
      case 'largest_priority_wins': {
        checkExpr(cx, p.value, ctx);
        if (p.value.constValue?.kind !== 'bool')
          cx.error(p.value.loc, 'largest_priority_wins must be a constant bool');
        else largestWins = p.value.constValue.value;
        break;
      }
      case 'priority_delta': {
        const v = constInt(cx, p.value, ctx, 'priority_delta');
        if (v !== undefined && v > 0n) delta = Number(v);
        else if (v !== undefined) cx.error(p.value.loc, 'priority_delta must be positive');
        break;
      }
      case 'implementation':
        implementation = p;
        break;
      case 'psa_implementation':
        cx.diags.warning(p.loc, `table property '${p.name}' is not supported by this target and is ignored`);
        break;
      default:
        try {
          checkExpr(cx, p.value, ctx);
        } catch (e) {
          if (!(e instanceof CompileAbort)) throw e;
        }
    }
  }
  tableImplementation(cx, t, implementation, ctx);
  const keyword = t.entriesAreConst ? t.entryDecls.find((e) => e.priorityKeywordLoc) : undefined;
  if (keyword?.priorityKeywordLoc)
    cx.error(
      keyword.priorityKeywordLoc,
      `table '${t.name}' has const entries: an entry cannot set its priority (priority = N is for non-const entries)`,
    );
  const explicit = t.entriesAreConst ? undefined : t.entryDecls.find((e) => e.priorityKeywordLoc);
  if (explicit?.priorityKeywordLoc && !needsPriority)
    cx.error(
      explicit.priorityKeywordLoc,
      `table '${t.name}' matches only exact and lpm keys, which take no priority, but an entry sets one`,
    );
  if (needsPriority && t.entriesAreConst) assignConstEntryPriorities(t);
  else if (needsPriority)
    assignEntryPriorities(t, largestWins, delta, (loc, message) => cx.error(loc, message));
  else for (const e of t.entryDecls) e.priority = e.explicitPriority ?? 0;
}
