// Fabric files: switches, pipeline, topology and policy in one YAML file.
export * from './types.js';
export * from './load.js';
export { addressProblem } from './address.js';
