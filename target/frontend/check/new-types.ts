// `type T` declarations: a new name for bit<W>, int<W> or bool, which P4Runtime names in the P4Info and may
// translate (`@p4runtime_translation`, P4Runtime spec "User-defined types"). The checker keeps treating T as its
// base type; the NewType on the declared type is what the P4Info builder reads.
import type { Annotation, NewType, Type, TypedefDecl } from '../ast.js';
import type { Checker } from './checker.js';

/** The controller type after the URI, as p4c's grammar takes it: `bit<W>`, `string`, or a width W. */
const SECOND_ARG = /^"(?:[^"\\]|\\.)*"\s*,\s*(.*)$/s;
const BIT_TYPE = /^bit\s*<\s*(\d+)\s*>$/;

/** `@p4runtime_translation("uri", controller type)`; undefined, with an error reported, when malformed. */
function translationOf(cx: Checker, a: Annotation): NewType['translation'] {
  const uri = a.args[0];
  const rest = SECOND_ARG.exec(a.body.trim())?.[1]?.trim();
  if (uri?.kind === 'string' && rest !== undefined) {
    const width = a.args[1]?.kind === 'int' && a.args.length === 2 ? Number(a.args[1].value) : undefined;
    const bit = BIT_TYPE.exec(rest);
    if (rest === 'string') return { uri: uri.value, sdn: { kind: 'string' } };
    const w = bit ? Number(bit[1]) : width;
    if (w !== undefined && Number.isSafeInteger(w) && w > 0 && w < 2 ** 31)
      return { uri: uri.value, sdn: { kind: 'bit', width: w } };
  }
  cx.error(
    a.loc,
    '@p4runtime_translation takes a URI string and the type the controller uses: bit<W>, a width W > 0, or string',
  );
  return undefined;
}

/** The type a `type` declaration declares: its base type, marked with the new type's name (and translation). */
export function newTypeOf(cx: Checker, d: TypedefDecl, base: Type): Type {
  if (base.kind !== 'bit' && base.kind !== 'int' && base.kind !== 'bool') return base;
  const ann = d.annotations.find((a) => a.name === 'p4runtime_translation');
  const translation = ann ? translationOf(cx, ann) : undefined;
  const newType: NewType = { name: d.name, ...(translation ? { translation } : {}), loc: d.loc };
  return { ...base, newType };
}
