// Specializations of generic declarations, each a declaration of its own with the type parameters bound, made
// once per distinct list of type arguments.
//
// Generic headers, header unions and structs (`struct Pair<T> { T a; T b; }`): each use with type arguments
// (`Pair<bit<8>>`) names a specialization, so that two uses with the same arguments are the same type. As
// p4c's SpecializeGenericTypes does, a specialization is named after the type and its arguments (`Pair_bit8`),
// which is the name P4Info gives it (a digest of one, for instance).
//
// Generic functions (`T ident<T>(in T x)`): each call runs a specialization for its type arguments, given or
// inferred, as p4c's SpecializeGenericFunctions makes them: what `T` is decides how the body runs (a header is
// passed by reference and assigned field by field, a bit<8> copied).
import type { FunctionDecl, HeaderTypeDecl, HeaderUnionDecl, Loc, StructTypeDecl, Type } from '../ast.js';
import { MAX_SPECIALIZATIONS, MAX_SPECIALIZATION_DEPTH } from '../limits.js';
import { Scope } from '../scope.js';
import { containsTypeVar, typeTextWithin, typeToString } from '../types.js';
import type { Checker } from './checker.js';
import { functionBody, functionSignature, structLikeFields } from './declarations.js';

type Generic = HeaderTypeDecl | HeaderUnionDecl | StructTypeDecl;

/** Longest text of a specialization's arguments: types of types can grow exponentially in their text. */
const MAX_ARGS_TEXT = 4096;

export function specialize(cx: Checker, generic: Generic, args: Type[], loc: Loc): Type {
  const params = generic.typeParams ?? [];
  if (args.length !== params.length)
    return cx.fatal(
      loc,
      args.length === 0
        ? `generic type '${generic.name}' needs type arguments: ${generic.name}<${params.join(', ')}>`
        : `${generic.name} takes ${params.length} type argument${params.length === 1 ? '' : 's'}, not ${args.length}`,
    );
  const open = args.find(containsTypeVar);
  if (open)
    return cx.fatal(
      loc,
      `this target cannot specialize ${generic.name} with a type variable (${typeToString(open)}): give it a concrete type`,
    );
  const { byArgs, key } = specializationsOf(cx, cx.specializations, generic, args, loc);
  const known = byArgs.get(key);
  if (known) return known;
  checkDepth(cx, loc, 'types', 'a type whose fields specialize it');
  if (cx.specializedNames.size >= MAX_SPECIALIZATIONS)
    return cx.fatal(loc, `more than ${MAX_SPECIALIZATIONS} specializations of generic types`);

  // The generic declaration itself is never checked, so its fields still hold unresolved type references.
  const decl = structuredClone(generic);
  delete decl.typeParams;
  decl.name = uniqueName(cx, `${generic.name}_${args.map(argName).join('_')}`);
  const t = { kind: decl.kind, decl } as Type;
  // Known before its fields are resolved: a field of the type being specialized is then reported as such.
  byArgs.set(key, t);
  withArgs(cx, generic.name, params, args, loc, (scope) => structLikeFields(cx, decl, scope));
  return t;
}

/** The specializations made of one generic declaration, and the key of `args` among them. */
function specializationsOf<T>(
  cx: Checker,
  all: Map<object, Map<string, T>>,
  generic: Generic | FunctionDecl,
  args: Type[],
  loc: Loc,
): { byArgs: Map<string, T>; key: string } {
  const key = typeTextWithin({ kind: 'tuple', elements: args }, MAX_ARGS_TEXT);
  if (key === undefined) return cx.fatal(loc, `type arguments of ${generic.name} are too large`);
  let byArgs = all.get(generic);
  if (!byArgs) all.set(generic, (byArgs = new Map()));
  return { byArgs, key };
}

function checkDepth(cx: Checker, loc: Loc, what: string, cause: string): void {
  if (cx.specializing.length >= MAX_SPECIALIZATION_DEPTH)
    cx.fatal(
      loc,
      `generic ${what} specialized more than ${MAX_SPECIALIZATION_DEPTH} levels deep (${cause} with ever larger arguments?)`,
    );
}

/** Run `check` in a scope where the type parameters stand for `args`, errors reported at the use (`loc`). */
function withArgs(
  cx: Checker,
  name: string,
  params: string[],
  args: Type[],
  loc: Loc,
  check: (scope: Scope) => void,
): void {
  const scope = new Scope(cx.global);
  params.forEach((p, i) => scope.types.set(p, args[i]!));
  cx.specializing.push({ loc, text: `${name}<${args.map(typeToString).join(', ')}>` });
  try {
    check(scope);
  } finally {
    cx.specializing.pop();
  }
}

/** p4c's spelling of an argument in a specialization's name: `bit<8>` is `bit8`, `tuple<a, b>` `tuplea_b`. */
function argName(t: Type): string {
  return typeToString(t)
    .replace(/[<> ]/g, '')
    .replace(/[,.[\]]/g, '_');
}

function uniqueName(cx: Checker, base: string): string {
  let name = base;
  for (let i = 0; cx.global.lookupType(name) !== undefined || cx.specializedNames.has(name); i++)
    name = `${base}_${i}`;
  cx.specializedNames.add(name);
  return name;
}

/**
 * The specialization of a generic function for a call's type arguments, checked with them bound; errors in it
 * are reported at the call (see Checker.located). Undefined, the call keeping the generic declaration, when
 * an argument is not a concrete type (a call inside another generic function's own body) or the generic
 * declaration itself has errors.
 */
export function specializeFunction(
  cx: Checker,
  fn: FunctionDecl,
  args: Type[],
  loc: Loc,
): FunctionDecl | undefined {
  const pristine = cx.pristineFunctions.get(fn);
  if (!pristine || args.length !== fn.typeParams.length) return undefined;
  if (args.some((a) => a.kind === 'unknown' || containsTypeVar(a))) return undefined;
  const { byArgs, key } = specializationsOf(cx, cx.functionSpecializations, fn, args, loc);
  const known = byArgs.get(key);
  if (known) return known;
  checkDepth(cx, loc, 'functions', 'a function whose body calls generic functions');
  if (byArgs.size >= MAX_SPECIALIZATIONS)
    return cx.fatal(loc, `more than ${MAX_SPECIALIZATIONS} specializations of generic function ${fn.name}`);

  const decl = structuredClone(pristine);
  decl.typeParams = [];
  // Known before its body is checked: a call of the same specialization inside it is recursion, found later.
  byArgs.set(key, decl);
  withArgs(cx, fn.name, fn.typeParams, args, loc, (scope) => {
    functionSignature(cx, decl, scope);
    functionBody(cx, decl, scope);
  });
  return decl;
}
