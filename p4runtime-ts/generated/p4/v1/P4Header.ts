// Original file: p4/v1/p4data.proto


export interface P4Header {
  'is_valid'?: (boolean);
  'bitstrings'?: (Buffer | Uint8Array | string)[];
}

export interface P4Header__Output {
  'is_valid': (boolean);
  'bitstrings': (Buffer)[];
}
