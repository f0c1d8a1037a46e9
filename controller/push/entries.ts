// Table entries as a push compares them: one canonical key (table, priority, match) and one value (action and
// parameters) per entry, whether it came from the policy or was read back from a switch, so the difference
// is computed on values, never on how bytes happened to be encoded.
import type { DecodedMatch, DecodedTableEntry, P4Codec, TableEntry, TableEntryMsg } from 'p4runtime-ts';
import type { PolicyEntry } from '../policy/index.js';

export interface KeyedEntry {
  key: string;
  value: string;
  decoded: DecodedTableEntry;
  /** The entry as written in a Write update. */
  wire: TableEntry;
}

function matchText(m: DecodedMatch): string {
  switch (m.kind) {
    case 'exact':
    case 'optional':
      return `${m.value}`;
    case 'lpm':
      return `${m.value}/${m.prefixLen}`;
    case 'ternary':
      return `${m.value}&&&${m.mask}`;
    case 'range':
      return `${m.low}..${m.high}`;
  }
}

export function entryKey(e: DecodedTableEntry): string {
  const match = Object.keys(e.match)
    .sort()
    .map((k) => `${k}=${matchText(e.match[k]!)}`)
    .join(',');
  return `${e.table}|${e.priority}|${match}`;
}

export function entryValue(e: DecodedTableEntry): string {
  if (!e.action) return '';
  const params = Object.keys(e.action.params)
    .sort()
    .map((k) => `${k}=${e.action!.params[k]}`)
    .join(',');
  return `${e.action.name}(${params})`;
}

/** One line for people: `table match -> action(params)`, addresses and prefixes in their usual notation. */
export function describeEntry(e: DecodedTableEntry): string {
  const ipv4 = (v: bigint): string => [24n, 16n, 8n, 0n].map((s) => (v >> s) & 255n).join('.');
  const match = Object.entries(e.match)
    .map(
      ([k, m]) =>
        `${k}=${m.kind === 'lpm' && k.endsWith('dst_addr') ? `${ipv4(m.value)}/${m.prefixLen}` : matchText(m)}`,
    )
    .join(' ');
  const action = e.action
    ? `${e.action.name}(${Object.entries(e.action.params)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')})`
    : '(default)';
  return `${e.table} ${match}${e.priority ? ` priority=${e.priority}` : ''} -> ${action}`;
}

/** A policy entry encoded with the device's P4Info (names to ids) and decoded back to canonical values. */
export function keyedFromPolicy(codec: P4Codec, p: PolicyEntry): KeyedEntry {
  const wire = codec.tableEntry({
    table: p.table,
    match: p.match,
    action: { name: p.action, params: p.params },
  });
  const decoded = codec.decodeTableEntry({
    table_id: wire.table_id ?? 0,
    match: wire.match ?? [],
    action: wire.action ?? null,
    priority: Number(wire.priority ?? 0),
    is_default_action: false,
    metadata: Buffer.alloc(0),
    const: false,
    counter_data: null,
    meter_config: null,
  } as unknown as TableEntryMsg);
  return { key: entryKey(decoded), value: entryValue(decoded), decoded, wire };
}

/** An entry read from a switch. */
export function keyedFromSwitch(codec: P4Codec, msg: TableEntryMsg): KeyedEntry {
  const decoded = codec.decodeTableEntry(msg);
  const wire: TableEntry = {
    table_id: msg.table_id,
    match: msg.match,
    priority: msg.priority,
    ...(msg.action ? { action: msg.action } : {}),
    ...(msg.metadata.length > 0 ? { metadata: msg.metadata } : {}),
  } as TableEntry;
  return { key: entryKey(decoded), value: entryValue(decoded), decoded, wire };
}
