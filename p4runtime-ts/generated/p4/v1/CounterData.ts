// Original file: p4/v1/p4runtime.proto

import type { Long } from '@grpc/proto-loader';

export interface CounterData {
  'byte_count'?: (number | string | Long);
  'packet_count'?: (number | string | Long);
}

export interface CounterData__Output {
  'byte_count': (string);
  'packet_count': (string);
}
