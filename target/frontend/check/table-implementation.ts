// A table's `implementation` property on v1model: an action_profile or action_selector, named by an instance
// or constructed in place. What p4c and bmv2 allow is checked here, each refusal located at what is wrong:
//  - the value names (or constructs) one of those two externs, with its constructor's argument types;
//  - `selector` key fields are read only by an action_selector implementation (bmv2 hashes them to pick a
//    group member): with an action_profile they are an error, on a direct table ignored with a warning;
//  - no `entries`: bmv2 has no way to install an entry's action directly in an indirect table.
// An in-place instance is named as in-place-instance.ts says.
import type { Expr, InstanceDecl, TableDecl, TableProperty } from '../ast.js';
import type { Checker, Ctx } from './checker.js';
import { checkExpr } from './expressions.js';
import { constructedType, inPlaceInstance } from './in-place-instance.js';

const KINDS = ['action_profile', 'action_selector'];

const externName = (i: InstanceDecl | undefined): string | undefined =>
  i?.type?.kind === 'extern' ? i.type.decl.name : undefined;

/** The instance an `implementation = ...` property names, checking it; undefined after an error. */
function implementationOf(cx: Checker, t: TableDecl, p: TableProperty, ctx: Ctx): InstanceDecl | undefined {
  const v: Expr = p.value;
  if (v.kind === 'name') {
    checkExpr(cx, v, ctx);
    const ref = v.ref;
    if (ref?.kind === 'instance' && KINDS.includes(externName(ref) ?? '')) return ref;
  } else if (KINDS.includes(constructedType(p) ?? '')) {
    return inPlaceInstance(cx, p, ctx);
  }
  cx.error(
    v.loc,
    `table property 'implementation' of table '${t.name}' must be an action_profile or action_selector`,
  );
  return undefined;
}

/** Checks the property and the table's selector keys; sets t.implementation. */
export function tableImplementation(cx: Checker, t: TableDecl, p: TableProperty | undefined, ctx: Ctx): void {
  const impl = p ? implementationOf(cx, t, p, ctx) : undefined;
  if (p && !impl) return;
  t.implementation = impl;
  // A `selector` key on a table without any implementation is hashed by nothing: p4c compiles it for bmv2,
  // leaving the key out of the table (and of the P4Info), and so does this target, with a warning. With an
  // action_profile, which hashes nothing, it is an error.
  const selector = externName(impl) === 'action_selector';
  for (const k of t.keyDecls) {
    if (k.matchKindName !== 'selector' || selector) continue;
    const loc = k.matchKindLoc ?? k.loc;
    if (impl)
      cx.error(
        loc,
        `table '${t.name}': a 'selector' key needs an action_selector implementation (${impl.name} is an action_profile)`,
      );
    else
      cx.diags.warning(
        loc,
        `table '${t.name}': a 'selector' key without an action_selector implementation is ignored`,
      );
  }
  if (impl && t.entryDecls.length > 0)
    cx.error(
      t.entryDecls[0].loc,
      `table '${t.name}' has an ${externName(impl)} implementation and cannot list entries ` +
        '(entries of an indirect table point at members and groups, which only the control plane creates)',
    );
}
