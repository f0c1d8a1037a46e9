// Original file: p4/v1/p4data.proto

import type { P4Header as _p4_v1_P4Header, P4Header__Output as _p4_v1_P4Header__Output } from '../../p4/v1/P4Header.js';

export interface P4HeaderUnion {
  'valid_header_name'?: (string);
  'valid_header'?: (_p4_v1_P4Header | null);
}

export interface P4HeaderUnion__Output {
  'valid_header_name': (string);
  'valid_header': (_p4_v1_P4Header__Output | null);
}
