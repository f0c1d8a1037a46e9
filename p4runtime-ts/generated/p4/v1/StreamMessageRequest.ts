// Original file: p4/v1/p4runtime.proto

import type { MasterArbitrationUpdate as _p4_v1_MasterArbitrationUpdate, MasterArbitrationUpdate__Output as _p4_v1_MasterArbitrationUpdate__Output } from '../../p4/v1/MasterArbitrationUpdate.js';
import type { PacketOut as _p4_v1_PacketOut, PacketOut__Output as _p4_v1_PacketOut__Output } from '../../p4/v1/PacketOut.js';
import type { DigestListAck as _p4_v1_DigestListAck, DigestListAck__Output as _p4_v1_DigestListAck__Output } from '../../p4/v1/DigestListAck.js';
import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../google/protobuf/Any.js';

export interface StreamMessageRequest {
  'arbitration'?: (_p4_v1_MasterArbitrationUpdate | null);
  'packet'?: (_p4_v1_PacketOut | null);
  'digest_ack'?: (_p4_v1_DigestListAck | null);
  'other'?: (_google_protobuf_Any | null);
  'update'?: "arbitration"|"packet"|"digest_ack"|"other";
}

export interface StreamMessageRequest__Output {
  'arbitration'?: (_p4_v1_MasterArbitrationUpdate__Output | null);
  'packet'?: (_p4_v1_PacketOut__Output | null);
  'digest_ack'?: (_p4_v1_DigestListAck__Output | null);
  'other'?: (_google_protobuf_Any__Output | null);
  'update'?: "arbitration"|"packet"|"digest_ack"|"other";
}
