// Original file: p4/config/v1/p4info.proto


export interface Documentation {
  'brief'?: (string);
  'description'?: (string);
}

export interface Documentation__Output {
  'brief': (string);
  'description': (string);
}
