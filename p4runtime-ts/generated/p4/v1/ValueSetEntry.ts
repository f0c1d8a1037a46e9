// Original file: p4/v1/p4runtime.proto

import type { ValueSetMember as _p4_v1_ValueSetMember, ValueSetMember__Output as _p4_v1_ValueSetMember__Output } from '../../p4/v1/ValueSetMember.js';

export interface ValueSetEntry {
  'value_set_id'?: (number);
  'members'?: (_p4_v1_ValueSetMember)[];
}

export interface ValueSetEntry__Output {
  'value_set_id': (number);
  'members': (_p4_v1_ValueSetMember__Output)[];
}
