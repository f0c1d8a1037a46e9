// Original file: p4/v1/p4runtime.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../google/protobuf/Any.js';

export interface _p4_v1_FieldMatch_Exact {
  'value'?: (Buffer | Uint8Array | string);
}

export interface _p4_v1_FieldMatch_Exact__Output {
  'value': (Buffer);
}

export interface _p4_v1_FieldMatch_LPM {
  'value'?: (Buffer | Uint8Array | string);
  'prefix_len'?: (number);
}

export interface _p4_v1_FieldMatch_LPM__Output {
  'value': (Buffer);
  'prefix_len': (number);
}

export interface _p4_v1_FieldMatch_Optional {
  'value'?: (Buffer | Uint8Array | string);
}

export interface _p4_v1_FieldMatch_Optional__Output {
  'value': (Buffer);
}

export interface _p4_v1_FieldMatch_Range {
  'low'?: (Buffer | Uint8Array | string);
  'high'?: (Buffer | Uint8Array | string);
}

export interface _p4_v1_FieldMatch_Range__Output {
  'low': (Buffer);
  'high': (Buffer);
}

export interface _p4_v1_FieldMatch_Ternary {
  'value'?: (Buffer | Uint8Array | string);
  'mask'?: (Buffer | Uint8Array | string);
}

export interface _p4_v1_FieldMatch_Ternary__Output {
  'value': (Buffer);
  'mask': (Buffer);
}

export interface FieldMatch {
  'field_id'?: (number);
  'exact'?: (_p4_v1_FieldMatch_Exact | null);
  'ternary'?: (_p4_v1_FieldMatch_Ternary | null);
  'lpm'?: (_p4_v1_FieldMatch_LPM | null);
  'range'?: (_p4_v1_FieldMatch_Range | null);
  'optional'?: (_p4_v1_FieldMatch_Optional | null);
  'other'?: (_google_protobuf_Any | null);
  'field_match_type'?: "exact"|"ternary"|"lpm"|"range"|"optional"|"other";
}

export interface FieldMatch__Output {
  'field_id': (number);
  'exact'?: (_p4_v1_FieldMatch_Exact__Output | null);
  'ternary'?: (_p4_v1_FieldMatch_Ternary__Output | null);
  'lpm'?: (_p4_v1_FieldMatch_LPM__Output | null);
  'range'?: (_p4_v1_FieldMatch_Range__Output | null);
  'optional'?: (_p4_v1_FieldMatch_Optional__Output | null);
  'other'?: (_google_protobuf_Any__Output | null);
  'field_match_type'?: "exact"|"ternary"|"lpm"|"range"|"optional"|"other";
}
