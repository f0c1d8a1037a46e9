// Loads the P4Runtime service from this library's .proto files at run time.
// PROTO_LOADER_OPTIONS must stay in step with the flags in ../gen-types.sh, which produced ../generated/:
// the generated TypeScript types describe messages exactly as these options shape them.
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
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

/** This package's proto/ directory: two levels up from src/ when run from source, three from dist/src/. */
function protoDir(): string {
  for (const up of ['..', '../..']) {
    const dir = fileURLToPath(new URL(`${up}/proto`, new URL('.', import.meta.url)));
    if (existsSync(join(dir, ENTRY_PROTO))) return dir;
  }
  throw new Error(`p4runtime-ts: cannot find proto/${ENTRY_PROTO} next to ${fileURLToPath(import.meta.url)}`);
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
