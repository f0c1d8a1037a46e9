// Pushing a fabric's policy to its switches over P4Runtime.
export * from './push.js';
export * from './diff.js';
export * from './entries.js';
