// Reading what switches do (counters) and hand-made changes for experiments (lossy links).
export * from './counters.js';
export * from './loss.js';
