// A P4 object's annotations as P4Info carries them (p4c's Helpers::addAnnotations and addDocumentation):
// @name, @id, @brief and @description become other fields; structured annotations (`@a[...]`) become
// structured_annotations; every other one is written as in the source.
import type { Annotation, Expr } from '../frontend/ast.js';
import type { IdProblem } from './ids.js';
import type { Documentation, StructuredAnnotation, StructuredValue } from './types.js';

/** Annotations P4Info represents by other fields (ids, names, documentation). */
const STRUCTURAL = new Set(['name', 'id', 'brief', 'description']);

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

export function annotationStrings(anns: Annotation[]): string[] | undefined {
  const out = anns
    .filter((a) => !STRUCTURAL.has(a.name) && !a.structured)
    .map((a) => (a.body ? `@${a.name}(${a.body})` : `@${a.name}`));
  return out.length ? out : undefined;
}

/** `@brief("...")` and `@description("...")` as P4Info's Documentation. */
function documentation(anns: Annotation[]): Documentation | undefined {
  const text = (name: string): string | undefined => {
    const arg = anns.find((a) => a.name === name)?.args[0];
    return arg?.kind === 'string' ? arg.value : undefined;
  };
  const brief = text('brief');
  const description = text('description');
  if (brief === undefined && description === undefined) return undefined;
  return { ...(brief !== undefined ? { brief } : {}), ...(description !== undefined ? { description } : {}) };
}

/** The annotations and documentation fields of a P4Info message, in p4info.proto's order. */
export function described(anns: Annotation[]): { annotations?: string[]; doc?: Documentation } {
  const annotations = annotationStrings(anns);
  const doc = documentation(anns);
  return { ...(annotations ? { annotations } : {}), ...(doc ? { doc } : {}) };
}

/** A structured annotation's value: a string, integer (int64) or boolean literal, as P4Runtime holds them. */
function valueOf(e: Expr, where: string, problems: IdProblem[]): StructuredValue | undefined {
  let v: bigint | undefined;
  if (e.kind === 'string') return { string_value: e.value };
  if (e.kind === 'bool') return { bool_value: e.value };
  if (e.kind === 'int') v = e.value;
  else if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'int') v = -e.operand.value;
  if (v !== undefined && v >= INT64_MIN && v <= INT64_MAX) return { int64_value: v.toString() };
  problems.push({
    message: `${where}: a value P4Runtime can carry must be a string, a boolean or an integer literal within int64`,
    loc: e.loc,
  });
  return undefined;
}

/** The structured_annotations field of a P4Info message; problems are what P4Runtime cannot carry. */
export function structured(
  anns: Annotation[],
  problems: IdProblem[],
): { structured_annotations?: StructuredAnnotation[] } {
  const out: StructuredAnnotation[] = [];
  for (const a of anns) {
    const s = a.structured;
    if (!s) continue;
    const where = `structured annotation @${a.name}`;
    if (s.kind === 'list') {
      const expressions = s.values.flatMap((e) => valueOf(e, where, problems) ?? []);
      out.push({ name: a.name, expression_list: { expressions } });
    } else {
      const keys = new Set<string>();
      for (const p of s.pairs) {
        if (keys.has(p.key)) problems.push({ message: `${where}: key ${p.key} is given twice`, loc: p.loc });
        keys.add(p.key);
      }
      const kv_pairs = s.pairs.flatMap((p) => {
        const value = valueOf(p.value, `${where}, key ${p.key}`, problems);
        return value ? [{ key: p.key, value }] : [];
      });
      out.push({ name: a.name, kv_pair_list: { kv_pairs } });
    }
  }
  return out.length ? { structured_annotations: out } : {};
}
