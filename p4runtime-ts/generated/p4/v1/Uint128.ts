// Original file: p4/v1/p4runtime.proto

import type { Long } from '@grpc/proto-loader';

export interface Uint128 {
  'high'?: (number | string | Long);
  'low'?: (number | string | Long);
}

export interface Uint128__Output {
  'high': (string);
  'low': (string);
}
