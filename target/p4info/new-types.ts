// `type` declarations in the P4Info, as p4c's serializer writes them: a match field, action parameter or
// controller header field of a new type names it (type_name), and type_info.new_types describes each new type
// the P4Info refers to, by its base type or, with @p4runtime_translation, by the type the controller uses
// instead. A translated field's bitwidth is the controller's (0 for a string).
import type { NewType, Type } from '../frontend/ast.js';
import { bitWidthOf } from '../frontend/types.js';
import type { IdProblem } from './ids.js';
import type { BitstringTypeSpec, NamedType, P4NewTypeSpec, P4TypeInfo } from './types.js';

/** How the controller sees a value: its width, and the new type it was declared with, if any. */
export interface ControllerView {
  bitwidth: number;
  type_name?: NamedType;
}

/** The bit string (or bool) spec of a base type. */
export function baseSpec(t: Type): BitstringTypeSpec | { bool: Record<string, never> } {
  if (t.kind === 'bool') return { bool: {} };
  const w = bitWidthOf(t) ?? 0;
  return { bitstring: t.kind === 'int' ? { int: { bitwidth: w } } : { bit: { bitwidth: w } } };
}

/** The new types a P4Info refers to, collected into its type_info as they are met. */
export class NewTypes {
  constructor(
    private readonly info: P4TypeInfo,
    private readonly problems: IdProblem[],
  ) {}

  /** A controller-visible value of type `t`: its bitwidth and type_name, its new type (if any) recorded. */
  view(t: Type): ControllerView {
    const nt = newTypeOf(t);
    if (!nt) return { bitwidth: bitWidthOf(t) ?? 0 };
    this.record(t, nt);
    const sdn = nt.translation?.sdn;
    const bitwidth = sdn ? (sdn.kind === 'bit' ? sdn.width : 0) : (bitWidthOf(t) ?? 0);
    return { bitwidth, type_name: { name: nt.name } };
  }

  /** The P4DataTypeSpec of a register cell or a digest's field: `new_type` for a new type. */
  spec(t: Type): BitstringTypeSpec | { bool: Record<string, never> } | { new_type: NamedType } {
    const nt = newTypeOf(t);
    if (!nt) return baseSpec(t);
    this.record(t, nt);
    return { new_type: { name: nt.name } };
  }

  private record(t: Type, nt: NewType): void {
    const types = (this.info.new_types ??= {});
    if (Object.hasOwn(types, nt.name)) return;
    let entry: P4NewTypeSpec;
    const tr = nt.translation;
    if (tr) {
      if (t.kind !== 'bit')
        this.problems.push({
          message: `${nt.name}: P4Runtime translates only a type over bit<W> (@p4runtime_translation), not over ${t.kind}`,
          loc: nt.loc,
        });
      entry = {
        translated_type:
          tr.sdn.kind === 'bit'
            ? { uri: tr.uri, sdn_bitwidth: tr.sdn.width }
            : { uri: tr.uri, sdn_string: {} },
      };
    } else {
      entry = { original_type: baseSpec(t) };
    }
    // Keyed by a P4 name: defined, not assigned, so that a type named `__proto__` is a key like any other.
    Object.defineProperty(types, nt.name, {
      value: entry,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

/** The width the controller reads and writes a register's cells in: a new type's base or translated width. */
export function controllerWidth(
  spec: BitstringTypeSpec | { new_type: NamedType },
  info: P4TypeInfo | undefined,
): number {
  let bits: BitstringTypeSpec['bitstring'] | undefined;
  if ('bitstring' in spec) bits = spec.bitstring;
  else {
    const types = info?.new_types;
    const t = types && Object.hasOwn(types, spec.new_type.name) ? types[spec.new_type.name] : undefined;
    if (t && 'translated_type' in t)
      return 'sdn_bitwidth' in t.translated_type ? t.translated_type.sdn_bitwidth : 0;
    if (t && 'bitstring' in t.original_type) bits = t.original_type.bitstring;
  }
  return bits?.bit?.bitwidth ?? bits?.int?.bitwidth ?? 0;
}

function newTypeOf(t: Type): NewType | undefined {
  return t.kind === 'bit' || t.kind === 'int' || t.kind === 'bool' ? t.newType : undefined;
}
