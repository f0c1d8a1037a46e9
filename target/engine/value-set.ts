// Parser value sets (`value_set<T>(size)`), as the P4Runtime specification defines their control-plane API
// (ValueSetEntry): a value set holds up to `size` members, each a match over the value set's fields, and a
// select case naming it is taken when at least one member matches the select's key. A member is stored as an
// entry of a match table over those fields, so it validates and matches exactly as a table entry's key does.
// bmv2 itself matches its value sets exactly (p4c's bmv2 back end ignores a struct field's `@match(kind)`,
// with a warning) and its P4Runtime server does not implement ValueSetEntry; members written with exact
// matches behave the same here and there.
import type { ValueSet } from '../p4info/types.js';
import { ControlPlaneError, type FieldMatch } from './control-plane-api.js';
import { MatchTable, type FieldSpec, type KeyValue, type MatchKind } from './table.js';

/** Members carry no priority; a table whose fields need one gets the same for every member. */
const MEMBER_PRIORITY = 1;

export class ValueSetStore {
  readonly id: number;
  readonly name: string;
  readonly size: number;
  private readonly fields: FieldSpec[];
  private members: MatchTable<true>;

  /** From the value set's P4Info; without one (a @hidden value set) it stays empty and never matches. */
  constructor(info: ValueSet | undefined, name: string) {
    this.id = info?.preamble.id ?? 0;
    this.name = info?.preamble.name ?? name;
    this.size = info?.size ?? 0;
    this.fields = (info?.match ?? []).map((m) => ({
      id: m.id,
      name: m.name ?? String(m.id),
      // A match kind P4Runtime does not name (`other_match_type`) takes exact values, as bmv2 matches.
      kind: (m.match_type?.toLowerCase() as MatchKind | undefined) ?? 'exact',
      width: m.bitwidth,
    }));
    this.members = this.table();
  }

  private table(): MatchTable<true> {
    return new MatchTable<true>(`value set ${this.name}`, this.fields, this.size);
  }

  /** Whether a member matches the select's key (one value per field, as a table key is given). */
  has(key: readonly KeyValue[]): boolean {
    return this.members.count > 0 && this.members.lookup(key) !== undefined;
  }

  /**
   * Replace every member (P4Runtime's MODIFY of a ValueSetEntry; no members empties the set). All or
   * nothing: RESOURCE_EXHAUSTED past `size`, ALREADY_EXISTS for a member given twice, INVALID_ARGUMENT for a
   * match the fields cannot take; the members before the call stay in place after any error.
   */
  write(members: readonly Map<number, FieldMatch>[]): void {
    if (members.length > this.size)
      throw new ControlPlaneError(
        'RESOURCE_EXHAUSTED',
        `value set ${this.name} holds at most ${this.size} members; ${members.length} were given`,
      );
    const next = this.table();
    members.forEach((m, i) => {
      try {
        next.insert(m, MEMBER_PRIORITY, true);
      } catch (e) {
        if (e instanceof ControlPlaneError && e.code === 'ALREADY_EXISTS')
          throw new ControlPlaneError('ALREADY_EXISTS', `value set ${this.name}: member ${i} is given twice`);
        throw e;
      }
    });
    this.members = next;
  }

  /** The members, in the order they were written. */
  read(): Map<number, FieldMatch>[] {
    return this.members.entries().map((e) => new Map(e.match));
  }

  clear(): void {
    this.members = this.table();
  }
}
