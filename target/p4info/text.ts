// P4Info in protobuf text format, laid out as p4c writes `--p4runtime-files x.p4info.txtpb`.
import type { P4Info } from './types.js';

/** Fields whose string values are proto enum constants (written bare, not quoted). */
const ENUM_FIELDS = new Set(['match_type', 'scope', 'unit']);

/** p4info.proto's field order for the top-level message. */
const TOP_ORDER = [
  'pkg_info',
  'tables',
  'actions',
  'action_profiles',
  'counters',
  'direct_counters',
  'meters',
  'direct_meters',
  'controller_packet_metadata',
  'value_sets',
  'registers',
  'digests',
];

function quote(s: string): string {
  return '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n') + '"';
}

/** Proto map fields: written as repeated `{ key: ... value { ... } }` entries, sorted by key as protobuf's
 *  text format sorts them. */
const MAP_FIELDS = new Set(['structs', 'headers', 'enums', 'serializable_enums', 'new_types']);

/** p4types.proto's field order for P4TypeInfo. */
const TYPE_INFO_ORDER = [
  'structs',
  'headers',
  'header_unions',
  'enums',
  'error',
  'serializable_enums',
  'new_types',
];

const byKey = (a: [string, unknown], b: [string, unknown]): number =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;

/** A bytes field as protobuf's text format escapes it (C escapes, other bytes in three octal digits). */
function quoteBytes(b: Uint8Array): string {
  let s = '"';
  for (const c of b) {
    if (c === 0x0a) s += '\\n';
    else if (c === 0x0d) s += '\\r';
    else if (c === 0x09) s += '\\t';
    else if (c === 0x22 || c === 0x27 || c === 0x5c) s += '\\' + String.fromCharCode(c);
    else if (c >= 0x20 && c < 0x7f) s += String.fromCharCode(c);
    else s += '\\' + c.toString(8).padStart(3, '0');
  }
  return s + '"';
}

/** Members of a oneof, which protobuf writes even at their default value. */
const ONEOF_SCALARS = new Set(['string_value', 'int64_value', 'bool_value']);
/** 64-bit integers, held as decimal strings but written as numbers. */
const INT64_FIELDS = new Set(['int64_value']);

function writeField(out: string[], indent: string, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  // proto3 leaves out a scalar at its default, as protobuf's text format does (a string-translated field's
  // bitwidth 0, for one), unless it is a oneof member.
  if ((value === 0 || value === false || value === '') && !ONEOF_SCALARS.has(key)) return;
  if (value instanceof Uint8Array) {
    out.push(`${indent}${key}: ${quoteBytes(value)}`);
    return;
  }
  if (MAP_FIELDS.has(key) && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>).sort(byKey)) {
      out.push(`${indent}${key} {`, `${indent}  key: ${quote(k)}`);
      writeField(out, indent + '  ', 'value', v);
      out.push(`${indent}}`);
    }
    return;
  }
  if (Array.isArray(value)) {
    for (const v of value) writeField(out, indent, key, v);
    return;
  }
  if (typeof value === 'object') {
    out.push(`${indent}${key} {`);
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      writeField(out, indent + '  ', k, v);
    out.push(`${indent}}`);
    return;
  }
  if (typeof value === 'string')
    out.push(`${indent}${key}: ${ENUM_FIELDS.has(key) || INT64_FIELDS.has(key) ? value : quote(value)}`);
  else out.push(`${indent}${key}: ${String(value)}`);
}

export function p4infoToText(p4info: P4Info): string {
  const out: string[] = [
    '# proto-file: p4/config/v1/p4info.proto',
    '# proto-message: p4.config.v1.P4Info',
    '',
  ];
  const rec = p4info as unknown as Record<string, unknown>;
  for (const key of TOP_ORDER) writeField(out, '', key, rec[key]);
  if (p4info.type_info) {
    const info = p4info.type_info as Record<string, unknown>;
    out.push('type_info {');
    for (const key of TYPE_INFO_ORDER) writeField(out, '  ', key, info[key]);
    out.push('}');
  }
  return out.join('\n') + '\n';
}
