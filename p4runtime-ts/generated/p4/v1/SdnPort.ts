// Original file: p4/v1/p4runtime.proto

export const SdnPort = {
  SDN_PORT_UNKNOWN: 'SDN_PORT_UNKNOWN',
  SDN_PORT_MIN: 'SDN_PORT_MIN',
  SDN_PORT_MAX: 'SDN_PORT_MAX',
  SDN_PORT_RECIRCULATE: 'SDN_PORT_RECIRCULATE',
  SDN_PORT_CPU: 'SDN_PORT_CPU',
} as const;

export type SdnPort =
  | 'SDN_PORT_UNKNOWN'
  | 0
  | 'SDN_PORT_MIN'
  | 1
  | 'SDN_PORT_MAX'
  | -257
  | 'SDN_PORT_RECIRCULATE'
  | -6
  | 'SDN_PORT_CPU'
  | -3

export type SdnPort__Output = typeof SdnPort[keyof typeof SdnPort]
