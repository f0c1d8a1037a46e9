// Original file: p4/config/v1/p4info.proto

import type { Preamble as _p4_config_v1_Preamble, Preamble__Output as _p4_config_v1_Preamble__Output } from '../../../p4/config/v1/Preamble.js';
import type { P4DataTypeSpec as _p4_config_v1_P4DataTypeSpec, P4DataTypeSpec__Output as _p4_config_v1_P4DataTypeSpec__Output } from '../../../p4/config/v1/P4DataTypeSpec.js';

export interface Digest {
  'preamble'?: (_p4_config_v1_Preamble | null);
  'type_spec'?: (_p4_config_v1_P4DataTypeSpec | null);
}

export interface Digest__Output {
  'preamble': (_p4_config_v1_Preamble__Output | null);
  'type_spec': (_p4_config_v1_P4DataTypeSpec__Output | null);
}
