// Checksum and hash inputs: field lists flattened to values and widths and packed into bytes, with the
// common IPv4 header checksum computed inline.
import type { Expr, Type } from '../../frontend/ast.js';
import * as B from '../bits.js';
import { bigToRep, bitOf } from '../types.js';
import { expr } from './expressions.js';
import { CodegenError, type Gen } from './gen.js';

/** The bit fields of a hash/checksum data argument, in order. */
export function flatten(gen: Gen, e: Expr): { values: string[]; widths: string[] } {
  const values: string[] = [];
  const widths: string[] = [];
  const walk = (code: string | undefined, ex: Expr | undefined, t: Type): void => {
    if (ex && (ex.kind === 'list' || ex.kind === 'struct_init')) {
      const els = ex.kind === 'list' ? ex.elements : ex.fields.map((f) => f.value);
      for (const el of els) walk(undefined, el, el.type);
      return;
    }
    if (t.kind === 'varbit' && ex?.kind === 'member') {
      const h = expr(gen, ex.expr);
      values.push(`${h}.${ex.member}`);
      widths.push(`${h}.$w_${ex.member}`);
      return;
    }
    const src = code ?? expr(gen, ex as Expr);
    if (t.kind === 'struct' || t.kind === 'header') {
      for (const f of t.decl.fields) {
        if (f.type.kind === 'varbit') {
          values.push(`${src}.${f.name}`);
          widths.push(`${src}.$w_${f.name}`);
        } else walk(`${src}.${f.name}`, undefined, f.type);
      }
      return;
    }
    if (t.kind === 'stack') {
      // Every element in order, valid or not, as the fields of the headers themselves are.
      for (let i = 0; i < t.size; i++) walk(`${src}.$a[${i}]`, undefined, t.element);
      return;
    }
    if (t.kind === 'bool') {
      values.push(`(${src} ? 1 : 0)`);
      widths.push('1');
      return;
    }
    const bt = bitOf(t);
    if (bt) {
      values.push(src);
      widths.push(String(bt.width));
      return;
    }
    if (t.kind === 'infint' && ex?.constValue?.kind === 'int')
      throw new CodegenError('untyped constant in a field list');
    throw new CodegenError(`cannot hash a ${t.kind}`);
  };
  walk(undefined, e, e.type);
  return { values, widths };
}

/** A checksum in the representation of `t`; 16/32-bit algorithms into small fields avoid bigints. */
export function checksumAs(
  data: { values: string[]; widths: string[] },
  algo: string,
  payload: boolean,
  t: Type,
): string {
  const bt = bitOf(t);
  if (
    bt &&
    !bt.signed &&
    B.isSmall(bt.width) &&
    ['csum16', 'crc16', 'xor16', 'crc32', 'crc32_custom', 'crc16_custom'].includes(algo)
  ) {
    const sum = algo === 'csum16' && !payload ? csum16Inline(data) : undefined;
    const direct = payload || sum ? undefined : packInline(data);
    let h: string;
    if (sum) h = sum;
    else if (direct) h = `(${direct.code}, $rt.hashNumN(${JSON.stringify(algo)}, $pk, ${direct.bytes}))`;
    else {
      const packed = `$rt.pack([${data.values.join(', ')}], [${data.widths.join(', ')}])`;
      const input = payload ? `$rt_withPayload(${packed})` : packed;
      h = `$rt.hashNum(${JSON.stringify(algo)}, ${input})`;
    }
    return bt.width >= 32 ? `(${h} >>> 0)` : `(${h} & ${2 ** bt.width - 1})`;
  }
  return bigToRep(checksumOf(data, algo, payload), t);
}

/** csum16 of a field list as one sum of 16-bit words built from the fields (no packing buffer, no call by
 *  algorithm name), when every field is a small field read by path (an IPv4 header's checksum). */
function csum16Inline(data: { values: string[]; widths: string[] }): string | undefined {
  const bytes = packFields(data);
  if (!bytes || bytes.rest.length > 0) return undefined;
  const byte = (j: number): string => {
    const es = bytes.byBytes.get(j);
    return es ? `(${es.join(' | ')})` : '0';
  };
  const words: string[] = [];
  for (let j = 0; j < bytes.bytes; j += 2) words.push(`(${byte(j)} << 8 | ${byte(j + 1)})`);
  return `$rt_csum16(${words.join(' + ') || '0'})`;
}

/** A field list packed straight into the shared buffer `$pk` with constant offsets (no arrays allocated),
 *  when every width is known at compile time. */
function packInline(data: {
  values: string[];
  widths: string[];
}): { code: string; bytes: number } | undefined {
  const packed = packFields(data);
  if (!packed) return undefined;
  const { byBytes, rest, bytes } = packed;
  // Bytes no small field touches (padding, wide fields) must start at zero.
  const covered = Array.from({ length: bytes }, (_, j) => byBytes.has(j)).every(Boolean);
  const parts = [covered ? `$pk = $rt.packBufferRaw(${bytes})` : `$pk = $rt.packBuffer(${bytes})`];
  for (const [j, es] of byBytes) parts.push(`$pk[${j}] = ${es.join(' | ')}`);
  for (const r of rest) parts.push(r);
  return { code: parts.join(', '), bytes };
}

/** The bytes of a packed field list as expressions: byte index -> the pieces OR-ed into it (small fields
 *  read by path), plus statements writing the other fields into `$pk`. */
function packFields(data: {
  values: string[];
  widths: string[];
}): { byBytes: Map<number, string[]>; rest: string[]; bytes: number } | undefined {
  const widths = data.widths.map(Number);
  if (widths.some((w) => !Number.isInteger(w))) return undefined;
  const total = widths.reduce((a, b) => a + b, 0);
  const bytes = (total + 7) >> 3;
  // Small fields are combined per byte at compile time and each byte is stored whole, so the buffer needs
  // no zeroing; wide fields (and values that themselves pack) then write their own bits.
  const byBytes = new Map<number, string[]>();
  const rest: string[] = [];
  let off = 0;
  data.values.forEach((v, i) => {
    const w = widths[i];
    if (w > 32) rest.push(`$rt.writeBig($pk, ${off}, ${w}, $rt_big(${v}))`);
    else if (w > 0 && /^[\w$]+(\.[\w$]+)*$/.test(v)) {
      // A field path is cheap to read once per byte it touches; masking drops int<W> sign bits.
      const masked = `(${v} ${w === 32 ? '>>> 0' : `& ${2 ** w - 1}`})`;
      for (const [j, e] of bytePieces(masked, off, w)) byBytes.set(j, [...(byBytes.get(j) ?? []), e]);
    } else if (w > 0) rest.push(`$rt.writeSmall($pk, ${off}, ${w}, ${v})`);
    off += w;
  });
  return { byBytes, rest, bytes };
}

function checksumOf(data: { values: string[]; widths: string[] }, algo: string, payload: boolean): string {
  const packed = `$rt.pack([${data.values.join(', ')}], [${data.widths.join(', ')}])`;
  if (!payload) return `$rt.hash(${JSON.stringify(algo)}, ${packed})`;
  return `$rt.hash(${JSON.stringify(algo)}, $rt_withPayload(${packed}))`;
}

/** The bytes a value of width w (<= 32, already masked to w bits: the expression `name`) touches when placed at bit
 *  offset `off`, each with its contribution (to be OR-ed with the other fields' contributions to that byte).
 *  Shifts are fixed at compile time: a bit-by-bit writeSmall per field cost more than the checksum itself. */
function bytePieces(name: string, off: number, w: number): [number, string][] {
  const out: [number, string][] = [];
  const end = off + w;
  for (let j = off >> 3; j <= (end - 1) >> 3; j++) {
    const k = end - 8 * j - 8; // the value bit that lands on this byte's least significant bit
    const bits = k >= 0 ? (k === 0 ? name : `${name} >>> ${k}`) : `${name} << ${-k}`;
    out.push([j, `((${bits}) & 255)`]);
  }
  return out;
}
