// How P4 types map onto the engine's JavaScript values (see bits.ts for bit<W>/int<W>), and the literals and
// conversions the code generator needs for them.
import type { ConstValue, HeaderTypeDecl, Type } from '../frontend/ast.js';
import * as B from './bits.js';
import type { BitType } from './bits.js';

/** bit<W>/int<W> and serializable enums as a BitType; error and plain enums count as bit<32>. */
export function bitOf(t: Type): BitType | undefined {
  switch (t.kind) {
    case 'bit':
      return { width: t.width, signed: false };
    case 'int':
      return { width: t.width, signed: true };
    case 'enum':
      return t.decl.underlying ? bitOf(t.decl.underlying) : { width: 32, signed: false };
    case 'error':
      return { width: 32, signed: false };
    default:
      return undefined;
  }
}

export function isAggregate(t: Type): boolean {
  return t.kind === 'header' || t.kind === 'struct' || t.kind === 'header_union' || t.kind === 'stack';
}

/** Source of a literal with value v of type t (v a mathematical integer). */
export function intLiteral(v: bigint, t: Type | undefined): string {
  const bt = t && bitOf(t);
  if (bt) return B.literal(v, bt);
  if (t?.kind === 'bool') return v !== 0n ? 'true' : 'false';
  // Untyped (infint): a number when exact, else a bigint.
  return v >= -(2n ** 52n) && v <= 2n ** 52n ? `(${v})` : `(${v}n)`;
}

export function constLiteral(c: ConstValue, t: Type | undefined): string {
  switch (c.kind) {
    case 'int':
      return intLiteral(c.value, t);
    case 'bool':
      return c.value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(c.value);
    case 'error':
      return `(${c.code})`;
    case 'enum':
      return intLiteral(c.value, { kind: 'enum', decl: c.decl });
    case 'tuple':
      return `[${c.elements.map((e) => constLiteral(e, undefined)).join(', ')}]`;
    case 'struct':
      return `{${c.fields.map((f) => `${f.name === '__proto__' ? '["__proto__"]' : JSON.stringify(f.name)}: ${constLiteral(f.value, undefined)}`).join(', ')}}`;
  }
}

/** Source converting an unsigned-or-signed bigint expression to the representation of t. */
export function bigToRep(code: string, t: Type): string {
  if (t.kind === 'bool') return `((${code}) !== 0n)`;
  const bt = bitOf(t);
  if (!bt) return code;
  const red = bt.signed ? `BigInt.asIntN(${bt.width}, ${code})` : `BigInt.asUintN(${bt.width}, ${code})`;
  return B.isNum(bt) ? `Number(${red})` : red;
}

/** Source converting a value of type t to a bigint (signed values stay signed). */
export function repToBig(code: string, t: Type): string {
  if (t.kind === 'bool') return `((${code}) ? 1n : 0n)`;
  const bt = bitOf(t);
  if (bt && !B.isNum(bt)) return code;
  return `BigInt(${code})`;
}

/** Source converting a value of type t to the unsigned form table keys and select keys use. */
export function toUnsigned(code: string, t: Type): string {
  if (t.kind === 'bool') return B.boolToBit(code);
  const bt = bitOf(t);
  if (!bt || !bt.signed) return code;
  return B.cast(code, bt, { width: bt.width, signed: false });
}

export function widthOf(t: Type): number {
  if (t.kind === 'bool') return 1;
  const bt = bitOf(t);
  return bt ? bt.width : 0;
}

/**
 * Bits p4c's bmv2 back end adds after the fields of a fixed-size header whose width is not a whole number of
 * bytes (bmv2 parses and deparses whole bytes): a hidden field, `$pad` here, that extract fills from the packet
 * and emit writes back, so the bits after a 41-bit header's last field leave the switch as they came in.
 */
export function paddingBits(decl: HeaderTypeDecl): number {
  if (decl.varbitField || decl.bitWidth === undefined) return 0;
  return (8 - (decl.bitWidth % 8)) % 8;
}

/** The bits a header takes in a packet: its fields and its padding. */
export function wireWidth(decl: HeaderTypeDecl): number {
  return (decl.bitWidth ?? 0) + paddingBits(decl);
}

/** The bit-level fields of a header in wire order, with struct-typed fields (P4_16 allows structs of bit
 *  fields in headers) flattened into their members: `name` is the access path below the header (`src.hi`);
 *  the padding, if any, last. */
export function wireFields(decl: HeaderTypeDecl): { name: string; type: Type }[] {
  const out: { name: string; type: Type }[] = [];
  const add = (prefix: string, fields: readonly { name: string; type: Type }[]): void => {
    for (const f of fields) {
      if (f.type.kind === 'struct') add(`${prefix}${f.name}.`, f.type.decl.fields);
      else if (f.type.kind === 'stack') {
        // An array of bit strings: its elements in order (`a.$a[0]`, `a.$a[1]`, ...).
        const el = f.type.element;
        add(
          `${prefix}${f.name}.$a`,
          Array.from({ length: f.type.size }, (_, i) => ({ name: `[${i}]`, type: el })),
        );
      } else out.push({ name: `${prefix}${f.name}`, type: f.type });
    }
  };
  add('', decl.fields);
  const pad = paddingBits(decl);
  if (pad > 0) out.push({ name: '$pad', type: { kind: 'bit', width: pad } });
  return out;
}
