// Original file: p4/config/v1/p4types.proto


export interface P4BitTypeSpec {
  'bitwidth'?: (number);
}

export interface P4BitTypeSpec__Output {
  'bitwidth': (number);
}
