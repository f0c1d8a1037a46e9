// Original file: p4/v1/p4data.proto

import type { P4Varbit as _p4_v1_P4Varbit, P4Varbit__Output as _p4_v1_P4Varbit__Output } from '../../p4/v1/P4Varbit.js';
import type { P4StructLike as _p4_v1_P4StructLike, P4StructLike__Output as _p4_v1_P4StructLike__Output } from '../../p4/v1/P4StructLike.js';
import type { P4Header as _p4_v1_P4Header, P4Header__Output as _p4_v1_P4Header__Output } from '../../p4/v1/P4Header.js';
import type { P4HeaderUnion as _p4_v1_P4HeaderUnion, P4HeaderUnion__Output as _p4_v1_P4HeaderUnion__Output } from '../../p4/v1/P4HeaderUnion.js';
import type { P4HeaderStack as _p4_v1_P4HeaderStack, P4HeaderStack__Output as _p4_v1_P4HeaderStack__Output } from '../../p4/v1/P4HeaderStack.js';
import type { P4HeaderUnionStack as _p4_v1_P4HeaderUnionStack, P4HeaderUnionStack__Output as _p4_v1_P4HeaderUnionStack__Output } from '../../p4/v1/P4HeaderUnionStack.js';

export interface P4Data {
  'bitstring'?: (Buffer | Uint8Array | string);
  'varbit'?: (_p4_v1_P4Varbit | null);
  'bool'?: (boolean);
  'tuple'?: (_p4_v1_P4StructLike | null);
  'struct'?: (_p4_v1_P4StructLike | null);
  'header'?: (_p4_v1_P4Header | null);
  'header_union'?: (_p4_v1_P4HeaderUnion | null);
  'header_stack'?: (_p4_v1_P4HeaderStack | null);
  'header_union_stack'?: (_p4_v1_P4HeaderUnionStack | null);
  'enum'?: (string);
  'error'?: (string);
  'enum_value'?: (Buffer | Uint8Array | string);
  'data'?: "bitstring"|"varbit"|"bool"|"tuple"|"struct"|"header"|"header_union"|"header_stack"|"header_union_stack"|"enum"|"error"|"enum_value";
}

export interface P4Data__Output {
  'bitstring'?: (Buffer);
  'varbit'?: (_p4_v1_P4Varbit__Output | null);
  'bool'?: (boolean);
  'tuple'?: (_p4_v1_P4StructLike__Output | null);
  'struct'?: (_p4_v1_P4StructLike__Output | null);
  'header'?: (_p4_v1_P4Header__Output | null);
  'header_union'?: (_p4_v1_P4HeaderUnion__Output | null);
  'header_stack'?: (_p4_v1_P4HeaderStack__Output | null);
  'header_union_stack'?: (_p4_v1_P4HeaderUnionStack__Output | null);
  'enum'?: (string);
  'error'?: (string);
  'enum_value'?: (Buffer);
  'data'?: "bitstring"|"varbit"|"bool"|"tuple"|"struct"|"header"|"header_union"|"header_stack"|"header_union_stack"|"enum"|"error"|"enum_value";
}
