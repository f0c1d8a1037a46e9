// The target's P4Info (plain data with the proto's field names) as the wire message, and the check that a
// P4Info sent by a controller describes the program that was compiled from the device config.
import type { P4Info as WireP4Info, P4InfoLike } from 'p4runtime-ts';
import type { P4Info } from '../p4info/types.js';

/** The wire form. The target's field names and enum names are the proto's, so this is a typed identity. */
export function toWireP4Info(p4info: P4Info): WireP4Info {
  return p4info satisfies WireP4Info;
}

type Pre = { preamble?: { id: number; name: string } | null };

function ids<T extends Pre>(items: T[] | undefined, detail: (t: T) => string = () => ''): string[] {
  return (items ?? []).map((t) => `${t.preamble?.id ?? 0}:${t.preamble?.name ?? ''}${detail(t)}`).sort();
}

/** A summary of everything that decides how P4Runtime requests are read: ids, names, widths and kinds. */
function summary(p: P4InfoLike): Record<string, string[]> {
  return {
    tables: ids(p.tables, (t) =>
      JSON.stringify({
        m: (t.match_fields ?? []).map((f) => [f.id, f.name, f.bitwidth, f.match_type ?? '']),
        a: (t.action_refs ?? []).map((a) => a.id).sort((x, y) => x - y),
        d: [...(t.direct_resource_ids ?? [])].sort((x, y) => x - y),
        i: t.implementation_id ?? 0,
      }),
    ),
    actions: ids(p.actions, (a) => JSON.stringify((a.params ?? []).map((x) => [x.id, x.name, x.bitwidth]))),
    action_profiles: ids(p.action_profiles, (a) =>
      JSON.stringify({
        t: [...(a.table_ids ?? [])].sort((x, y) => x - y),
        w: a.with_selector ?? false,
        s: String(a.size ?? 0),
        g: a.max_group_size ?? 0,
      }),
    ),
    counters: ids(p.counters, (c) => `/${String(c.size ?? 0)}`),
    direct_counters: ids(p.direct_counters, (c) => `/${c.direct_table_id ?? 0}`),
    meters: ids(p.meters, (c) => `/${String(c.size ?? 0)}`),
    direct_meters: ids(p.direct_meters, (c) => `/${c.direct_table_id ?? 0}`),
    registers: ids(p.registers, (r) => `/${String(r.size ?? 0)}`),
    controller_packet_metadata: ids(p.controller_packet_metadata, (h) =>
      JSON.stringify((h.metadata ?? []).map((m) => [m.id, m.name, m.bitwidth])),
    ),
    value_sets: ids(p.value_sets, (v) =>
      JSON.stringify({
        m: (v.match ?? []).map((f) => [
          f.id,
          f.name ?? '',
          f.bitwidth,
          f.other_match_type || f.match_type || '',
        ]),
        s: String(v.size ?? 0),
      }),
    ),
  };
}

/** Undefined when compatible, else a description of the first difference. */
export function p4InfoMismatch(sent: P4InfoLike, compiled: P4InfoLike): string | undefined {
  const a = summary(sent);
  const b = summary(compiled);
  for (const kind of Object.keys(b)) {
    const x = a[kind] ?? [];
    const y = b[kind] ?? [];
    const missing = y.find((s) => !x.includes(s));
    if (missing) return `${kind}: the program has ${missing}, which the P4Info sent does not describe`;
    const extra = x.find((s) => !y.includes(s));
    if (extra) return `${kind}: the P4Info sent has ${extra}, which the program does not have`;
  }
  return undefined;
}
