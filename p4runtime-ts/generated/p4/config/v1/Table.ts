// Original file: p4/config/v1/p4info.proto

import type { Preamble as _p4_config_v1_Preamble, Preamble__Output as _p4_config_v1_Preamble__Output } from '../../../p4/config/v1/Preamble.js';
import type { MatchField as _p4_config_v1_MatchField, MatchField__Output as _p4_config_v1_MatchField__Output } from '../../../p4/config/v1/MatchField.js';
import type { ActionRef as _p4_config_v1_ActionRef, ActionRef__Output as _p4_config_v1_ActionRef__Output } from '../../../p4/config/v1/ActionRef.js';
import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../google/protobuf/Any.js';
import type { Long } from '@grpc/proto-loader';

// Original file: p4/config/v1/p4info.proto

export const _p4_config_v1_Table_IdleTimeoutBehavior = {
  NO_TIMEOUT: 'NO_TIMEOUT',
  NOTIFY_CONTROL: 'NOTIFY_CONTROL',
} as const;

export type _p4_config_v1_Table_IdleTimeoutBehavior =
  | 'NO_TIMEOUT'
  | 0
  | 'NOTIFY_CONTROL'
  | 1

export type _p4_config_v1_Table_IdleTimeoutBehavior__Output = typeof _p4_config_v1_Table_IdleTimeoutBehavior[keyof typeof _p4_config_v1_Table_IdleTimeoutBehavior]

export interface Table {
  'preamble'?: (_p4_config_v1_Preamble | null);
  'match_fields'?: (_p4_config_v1_MatchField)[];
  'action_refs'?: (_p4_config_v1_ActionRef)[];
  'const_default_action_id'?: (number);
  'implementation_id'?: (number);
  'direct_resource_ids'?: (number)[];
  'size'?: (number | string | Long);
  'idle_timeout_behavior'?: (_p4_config_v1_Table_IdleTimeoutBehavior);
  'is_const_table'?: (boolean);
  'has_initial_entries'?: (boolean);
  'other_properties'?: (_google_protobuf_Any | null);
}

export interface Table__Output {
  'preamble': (_p4_config_v1_Preamble__Output | null);
  'match_fields': (_p4_config_v1_MatchField__Output)[];
  'action_refs': (_p4_config_v1_ActionRef__Output)[];
  'const_default_action_id': (number);
  'implementation_id': (number);
  'direct_resource_ids': (number)[];
  'size': (string);
  'idle_timeout_behavior': (_p4_config_v1_Table_IdleTimeoutBehavior__Output);
  'is_const_table': (boolean);
  'has_initial_entries': (boolean);
  'other_properties': (_google_protobuf_Any__Output | null);
}
