// Original file: p4/config/v1/p4info.proto

import type { Preamble as _p4_config_v1_Preamble, Preamble__Output as _p4_config_v1_Preamble__Output } from '../../../p4/config/v1/Preamble.js';
import type { MeterSpec as _p4_config_v1_MeterSpec, MeterSpec__Output as _p4_config_v1_MeterSpec__Output } from '../../../p4/config/v1/MeterSpec.js';

export interface DirectMeter {
  'preamble'?: (_p4_config_v1_Preamble | null);
  'spec'?: (_p4_config_v1_MeterSpec | null);
  'direct_table_id'?: (number);
}

export interface DirectMeter__Output {
  'preamble': (_p4_config_v1_Preamble__Output | null);
  'spec': (_p4_config_v1_MeterSpec__Output | null);
  'direct_table_id': (number);
}
