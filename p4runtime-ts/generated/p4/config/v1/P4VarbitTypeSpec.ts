// Original file: p4/config/v1/p4types.proto


export interface P4VarbitTypeSpec {
  'max_bitwidth'?: (number);
}

export interface P4VarbitTypeSpec__Output {
  'max_bitwidth': (number);
}
