// Original file: p4/v1/p4runtime.proto

import type { TableEntry as _p4_v1_TableEntry, TableEntry__Output as _p4_v1_TableEntry__Output } from '../../p4/v1/TableEntry.js';
import type { MeterConfig as _p4_v1_MeterConfig, MeterConfig__Output as _p4_v1_MeterConfig__Output } from '../../p4/v1/MeterConfig.js';
import type { MeterCounterData as _p4_v1_MeterCounterData, MeterCounterData__Output as _p4_v1_MeterCounterData__Output } from '../../p4/v1/MeterCounterData.js';

export interface DirectMeterEntry {
  'table_entry'?: (_p4_v1_TableEntry | null);
  'config'?: (_p4_v1_MeterConfig | null);
  'counter_data'?: (_p4_v1_MeterCounterData | null);
}

export interface DirectMeterEntry__Output {
  'table_entry': (_p4_v1_TableEntry__Output | null);
  'config': (_p4_v1_MeterConfig__Output | null);
  'counter_data': (_p4_v1_MeterCounterData__Output | null);
}
