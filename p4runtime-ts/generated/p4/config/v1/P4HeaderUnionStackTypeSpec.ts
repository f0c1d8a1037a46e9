// Original file: p4/config/v1/p4types.proto

import type { P4NamedType as _p4_config_v1_P4NamedType, P4NamedType__Output as _p4_config_v1_P4NamedType__Output } from '../../../p4/config/v1/P4NamedType.js';

export interface P4HeaderUnionStackTypeSpec {
  'header_union'?: (_p4_config_v1_P4NamedType | null);
  'size'?: (number);
}

export interface P4HeaderUnionStackTypeSpec__Output {
  'header_union': (_p4_config_v1_P4NamedType__Output | null);
  'size': (number);
}
