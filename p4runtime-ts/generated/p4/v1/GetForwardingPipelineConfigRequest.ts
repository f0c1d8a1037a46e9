// Original file: p4/v1/p4runtime.proto

import type { Long } from '@grpc/proto-loader';

// Original file: p4/v1/p4runtime.proto

export const _p4_v1_GetForwardingPipelineConfigRequest_ResponseType = {
  ALL: 'ALL',
  COOKIE_ONLY: 'COOKIE_ONLY',
  P4INFO_AND_COOKIE: 'P4INFO_AND_COOKIE',
  DEVICE_CONFIG_AND_COOKIE: 'DEVICE_CONFIG_AND_COOKIE',
} as const;

export type _p4_v1_GetForwardingPipelineConfigRequest_ResponseType =
  | 'ALL'
  | 0
  | 'COOKIE_ONLY'
  | 1
  | 'P4INFO_AND_COOKIE'
  | 2
  | 'DEVICE_CONFIG_AND_COOKIE'
  | 3

export type _p4_v1_GetForwardingPipelineConfigRequest_ResponseType__Output = typeof _p4_v1_GetForwardingPipelineConfigRequest_ResponseType[keyof typeof _p4_v1_GetForwardingPipelineConfigRequest_ResponseType]

export interface GetForwardingPipelineConfigRequest {
  'device_id'?: (number | string | Long);
  'response_type'?: (_p4_v1_GetForwardingPipelineConfigRequest_ResponseType);
}

export interface GetForwardingPipelineConfigRequest__Output {
  'device_id': (string);
  'response_type': (_p4_v1_GetForwardingPipelineConfigRequest_ResponseType__Output);
}
