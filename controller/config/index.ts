// Loading the controller's configs (solve configs, model profiles); the generic machinery is config-file/.
export { configSchemas, configsDir, projectRoot } from './schemas.js';
export {
  loadModelProfile,
  loadSolveConfig,
  resolveProfile,
  type ModelProfile,
  type SolveConfig,
} from './solve-config.js';
