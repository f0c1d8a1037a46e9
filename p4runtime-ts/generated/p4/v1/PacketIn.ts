// Original file: p4/v1/p4runtime.proto

import type { PacketMetadata as _p4_v1_PacketMetadata, PacketMetadata__Output as _p4_v1_PacketMetadata__Output } from '../../p4/v1/PacketMetadata.js';

export interface PacketIn {
  'payload'?: (Buffer | Uint8Array | string);
  'metadata'?: (_p4_v1_PacketMetadata)[];
}

export interface PacketIn__Output {
  'payload': (Buffer);
  'metadata': (_p4_v1_PacketMetadata__Output)[];
}
