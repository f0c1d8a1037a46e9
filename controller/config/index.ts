// Config loading and JSON Schema validation shared by all `mlt` configs.
import { validateSource } from './validate.js';
import { YamlSource } from './yaml-source.js';

export { ConfigError, formatIssue, formatPath, type ConfigIssue } from './errors.js';
export { YamlSource, type DataPath, type Position } from './yaml-source.js';
export { validateSource } from './validate.js';
export { configsDir, projectRoot, schemaValidator } from './schemas.js';
export {
  loadModelProfile,
  loadSolveConfig,
  resolveProfile,
  type ModelProfile,
  type SolveConfig,
} from './solve-config.js';

/** Reads a YAML config and checks it against `configs/schemas/<schema>`; throws ConfigError. */
export function loadConfigFile<T>(file: string, schema: string): T {
  const source = YamlSource.read(file);
  validateSource(source, schema);
  return source.value as T;
}
