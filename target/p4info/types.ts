// P4Info as plain data: the subset of p4/config/v1/p4info.proto that v1model programs produce.
// Field names are the proto's own (snake_case) so that the object maps one-to-one onto the wire message
// and onto p4c's text format; ids are the full 32-bit P4Runtime ids (type prefix in the top byte).

/** P4Ids.Prefix from p4info.proto: the top byte of every id. */
export const P4IdPrefix = {
  ACTION: 0x01,
  TABLE: 0x02,
  VALUE_SET: 0x03,
  CONTROLLER_HEADER: 0x04,
  ACTION_PROFILE: 0x11,
  COUNTER: 0x12,
  DIRECT_COUNTER: 0x13,
  METER: 0x14,
  DIRECT_METER: 0x15,
  REGISTER: 0x16,
  DIGEST: 0x17,
} as const;

/** From `@brief` and `@description`. */
export interface Documentation {
  brief?: string;
  description?: string;
}

// Every message lists its fields in p4info.proto's field-number order, the order of protobuf's text format.

/** A structured annotation's value (P4Runtime's Expression): an int64 is written as its decimal string. */
export type StructuredValue = { string_value: string } | { int64_value: string } | { bool_value: boolean };

/** `@name[values]` or `@name[key = value, ...]` (P4_16 §18.2) as P4Info carries it. */
export type StructuredAnnotation = { name: string } & (
  | { expression_list: { expressions: StructuredValue[] } }
  | { kv_pair_list: { kv_pairs: { key: string; value: StructuredValue }[] } }
);

export interface Preamble {
  id: number;
  name: string;
  alias: string;
  annotations?: string[];
  doc?: Documentation;
  structured_annotations?: StructuredAnnotation[];
}

export type MatchType = 'EXACT' | 'LPM' | 'TERNARY' | 'RANGE' | 'OPTIONAL';

/** A P4NamedType: the `type` a match field, action parameter or controller header field was declared with. */
export interface NamedType {
  name: string;
}

export interface MatchField {
  id: number;
  name: string;
  annotations?: string[];
  bitwidth: number;
  match_type: MatchType;
  doc?: Documentation;
  type_name?: NamedType;
  structured_annotations?: StructuredAnnotation[];
}

export type ActionRefScope = 'TABLE_AND_DEFAULT' | 'TABLE_ONLY' | 'DEFAULT_ONLY';

export interface ActionRef {
  id: number;
  annotations?: string[];
  scope?: ActionRefScope;
  structured_annotations?: StructuredAnnotation[];
}

export interface Table {
  preamble: Preamble;
  match_fields: MatchField[];
  action_refs: ActionRef[];
  const_default_action_id?: number;
  /** The action profile or selector of an indirect table. */
  implementation_id?: number;
  direct_resource_ids?: number[];
  size: number;
  is_const_table?: boolean;
  has_initial_entries?: boolean;
}

export interface ActionParam {
  id: number;
  name: string;
  annotations?: string[];
  bitwidth: number;
  doc?: Documentation;
  type_name?: NamedType;
  structured_annotations?: StructuredAnnotation[];
}

export interface Action {
  preamble: Preamble;
  params: ActionParam[];
}

export type CounterUnit = 'BYTES' | 'PACKETS' | 'BOTH';
export type MeterUnit = 'BYTES' | 'PACKETS';

export interface Counter {
  preamble: Preamble;
  spec: { unit: CounterUnit };
  size: number;
}

export interface DirectCounter {
  preamble: Preamble;
  spec: { unit: CounterUnit };
  direct_table_id: number;
}

export interface Meter {
  preamble: Preamble;
  spec: { unit: MeterUnit };
  size: number;
}

export interface DirectMeter {
  preamble: Preamble;
  spec: { unit: MeterUnit };
  direct_table_id: number;
}

export interface Register {
  preamble: Preamble;
  /** The register's cell type: v1model registers hold bit<W> or int<W>, possibly under a `type` name, or a
   *  serializable enum's values. */
  type_spec: BitstringTypeSpec | { new_type: NamedType } | { serializable_enum: NamedType };
  size: number;
}

export interface BitstringTypeSpec {
  bitstring: { bit?: { bitwidth: number }; int?: { bitwidth: number } };
}

export interface ControllerPacketMetadata {
  preamble: Preamble;
  metadata: {
    id: number;
    name: string;
    annotations?: string[];
    bitwidth: number;
    type_name?: NamedType;
    structured_annotations?: StructuredAnnotation[];
  }[];
}

/** A match field of a parser value set: unnamed for a `bit<W>` element, one per field of a struct element
 *  (whose `@match(kind)` gives its match type, EXACT without one; a kind P4Runtime does not name is an
 *  `other_match_type`). */
export interface ValueSetMatch {
  id: number;
  name?: string;
  annotations?: string[];
  bitwidth: number;
  match_type?: MatchType;
  other_match_type?: string;
  doc?: Documentation;
}

/** A parser `value_set<T>(size)`. */
export interface ValueSet {
  preamble: Preamble;
  match: ValueSetMatch[];
  size: number;
}

/** A P4DataTypeSpec, for the types digests and registers carry. */
export type P4DataTypeSpec =
  | BitstringTypeSpec
  | { bool: Record<string, never> }
  | { struct: { name: string } }
  | { header: { name: string } }
  | { enum: NamedType }
  | { serializable_enum: NamedType }
  | { new_type: NamedType };

/** A v1model action_profile (with_selector false) or action_selector. */
export interface ActionProfile {
  preamble: Preamble;
  table_ids: number[];
  with_selector?: boolean;
  size: number;
  /** From @max_group_size, on selectors only (0, left out, is "no limit"). */
  max_group_size?: number;
  /** Set with max_group_size (p4runtime 1.4's selector_size_semantics): sum_of_weights unless
   *  @selector_size_semantics("sum_of_members") asks otherwise. */
  sum_of_weights?: Record<string, never>;
  sum_of_members?: { max_member_weight?: number };
}

/** A v1model `digest<T>(receiver, data)`: named after the struct type T. */
export interface Digest {
  preamble: Preamble;
  type_spec: P4DataTypeSpec;
}

/** A P4BitstringLikeTypeSpec: how P4TypeInfo describes a header's fields. */
export type P4BitstringLikeTypeSpec = { bit: { bitwidth: number } } | { int: { bitwidth: number } };

/** A P4NewTypeSpec: a `type` as the control plane sees it, its base type or the type it is translated to. */
export type P4NewTypeSpec =
  | { original_type: P4DataTypeSpec }
  | {
      translated_type:
        { uri: string; sdn_bitwidth: number } | { uri: string; sdn_string: Record<string, never> };
    };

/** P4TypeInfo: the named types the P4Info refers to (proto maps keyed by type name). */
export interface P4TypeInfo {
  structs?: { [name: string]: { members: { name: string; type_spec: P4DataTypeSpec }[] } };
  headers?: { [name: string]: { members: { name: string; type_spec: P4BitstringLikeTypeSpec }[] } };
  enums?: { [name: string]: { members: { name: string }[] } };
  serializable_enums?: {
    [name: string]: { underlying_type: { bitwidth: number }; members: { name: string; value: Uint8Array }[] };
  };
  new_types?: { [name: string]: P4NewTypeSpec };
}

export interface P4Info {
  pkg_info: { arch: string; name?: string; version?: string };
  tables: Table[];
  actions: Action[];
  /** Present when a table has an `implementation`. */
  action_profiles?: ActionProfile[];
  counters: Counter[];
  direct_counters: DirectCounter[];
  meters: Meter[];
  direct_meters: DirectMeter[];
  controller_packet_metadata: ControllerPacketMetadata[];
  /** Present when the program has parser value sets. */
  value_sets?: ValueSet[];
  registers: Register[];
  /** Present when the program calls digest(). */
  digests?: Digest[];
  type_info?: P4TypeInfo;
}
