// Type references: a TypeRef of the source resolved to a Type in a scope (type variables included).
import type { Type, TypeRef } from '../ast.js';
import { UNKNOWN_TYPE } from '../ast.js';
import { BOOL, DONTCARE, ERROR_T, INFINT, STRING, VOID, typeToString } from '../types.js';
import { Scope } from '../scope.js';
import { MAX_STACK_SIZE, MAX_VARBIT_WIDTH, MAX_WIDTH } from '../limits.js';
import type { Checker } from './checker.js';
import { constInt } from './expressions.js';
import { specialize } from './specialize.js';
import { canNest } from './declarations.js';
import { checkTypeSize } from './type-size.js';

export function resolveType(cx: Checker, ref: TypeRef, scope: Scope): Type {
  const t = resolveTypeInner(cx, ref, scope);
  ref.resolved = t;
  return t;
}

function resolveTypeInner(cx: Checker, ref: TypeRef, scope: Scope): Type {
  switch (ref.kind) {
    case 'base':
      switch (ref.name) {
        case 'bool':
          return BOOL;
        case 'error':
          return ERROR_T;
        case 'string':
          return STRING;
        case 'void':
          return VOID;
        case 'match_kind':
          return { kind: 'match_kind' };
        default:
          return INFINT;
      }
    case 'bits': {
      const w = constInt(cx, ref.width, { scope }, 'a width');
      let width = w === undefined ? 1 : Number(w);
      const widest = ref.varbit ? MAX_VARBIT_WIDTH : MAX_WIDTH;
      if (w !== undefined && (width < (ref.signed ? 1 : 0) || width > widest)) {
        cx.error(ref.width.loc, `invalid width ${width > widest ? `${w} (the widest is ${widest})` : w}`);
        // Checking goes on with a width that cannot make folding or layout blow up.
        width = 1;
      }
      if (ref.varbit) return { kind: 'varbit', maxWidth: width };
      return ref.signed ? { kind: 'int', width } : { kind: 'bit', width };
    }
    case 'dontcare':
      return DONTCARE;
    case 'list':
      // The for-in check reads the element type itself; a list<T> anywhere else is not supported.
      return cx.fatal(ref.loc, 'this target supports list<T> only in a cast of the list a for-in loop walks');
    case 'tuple': {
      const elements = ref.elements.map((e) => resolveType(cx, e, scope));
      elements.forEach((t, i) => {
        if (!canNest(t))
          cx.error(ref.elements[i]!.loc, `a tuple element cannot have type ${typeToString(t)}`);
      });
      // An element already reported (too large, unknown) makes the tuple unknown too, without a second error.
      if (elements.some((e) => e.kind === 'unknown')) return UNKNOWN_TYPE;
      const t: Type = { kind: 'tuple', elements };
      // Too large a type is reported once, where it is written, not again in every type built from it.
      return checkTypeSize(cx, t, ref.loc) ? t : UNKNOWN_TYPE;
    }
    case 'stack': {
      const element = resolveType(cx, ref.element, scope);
      // Arrays hold headers or header unions (header stacks), or any other data: bit strings, booleans,
      // enums, structs, arrays (P4_16's arrays of non-header types).
      if (!ARRAY_ELEMENTS.has(element.kind))
        cx.error(ref.loc, `array elements cannot be of type ${typeToString(element)}`);
      const n = constInt(cx, ref.size, { scope }, 'a header stack size');
      if (n !== undefined && n < 0n) {
        cx.error(ref.size.loc, `header stack size ${n} is negative`);
        return { kind: 'stack', element, size: 1 };
      }
      if (n !== undefined && n > BigInt(MAX_STACK_SIZE)) {
        cx.error(ref.size.loc, `header stack size ${n} is too large (at most ${MAX_STACK_SIZE})`);
        return { kind: 'stack', element, size: 1 };
      }
      const t: Type = { kind: 'stack', element, size: n === undefined ? 1 : Number(n) };
      return checkTypeSize(cx, t, ref.loc) ? t : UNKNOWN_TYPE;
    }
    case 'named': {
      const t = scope.lookupType(ref.name);
      if (!t) return cx.fatal(ref.loc, `unknown type '${ref.name}'`);
      if (t.kind === 'extern') {
        // A typedef of a specialized extern (`typedef register<bit<8>> R;`) names it with its arguments.
        if (ref.typeArgs.length === 0 && t.typeArgs.length > 0) return t;
        const typeArgs = ref.typeArgs.map((a) => resolveType(cx, a, scope));
        if (typeArgs.length !== t.decl.typeParams.length && typeArgs.length > 0)
          cx.error(
            ref.loc,
            `${t.decl.name} expects ${t.decl.typeParams.length} type arguments, got ${typeArgs.length}`,
          );
        return { kind: 'extern', decl: t.decl, typeArgs };
      }
      if ((t.kind === 'struct' || t.kind === 'header' || t.kind === 'header_union') && t.decl.typeParams) {
        const args = ref.typeArgs.map((a) => resolveType(cx, a, scope));
        return specialize(cx, t.decl, args, ref.loc);
      }
      if (ref.typeArgs.length > 0 && t.kind !== 'parser' && t.kind !== 'control' && t.kind !== 'package')
        cx.error(ref.loc, `type '${ref.name}' takes no type arguments`);
      return t;
    }
  }
}

export function typeVarScope(parent: Scope, names: string[]): Scope {
  const s = new Scope(parent);
  for (const n of names) s.types.set(n, { kind: 'typevar', name: n });
  return s;
}

const ARRAY_ELEMENTS = new Set<Type['kind']>([
  'header',
  'header_union',
  'bit',
  'int',
  'bool',
  'enum',
  'error',
  'struct',
  'stack',
  'typevar',
  'unknown',
]);
