// v1model digest<T>(receiver, data): what p4c's bmv2 back end accepts. It turns the call into a learn list
// named after T and refuses any T that is not a struct type ("expected a struct type"), so a header-typed
// digest is a located error here rather than a program that loads and never reports its data.
import type { CallExpr, Type } from '../ast.js';
import { typeToString } from '../types.js';
import type { Checker } from './checker.js';

/** Whether a learn list can hold a value of type t: fields of bit<W>, int<W>, bool, enums and errors,
 *  grouped in structs and headers. */
function learnable(t: Type): boolean {
  switch (t.kind) {
    case 'bit':
    case 'int':
    case 'bool':
    case 'enum':
    case 'error':
      return true;
    case 'struct':
    case 'header':
      return t.decl.fields.every((f) => learnable(f.type));
    default:
      return false;
  }
}

export function checkDigest(cx: Checker, e: CallExpr): void {
  const t = e.typeArgValues?.[0];
  if (!t || t.kind === 'unknown') return;
  if (t.kind !== 'struct') {
    cx.error(
      e.loc,
      `digest<${typeToString(t)}>: the type of a digest's data must be a struct type (p4c's bmv2 back end refuses any other)`,
    );
    return;
  }
  if (!learnable(t))
    cx.error(
      e.loc,
      `digest<${typeToString(t)}>: a digest's data can hold only bit<W>, int<W>, bool, enum and error fields, in structs and headers`,
    );
}
