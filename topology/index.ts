// The topology model shared by the simulator and the controller (imports nothing else of the project).
export * from './types.js';
export * from './addresses.js';
export * from './leaf-spine.js';
export * from './file.js';
