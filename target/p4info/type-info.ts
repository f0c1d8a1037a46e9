// P4Info's type_info, as p4c's TypeSpecConverter fills it: each named type the P4Info refers to is described
// once, in the map of its kind (structs, headers, enums, serializable_enums, new_types), as the serializer
// meets it in a match field, an action parameter, a controller header field, a register cell or a digest.
//  - A `type` (new type) names itself (type_name on fields, `new_type` in type specs) and is described by its
//    base type or, with @p4runtime_translation, by the type the controller uses instead: a translated field's
//    bitwidth is the controller's (0 for a string).
//  - A serializable enum is described with its members' values; its fields keep their width and no type_name.
//  - A plain enum as an action parameter has no width, only its type_name.
import type { NewType, Type } from '../frontend/ast.js';
import { bigintToPadded, byteWidth } from 'p4runtime-ts';
import { bitWidthOf, newTypeOf } from '../frontend/types.js';
import type { IdProblem } from './ids.js';
import type {
  BitstringTypeSpec,
  NamedType,
  P4BitstringLikeTypeSpec,
  P4DataTypeSpec,
  P4NewTypeSpec,
  P4TypeInfo,
} from './types.js';

/** How the controller sees a value: its width, and the named type it was declared with, if any. */
export interface ControllerView {
  bitwidth: number;
  type_name?: NamedType;
}

/** The bit string (or bool) spec of a base type. */
function baseSpec(t: Type): BitstringTypeSpec | { bool: Record<string, never> } {
  if (t.kind === 'bool') return { bool: {} };
  const w = bitWidthOf(t) ?? 0;
  return { bitstring: t.kind === 'int' ? { int: { bitwidth: w } } : { bit: { bitwidth: w } } };
}

/** A header field's spec: type_info.headers holds bit strings only. */
function bitstringLike(t: Type): P4BitstringLikeTypeSpec {
  return t.kind === 'int' ? { int: { bitwidth: t.width } } : { bit: { bitwidth: bitWidthOf(t) ?? 0 } };
}

/** A serializable enum member's value as P4Runtime bytes: big-endian, the underlying type's whole width. */
function memberBytes(v: bigint, width: number): Uint8Array {
  return bigintToPadded(BigInt.asUintN(width, v), byteWidth(width));
}

/** Define `name` in a type_info map unless it is there: an own key, so that a type named `__proto__` or
 *  `constructor` is a key like any other. */
function define<V>(map: { [name: string]: V }, name: string, value: () => V): void {
  if (Object.hasOwn(map, name)) return;
  Object.defineProperty(map, name, { value: value(), enumerable: true, writable: true, configurable: true });
}

/** The named types a P4Info refers to, described into its type_info as they are met. */
export class TypeInfoBuilder {
  constructor(
    readonly info: P4TypeInfo,
    private readonly problems: IdProblem[],
  ) {}

  /** A match field, action parameter or controller header field of type `t`: its bitwidth and type_name. */
  view(t: Type): ControllerView {
    const nt = newTypeOf(t);
    if (nt) {
      this.newType(t, nt);
      const sdn = nt.translation?.sdn;
      const bitwidth = sdn ? (sdn.kind === 'bit' ? sdn.width : 0) : (bitWidthOf(t) ?? 0);
      return { bitwidth, type_name: { name: nt.name } };
    }
    if (t.kind === 'enum') {
      this.spec(t);
      if (!t.decl.underlying) return { bitwidth: 0, type_name: { name: t.decl.name } };
    }
    return { bitwidth: bitWidthOf(t) ?? 0 };
  }

  /** The P4DataTypeSpec of a register cell or of digest data, its named types described. */
  spec(t: Type): P4DataTypeSpec {
    switch (t.kind) {
      case 'bit':
      case 'int':
      case 'bool': {
        const nt = t.newType;
        if (!nt) return baseSpec(t);
        this.newType(t, nt);
        return { new_type: { name: nt.name } };
      }
      case 'struct': {
        const { decl } = t;
        define((this.info.structs ??= {}), decl.name, () => ({
          members: decl.fields.map((f) => ({ name: f.name, type_spec: this.spec(f.type) })),
        }));
        return { struct: { name: decl.name } };
      }
      case 'header': {
        const { decl } = t;
        define((this.info.headers ??= {}), decl.name, () => ({
          members: decl.fields.map((f) => ({ name: f.name, type_spec: bitstringLike(f.type) })),
        }));
        return { header: { name: decl.name } };
      }
      case 'enum': {
        const { decl } = t;
        const under = decl.underlying;
        if (under) {
          const width = bitWidthOf(under) ?? 0;
          define((this.info.serializable_enums ??= {}), decl.name, () => ({
            underlying_type: { bitwidth: width },
            members: decl.members.map((m) => ({ name: m.name, value: memberBytes(m.value ?? 0n, width) })),
          }));
          return { serializable_enum: { name: decl.name } };
        }
        define((this.info.enums ??= {}), decl.name, () => ({
          members: decl.members.map((m) => ({ name: m.name })),
        }));
        return { enum: { name: decl.name } };
      }
      default:
        return { bitstring: { bit: { bitwidth: 0 } } };
    }
  }

  private newType(t: Type, nt: NewType): void {
    const tr = nt.translation;
    if (tr && t.kind !== 'bit' && !Object.hasOwn(this.info.new_types ?? {}, nt.name))
      this.problems.push({
        message: `${nt.name}: P4Runtime translates only a type over bit<W> (@p4runtime_translation), not over ${t.kind}`,
        loc: nt.loc,
      });
    define((this.info.new_types ??= {}), nt.name, (): P4NewTypeSpec => {
      if (!tr) return { original_type: baseSpec(t) };
      return {
        translated_type:
          tr.sdn.kind === 'bit'
            ? { uri: tr.uri, sdn_bitwidth: tr.sdn.width }
            : { uri: tr.uri, sdn_string: {} },
      };
    });
  }
}
