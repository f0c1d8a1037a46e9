// Original file: p4/config/v1/p4info.proto


// Original file: p4/config/v1/p4info.proto

export const _p4_config_v1_MeterSpec_Type = {
  TWO_RATE_THREE_COLOR: 'TWO_RATE_THREE_COLOR',
  SINGLE_RATE_TWO_COLOR: 'SINGLE_RATE_TWO_COLOR',
  SINGLE_RATE_THREE_COLOR: 'SINGLE_RATE_THREE_COLOR',
} as const;

export type _p4_config_v1_MeterSpec_Type =
  | 'TWO_RATE_THREE_COLOR'
  | 0
  | 'SINGLE_RATE_TWO_COLOR'
  | 1
  | 'SINGLE_RATE_THREE_COLOR'
  | 2

export type _p4_config_v1_MeterSpec_Type__Output = typeof _p4_config_v1_MeterSpec_Type[keyof typeof _p4_config_v1_MeterSpec_Type]

// Original file: p4/config/v1/p4info.proto

export const _p4_config_v1_MeterSpec_Unit = {
  UNSPECIFIED: 'UNSPECIFIED',
  BYTES: 'BYTES',
  PACKETS: 'PACKETS',
} as const;

export type _p4_config_v1_MeterSpec_Unit =
  | 'UNSPECIFIED'
  | 0
  | 'BYTES'
  | 1
  | 'PACKETS'
  | 2

export type _p4_config_v1_MeterSpec_Unit__Output = typeof _p4_config_v1_MeterSpec_Unit[keyof typeof _p4_config_v1_MeterSpec_Unit]

export interface MeterSpec {
  'unit'?: (_p4_config_v1_MeterSpec_Unit);
  'type'?: (_p4_config_v1_MeterSpec_Type);
}

export interface MeterSpec__Output {
  'unit': (_p4_config_v1_MeterSpec_Unit__Output);
  'type': (_p4_config_v1_MeterSpec_Type__Output);
}
