// ajv's errors turned into located issues that say what is wrong and, where the schema tells, what is valid.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { formatPath, type ConfigIssue } from './issues.js';
import type { DataPath, YamlSource } from './yaml-source.js';

/** One issue per distinct (path, message), in ajv's order; needs errors from an ajv with `verbose: true`. */
export function describeErrors(
  source: YamlSource,
  errors: readonly ErrorObject[],
  alternativesOf: AlternativesOf,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const seen = new Set<string>();
  for (const e of explainOneOfs(errors, alternativesOf)) {
    const path = pointerToPath(e.instancePath);
    const { message, key } = describe(e);
    if (key !== undefined) path.push(key);
    const text = formatPath(path);
    const dedupe = `${text}\u0000${message}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    const pos = key === undefined ? source.locate(path) : source.locate(path.slice(0, -1), key);
    issues.push({ file: source.file, path: text, line: pos?.line, col: pos?.col, message });
  }
  return issues;
}

/** The words for one error; `key` when the error is about a mapping key rather than a value. */
function describe(e: ErrorObject): { message: string; key?: string } {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const allowed = Object.keys((e.parentSchema?.properties as object | undefined) ?? {});
      const hint = allowed.length > 0 ? ` (expected one of: ${allowed.join(', ')})` : '';
      return { message: `unknown property${hint}`, key: String(p.additionalProperty) };
    }
    case 'required':
      return { message: `missing required property '${String(p.missingProperty)}'` };
    case 'enum':
      return { message: `must be one of: ${(p.allowedValues as unknown[]).map(String).join(', ')}` };
    case 'const':
      return { message: `must be ${String(p.allowedValue)}` };
    case 'oneOf': {
      const required = requiredAlternatives(e);
      if (required) return { message: `give exactly one of: ${required.join(', ')}` };
      return { message: 'matches several of the allowed forms; it must match exactly one' };
    }
    default:
      return { message: e.message ?? 'is invalid' };
  }
}

/** For `oneOf: [{required: [a]}, {required: [b, c]}]`, the alternatives `a`, `b + c`; else undefined. */
function requiredAlternatives(e: ErrorObject): string[] | undefined {
  if (!Array.isArray(e.schema)) return undefined;
  const branches = e.schema as Record<string, unknown>[];
  const onlyRequired = (b: Record<string, unknown>): boolean =>
    Array.isArray(b.required) && Object.keys(b).every((k) => k === 'required' || k === 'description');
  if (!branches.every(onlyRequired)) return undefined;
  return branches.map((b) => (b.required as string[]).join(' + '));
}

/** Validates a value against each alternative of a failed oneOf on its own (see SchemaSet). */
export type AlternativesOf = (oneOf: ErrorObject) => ValidateFunction[];

/**
 * A failed oneOf comes with the reasons every alternative failed, which would confuse. It is reported as:
 * - "give exactly one of" when its alternatives only differ in which properties are required;
 * - "must be one of" the discriminating values when every alternative fails on the same `const`
 *   (a `kind` nobody knows);
 * - otherwise the errors of the alternative the user evidently meant: not one whose discriminating `const`
 *   differs, nor one of another type than the value, and of the rest the one whose errors reach deepest
 *   into the data (ties: the fewest errors, then the first);
 * - itself, when no alternative failed (several matched).
 * ajv lists the errors of a failed oneOf's alternatives in order just before the oneOf's own error. Their
 * schema paths do not tell which alternative they come from once a `$ref` is crossed, so each alternative
 * is validated again on its own to learn how many errors it contributed.
 */
function explainOneOfs(errors: readonly ErrorObject[], alternativesOf: AlternativesOf): ErrorObject[] {
  // For each failed oneOf, the index range of each alternative's errors.
  const ranges = new Map<ErrorObject, [number, number][]>();
  errors.forEach((o, k) => {
    if (o.keyword !== 'oneOf') return;
    // Alternatives that only require properties have no $ref: their errors are found by schema path.
    const total = requiredAlternatives(o)
      ? errors.filter((e) => e.schemaPath.startsWith(`${o.schemaPath}/`)).length
      : undefined;
    const counts =
      total === undefined ? alternativesOf(o).map((v) => (v(o.data) ? 0 : (v.errors?.length ?? 0))) : [total];
    let at = k - counts.reduce((a, b) => a + b, 0);
    ranges.set(
      o,
      counts.map((n) => [at, (at += n)]),
    );
  });
  const index = new Map(errors.map((e, i) => [e, i]));
  const branchOf = (e: ErrorObject, o: ErrorObject): number => {
    const i = index.get(e)!;
    return ranges.get(o)!.findIndex(([from, to]) => i >= from && i < to);
  };
  // Outer oneOfs first (they come later in the list), so an inner one in an alternative not meant is
  // dropped with it.
  const dropped = new Set<ErrorObject>();
  const replaced = new Map<ErrorObject, ErrorObject>();
  for (const o of [...ranges.keys()].reverse()) {
    if (dropped.has(o)) continue;
    const inner = errors.filter((e) => !dropped.has(e) && branchOf(e, o) >= 0);
    const drop = (chosen?: number): void => {
      for (const e of inner) if (branchOf(e, o) !== chosen) dropped.add(e);
    };
    const severalMatched = (o.params as { passingSchemas: unknown }).passingSchemas != null;
    if (inner.length === 0 || severalMatched || requiredAlternatives(o)) {
      drop();
      continue;
    }
    const branches = new Map<number, ErrorObject[]>();
    for (const e of inner) branches.set(branchOf(e, o), [...(branches.get(branchOf(e, o)) ?? []), e]);
    const discriminator = unknownDiscriminator(o, [...branches.values()]);
    if (discriminator) {
      drop();
      replaced.set(o, discriminator);
      continue;
    }
    dropped.add(o);
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const [b, errs] of branches) {
      const wrongKind = errs.some((e) => e.keyword === 'const');
      const wrongType = errs.some((e) => e.keyword === 'type' && e.instancePath === o.instancePath);
      const depth = Math.max(...errs.map((e) => e.instancePath.split('/').length));
      const score = (wrongKind ? -1e6 : 0) + (wrongType ? -1e5 : 0) + depth * 1000 - errs.length;
      if (score > bestScore) {
        bestScore = score;
        best = b;
      }
    }
    drop(best);
  }
  return errors.filter((e) => !dropped.has(e)).map((e) => replaced.get(e) ?? e);
}

/** When every alternative fails on a `const` at the same place, one `enum`-like error listing the values. */
function unknownDiscriminator(o: ErrorObject, branches: ErrorObject[][]): ErrorObject | undefined {
  const consts = branches.map((errs) => errs.find((e) => e.keyword === 'const'));
  const first = consts[0];
  if (!first || consts.some((c) => c === undefined || c.instancePath !== first.instancePath))
    return undefined;
  const allowedValues = consts.map((c) => (c!.params as { allowedValue: unknown }).allowedValue);
  return { ...first, keyword: 'enum', schemaPath: o.schemaPath, params: { allowedValues } };
}

/** JSON pointer `/model/layers/3/size` → `['model', 'layers', 3, 'size']`. */
function pointerToPath(pointer: string): DataPath {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));
}
