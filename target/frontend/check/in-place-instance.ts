// An extern constructed in place as a table property's value (`implementation = action_selector(...)`,
// `counters = direct_counter(CounterType.packets)`). p4c gives such an instance the property's @name as its
// control-plane name, not prefixed by the control (real P4Info files carry that quirk), and refuses one
// without @name when it writes P4Runtime files; this target, which always has a P4Info, names it after the
// property instead.
import type { CallExpr, InstanceDecl, TableProperty } from '../ast.js';
import { VOID } from '../types.js';
import type { Checker, Ctx } from './checker.js';
import { instanceDecl } from './externs.js';

/** The callee's name when `p`'s value is a constructor call of a plain name, else undefined. */
export function constructedType(p: TableProperty): string | undefined {
  const v = p.value;
  return v.kind === 'call' && v.callee.kind === 'name' ? v.callee.name : undefined;
}

/** Checks the instance property `p` constructs; undefined after an error in its arguments. */
export function inPlaceInstance(cx: Checker, p: TableProperty, ctx: Ctx): InstanceDecl | undefined {
  const v = p.value as CallExpr;
  const callee = v.callee.kind === 'name' ? v.callee : undefined;
  if (!callee) return undefined;
  const nameAnn = p.annotations.find((a) => a.name === 'name')?.args[0];
  const name = nameAnn?.kind === 'string' ? nameAnn.value.replace(/^\./, '') : p.name;
  const inst: InstanceDecl = {
    kind: 'instance',
    name,
    typeRef: { kind: 'named', name: callee.name, typeArgs: v.typeArgs, loc: callee.loc },
    args: v.rawArgs,
    annotations: p.annotations,
    loc: v.loc,
    type: VOID,
    parent: ctx.control,
  };
  instanceDecl(cx, inst, ctx);
  inst.controlPlaneName = name;
  return inst.ctorArgs ? inst : undefined;
}
