// p4runtime-ts: a typed P4Runtime v1 client for Node.
export * from './bytes.js';
export * from './codec.js';
export * from './client.js';
export * from './cookie.js';
export * from './election.js';
export * from './errors.js';
export * from './p4info.js';
export * from './proto.js';
export * from './status-codec.js';
export type * from './types.js';
export * from './p4info-file.js';
export * from './replication.js';
