// Original file: p4/config/v1/p4types.proto


export interface P4NamedType {
  'name'?: (string);
}

export interface P4NamedType__Output {
  'name': (string);
}
