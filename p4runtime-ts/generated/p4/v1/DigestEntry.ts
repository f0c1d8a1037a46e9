// Original file: p4/v1/p4runtime.proto

import type { Long } from '@grpc/proto-loader';

export interface _p4_v1_DigestEntry_Config {
  'max_timeout_ns'?: (number | string | Long);
  'max_list_size'?: (number);
  'ack_timeout_ns'?: (number | string | Long);
}

export interface _p4_v1_DigestEntry_Config__Output {
  'max_timeout_ns': (string);
  'max_list_size': (number);
  'ack_timeout_ns': (string);
}

export interface DigestEntry {
  'digest_id'?: (number);
  'config'?: (_p4_v1_DigestEntry_Config | null);
}

export interface DigestEntry__Output {
  'digest_id': (number);
  'config': (_p4_v1_DigestEntry_Config__Output | null);
}
