// Original file: p4/config/v1/p4types.proto

import type { P4StructTypeSpec as _p4_config_v1_P4StructTypeSpec, P4StructTypeSpec__Output as _p4_config_v1_P4StructTypeSpec__Output } from '../../../p4/config/v1/P4StructTypeSpec.js';
import type { P4HeaderTypeSpec as _p4_config_v1_P4HeaderTypeSpec, P4HeaderTypeSpec__Output as _p4_config_v1_P4HeaderTypeSpec__Output } from '../../../p4/config/v1/P4HeaderTypeSpec.js';
import type { P4HeaderUnionTypeSpec as _p4_config_v1_P4HeaderUnionTypeSpec, P4HeaderUnionTypeSpec__Output as _p4_config_v1_P4HeaderUnionTypeSpec__Output } from '../../../p4/config/v1/P4HeaderUnionTypeSpec.js';
import type { P4EnumTypeSpec as _p4_config_v1_P4EnumTypeSpec, P4EnumTypeSpec__Output as _p4_config_v1_P4EnumTypeSpec__Output } from '../../../p4/config/v1/P4EnumTypeSpec.js';
import type { P4ErrorTypeSpec as _p4_config_v1_P4ErrorTypeSpec, P4ErrorTypeSpec__Output as _p4_config_v1_P4ErrorTypeSpec__Output } from '../../../p4/config/v1/P4ErrorTypeSpec.js';
import type { P4SerializableEnumTypeSpec as _p4_config_v1_P4SerializableEnumTypeSpec, P4SerializableEnumTypeSpec__Output as _p4_config_v1_P4SerializableEnumTypeSpec__Output } from '../../../p4/config/v1/P4SerializableEnumTypeSpec.js';
import type { P4NewTypeSpec as _p4_config_v1_P4NewTypeSpec, P4NewTypeSpec__Output as _p4_config_v1_P4NewTypeSpec__Output } from '../../../p4/config/v1/P4NewTypeSpec.js';

export interface P4TypeInfo {
  'structs'?: ({[key: string]: _p4_config_v1_P4StructTypeSpec});
  'headers'?: ({[key: string]: _p4_config_v1_P4HeaderTypeSpec});
  'header_unions'?: ({[key: string]: _p4_config_v1_P4HeaderUnionTypeSpec});
  'enums'?: ({[key: string]: _p4_config_v1_P4EnumTypeSpec});
  'error'?: (_p4_config_v1_P4ErrorTypeSpec | null);
  'serializable_enums'?: ({[key: string]: _p4_config_v1_P4SerializableEnumTypeSpec});
  'new_types'?: ({[key: string]: _p4_config_v1_P4NewTypeSpec});
}

export interface P4TypeInfo__Output {
  'structs': ({[key: string]: _p4_config_v1_P4StructTypeSpec__Output});
  'headers': ({[key: string]: _p4_config_v1_P4HeaderTypeSpec__Output});
  'header_unions': ({[key: string]: _p4_config_v1_P4HeaderUnionTypeSpec__Output});
  'enums': ({[key: string]: _p4_config_v1_P4EnumTypeSpec__Output});
  'error': (_p4_config_v1_P4ErrorTypeSpec__Output | null);
  'serializable_enums': ({[key: string]: _p4_config_v1_P4SerializableEnumTypeSpec__Output});
  'new_types': ({[key: string]: _p4_config_v1_P4NewTypeSpec__Output});
}
