// The project's JSON Schemas (configs/schemas/*.schema.json), compiled once with ajv.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository (or installed package) root: the nearest directory up with a package.json. */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the project root (no package.json above the code)');
    dir = up;
  }
}

export function configsDir(): string {
  return join(projectRoot(), 'configs');
}

let ajv: Ajv | undefined;

/** One ajv for all schemas so they can $ref each other by file name. */
function instance(): Ajv {
  if (ajv) return ajv;
  // verbose: errors carry the failing schema, which the error formatter uses for oneOf and enum.
  ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, useDefaults: true, verbose: true });
  const dir = join(configsDir(), 'schemas');
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort())
    ajv.addSchema(JSON.parse(readFileSync(join(dir, name), 'utf8')) as object, name);
  return ajv;
}

/** The validator for `configs/schemas/<name>` (e.g. `solve.schema.json`). */
export function schemaValidator(name: string): ValidateFunction {
  const validate = instance().getSchema(name);
  if (!validate) throw new Error(`no schema ${name} in configs/schemas`);
  return validate;
}

export type { ErrorObject };
