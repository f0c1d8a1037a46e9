// Values of P4 types in the generated code: default values, factories of headers and structs, and resetters
// that invalidate or zero them in place between packets.
import type { HeaderTypeDecl, HeaderUnionDecl, StructTypeDecl, Type } from '../../frontend/ast.js';
import * as B from '../bits.js';
import { bitOf, paddingBits, wireWidth } from '../types.js';
import { CodegenError, type Gen } from './gen.js';

/** Source of a fresh default value of type t (0, false, invalid headers). */
export function defaultValue(gen: Gen, t: Type): string {
  switch (t.kind) {
    case 'bool':
      return 'false';
    case 'header':
    case 'struct':
    case 'header_union':
    case 'stack':
      return `${factory(gen, t)}()`;
    case 'varbit':
      return '0n';
    case 'tuple':
      return `[${t.elements.map((e) => defaultValue(gen, e)).join(', ')}]`;
    default: {
      const bt = bitOf(t);
      return bt && !B.isNum(bt) ? '0n' : '0';
    }
  }
}

/** Name of a generated function returning a fresh value of an aggregate type. */
export function factory(gen: Gen, t: Type): string {
  const key: object | undefined =
    t.kind === 'header' || t.kind === 'struct' || t.kind === 'header_union' ? t.decl : undefined;
  if (t.kind === 'stack') {
    const name = gen.fresh('mkStack');
    const el = defaultValue(gen, t.element);
    gen.top.push(`function ${name}() { return { $next: 0, $a: [${Array(t.size).fill(el).join(', ')}] }; }`);
    return name;
  }
  if (!key) throw new CodegenError(`no factory for ${t.kind}`);
  const decl = key as HeaderTypeDecl | StructTypeDecl | HeaderUnionDecl;
  return generated(gen, gen.factories, key, `mk_${decl.name}`, (name) => {
    const parts: string[] = [];
    if (t.kind === 'header') parts.push('$valid: false');
    for (const f of decl.fields) {
      parts.push(`${propertyKey(f.name)}: ${defaultValue(gen, f.type)}`);
      if (f.type.kind === 'varbit') parts.push(`$w_${f.name}: 0`);
    }
    if (t.kind === 'header' && paddingBits(t.decl) > 0) parts.push('$pad: 0');
    return `function ${name}() { return { ${parts.join(', ')} }; }`;
  });
}

/** Name of a generated function that puts a header/struct/union value back to what its factory returns,
 *  in place, and returns it: recycled packet state and stack entries keep their objects (no allocation). */
export function resetter(gen: Gen, t: Type): string {
  const key: object | undefined =
    t.kind === 'header' || t.kind === 'struct' || t.kind === 'header_union' ? t.decl : undefined;
  if (!key) throw new CodegenError(`no resetter for ${t.kind}`);
  const decl = key as HeaderTypeDecl | StructTypeDecl | HeaderUnionDecl;
  return generated(gen, gen.resetters, key, `rs_${decl.name}`, (name) => {
    const body: string[] = [];
    if (t.kind === 'header') body.push('o.$valid = false;');
    for (const f of decl.fields) {
      body.push(resetField(gen, `o.${f.name}`, f.type));
      if (f.type.kind === 'varbit') body.push(`o.$w_${f.name} = 0;`);
    }
    if (t.kind === 'header' && paddingBits(t.decl) > 0) body.push('o.$pad = 0;');
    return `function ${name}(o) { ${body.join(' ')} return o; }`;
  });
}

/**
 * The name of the generated function `made` holds for `key`, or of a new one named after `base`, whose text
 * `source(name)` gives. The name is recorded before the text is made, so that a function made meanwhile for
 * a type inside this one, asking for this one, gets the same name.
 */
function generated(
  gen: Gen,
  made: Map<object, string>,
  key: object,
  base: string,
  source: (name: string) => string,
): string {
  const have = made.get(key);
  if (have) return have;
  const name = gen.fresh(base);
  made.set(key, name);
  gen.top.push(source(name));
  return name;
}

/**
 * Name of a generated function that makes a header valid as bmv2's add_header does (see setValid): a header that
 * was invalid gets every field 0 and adds its bytes to the packet length register (PktState.st.len); one
 * already valid is left as it is.
 */
export function validator(gen: Gen, t: Type): string {
  if (t.kind !== 'header') throw new CodegenError(`setValid on ${t.kind}`);
  return validityFn(
    gen,
    gen.validators,
    `sv_${t.decl.name}`,
    t.decl,
    (bytes) => `if (!o.$valid) { ${resetter(gen, t)}(o); o.$valid = true; $st.len += ${bytes}; }`,
  );
}

/** As validator, for setInvalid (bmv2's remove_header): a valid header takes its bytes off the register. */
export function devalidator(gen: Gen, t: Type): string {
  if (t.kind !== 'header') throw new CodegenError(`setInvalid on ${t.kind}`);
  return validityFn(
    gen,
    gen.devalidators,
    `si_${t.decl.name}`,
    t.decl,
    (bytes) => `if (o.$valid) { $st.len -= ${bytes}; o.$valid = false; }`,
  );
}

/** A generated function `name(o)` with `body`, given the expression for o's bytes in a packet; one per decl. */
function validityFn(
  gen: Gen,
  made: Map<object, string>,
  name: string,
  decl: HeaderTypeDecl,
  body: (bytes: string) => string,
): string {
  // bmv2's get_nbytes_packet(): the fixed fields, and a varbit's current width.
  const v = decl.varbitField;
  const bytes = v ? `((${wireWidth(decl)} + o.$w_${v.name}) >> 3)` : `${wireWidth(decl) >> 3}`;
  return generated(gen, made, decl, name, (fn) => `function ${fn}(o) { ${body(bytes)} }`);
}

/**
 * Name of a generated function that marks a stack element invalid and leaves its fields: what bmv2's push_front
 * and pop_front do to the elements they shift in (a header, or every header of a union).
 */
export function invalidator(gen: Gen, t: Type): string {
  if (t.kind !== 'header' && t.kind !== 'header_union') throw new CodegenError(`stack of ${t.kind}`);
  const body =
    t.kind === 'header'
      ? 'o.$valid = false;'
      : t.decl.fields.map((f) => `o.${f.name}.$valid = false;`).join(' ');
  return generated(
    gen,
    gen.invalidators,
    t.decl,
    `inv_${t.decl.name}`,
    (name) => `function ${name}(o) { ${body} return o; }`,
  );
}

function resetField(gen: Gen, ref: string, t: Type): string {
  switch (t.kind) {
    case 'header':
    case 'struct':
    case 'header_union':
      return `${resetter(gen, t)}(${ref});`;
    case 'stack': {
      // Names of their own: an array of arrays resets its elements with a loop inside this one.
      const [s, i] = [gen.fresh('$s'), gen.fresh('$i')];
      return `{ const ${s} = ${ref}; ${s}.$next = 0; for (let ${i} = 0; ${i} < ${t.size}; ${i}++) ${resetField(gen, `${s}.$a[${i}]`, t.element)} }`;
    }
    default:
      return `${ref} = ${defaultValue(gen, t)};`;
  }
}

/** A field name as the key of an object literal. `__proto__: v` in a literal would set the prototype instead
 *  of making a field (and drop a number); the computed key `["__proto__"]: v` makes an own property, which
 *  member accesses then read and write like any other. Every other P4 identifier is a valid key as is. */
export function propertyKey(name: string): string {
  return name === '__proto__' ? '["__proto__"]' : name;
}
