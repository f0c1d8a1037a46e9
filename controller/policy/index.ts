// Policy -> p4/mlt.p4 entities: routing and spraying from the topology, DSCP map, thresholds, loss rates.
export * from './types.js';
export * from './thresholds.js';
export * from './paths.js';
export * from './resolve.js';
export * from './entries.js';
