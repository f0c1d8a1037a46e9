// Original file: p4/config/v1/p4info.proto

import type { ExternInstance as _p4_config_v1_ExternInstance, ExternInstance__Output as _p4_config_v1_ExternInstance__Output } from '../../../p4/config/v1/ExternInstance.js';

export interface Extern {
  'extern_type_id'?: (number);
  'extern_type_name'?: (string);
  'instances'?: (_p4_config_v1_ExternInstance)[];
}

export interface Extern__Output {
  'extern_type_id': (number);
  'extern_type_name': (string);
  'instances': (_p4_config_v1_ExternInstance__Output)[];
}
