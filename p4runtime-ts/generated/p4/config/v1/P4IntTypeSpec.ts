// Original file: p4/config/v1/p4types.proto


export interface P4IntTypeSpec {
  'bitwidth'?: (number);
}

export interface P4IntTypeSpec__Output {
  'bitwidth': (number);
}
