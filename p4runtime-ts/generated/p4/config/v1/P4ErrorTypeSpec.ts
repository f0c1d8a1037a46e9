// Original file: p4/config/v1/p4types.proto


export interface P4ErrorTypeSpec {
  'members'?: (string)[];
}

export interface P4ErrorTypeSpec__Output {
  'members': (string)[];
}
