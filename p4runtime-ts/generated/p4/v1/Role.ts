// Original file: p4/v1/p4runtime.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../google/protobuf/Any.js';
import type { Long } from '@grpc/proto-loader';

export interface Role {
  'id'?: (number | string | Long);
  'config'?: (_google_protobuf_Any | null);
  'name'?: (string);
}

export interface Role__Output {
  'id': (string);
  'config': (_google_protobuf_Any__Output | null);
  'name': (string);
}
