// Original file: p4/v1/p4runtime.proto

import type { PacketOut as _p4_v1_PacketOut, PacketOut__Output as _p4_v1_PacketOut__Output } from '../../p4/v1/PacketOut.js';

export interface PacketOutError {
  'packet_out'?: (_p4_v1_PacketOut | null);
}

export interface PacketOutError__Output {
  'packet_out': (_p4_v1_PacketOut__Output | null);
}
