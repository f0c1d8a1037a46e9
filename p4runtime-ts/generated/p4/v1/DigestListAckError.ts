// Original file: p4/v1/p4runtime.proto

import type { DigestListAck as _p4_v1_DigestListAck, DigestListAck__Output as _p4_v1_DigestListAck__Output } from '../../p4/v1/DigestListAck.js';

export interface DigestListAckError {
  'digest_list_ack'?: (_p4_v1_DigestListAck | null);
}

export interface DigestListAckError__Output {
  'digest_list_ack': (_p4_v1_DigestListAck__Output | null);
}
