// Original file: p4/v1/p4runtime.proto

import type { Index as _p4_v1_Index, Index__Output as _p4_v1_Index__Output } from '../../p4/v1/Index.js';
import type { MeterConfig as _p4_v1_MeterConfig, MeterConfig__Output as _p4_v1_MeterConfig__Output } from '../../p4/v1/MeterConfig.js';
import type { MeterCounterData as _p4_v1_MeterCounterData, MeterCounterData__Output as _p4_v1_MeterCounterData__Output } from '../../p4/v1/MeterCounterData.js';

export interface MeterEntry {
  'meter_id'?: (number);
  'index'?: (_p4_v1_Index | null);
  'config'?: (_p4_v1_MeterConfig | null);
  'counter_data'?: (_p4_v1_MeterCounterData | null);
}

export interface MeterEntry__Output {
  'meter_id': (number);
  'index': (_p4_v1_Index__Output | null);
  'config': (_p4_v1_MeterConfig__Output | null);
  'counter_data': (_p4_v1_MeterCounterData__Output | null);
}
