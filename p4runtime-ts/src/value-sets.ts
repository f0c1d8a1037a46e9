// Parser value sets (ValueSetEntry, spec §9.7) from names and friendly values, and back. A value set of
// bit<W> has one unnamed match field (p4c gives it none), so a member of such a set may be the value itself;
// a member of a struct value set names its fields. Fields are also found by their id written as a string,
// which is how a read names the unnamed field: what a read returns can be written back as it is.
import { ValueError } from './bytes.js';
import { decodeFieldMatch, encodeFieldMatch, type DecodedMatch, type MatchValue } from './codec.js';
import { idOf, nameOf, type P4InfoIndex, type ValueSetLike, type ValueSetMatchLike } from './p4info.js';
import type { Entity, EntityMsg, FieldMatch } from './types.js';

/** A member: field name (or id) -> value; for a value set of bit<W>, also the value alone. */
export type ValueSetMemberSpec = MatchValue | Record<string, MatchValue>;

export interface DecodedValueSet {
  valueSet: string;
  valueSetId: number;
  /** Each member's matches, by field name (by id, as a string, for the unnamed field of a bit<W> set). */
  members: Record<string, DecodedMatch>[];
}

const keyOf = (f: ValueSetMatchLike): string => f.name || String(f.id);

function isUnnamedSingle(v: ValueSetLike): boolean {
  const fields = v.match ?? [];
  return fields.length === 1 && !fields[0]!.name;
}

function field(v: ValueSetLike, key: string): ValueSetMatchLike {
  const fields = v.match ?? [];
  const f = fields.find((x) => x.name === key) ?? fields.find((x) => String(x.id) === key);
  if (!f) throw new ValueError(`value set ${nameOf(v)} has no match field ${JSON.stringify(key)}`);
  return f;
}

function encodeMember(v: ValueSetLike, spec: ValueSetMemberSpec): { match: FieldMatch[] } {
  const given: Record<string, MatchValue> = isUnnamedSingle(v)
    ? typeof spec === 'object' && !(spec instanceof Uint8Array) && keyOf(v.match![0]!) in spec
      ? (spec as Record<string, MatchValue>)
      : { [keyOf(v.match![0]!)]: spec as MatchValue }
    : (spec as Record<string, MatchValue>);
  const byField = new Map<ValueSetMatchLike, MatchValue>();
  for (const [key, value] of Object.entries(given)) byField.set(field(v, key), value);
  const match: FieldMatch[] = [];
  // In P4Info order, so that the same member always encodes to the same bytes.
  for (const f of v.match ?? []) {
    const value = byField.get(f);
    if (value === undefined) {
      if (f.match_type === 'EXACT')
        throw new ValueError(`value set ${nameOf(v)}: exact field ${keyOf(f)} needs a value`);
      continue;
    }
    const fm = encodeFieldMatch({ ...f, name: keyOf(f) }, value);
    if (fm) match.push(fm);
  }
  return { match };
}

/** A value set entry for a write (its members replace the set's) or, without members, for a read; no name
 *  reads every value set. */
export function valueSetEntity(
  index: P4InfoIndex,
  valueSet: string | undefined,
  members?: readonly ValueSetMemberSpec[],
): Entity {
  if (valueSet === undefined) return { value_set_entry: { value_set_id: 0 } };
  const v = index.valueSets.get(valueSet);
  return {
    value_set_entry: {
      value_set_id: idOf(v),
      members: (members ?? []).map((m, i) => {
        try {
          return encodeMember(v, m);
        } catch (e) {
          if (e instanceof ValueError) throw new ValueError(`member ${i}: ${e.message}`);
          throw e;
        }
      }),
    },
  };
}

export function decodeValueSetEntity(index: P4InfoIndex, e: EntityMsg): DecodedValueSet {
  const entry = e.value_set_entry;
  if (!entry) throw new ValueError('not a value set entry');
  const v = index.valueSets.get(entry.value_set_id);
  return {
    valueSet: nameOf(v),
    valueSetId: entry.value_set_id,
    members: entry.members.map((m) => {
      const out: Record<string, DecodedMatch> = {};
      for (const fm of m.match) out[keyOf(field(v, String(fm.field_id)))] = decodeFieldMatch(fm);
      return out;
    }),
  };
}
