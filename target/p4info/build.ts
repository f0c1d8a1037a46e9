// Builds the P4Info of a checked v1model program, following p4c's P4RuntimeSerializer: which objects
// appear, their names, ids and aliases, and the table/action/extern details.
import type {
  ActionDecl,
  Annotation,
  CheckedProgram,
  GlobalActionUse,
  InstanceDecl,
  TableDecl,
  Type,
  ValueSetDecl,
} from '../frontend/ast.js';
import { bitWidthOf } from '../frontend/types.js';
import { controlPlaneName } from '../frontend/names.js';
import { annotationStrings, described, structured } from './annotations.js';
import { collectDigests } from './digests.js';
import { IdAllocator, shortestUniqueSuffixes, type IdProblem } from './ids.js';
import { PipelineOrder } from './order.js';
import { TypeInfoBuilder, type ControllerView } from './type-info.js';
import {
  P4IdPrefix,
  type Action,
  type ActionProfile,
  type ActionRef,
  type ControllerPacketMetadata,
  type CounterUnit,
  type MatchType,
  type NamedType,
  type P4Info,
  type Table,
  type ValueSet,
  type ValueSetMatch,
} from './types.js';

/**
 * A table's action list as p4c's front-end leaves it: a table without default_action gets NoAction as its
 * default (CreateBuiltins), appended to the list as `@defaultonly NoAction` when the list does not have it.
 */
function actionList(t: TableDecl): { action: ActionDecl; annotations: Annotation[] }[] {
  const listed = t.actionRefs.flatMap((r) =>
    r.action ? [{ action: r.action, annotations: r.annotations }] : [],
  );
  const implicit = t.defaultActionRef === undefined ? t.defaultAction?.action : undefined;
  if (implicit && !listed.some((r) => r.action === implicit))
    listed.push({ action: implicit, annotations: [{ name: 'defaultonly', args: [], body: '', loc: t.loc }] });
  return listed;
}

/** `@hidden` objects are not part of the control-plane API (p4c's isHidden). */
const visible = (x: { annotations: Annotation[] }): boolean =>
  !x.annotations.some((a) => a.name === 'hidden');

function explicitId(anns: Annotation[]): number | undefined {
  const a = anns.find((x) => x.name === 'id');
  const v = a?.args[0];
  return v?.kind === 'int' ? Number(v.value) : undefined;
}

const MATCH_TYPES: Record<string, MatchType> = {
  exact: 'EXACT',
  lpm: 'LPM',
  ternary: 'TERNARY',
  range: 'RANGE',
  optional: 'OPTIONAL',
};

function unitOf(inst: InstanceDecl): string {
  const arg = inst.ctorArgs?.find((a) => a.constValue?.kind === 'enum');
  return arg?.constValue?.kind === 'enum' ? arg.constValue.member : 'packets';
}

function counterUnit(inst: InstanceDecl): CounterUnit {
  const u = unitOf(inst);
  return u === 'bytes' ? 'BYTES' : u === 'packets_and_bytes' ? 'BOTH' : 'PACKETS';
}

function intArg(inst: InstanceDecl, index: number): number {
  const v = inst.ctorArgs?.[index]?.constValue;
  return v?.kind === 'int' ? Number(v.value) : 0;
}

/** Whether a select of the value set's parser names it: p4c's front-end removes the other value sets
 *  (RemoveUnusedDeclarations), so P4Info lists only these. */
function usedInSelect(vs: ValueSetDecl): boolean {
  return (vs.parent?.states ?? []).some(
    (s) =>
      s.transition.kind === 'select' &&
      s.transition.cases.some((c) => c.keyset?.some((k) => k.kind === 'value_set' && k.decl === vs)),
  );
}

/**
 * A value set's match fields as p4c's serializer gives them: one unnamed EXACT field for a `bit<W>` element,
 * one per field of a struct of `bit<W>` fields (its `@match(kind)` the match type, other annotations kept);
 * undefined for any other element type, which P4Runtime cannot describe.
 */
function valueSetMatches(vs: ValueSetDecl): ValueSetMatch[] | undefined {
  // A `type` is not a bit<W> to p4c's serializer here ("TODO: handle new types"): it refuses the value set.
  const t = vs.elementType;
  if (t.kind === 'bit' && !t.newType) return [{ id: 1, bitwidth: t.width, match_type: 'EXACT' }];
  if (t.kind !== 'struct') return undefined;
  const out: ValueSetMatch[] = [];
  for (const [i, f] of t.decl.fields.entries()) {
    if (f.type.kind !== 'bit' || f.type.newType) return undefined;
    const kind = f.annotations.find((a) => a.name === 'match')?.body.trim() ?? 'exact';
    const { annotations, doc } = described(f.annotations.filter((a) => a.name !== 'match'));
    const known = Object.hasOwn(MATCH_TYPES, kind) ? MATCH_TYPES[kind] : undefined;
    out.push({
      id: explicitId(f.annotations) ?? i + 1,
      name: controlPlaneName(f.annotations, f.name),
      ...(annotations ? { annotations } : {}),
      bitwidth: f.type.width,
      ...(known ? { match_type: known } : { other_match_type: kind }),
      ...(doc ? { doc } : {}),
    });
  }
  return out;
}

/** Annotations ActionProfile represents by its own fields, left out of its preamble as p4c does. */
const SIZING = new Set(['max_group_size', 'selector_size_semantics', 'max_member_weight']);
const sizing = (a: Annotation): boolean => !SIZING.has(a.name);

/** An action profile or selector as p4c describes it: size from the constructor, and on selectors
 *  max_group_size from @max_group_size with its selector_size_semantics (sum_of_weights unless
 *  @selector_size_semantics("sum_of_members"), which takes @max_member_weight). */
function actionProfileOf(p: InstanceDecl, pre: ActionProfile['preamble'], tableIds: number[]): ActionProfile {
  const selector = p.type.kind === 'extern' && p.type.decl.name === 'action_selector';
  const intAnn = (name: string): number | undefined => {
    const v = p.annotations.find((a) => a.name === name)?.args[0];
    return v?.kind === 'int' ? Number(v.value) : undefined;
  };
  const out: ActionProfile = {
    preamble: pre,
    table_ids: tableIds,
    ...(selector ? { with_selector: true } : {}),
    size: intArg(p, selector ? 1 : 0),
  };
  const maxGroup = selector ? intAnn('max_group_size') : undefined;
  if (maxGroup !== undefined) {
    out.max_group_size = maxGroup;
    const semantics = p.annotations.find((a) => a.name === 'selector_size_semantics')?.args[0];
    if (semantics?.kind === 'string' && semantics.value === 'sum_of_members') {
      const w = intAnn('max_member_weight');
      out.sum_of_members = w === undefined ? {} : { max_member_weight: w };
    } else out.sum_of_weights = {};
  }
  return out;
}

export interface P4InfoResult {
  p4info: P4Info;
  /** Problems p4c reports as errors (duplicate or badly prefixed @id, two objects of a kind under one name, a
   *  value set P4Runtime cannot describe), located at the declaration. */
  problems: IdProblem[];
  /** What the P4Info can hold but current p4c rejects (two action declarations under one control-plane
   *  name), located at the later declaration. */
  warnings: IdProblem[];
}

/** Same source declaration: the copies a control instantiated twice makes of its actions share it. */
const sameSource = (a: { loc: IdProblem['loc'] }, b: { loc: IdProblem['loc'] }): boolean =>
  a.loc?.file === b.loc?.file && a.loc?.line === b.loc?.line && a.loc?.col === b.loc?.col;

const at = (loc: IdProblem['loc']): string => (loc ? ` (${loc.file}:${loc.line}:${loc.col})` : '');

/**
 * p4c's P4RuntimeSerializer refuses a P4Info in which two objects of one kind have the same name (two instances
 * of a control whose table has an absolute `@name(".t")`, for instance): one problem per object after the first.
 */
function duplicateNames(kind: string, objects: { name: string; loc?: IdProblem['loc'] }[]): IdProblem[] {
  const seen = new Set<string>();
  const out: IdProblem[] = [];
  for (const o of objects) {
    if (seen.has(o.name))
      out.push({
        message: `name '${o.name}' is used for multiple ${kind} objects in the P4Info`,
        loc: o.loc,
      });
    seen.add(o.name);
  }
  return out;
}

export function buildP4Info(prog: CheckedProgram): P4InfoResult {
  // The checked program lists only objects of instantiated blocks (nested control copies included), which p4c
  // lists in the order of the pipeline its front-end inlines (order.ts).
  const order = new PipelineOrder(prog);
  // p4c's front-end removes the tables no statement applies, and with them the actions only they list.
  const tables = order.sort(prog.tables).filter((t) => visible(t) && t.applied === true);
  const tableActions = new Set(tables.flatMap((t) => actionList(t).map((r) => r.action)));
  // Actions, main control by main control as p4c lists them: the top-level actions it uses (p4c's front-end
  // copies them into the control, ahead of its own declarations), then its own actions that something uses
  // (the front-end removes the others). A top-level action used by several controls is listed once, where
  // first met.
  // Actions with one control-plane name are one P4Info action, the first met, as p4c's serializer keeps them
  // (the copies of a control's actions in each of its instances, or p4c's own LocalizeAllActions output).
  // Distinct declarations under one name are an error in current p4c's front-end: a warning here, because
  // programs p4c wrote itself (its P4_14 translations) have them.
  const actions: ActionDecl[] = [];
  const listedActions = new Set<ActionDecl>();
  const actionNamed = new Map<string, ActionDecl>();
  const warnings: IdProblem[] = [];
  const addAction = (a: ActionDecl | undefined): void => {
    if (!a || listedActions.has(a)) return;
    listedActions.add(a);
    const name = a.controlPlaneName!;
    const first = actionNamed.get(name);
    if (first === undefined) {
      actionNamed.set(name, a);
      actions.push(a);
    } else if (!sameSource(first, a))
      warnings.push({
        message: `action ${a.name}: control-plane name '${name}' is also that of action ${first.name}${at(first.loc)}; p4c rejects two actions under one name (one P4Info action here)`,
        loc: a.loc,
      });
  };
  const used = (x: ActionDecl): boolean => x.referenced === true || tableActions.has(x);
  const live = (u: GlobalActionUse): boolean => u.table === undefined || u.table.applied === true;
  const controls = order.controls((x) => visible(x) && (x.parent === undefined || used(x)), live);
  for (const c of controls) for (const a of c.actions) addAction(a);
  const externs = order.sort(prog.externInstances).filter(visible);
  const kindOf = (i: InstanceDecl): string => (i.type.kind === 'extern' ? i.type.decl.name : '');
  const counters = externs.filter((i) => kindOf(i) === 'counter');
  const attached = (i: InstanceDecl): boolean =>
    tables.some((t) => t.directCounter === i || t.directMeter === i);
  const directCounters = externs.filter((i) => kindOf(i) === 'direct_counter' && attached(i));
  const meters = externs.filter((i) => kindOf(i) === 'meter');
  const directMeters = externs.filter((i) => kindOf(i) === 'direct_meter' && attached(i));
  const registers = externs.filter((i) => kindOf(i) === 'register');
  // Action profiles: every one declared, used or not (p4c keeps extern instances: its reference P4Info for
  // action_selector_unused-bmv2 lists the selector no table uses), and those constructed in place in a listed
  // table's `implementation`.
  const profiles = externs.filter(
    (i) =>
      (kindOf(i) === 'action_profile' || kindOf(i) === 'action_selector') &&
      ((i.parent?.locals.includes(i) ?? false) || tables.some((t) => t.implementation === i)),
  );
  const valueSets = order.sort(prog.valueSets).filter((v) => visible(v) && usedInSelect(v));

  const ids = new IdAllocator();
  const problems: IdProblem[] = [];
  const typeInfo = new TypeInfoBuilder({}, problems);
  const reg = (prefix: number, name: string, anns: Annotation[], loc?: IdProblem['loc']): void =>
    ids.add({ prefix, name, explicit: explicitId(anns), loc });
  for (const t of tables) reg(P4IdPrefix.TABLE, t.controlPlaneName!, t.annotations, t.loc);
  for (const a of actions) reg(P4IdPrefix.ACTION, a.controlPlaneName!, a.annotations, a.loc);
  for (const p of profiles) reg(P4IdPrefix.ACTION_PROFILE, p.controlPlaneName!, p.annotations, p.loc);
  for (const c of counters) reg(P4IdPrefix.COUNTER, c.controlPlaneName!, c.annotations, c.loc);
  for (const c of directCounters) reg(P4IdPrefix.DIRECT_COUNTER, c.controlPlaneName!, c.annotations, c.loc);
  for (const m of meters) reg(P4IdPrefix.METER, m.controlPlaneName!, m.annotations, m.loc);
  for (const m of directMeters) reg(P4IdPrefix.DIRECT_METER, m.controlPlaneName!, m.annotations, m.loc);
  for (const r of registers) reg(P4IdPrefix.REGISTER, r.controlPlaneName!, r.annotations, r.loc);
  for (const v of valueSets) reg(P4IdPrefix.VALUE_SET, v.controlPlaneName!, v.annotations, v.loc);
  // A controller header's id hashes its type's name; its P4Info name is the annotation's (p4c does the same).
  const headerSymbol = (h: CheckedProgram['controllerHeaders'][number]): string =>
    controlPlaneName(h.decl.annotations, h.decl.name);
  for (const h of prog.controllerHeaders)
    reg(P4IdPrefix.CONTROLLER_HEADER, headerSymbol(h), h.decl.annotations, h.decl.loc);
  const digests = collectDigests(controls, typeInfo);
  for (const d of digests)
    reg(P4IdPrefix.DIGEST, controlPlaneName(d.annotations, d.name), d.annotations, d.loc);
  ids.finish();
  const named = <T extends { loc: IdProblem['loc'] }>(xs: readonly T[], name: (x: T) => string) =>
    xs.map((x) => ({ name: name(x), loc: x.loc }));
  const cpName = (x: { controlPlaneName?: string }): string => x.controlPlaneName!;
  // Within one table the ids must tell its actions apart: two of them under one name leave one unreachable.
  for (const t of tables) {
    const byName = new Map<string, ActionDecl>();
    for (const { action } of actionList(t)) {
      const first = byName.get(action.controlPlaneName!);
      if (first && first !== action && !sameSource(first, action))
        problems.push({
          message: `table ${t.name} lists actions ${first.name} and ${action.name}, which share the control-plane name '${action.controlPlaneName}'`,
          loc: action.loc,
        });
      byName.set(action.controlPlaneName!, first ?? action);
    }
  }
  problems.push(
    ...duplicateNames('table', named(tables, cpName)),
    ...duplicateNames('action profile', named(profiles, cpName)),
    ...duplicateNames('counter', named(counters, cpName)),
    ...duplicateNames('direct counter', named(directCounters, cpName)),
    ...duplicateNames('meter', named(meters, cpName)),
    ...duplicateNames('direct meter', named(directMeters, cpName)),
    ...duplicateNames('register', named(registers, cpName)),
    ...duplicateNames('value set', named(valueSets, cpName)),
    ...duplicateNames(
      'controller packet metadata',
      prog.controllerHeaders.map((h) => ({ name: h.name, loc: h.decl.loc })),
    ),
  );

  const allNames = [
    ...tables.map((t) => t.controlPlaneName!),
    ...actions.map((a) => a.controlPlaneName!),
    ...externs.map((e) => e.controlPlaneName!),
    ...valueSets.map((v) => v.controlPlaneName!),
    ...prog.controllerHeaders.map(headerSymbol),
    ...digests.map((d) => controlPlaneName(d.annotations, d.name)),
  ];
  const aliases = shortestUniqueSuffixes(allNames);
  // Every message below lists its fields in p4info.proto's field-number order, which is the order of p4c's
  // text output (the text writer keeps the objects' key order).
  const preamble = (prefix: number, name: string, anns: Annotation[]) => ({
    id: ids.get(prefix, name),
    name,
    alias: aliases.get(name) ?? name,
    ...described(anns),
    ...structured(anns, problems),
  });

  // A value the controller reads or writes: its new type (if any) names it and may give it another width.
  const controllerView = (t: Type, width: number): ControllerView => {
    const view = typeInfo.view(t);
    return view.type_name ? view : { bitwidth: width };
  };
  const typeName = (v: ControllerView): { type_name?: NamedType } =>
    v.type_name ? { type_name: v.type_name } : {};

  const tableOf = (t: TableDecl): Table => {
    const action_refs: ActionRef[] = actionList(t)
      .filter((r) => visible(r.action))
      .map((r) => {
        const scope = r.annotations.some((a) => a.name === 'tableonly')
          ? 'TABLE_ONLY'
          : r.annotations.some((a) => a.name === 'defaultonly')
            ? 'DEFAULT_ONLY'
            : undefined;
        const annotations = annotationStrings(r.annotations);
        return {
          id: ids.get(P4IdPrefix.ACTION, r.action.controlPlaneName!),
          ...(annotations ? { annotations } : {}),
          ...(scope ? { scope } : {}),
          ...structured(r.annotations, problems),
        };
      });
    const direct: number[] = [];
    if (t.directCounter) direct.push(ids.get(P4IdPrefix.DIRECT_COUNTER, t.directCounter.controlPlaneName!));
    if (t.directMeter) direct.push(ids.get(P4IdPrefix.DIRECT_METER, t.directMeter.controlPlaneName!));
    const table: Table = {
      preamble: preamble(P4IdPrefix.TABLE, t.controlPlaneName!, t.annotations),
      // Selector fields are hashed, not matched: P4Info leaves them out, as p4c does.
      match_fields: t.keyDecls
        .filter((k) => k.matchKindName !== 'selector')
        .map((k, i) => {
          const { annotations, doc } = described(k.annotations);
          const view = controllerView(k.expr.type, k.width!);
          return {
            id: explicitId(k.annotations) ?? i + 1,
            name: k.name!,
            ...(annotations ? { annotations } : {}),
            bitwidth: view.bitwidth,
            match_type:
              (Object.hasOwn(MATCH_TYPES, k.matchKindName) && MATCH_TYPES[k.matchKindName]) || 'EXACT',
            ...(doc ? { doc } : {}),
            ...typeName(view),
            ...structured(k.annotations, problems),
          };
        }),
      action_refs,
      ...(t.defaultActionIsConst && t.defaultAction?.action
        ? { const_default_action_id: ids.get(P4IdPrefix.ACTION, t.defaultAction.action.controlPlaneName!) }
        : {}),
      ...(t.implementation && profiles.includes(t.implementation)
        ? { implementation_id: ids.get(P4IdPrefix.ACTION_PROFILE, t.implementation.controlPlaneName!) }
        : {}),
      ...(direct.length ? { direct_resource_ids: direct } : {}),
      size: t.size ?? 1024,
      ...(t.entryDecls.length > 0 && t.entriesAreConst ? { is_const_table: true } : {}),
      ...(t.entryDecls.length > 0 ? { has_initial_entries: true } : {}),
    };
    return table;
  };

  const actionOf = (a: ActionDecl): Action => ({
    preamble: preamble(P4IdPrefix.ACTION, a.controlPlaneName!, a.annotations),
    params: a.params
      .filter((p) => p.direction === 'none')
      .map((p, i) => {
        const { annotations, doc } = described(p.annotations);
        const view = controllerView(p.type, bitWidthOf(p.type) ?? 0);
        return {
          id: explicitId(p.annotations) ?? i + 1,
          name: controlPlaneName(p.annotations, p.name),
          ...(annotations ? { annotations } : {}),
          bitwidth: view.bitwidth,
          ...(doc ? { doc } : {}),
          ...typeName(view),
          ...structured(p.annotations, problems),
        };
      }),
  });

  const directTableOf = (inst: InstanceDecl): number => {
    const t = tables.find((x) => x.directCounter === inst || x.directMeter === inst);
    return t ? ids.get(P4IdPrefix.TABLE, t.controlPlaneName!) : 0;
  };

  const controllerHeaders: ControllerPacketMetadata[] = prog.controllerHeaders.map((h) => ({
    preamble: {
      ...preamble(P4IdPrefix.CONTROLLER_HEADER, headerSymbol(h), h.decl.annotations),
      name: h.name,
      alias: h.name,
    },
    metadata: h.decl.fields.map((f, i) => {
      const annotations = annotationStrings(f.annotations);
      const view = controllerView(f.type, f.width ?? 0);
      return {
        id: explicitId(f.annotations) ?? i + 1,
        name: controlPlaneName(f.annotations, f.name),
        ...(annotations ? { annotations } : {}),
        bitwidth: view.bitwidth,
        ...typeName(view),
        ...structured(f.annotations, problems),
      };
    }),
  }));

  const p4info: P4Info = {
    pkg_info: { arch: 'v1model' },
    tables: tables.map(tableOf),
    actions: actions.map(actionOf),
    ...(profiles.length
      ? {
          action_profiles: profiles.map((p) =>
            actionProfileOf(
              p,
              preamble(P4IdPrefix.ACTION_PROFILE, p.controlPlaneName!, p.annotations.filter(sizing)),
              tables
                .filter((t) => t.implementation === p)
                .map((t) => ids.get(P4IdPrefix.TABLE, t.controlPlaneName!)),
            ),
          ),
        }
      : {}),
    counters: counters.map((c) => ({
      preamble: preamble(P4IdPrefix.COUNTER, c.controlPlaneName!, c.annotations),
      spec: { unit: counterUnit(c) },
      size: intArg(c, 0),
    })),
    direct_counters: directCounters.map((c) => ({
      preamble: preamble(P4IdPrefix.DIRECT_COUNTER, c.controlPlaneName!, c.annotations),
      spec: { unit: counterUnit(c) },
      direct_table_id: directTableOf(c),
    })),
    meters: meters.map((m) => ({
      preamble: preamble(P4IdPrefix.METER, m.controlPlaneName!, m.annotations),
      spec: { unit: unitOf(m) === 'bytes' ? 'BYTES' : 'PACKETS' },
      size: intArg(m, 0),
    })),
    direct_meters: directMeters.map((m) => ({
      preamble: preamble(P4IdPrefix.DIRECT_METER, m.controlPlaneName!, m.annotations),
      spec: { unit: unitOf(m) === 'bytes' ? 'BYTES' : 'PACKETS' },
      direct_table_id: directTableOf(m),
    })),
    controller_packet_metadata: controllerHeaders,
    registers: registers.map((r) => {
      const cell = r.type.kind === 'extern' ? r.type.typeArgs[0] : undefined;
      const serEnum = cell?.kind === 'enum' && cell.decl.underlying !== undefined;
      const spec = cell?.kind === 'bit' || cell?.kind === 'int' || serEnum ? typeInfo.spec(cell) : undefined;
      return {
        preamble: preamble(P4IdPrefix.REGISTER, r.controlPlaneName!, r.annotations),
        type_spec:
          spec && ('bitstring' in spec || 'new_type' in spec || 'serializable_enum' in spec)
            ? spec
            : { bitstring: { bit: { bitwidth: 0 } } },
        size: intArg(r, 0),
      };
    }),
  };
  if (valueSets.length > 0)
    p4info.value_sets = valueSets.map((v): ValueSet => {
      const match = valueSetMatches(v);
      if (!match)
        problems.push({
          message: `value set ${v.name}: P4Runtime describes a value set of bit<W> or of a struct of bit<W> fields only`,
          loc: v.loc,
        });
      return {
        preamble: preamble(P4IdPrefix.VALUE_SET, v.controlPlaneName!, v.annotations),
        match: match ?? [],
        size: v.size ?? 0,
      };
    });
  if (digests.length > 0) {
    p4info.digests = digests.map((d) => ({
      preamble: preamble(P4IdPrefix.DIGEST, controlPlaneName(d.annotations, d.name), d.annotations),
      type_spec: { struct: { name: d.name } },
    }));
  }
  // p4c's serializer creates type_info (empty unless a type needs describing) as soon as a table, an action
  // parameter, a controller header field or an extern asks it to describe a type: a P4Info of parameterless
  // actions and value sets has none (p4c's reference P4Info files for such programs end without it).
  const describesTypes =
    p4info.tables.length > 0 ||
    p4info.actions.some((a) => a.params.length > 0) ||
    p4info.controller_packet_metadata.some((h) => h.metadata.length > 0) ||
    p4info.counters.length + p4info.meters.length + p4info.registers.length > 0 ||
    (p4info.action_profiles?.length ?? 0) > 0 ||
    digests.length > 0;
  if (describesTypes) p4info.type_info = typeInfo.info;
  return { p4info, problems: [...ids.problems, ...problems], warnings };
}
