// Original file: p4/v1/p4runtime.proto

import type { MasterArbitrationUpdate as _p4_v1_MasterArbitrationUpdate, MasterArbitrationUpdate__Output as _p4_v1_MasterArbitrationUpdate__Output } from '../../p4/v1/MasterArbitrationUpdate.js';
import type { PacketIn as _p4_v1_PacketIn, PacketIn__Output as _p4_v1_PacketIn__Output } from '../../p4/v1/PacketIn.js';
import type { DigestList as _p4_v1_DigestList, DigestList__Output as _p4_v1_DigestList__Output } from '../../p4/v1/DigestList.js';
import type { IdleTimeoutNotification as _p4_v1_IdleTimeoutNotification, IdleTimeoutNotification__Output as _p4_v1_IdleTimeoutNotification__Output } from '../../p4/v1/IdleTimeoutNotification.js';
import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../google/protobuf/Any.js';
import type { StreamError as _p4_v1_StreamError, StreamError__Output as _p4_v1_StreamError__Output } from '../../p4/v1/StreamError.js';

export interface StreamMessageResponse {
  'arbitration'?: (_p4_v1_MasterArbitrationUpdate | null);
  'packet'?: (_p4_v1_PacketIn | null);
  'digest'?: (_p4_v1_DigestList | null);
  'idle_timeout_notification'?: (_p4_v1_IdleTimeoutNotification | null);
  'other'?: (_google_protobuf_Any | null);
  'error'?: (_p4_v1_StreamError | null);
  'update'?: "arbitration"|"packet"|"digest"|"idle_timeout_notification"|"other"|"error";
}

export interface StreamMessageResponse__Output {
  'arbitration'?: (_p4_v1_MasterArbitrationUpdate__Output | null);
  'packet'?: (_p4_v1_PacketIn__Output | null);
  'digest'?: (_p4_v1_DigestList__Output | null);
  'idle_timeout_notification'?: (_p4_v1_IdleTimeoutNotification__Output | null);
  'other'?: (_google_protobuf_Any__Output | null);
  'error'?: (_p4_v1_StreamError__Output | null);
  'update'?: "arbitration"|"packet"|"digest"|"idle_timeout_notification"|"other"|"error";
}
