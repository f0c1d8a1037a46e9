// Name and id lookups over a P4Info. Accepts the decoded wire message or any plain object with the
// proto's field names, so a P4Info built by a compiler front-end works without conversion.

export interface PreambleLike {
  id: number;
  name: string;
  alias?: string;
}

export interface MatchFieldLike {
  id: number;
  name: string;
  bitwidth: number;
  match_type?: string;
}

export interface ParamLike {
  id: number;
  name: string;
  bitwidth: number;
}

export interface TableLike {
  preamble?: PreambleLike | null;
  match_fields?: MatchFieldLike[];
  action_refs?: { id: number; scope?: string }[];
  const_default_action_id?: number;
  implementation_id?: number;
  direct_resource_ids?: number[];
  size?: number | string;
  is_const_table?: boolean;
}

/** An action profile or (with_selector) action selector. */
export interface ActionProfileLike {
  preamble?: PreambleLike | null;
  table_ids?: number[];
  with_selector?: boolean;
  size?: number | string;
  max_group_size?: number;
}

export interface ActionLike {
  preamble?: PreambleLike | null;
  params?: ParamLike[];
}

export interface SizedLike {
  preamble?: PreambleLike | null;
  size?: number | string;
}

export interface DirectLike {
  preamble?: PreambleLike | null;
  direct_table_id?: number;
}

type BitstringLike = { bit?: { bitwidth: number } | null; int?: { bitwidth: number } | null } | null;

export interface RegisterLike extends SizedLike {
  /** A bit string, a user-defined `type` (new_type) that type_info.new_types describes, or a serializable
   *  enum that type_info.serializable_enums describes. */
  type_spec?: {
    bitstring?: BitstringLike;
    new_type?: { name: string } | null;
    serializable_enum?: { name: string } | null;
  } | null;
}

/** A user-defined type as P4Info's type_info describes it: by its base type, or by a translation. */
export interface NewTypeLike {
  original_type?: { bitstring?: BitstringLike } | null;
  translated_type?: { uri?: string; sdn_bitwidth?: number } | null;
}

export interface ControllerHeaderLike {
  preamble?: PreambleLike | null;
  metadata?: ParamLike[];
}

/** A match field of a parser value set: unnamed when the value set holds bit<W> values. */
export interface ValueSetMatchLike {
  id: number;
  name?: string;
  bitwidth: number;
  match_type?: string;
  other_match_type?: string;
}

export interface ValueSetLike {
  preamble?: PreambleLike | null;
  match?: ValueSetMatchLike[];
  size?: number | string;
}

/** A digest: named after its data's type, which type_spec names (described in the P4Info's type_info). */
export interface DigestLike {
  preamble?: PreambleLike | null;
  type_spec?: unknown;
}

export interface P4InfoLike {
  tables?: TableLike[];
  actions?: ActionLike[];
  action_profiles?: ActionProfileLike[];
  counters?: SizedLike[];
  direct_counters?: DirectLike[];
  meters?: SizedLike[];
  direct_meters?: DirectLike[];
  registers?: RegisterLike[];
  controller_packet_metadata?: ControllerHeaderLike[];
  value_sets?: ValueSetLike[];
  digests?: DigestLike[];
  type_info?: unknown;
}

export class P4InfoLookupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'P4InfoLookupError';
  }
}

/** Objects of one kind, found by id, fully qualified name or alias. */
export class Directory<T extends { preamble?: PreambleLike | null }> {
  private readonly byId = new Map<number, T>();
  private readonly byName = new Map<string, T>();

  constructor(
    readonly kind: string,
    items: readonly T[] | undefined,
  ) {
    for (const item of items ?? []) {
      const p = item.preamble;
      if (!p) continue;
      this.byId.set(p.id, item);
      this.byName.set(p.name, item);
      // An alias never hides a fully qualified name.
      if (p.alias && !this.byName.has(p.alias)) this.byName.set(p.alias, item);
    }
  }

  get(nameOrId: string | number): T {
    const item = typeof nameOrId === 'number' ? this.byId.get(nameOrId) : this.byName.get(nameOrId);
    if (!item) throw new P4InfoLookupError(`no ${this.kind} ${JSON.stringify(nameOrId)} in the P4Info`);
    return item;
  }

  find(nameOrId: string | number): T | undefined {
    return typeof nameOrId === 'number' ? this.byId.get(nameOrId) : this.byName.get(nameOrId);
  }

  all(): T[] {
    return [...this.byId.values()];
  }
}

export function idOf(item: { preamble?: PreambleLike | null }): number {
  return item.preamble?.id ?? 0;
}

export function nameOf(item: { preamble?: PreambleLike | null }): string {
  return item.preamble?.name ?? '';
}

/**
 * The width of a register's cells as the controller reads and writes them: a bit string's, a new type's
 * (type_info.new_types: its translated width, or its base type's), or a serializable enum's underlying
 * type's; undefined for anything else, a type translated to a string included.
 */
export function registerCellWidth(r: RegisterLike, typeInfo?: unknown): number | undefined {
  const enumName = r.type_spec?.serializable_enum?.name;
  if (enumName !== undefined) {
    const enums = (
      typeInfo as
        | { serializable_enums?: Record<string, { underlying_type?: { bitwidth?: number } | null }> }
        | null
        | undefined
    )?.serializable_enums;
    return enums && Object.hasOwn(enums, enumName) ? enums[enumName]!.underlying_type?.bitwidth : undefined;
  }
  let b = r.type_spec?.bitstring;
  const named = r.type_spec?.new_type?.name;
  if (named !== undefined) {
    const types = (typeInfo as { new_types?: Record<string, NewTypeLike> } | null | undefined)?.new_types;
    const t = types && Object.hasOwn(types, named) ? types[named] : undefined;
    const sdn = t?.translated_type?.sdn_bitwidth;
    if (sdn) return sdn;
    b = t?.original_type?.bitstring;
  }
  return b?.bit?.bitwidth ?? b?.int?.bitwidth;
}

/** registerCellWidth, or a P4InfoLookupError for a register the controller cannot write as a bit string. */
export function registerBitwidth(r: RegisterLike, typeInfo?: unknown): number {
  const w = registerCellWidth(r, typeInfo);
  if (w === undefined) throw new P4InfoLookupError(`register ${nameOf(r)} does not hold a bit<W> value`);
  return w;
}

export class P4InfoIndex {
  readonly tables: Directory<TableLike>;
  readonly actions: Directory<ActionLike>;
  readonly actionProfiles: Directory<ActionProfileLike>;
  readonly counters: Directory<SizedLike>;
  readonly directCounters: Directory<DirectLike>;
  readonly meters: Directory<SizedLike>;
  readonly directMeters: Directory<DirectLike>;
  readonly registers: Directory<RegisterLike>;
  readonly controllerHeaders: Directory<ControllerHeaderLike>;
  readonly valueSets: Directory<ValueSetLike>;
  readonly digests: Directory<DigestLike>;

  constructor(readonly p4info: P4InfoLike) {
    this.tables = new Directory('table', p4info.tables);
    this.actions = new Directory('action', p4info.actions);
    this.actionProfiles = new Directory('action profile', p4info.action_profiles);
    this.counters = new Directory('counter', p4info.counters);
    this.directCounters = new Directory('direct counter', p4info.direct_counters);
    this.meters = new Directory('meter', p4info.meters);
    this.directMeters = new Directory('direct meter', p4info.direct_meters);
    this.registers = new Directory('register', p4info.registers);
    this.controllerHeaders = new Directory('controller header', p4info.controller_packet_metadata);
    this.valueSets = new Directory('value set', p4info.value_sets);
    this.digests = new Directory('digest', p4info.digests);
  }

  matchField(table: TableLike, nameOrId: string | number): MatchFieldLike {
    const f = (table.match_fields ?? []).find((m) =>
      typeof nameOrId === 'number' ? m.id === nameOrId : m.name === nameOrId,
    );
    if (!f)
      throw new P4InfoLookupError(`table ${nameOf(table)} has no match field ${JSON.stringify(nameOrId)}`);
    return f;
  }

  param(action: ActionLike, nameOrId: string | number): ParamLike {
    const p = (action.params ?? []).find((m) =>
      typeof nameOrId === 'number' ? m.id === nameOrId : m.name === nameOrId,
    );
    if (!p)
      throw new P4InfoLookupError(`action ${nameOf(action)} has no parameter ${JSON.stringify(nameOrId)}`);
    return p;
  }

  /** Whether entries of this table need a priority (P4Runtime: any ternary, range or optional field). */
  needsPriority(table: TableLike): boolean {
    return (table.match_fields ?? []).some((f) =>
      ['TERNARY', 'RANGE', 'OPTIONAL'].includes(f.match_type ?? ''),
    );
  }
}
