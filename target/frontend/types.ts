// Operations on checked types: equality, printing, widths, and value normalisation to a width.
import type { ConstValue, NewType, Type } from './ast.js';

export const BOOL: Type = { kind: 'bool' };
export const INFINT: Type = { kind: 'infint' };
export const VOID: Type = { kind: 'void' };
export const STRING: Type = { kind: 'string' };
export const ERROR_T: Type = { kind: 'error' };
export const DONTCARE: Type = { kind: 'dontcare' };
export const bits = (width: number): Type => ({ kind: 'bit', width });
export const ints = (width: number): Type => ({ kind: 'int', width });

/** The new type (`type bit<W> T`) a value's type is, if any; typeEquals takes it for its base type. */
export function newTypeOf(t: Type): NewType | undefined {
  return t.kind === 'bit' || t.kind === 'int' || t.kind === 'bool' ? t.newType : undefined;
}

export function typeEquals(a: Type, b: Type): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'bit':
    case 'int':
      return a.width === (b as typeof a).width;
    case 'varbit':
      return a.maxWidth === (b as typeof a).maxWidth;
    case 'header':
    case 'header_union':
    case 'struct':
    case 'enum':
    case 'parser':
    case 'control':
    case 'package':
    case 'action':
      return a.decl === (b as typeof a).decl;
    case 'extern': {
      const bb = b as typeof a;
      return (
        a.decl === bb.decl &&
        a.typeArgs.length === bb.typeArgs.length &&
        a.typeArgs.every((t, i) => typeEquals(t, bb.typeArgs[i]!))
      );
    }
    case 'stack': {
      const bb = b as typeof a;
      return a.size === bb.size && typeEquals(a.element, bb.element);
    }
    case 'tuple':
    case 'list': {
      const bb = b as typeof a;
      return (
        a.elements.length === bb.elements.length && a.elements.every((t, i) => typeEquals(t, bb.elements[i]!))
      );
    }
    case 'set':
    case 'value_set':
      return typeEquals(a.element, (b as typeof a).element);
    case 'typevar':
      return a.name === (b as typeof a).name;
    case 'table':
      return a.decl === (b as typeof a).decl;
    case 'apply_result':
    case 'action_enum':
      return a.table === (b as typeof a).table;
    default:
      return true;
  }
}

/** Longest text typeToString gives: a type built through typedefs can have a text of any length. */
const MAX_TYPE_TEXT = 200;

/** A type as P4 writes it, for messages: cut short with '...' past MAX_TYPE_TEXT characters. */
export function typeToString(t: Type): string {
  const out = { text: '', left: MAX_TYPE_TEXT };
  render(t, out);
  return out.left < 0 ? `${out.text.slice(0, MAX_TYPE_TEXT)}...` : out.text;
}

/** A type's whole text, or undefined when it is longer than `limit` characters. */
export function typeTextWithin(t: Type, limit: number): string | undefined {
  const out = { text: '', left: limit };
  render(t, out);
  return out.left < 0 ? undefined : out.text;
}

interface TypeText {
  text: string;
  /** Characters still allowed; negative once the limit is passed, and rendering stops. */
  left: number;
}

function put(out: TypeText, s: string): void {
  out.text += s;
  out.left -= s.length;
}

function renderList(out: TypeText, open: string, items: readonly Type[], close: string): void {
  put(out, open);
  for (let i = 0; i < items.length && out.left >= 0; i++) {
    if (i > 0) put(out, ', ');
    render(items[i]!, out);
  }
  put(out, close);
}

function render(t: Type, out: TypeText): void {
  if (out.left < 0) return;
  switch (t.kind) {
    case 'bit':
      return put(out, `bit<${t.width}>`);
    case 'int':
      return put(out, `int<${t.width}>`);
    case 'varbit':
      return put(out, `varbit<${t.maxWidth}>`);
    case 'infint':
      return put(out, 'int');
    case 'header':
    case 'header_union':
    case 'struct':
    case 'enum':
    case 'parser':
    case 'control':
    case 'package':
      return put(out, t.decl.name);
    case 'action':
      return put(out, `action ${t.decl.name}`);
    case 'extern':
      return t.typeArgs.length ? renderList(out, `${t.decl.name}<`, t.typeArgs, '>') : put(out, t.decl.name);
    case 'stack':
      render(t.element, out);
      return put(out, `[${t.size}]`);
    case 'tuple':
    case 'list':
      return renderList(out, 'tuple<', t.elements, '>');
    case 'set':
      return renderList(out, 'set<', [t.element], '>');
    case 'value_set':
      return renderList(out, 'value_set<', [t.element], '>');
    case 'typevar':
      return put(out, t.name);
    case 'table':
      return put(out, `table ${t.decl.name}`);
    case 'apply_result':
      return put(out, `${t.table.name}.apply() result`);
    case 'action_enum':
      return put(out, `action_list(${t.table.name})`);
    default:
      return put(out, t.kind);
  }
}

export function isIntegral(t: Type): boolean {
  return t.kind === 'bit' || t.kind === 'int' || t.kind === 'infint';
}

export function isFixedInt(t: Type): t is { kind: 'bit' | 'int'; width: number } {
  return t.kind === 'bit' || t.kind === 'int';
}

/** An array of headers or header unions: the arrays with nextIndex, push_front and the rest, and no width. */
export function isHeaderStack(t: Type & { kind: 'stack' }): boolean {
  return t.element.kind === 'header' || t.element.kind === 'header_union';
}

/** Wraps an integer into the range of bit<W> / int<W> (two's complement); infint is unchanged. */
export function normalize(value: bigint, t: Type): bigint {
  if (t.kind === 'bit') return BigInt.asUintN(t.width, value);
  if (t.kind === 'int') return BigInt.asIntN(t.width, value);
  return value;
}

export function intValue(v: ConstValue | undefined): bigint | undefined {
  if (!v) return undefined;
  if (v.kind === 'int') return v.value;
  if (v.kind === 'bool') return v.value ? 1n : 0n;
  if (v.kind === 'enum') return v.value;
  if (v.kind === 'error') return BigInt(v.code);
  return undefined;
}

/** The width in bits of a value of this type when serialised (headers, structs of bits, bool, enums). */
export function bitWidthOf(t: Type): number | undefined {
  switch (t.kind) {
    case 'bit':
    case 'int':
      return t.width;
    case 'bool':
      return 1;
    case 'varbit':
      return t.maxWidth;
    case 'enum':
      return t.decl.underlying && isFixedInt(t.decl.underlying) ? t.decl.underlying.width : undefined;
    case 'stack': {
      // An array of bit strings (not a header stack) has its elements' bits, first element first.
      if (isHeaderStack(t)) return undefined;
      const ew = bitWidthOf(t.element);
      return ew === undefined ? undefined : ew * t.size;
    }
    case 'header':
    case 'struct': {
      let w = 0;
      for (const f of t.decl.fields) {
        const fw = bitWidthOf(f.type);
        if (fw === undefined) return undefined;
        w += fw;
      }
      return w;
    }
    case 'tuple':
    case 'list': {
      let w = 0;
      for (const e of t.elements) {
        const ew = bitWidthOf(e);
        if (ew === undefined) return undefined;
        w += ew;
      }
      return w;
    }
    default:
      return undefined;
  }
}

/** The P4_16 size methods (`h.minSizeInBits()`, `h.maxSizeInBytes()`, ...). */
export const SIZE_METHODS = ['minSizeInBits', 'minSizeInBytes', 'maxSizeInBits', 'maxSizeInBytes'] as const;
export type SizeMethod = (typeof SIZE_METHODS)[number];

export function isSizeMethod(name: string): name is SizeMethod {
  return (SIZE_METHODS as readonly string[]).includes(name);
}

/**
 * What a size method gives for a value of type t (P4_16 "Compile-time size determination"): a varbit counts
 * 0 at least and its maximum width at most, a header union its largest member (both ways, as p4c's
 * TypeMap::widthBits counts it), a header stack its size times its element; undefined for a type without a
 * size.
 */
export function sizeMethodValue(t: Type, method: SizeMethod): number | undefined {
  const bits = sizeInBits(t, method.startsWith('min'));
  if (bits === undefined) return undefined;
  return method.endsWith('Bytes') ? Math.ceil(bits / 8) : bits;
}

function sizeInBits(t: Type, min: boolean): number | undefined {
  switch (t.kind) {
    case 'varbit':
      return min ? 0 : t.maxWidth;
    case 'header':
    case 'struct': {
      let w = 0;
      for (const f of t.decl.fields) {
        const fw = sizeInBits(f.type, min);
        if (fw === undefined) return undefined;
        w += fw;
      }
      return w;
    }
    case 'header_union': {
      let w = 0;
      for (const f of t.decl.fields) {
        const fw = sizeInBits(f.type, min);
        if (fw === undefined) return undefined;
        w = Math.max(w, fw);
      }
      return w;
    }
    case 'stack': {
      const ew = sizeInBits(t.element, min);
      return ew === undefined ? undefined : ew * t.size;
    }
    default:
      return bitWidthOf(t);
  }
}

/** Replaces type variables by their bindings. */
export function substitute(t: Type, env: Map<string, Type>): Type {
  switch (t.kind) {
    case 'typevar':
      return env.get(t.name) ?? t;
    case 'extern':
      return { ...t, typeArgs: t.typeArgs.map((a) => substitute(a, env)) };
    case 'tuple':
    case 'list':
      return { ...t, elements: t.elements.map((a) => substitute(a, env)) };
    case 'stack':
      return { ...t, element: substitute(t.element, env) };
    case 'set':
    case 'value_set':
      return { ...t, element: substitute(t.element, env) };
    default:
      return t;
  }
}

/** Does the type mention a type variable? */
export function containsTypeVar(t: Type): boolean {
  switch (t.kind) {
    case 'typevar':
      return true;
    case 'extern':
      return t.typeArgs.some(containsTypeVar);
    case 'tuple':
    case 'list':
      return t.elements.some(containsTypeVar);
    case 'stack':
    case 'set':
    case 'value_set':
      return containsTypeVar(t.element);
    default:
      return false;
  }
}

/** Binds type variables in `pattern` from `actual`; first binding wins. */
export function unify(pattern: Type, actual: Type, env: Map<string, Type>): void {
  if (pattern.kind === 'typevar') {
    if (!env.has(pattern.name) && actual.kind !== 'unknown')
      env.set(pattern.name, actual.kind === 'list' ? { kind: 'tuple', elements: actual.elements } : actual);
    return;
  }
  if (
    (pattern.kind === 'tuple' || pattern.kind === 'list') &&
    (actual.kind === 'tuple' || actual.kind === 'list')
  )
    pattern.elements.forEach((p, i) => {
      const a = actual.elements[i];
      if (a) unify(p, a, env);
    });
  if (pattern.kind === 'extern' && actual.kind === 'extern')
    pattern.typeArgs.forEach((p, i) => {
      const a = actual.typeArgs[i];
      if (a) unify(p, a, env);
    });
}
