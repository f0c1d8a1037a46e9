// Type references: a TypeRef of the source resolved to a Type in a scope (type variables included).
import type { Type, TypeRef } from '../ast.js';
import { BOOL, DONTCARE, ERROR_T, INFINT, STRING, VOID, typeToString } from '../types.js';
import { Scope } from '../scope.js';
import { MAX_STACK_SIZE, MAX_WIDTH } from '../limits.js';
import type { Checker } from './checker.js';
import { constInt } from './expressions.js';

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
      if (w !== undefined && (width < (ref.signed ? 1 : 0) || width > MAX_WIDTH)) {
        cx.error(
          ref.width.loc,
          `invalid width ${width > MAX_WIDTH ? `${w} (the widest is ${MAX_WIDTH})` : w}`,
        );
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
    case 'tuple':
      return { kind: 'tuple', elements: ref.elements.map((e) => resolveType(cx, e, scope)) };
    case 'stack': {
      const element = resolveType(cx, ref.element, scope);
      if (element.kind !== 'header' && element.kind !== 'header_union')
        cx.error(
          ref.loc,
          `header stack elements must be headers or header unions, not ${typeToString(element)}`,
        );
      const n = constInt(cx, ref.size, { scope }, 'a header stack size');
      if (n !== undefined && n > BigInt(MAX_STACK_SIZE)) {
        cx.error(ref.size.loc, `header stack size ${n} is too large (at most ${MAX_STACK_SIZE})`);
        return { kind: 'stack', element, size: 1 };
      }
      return { kind: 'stack', element, size: n === undefined ? 1 : Number(n) };
    }
    case 'named': {
      const t = scope.lookupType(ref.name);
      if (!t) return cx.fatal(ref.loc, `unknown type '${ref.name}'`);
      if (t.kind === 'extern') {
        const typeArgs = ref.typeArgs.map((a) => resolveType(cx, a, scope));
        if (typeArgs.length !== t.decl.typeParams.length && typeArgs.length > 0)
          cx.error(
            ref.loc,
            `${t.decl.name} expects ${t.decl.typeParams.length} type arguments, got ${typeArgs.length}`,
          );
        return { kind: 'extern', decl: t.decl, typeArgs };
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
