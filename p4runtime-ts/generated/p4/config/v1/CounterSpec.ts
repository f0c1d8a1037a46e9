// Original file: p4/config/v1/p4info.proto


// Original file: p4/config/v1/p4info.proto

export const _p4_config_v1_CounterSpec_Unit = {
  UNSPECIFIED: 'UNSPECIFIED',
  BYTES: 'BYTES',
  PACKETS: 'PACKETS',
  BOTH: 'BOTH',
} as const;

export type _p4_config_v1_CounterSpec_Unit =
  | 'UNSPECIFIED'
  | 0
  | 'BYTES'
  | 1
  | 'PACKETS'
  | 2
  | 'BOTH'
  | 3

export type _p4_config_v1_CounterSpec_Unit__Output = typeof _p4_config_v1_CounterSpec_Unit[keyof typeof _p4_config_v1_CounterSpec_Unit]

export interface CounterSpec {
  'unit'?: (_p4_config_v1_CounterSpec_Unit);
}

export interface CounterSpec__Output {
  'unit': (_p4_config_v1_CounterSpec_Unit__Output);
}
