// Original file: p4/v1/p4data.proto


export interface P4Varbit {
  'bitstring'?: (Buffer | Uint8Array | string);
  'bitwidth'?: (number);
}

export interface P4Varbit__Output {
  'bitstring': (Buffer);
  'bitwidth': (number);
}
