// The control-plane face of one loaded pipeline: what bmv2's runtime interface is to simple_switch.
// The engine implements it (switch-control.ts); the STF runner and the P4Runtime server drive it. Everything
// is addressed by P4Info ids and values are unsigned bigints of the field's bitwidth, so the P4Runtime server
// only translates bytes <-> bigints and the STF runner only translates names -> ids.
import type { P4Info } from '../p4info/types.js';

/** Error kinds, named after the P4Runtime/gRPC status each one maps to. */
export type ControlPlaneErrorCode =
  | 'ALREADY_EXISTS'
  | 'NOT_FOUND'
  | 'INVALID_ARGUMENT'
  | 'OUT_OF_RANGE'
  | 'RESOURCE_EXHAUSTED'
  | 'PERMISSION_DENIED'
  | 'FAILED_PRECONDITION'
  | 'UNIMPLEMENTED';

export class ControlPlaneError extends Error {
  constructor(
    readonly code: ControlPlaneErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ControlPlaneError';
  }
}

/** One field of a match key. Fields absent from a key are "don't care" (not allowed for exact fields). */
export type FieldMatch =
  | { kind: 'exact'; value: bigint }
  | { kind: 'lpm'; value: bigint; prefixLen: number }
  | { kind: 'ternary'; value: bigint; mask: bigint }
  | { kind: 'range'; low: bigint; high: bigint }
  | { kind: 'optional'; value: bigint };

export interface ActionCall {
  actionId: number;
  /** Param id -> value; every param of the action must be present. */
  params: Map<number, bigint>;
}

/** What an entry of an indirect table (one with an action profile or selector) runs: a member of the
 *  table's profile, or a group of its selector, by the control plane's id; or (selectors only) a one-shot
 *  action set, for which the selector keeps a group of its own that no member or group read shows. */
export type IndirectAction =
  | { kind: 'member'; memberId: number }
  | { kind: 'group'; groupId: number }
  | { kind: 'actionSet'; actions: OneShotAction[] };

/** One action of a one-shot entry (P4Runtime's ActionProfileAction): the selector's hidden group holds it
 *  `weight` times. */
export interface OneShotAction {
  action: ActionCall;
  weight: number;
  /** The port whose status decides whether the action is chosen, if it watches one. */
  watch?: WatchPort;
}

/**
 * A group member's or one-shot action's watch port, as P4Runtime writes it (`watch_kind`: the deprecated
 * int32 `watch`, or the `watch_port` bytes), kept as written so that a read gives it back. While the port is
 * down the member is left out of the group's selection (PI's WatchPortEnforcer deactivates it in bmv2).
 */
export type WatchPort = { kind: 'watch'; watch: number } | { kind: 'watchPort'; watchPort: Uint8Array };

/** The port a watch names, read as PI reads it: none for 0 (SDN_PORT_UNKNOWN), for empty bytes and for
 *  bytes that do not fit a positive int32 (PI's conversion); the deprecated int32 is taken as unsigned. */
export function watchedPort(w: WatchPort | undefined): number | undefined {
  if (!w) return undefined;
  let port: number;
  if (w.kind === 'watch') port = w.watch >>> 0;
  else {
    const b = w.watchPort;
    if (b.length === 0 || b.length > 4 || (b.length === 4 && b[0]! >= 0x80)) return undefined;
    port = 0;
    for (const x of b) port = port * 256 + x;
  }
  return port === 0 ? undefined : port;
}

export type EntryAction = ActionCall | IndirectAction;

export const isIndirect = (a: EntryAction): a is IndirectAction => 'kind' in a;

/** A member of an action profile: an action with its arguments. */
export interface ActionProfileMember {
  actionProfileId: number;
  memberId: number;
  action: ActionCall;
}

/** A group of an action selector: members with weights (a weight w counts w times in the selection), each
 *  maybe watching a port. */
export interface ActionProfileGroup {
  actionProfileId: number;
  groupId: number;
  members: { memberId: number; weight: number; watch?: WatchPort }[];
  /** The largest sum of weights the group may hold; 0 for none given. */
  maxSize: number;
}

export interface CounterData {
  packets: bigint;
  bytes: bigint;
}

/** A two-rate three-colour meter's configuration as P4Runtime's MeterConfig gives it: rates in units
 *  (packets or bytes, per the meter's type) per second, burst sizes in units. */
export interface MeterConfig {
  cir: bigint;
  cburst: bigint;
  pir: bigint;
  pburst: bigint;
}

export interface TableEntry {
  tableId: number;
  /** Match field id -> match; a field of a non-exact kind may be omitted (wildcard). */
  match: Map<number, FieldMatch>;
  /** Higher wins, as in P4Runtime and bmv2. Must be > 0 for tables with ternary/range/optional fields, 0 otherwise. */
  priority: number;
  /** An action, or for an indirect table a member or group of its action profile. */
  action: EntryAction;
  /** Direct counter value, when the table has a direct counter (read back; optional on write). */
  counter?: CounterData;
  /** Direct meter configuration, when the table has a direct meter and the entry's meter is configured
   *  (read back; optional on insert/modify, where it configures the entry's meter). */
  meterConfig?: MeterConfig;
}

/** A key identifying an installed entry: the match plus the priority. */
export interface EntryKey {
  tableId: number;
  match: Map<number, FieldMatch>;
  priority: number;
}

/** A packet leaving the switch, or sent to the CPU port. */
export interface OutputPacket {
  port: number;
  data: Uint8Array;
}

export interface ControlPlane {
  readonly p4info: P4Info;

  /** ALREADY_EXISTS for a duplicate key, INVALID_ARGUMENT for bad ids/values, RESOURCE_EXHAUSTED past the table size,
   *  PERMISSION_DENIED for a const table. */
  insertEntry(entry: TableEntry): void;
  /** NOT_FOUND when no entry has this key. */
  modifyEntry(entry: TableEntry): void;
  /** NOT_FOUND when no entry has this key. */
  deleteEntry(key: EntryKey): void;
  /** All entries of one table (or of every table when tableId is undefined), in insertion order. */
  readEntries(tableId?: number): TableEntry[];
  /** The installed entry with this key, as readEntries lists it, or undefined when there is none; a direct
   *  look-up, not a copy of the table. NOT_FOUND for an unknown table, INVALID_ARGUMENT for bad ids/values. */
  readEntry(key: EntryKey): TableEntry | undefined;

  /** Set the default action (INVALID_ARGUMENT if the action is not allowed as default, PERMISSION_DENIED if const). */
  setDefaultAction(tableId: number, action: ActionCall): void;
  /** Restore the program's declared default action. */
  resetDefaultAction(tableId: number): void;
  getDefaultAction(tableId: number): ActionCall;

  /** Indirect counters: one cell, or every cell when index is undefined. OUT_OF_RANGE for a bad index. */
  readCounter(counterId: number, index?: number): { index: number; data: CounterData }[];
  writeCounter(counterId: number, index: number | undefined, data: CounterData): void;
  /** Direct counter of one installed entry (NOT_FOUND if the entry does not exist). */
  readDirectCounter(key: EntryKey): CounterData;
  writeDirectCounter(key: EntryKey, data: CounterData): void;

  /** Indirect meters: one cell's config, or every cell's when index is undefined (config undefined: the cell
   *  is unconfigured and marks every packet GREEN). OUT_OF_RANGE for a bad index. */
  readMeter(meterId: number, index?: number): { index: number; config: MeterConfig | undefined }[];
  /** Configure one cell, or every cell when index is undefined; an undefined config resets to unconfigured.
   *  INVALID_ARGUMENT for an unusable config (negative values, cir > pir, a zero burst size). */
  writeMeter(meterId: number, index: number | undefined, config: MeterConfig | undefined): void;
  /** Direct meter of one installed entry (NOT_FOUND if the entry does not exist, INVALID_ARGUMENT if the
   *  table has no direct meter). */
  readDirectMeter(key: EntryKey): MeterConfig | undefined;
  writeDirectMeter(key: EntryKey, config: MeterConfig | undefined): void;

  readRegister(registerId: number, index?: number): { index: number; value: bigint }[];
  writeRegister(registerId: number, index: number | undefined, value: bigint): void;

  /** A parser value set's members, each a match over the value set's fields (field id -> match; a field of
   *  a non-exact kind may be omitted), in the order written. NOT_FOUND for an unknown value set. */
  readValueSet(valueSetId: number): Map<number, FieldMatch>[];
  /** Replace a value set's members (P4Runtime's ValueSetEntry MODIFY), all or nothing: NOT_FOUND for an
   *  unknown value set, RESOURCE_EXHAUSTED past its size, ALREADY_EXISTS for a member given twice,
   *  INVALID_ARGUMENT for a match its fields cannot take. */
  writeValueSet(valueSetId: number, members: readonly Map<number, FieldMatch>[]): void;

  /** Action profile members (spec: ActionProfileMember). INSERT: ALREADY_EXISTS for a used id,
   *  RESOURCE_EXHAUSTED past the profile's size, INVALID_ARGUMENT for an action a table of the profile cannot
   *  run. MODIFY/DELETE: NOT_FOUND for an unknown id; DELETE of a member a group or entry still uses is
   *  FAILED_PRECONDITION. NOT_FOUND for an unknown profile. */
  insertMember(member: ActionProfileMember): void;
  modifyMember(member: ActionProfileMember): void;
  deleteMember(actionProfileId: number, memberId: number): void;
  /** The members of one profile, or of every profile when the id is undefined, in insertion order. */
  readMembers(actionProfileId?: number): ActionProfileMember[];
  /** Selector groups (spec: ActionProfileGroup): INVALID_ARGUMENT for a profile without a selector, a weight
   *  below 1, a member given twice or a max_size above max_group_size (or changed by MODIFY); NOT_FOUND for
   *  an unknown member; RESOURCE_EXHAUSTED when the weights pass the group's limit; DELETE of a group an
   *  entry still uses is FAILED_PRECONDITION. A MODIFY replaces the members. */
  insertGroup(group: ActionProfileGroup): void;
  modifyGroup(group: ActionProfileGroup): void;
  deleteGroup(actionProfileId: number, groupId: number): void;
  readGroups(actionProfileId?: number): ActionProfileGroup[];

  /** A port's status, which group members watching it follow: every port is up until set down. Not part of
   *  the pipeline's state: reset() keeps it. */
  setPortStatus(port: number, up: boolean): void;
  isPortUp(port: number): boolean;

  /** Drop every entry, empty the value sets and reset counters, meters and registers, keeping the program
   *  (used before a new pipeline push). */
  reset(): void;
}
