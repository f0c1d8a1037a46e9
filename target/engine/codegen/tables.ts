// Tables: the per-table information the engine needs and the generated apply function (key, lookup,
// counters, meters, action).
import type { Expr, TableDecl } from '../../frontend/ast.js';
import { callsIn } from '../../frontend/walk.js';
import { isDirect, type MatchKind } from '../table.js';
import { isAggregate, toUnsigned, widthOf } from '../types.js';
import { action } from './blocks.js';
import { argsOverlap, argsReachedDirectly, callThenCopyOut, mayExit } from './copy-out.js';
import { expr, exprAs, lvalue, store, valueFor } from './expressions.js';
import { color, controlOwned, externInfo } from './externs.js';
import { CodegenError, type Gen, type TableInfo } from './gen.js';
import { defaultValue } from './values.js';

export function tableInfo(gen: Gen, t: TableDecl): TableInfo {
  const have = gen.tableOf.get(gen.key(t));
  if (have) return have;
  // Selector fields are not matched: an action selector hashes them (indirectRun below).
  const keys = t.keyDecls
    .filter((k) => k.matchKindName !== 'selector')
    .map((k) => ({
      name: k.name ?? '',
      kind: k.matchKindName as MatchKind,
      width: k.width ?? widthOf(k.expr.type),
    }));
  const actions = t.actionRefs.map((r) => {
    if (!r.action) throw new CodegenError(`table ${t.name}: unresolved action`);
    return r.action;
  });
  const def = t.defaultAction?.action;
  if (def && !actions.includes(def)) actions.push(def);
  const info: TableInfo = {
    index: gen.tables.length,
    decl: t,
    name: gen.instanceName(t.controlPlaneName ?? t.name, t.parent),
    keys,
    actions,
    directCounter: t.directCounter,
    directMeter: t.directMeter ? externInfo(gen, t.directMeter).index : undefined,
  };
  gen.tables.push(info);
  gen.tableOf.set(gen.key(t), info);
  return info;
}

/** Where bmv2 writes a direct meter's colour on every hit, before the action runs and whichever action it
 *  is: the argument of a `read()` of the meter in the table's actions (p4c compiles the call into that
 *  table attribute). Undefined when the argument is local to an action; read() then stores the colour. */
function meterTarget(info: TableInfo): Expr | undefined {
  const inst = info.decl.directMeter;
  const found = callsIn(info.actions.map((a) => a.body)).find(
    (c) =>
      c.target?.kind === 'extern_method' &&
      c.target.method === 'read' &&
      c.target.object.kind === 'name' &&
      c.target.object.ref === inst,
  )?.args?.[0];
  return found && inst && controlOwned(found, inst.parent) ? found : undefined;
}

/**
 * The run of a hit in an indirect table: its member's, or for a group the member bmv2's selector picks by the
 * hash of the `selector` key fields (in key order, packed as for hash()). Only indirect tables pay for this;
 * the hash is computed only when the entry names a group.
 */
function indirectRun(gen: Gen, info: TableInfo): string {
  const impl = info.decl.implementation!;
  const memberRun = '$e.action.ref.member.runs[$T.profileSlot]';
  if (impl.type.kind !== 'extern' || impl.type.decl.name !== 'action_selector') return memberRun;
  const sel = info.decl.keyDecls.filter((k) => k.matchKindName === 'selector');
  const vals = sel.map((k) => toUnsigned(expr(gen, k.expr), k.expr.type));
  const widths = sel.map((k) => k.width ?? widthOf(k.expr.type));
  const algo = impl.ctorArgs?.[0]?.constValue;
  if (algo?.kind !== 'enum') throw new CodegenError(`${impl.name}: the hash algorithm must be a constant`);
  const h = `$rt.hash(${JSON.stringify(algo.member)}, $rt.pack([${vals.join(', ')}], [${widths.join(', ')}]))`;
  return `($e.action.ref.group === undefined ? ${memberRun} : $T.profile.pick($e.action.ref.group, $T.profileSlot, ${h}))`;
}

/** The generated apply function of a table: build the key, look up, count, run the action. */
export function tableFn(gen: Gen, info: TableInfo): string {
  if (gen.emitted.has(info)) return gen.known(info.decl) as string;
  gen.emitted.add(info);
  const name = gen.nameOf(info.decl, `apply_${info.decl.name}`);
  const T = `$tables[${info.index}]`;
  const matched = info.decl.keyDecls.filter((k) => k.matchKindName !== 'selector');
  const keyVals = matched.map((k) => toUnsigned(expr(gen, k.expr), k.expr.type));
  let fill = keyVals.map((v, i) => `$key[${i}] = ${v};`);
  let lookup = '$T.store.lookup($key)';
  if (isDirect(info.keys)) {
    // A directly indexed table: the slot computed inline, as MatchTable.directIndex folds it (no key array,
    // no call). `| 0` also turns a bool into its bit.
    let idx = '';
    keyVals.forEach((v, i) => {
      idx = i === 0 ? `((${v}) | 0)` : `(${idx} * ${2 ** info.keys[i].width} + ((${v}) | 0))`;
    });
    fill = [];
    lookup = `$T.store.direct[${idx}]`;
  }
  const arms = info.actions.map((a, i) => {
    const ref = info.decl.actionRefs.find((r) => r.action === a);
    const dir = a.params.filter((p) => p.direction !== 'none');
    const data = a.params.filter((p) => p.direction === 'none');
    const vals: string[] = [];
    const writes: string[] = [];
    let outIndex = 0;
    const bound = dir.map((_p, j) => ref?.args?.[j]);
    const copyIn = argsOverlap(dir, bound) || argsReachedDirectly(a, dir, bound);
    dir.forEach((p, j) => {
      const x = bound[j];
      if (!x || x.kind === 'dontcare') {
        vals.push(defaultValue(gen, p.type));
        return;
      }
      if (isAggregate(p.type)) {
        if (p.direction === 'out' || (p.direction === 'inout' && copyIn)) {
          const tmp = gen.fresh('$arg');
          gen.top.push(`let ${tmp};`);
          const init = p.direction === 'out' ? defaultValue(gen, p.type) : `$rt.clone(${lvalue(gen, x)})`;
          vals.push(`(${tmp} = ${init})`);
          writes.push(`$rt.assign(${lvalue(gen, x)}, ${tmp});`);
          return;
        }
        vals.push(p.direction === 'in' ? valueFor(gen, x, p.type) : lvalue(gen, x));
        return;
      }
      vals.push(p.direction === 'out' ? defaultValue(gen, p.type) : exprAs(gen, x, p.type));
      if (p.direction !== 'in') writes.push(store(gen, x, `$t[${outIndex++}]`));
    });
    data.forEach((_p, j) => vals.push(`$r.args[${j}]`));
    const call = `${action(gen, a)}(${vals.join(', ')})`;
    const body = writes.length ? callThenCopyOut(call, writes.join(' '), mayExit(gen, a)) : `${call};`;
    return `case ${i}: ${body} break;`;
  });
  const dm = info.directMeter === undefined ? undefined : `$ext[${info.directMeter}].direct`;
  const target = dm ? meterTarget(info) : undefined;
  const counted =
    (info.directCounter ? `$e.packets++; $e.bytes += $st.inlen;` : '') +
    (dm ? ` ${dm}.hit($e, $st.inlen);` : '') +
    (dm && target ? ` ${store(gen, target, color(`${dm}.color`, target.type))}` : '');
  const missed = dm ? ` ${dm}.miss();` : '';
  gen.top.push(
    `function ${name}() {\nconst $T = ${T};${lookup.includes('$key') ? ' const $key = $T.key;' : ''}\n${fill.join('\n')}\nconst $e = ${lookup};\nlet $r, $hit;\nif ($e !== undefined) { $r = ${info.decl.implementation ? indirectRun(gen, info) : '$e.action'}; $hit = 1; ${counted} } else { $r = $T.def; $hit = 0;${missed} }\nswitch ($r.index) {\n${arms.join('\n')}\n}\nreturn ($r.index << 1) | $hit;\n}`,
  );
  return name;
}
