// Loads the P4Runtime service from this library's .proto files at run time.
// PROTO_LOADER_OPTIONS must stay in step with the flags in ../gen-types.sh, which produced ../generated/:
// the generated TypeScript types describe messages exactly as these options shape them.
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProtoGrpcType } from '../generated/p4runtime.js';

export const PROTO_LOADER_OPTIONS: protoLoader.Options = {
  keepCase: true, // field names read as in the specification (table_id, election_id)
  longs: String, // 64-bit integers as decimal strings: exact, and BigInt() reads them
  enums: String,
  bytes: Buffer,
  defaults: true,
  oneofs: true, // a virtual field names the member set in each oneof
};

const ENTRY_PROTO = join('p4', 'v1', 'p4runtime.proto');

/** The proto directory, found from this module whether it runs from source or from a build output tree. */
export function protoDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [join(dir, 'proto'), join(dir, 'p4runtime-ts', 'proto')]) {
      if (existsSync(join(candidate, ENTRY_PROTO))) return candidate;
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('p4runtime-ts: cannot find the proto/ directory');
    dir = up;
  }
}

let cachedDefinition: protoLoader.PackageDefinition | undefined;
let cached: ProtoGrpcType | undefined;

/** Every message and enum of the P4Runtime protos, with descriptors and (de)serialisers, loaded once. */
export function p4RuntimePackageDefinition(): protoLoader.PackageDefinition {
  cachedDefinition ??= protoLoader.loadSync(ENTRY_PROTO, {
    ...PROTO_LOADER_OPTIONS,
    includeDirs: [protoDir()],
  });
  return cachedDefinition;
}

/** The loaded `p4.v1.P4Runtime` package (client constructor and service definition), loaded once. */
export function loadP4RuntimeProto(): ProtoGrpcType {
  cached ??= grpc.loadPackageDefinition(p4RuntimePackageDefinition()) as unknown as ProtoGrpcType;
  return cached;
}

export function p4RuntimeService(): grpc.ServiceDefinition {
  return loadP4RuntimeProto().p4.v1.P4Runtime.service;
}
