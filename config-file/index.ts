// config-file: YAML config files with positions, JSON Schema validation (ajv), and `file:line:col` errors.
// It imports nothing of the project, so every part can use it. See README.md.
export { ConfigError, formatIssue, formatPath, type ConfigIssue } from './issues.js';
export {
  MAX_ALIAS_EXPANSIONS,
  MAX_CONFIG_BYTES,
  YamlSource,
  type DataPath,
  type Position,
} from './yaml-source.js';
export { SchemaSet } from './schema-set.js';
export { findUp } from './find-up.js';
