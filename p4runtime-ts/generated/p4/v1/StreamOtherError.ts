// Original file: p4/v1/p4runtime.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../google/protobuf/Any.js';

export interface StreamOtherError {
  'other'?: (_google_protobuf_Any | null);
}

export interface StreamOtherError__Output {
  'other': (_google_protobuf_Any__Output | null);
}
