// Original file: p4/config/v1/p4info.proto

import type { Preamble as _p4_config_v1_Preamble, Preamble__Output as _p4_config_v1_Preamble__Output } from '../../../p4/config/v1/Preamble.js';
import type { Long } from '@grpc/proto-loader';

export interface _p4_config_v1_ActionProfile_SumOfMembers {
  'max_member_weight'?: (number);
  '_max_member_weight'?: "max_member_weight";
}

export interface _p4_config_v1_ActionProfile_SumOfMembers__Output {
  'max_member_weight'?: (number);
  '_max_member_weight'?: "max_member_weight";
}

export interface _p4_config_v1_ActionProfile_SumOfWeights {
}

export interface _p4_config_v1_ActionProfile_SumOfWeights__Output {
}

export interface ActionProfile {
  'preamble'?: (_p4_config_v1_Preamble | null);
  'table_ids'?: (number)[];
  'with_selector'?: (boolean);
  'size'?: (number | string | Long);
  'max_group_size'?: (number);
  'sum_of_weights'?: (_p4_config_v1_ActionProfile_SumOfWeights | null);
  'sum_of_members'?: (_p4_config_v1_ActionProfile_SumOfMembers | null);
  'selector_size_semantics'?: "sum_of_weights"|"sum_of_members";
}

export interface ActionProfile__Output {
  'preamble': (_p4_config_v1_Preamble__Output | null);
  'table_ids': (number)[];
  'with_selector': (boolean);
  'size': (string);
  'max_group_size': (number);
  'sum_of_weights'?: (_p4_config_v1_ActionProfile_SumOfWeights__Output | null);
  'sum_of_members'?: (_p4_config_v1_ActionProfile_SumOfMembers__Output | null);
  'selector_size_semantics'?: "sum_of_weights"|"sum_of_members";
}
