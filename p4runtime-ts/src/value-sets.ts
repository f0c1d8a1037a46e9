// Parser value sets (ValueSetEntry, spec §9.7) from names and friendly values, and back. A value set of
// bit<W> has one unnamed match field (p4c gives it none), so a member of such a set may be the value itself;
// a member of a struct value set names its fields. Fields are also found by their id written as a string,
// which is how a read names the unnamed field: what a read returns can be written back as it is.
import { ValueError } from './bytes.js';
import { decodeFieldMatch, encodeFieldMatches, type DecodedMatch, type MatchValue } from './codec.js';
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

/** The key of the one unnamed field of a bit<W> value set, whose members may be the value alone. */
function unnamedKey(v: ValueSetLike): string | undefined {
  const fields = v.match ?? [];
  return fields.length === 1 && !fields[0]!.name ? keyOf(fields[0]!) : undefined;
}

function field(v: ValueSetLike, key: string): ValueSetMatchLike {
  const fields = v.match ?? [];
  const f = fields.find((x) => x.name === key) ?? fields.find((x) => String(x.id) === key);
  if (!f) throw new ValueError(`value set ${nameOf(v)} has no match field ${JSON.stringify(key)}`);
  return f;
}

function encodeMember(v: ValueSetLike, spec: ValueSetMemberSpec): { match: FieldMatch[] } {
  const unnamed = unnamedKey(v);
  const keyed = typeof spec === 'object' && !(spec instanceof Uint8Array) && (!unnamed || unnamed in spec);
  if (!keyed && unnamed === undefined)
    throw new ValueError(`value set ${nameOf(v)}: a member names its fields, as { field: value }`);
  const given = (keyed ? spec : { [unnamed!]: spec }) as Record<string, MatchValue>;
  const byId = new Map<number, MatchValue>();
  for (const [key, value] of Object.entries(given)) byId.set(field(v, key).id, value);
  // Named as a member names them (the unnamed field by its id), so that errors say what the caller wrote.
  const fields = (v.match ?? []).map((f) => ({ ...f, name: keyOf(f) }));
  return { match: encodeFieldMatches(`value set ${nameOf(v)}`, fields, (f) => byId.get(f.id)) };
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
