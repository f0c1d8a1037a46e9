// How many scalar fields a value of a type holds (each bit<W>, bool, enum and error value, and each header's
// validity). Typedefs share their types, so a chain of `typedef tuple<T, T> U;` doubles the size per line in a
// few bytes of source: without a bound, making one value of the last type would never finish.
import type { Loc, Type } from '../ast.js';
import { MAX_TYPE_FIELDS } from '../limits.js';
import { typeToString } from '../types.js';
import type { Checker } from './checker.js';

export function fieldCount(cx: Checker, t: Type): number {
  const key = t.kind === 'header' || t.kind === 'header_union' || t.kind === 'struct' ? t.decl : t;
  const known = cx.typeSize.get(key);
  if (known !== undefined) return known;
  let n: number;
  switch (t.kind) {
    case 'header':
      n = 1 + t.decl.fields.length;
      break;
    case 'header_union':
    case 'struct':
      n = t.decl.fields.reduce((s, f) => s + fieldCount(cx, f.type), 0);
      break;
    case 'stack':
      n = t.size * fieldCount(cx, t.element);
      break;
    case 'tuple':
      n = t.elements.reduce((s, e) => s + fieldCount(cx, e), 0);
      break;
    default:
      return 1;
  }
  cx.typeSize.set(key, n);
  return n;
}

/** A located error, and false, for a type whose values would hold more than MAX_TYPE_FIELDS fields. */
export function checkTypeSize(cx: Checker, t: Type, loc: Loc): boolean {
  const n = fieldCount(cx, t);
  if (n <= MAX_TYPE_FIELDS) return true;
  cx.error(
    loc,
    `${typeToString(t)} is too large: ${n > 1e15 ? 'more than 10^15' : n} fields (at most ${MAX_TYPE_FIELDS})`,
  );
  return false;
}
