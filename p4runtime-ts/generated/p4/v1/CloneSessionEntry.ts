// Original file: p4/v1/p4runtime.proto

import type { Replica as _p4_v1_Replica, Replica__Output as _p4_v1_Replica__Output } from '../../p4/v1/Replica.js';

export interface CloneSessionEntry {
  'session_id'?: (number);
  'replicas'?: (_p4_v1_Replica)[];
  'class_of_service'?: (number);
  'packet_length_bytes'?: (number);
}

export interface CloneSessionEntry__Output {
  'session_id': (number);
  'replicas': (_p4_v1_Replica__Output)[];
  'class_of_service': (number);
  'packet_length_bytes': (number);
}
