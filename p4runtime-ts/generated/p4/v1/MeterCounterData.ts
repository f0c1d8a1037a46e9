// Original file: p4/v1/p4runtime.proto

import type { CounterData as _p4_v1_CounterData, CounterData__Output as _p4_v1_CounterData__Output } from '../../p4/v1/CounterData.js';

export interface MeterCounterData {
  'green'?: (_p4_v1_CounterData | null);
  'yellow'?: (_p4_v1_CounterData | null);
  'red'?: (_p4_v1_CounterData | null);
}

export interface MeterCounterData__Output {
  'green': (_p4_v1_CounterData__Output | null);
  'yellow': (_p4_v1_CounterData__Output | null);
  'red': (_p4_v1_CounterData__Output | null);
}
