// JSON Schema validation of a YAML config, with errors that say where and what in words.
import { ConfigError, formatPath, type ConfigIssue } from './errors.js';
import { schemaValidator, type ErrorObject } from './schemas.js';
import type { DataPath, YamlSource } from './yaml-source.js';

/**
 * Validates (and fills schema defaults into) `source.value` against `configs/schemas/<schema>`.
 * Throws a ConfigError listing every problem found, not just the first.
 */
export function validateSource(source: YamlSource, schema: string): void {
  const validate = schemaValidator(schema);
  if (validate(source.value)) return;
  throw new ConfigError(describeErrors(source, validate.errors ?? []));
}

export function describeErrors(source: YamlSource, errors: ErrorObject[]): ConfigIssue[] {
  // A failed oneOf is reported once, in terms of its alternatives; the errors from inside each
  // alternative only say why that branch did not match and would confuse.
  const oneOfPaths = errors.filter((e) => e.keyword === 'oneOf').map((e) => e.schemaPath);
  const relevant = errors.filter(
    (e) => !oneOfPaths.some((p) => e.schemaPath.startsWith(`${p}/`) && e.schemaPath !== p),
  );
  const issues: ConfigIssue[] = [];
  const seen = new Set<string>();
  for (const e of relevant) {
    const path = pointerToPath(e.instancePath);
    let key: string | undefined;
    let message = e.message ?? 'is invalid';
    const p = e.params as Record<string, unknown>;
    if (e.keyword === 'additionalProperties') {
      key = String(p.additionalProperty);
      path.push(key);
      message = 'unknown property';
      const allowed = Object.keys((e.parentSchema?.properties as object | undefined) ?? {});
      if (allowed.length > 0) message += ` (expected one of: ${allowed.join(', ')})`;
    } else if (e.keyword === 'required') {
      message = `missing required property '${String(p.missingProperty)}'`;
    } else if (e.keyword === 'enum') {
      message = `must be one of: ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    } else if (e.keyword === 'oneOf') {
      const branches = (e.schema as { required?: string[] }[]).map((b) => b.required?.join(' + '));
      if (branches.every((b) => b !== undefined)) message = `give exactly one of: ${branches.join(', ')}`;
    }
    const text = formatPath(path);
    const dedupe = `${text}\u0000${message}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    const pos = key === undefined ? source.locate(path) : source.locate(path.slice(0, -1), key);
    issues.push({ file: source.file, path: text, line: pos?.line, col: pos?.col, message });
  }
  return issues;
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
