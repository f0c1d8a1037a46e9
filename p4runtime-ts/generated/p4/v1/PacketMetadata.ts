// Original file: p4/v1/p4runtime.proto


export interface PacketMetadata {
  'metadata_id'?: (number);
  'value'?: (Buffer | Uint8Array | string);
}

export interface PacketMetadata__Output {
  'metadata_id': (number);
  'value': (Buffer);
}
