// Where the project's configs live, and its JSON Schemas (configs/schemas/*.schema.json) as one SchemaSet.
import { join } from 'node:path';
import { findUp, SchemaSet } from '../../config-file/index.js';

/** The repository (or installed package) root: the nearest directory up with a package.json. */
export function projectRoot(): string {
  return findUp(import.meta.url, 'package.json');
}

export function configsDir(): string {
  return join(projectRoot(), 'configs');
}

let schemaSet: SchemaSet | undefined;

/** The schemas of configs/schemas, compiled on first use. */
export function configSchemas(): SchemaSet {
  schemaSet ??= new SchemaSet(join(configsDir(), 'schemas'));
  return schemaSet;
}
