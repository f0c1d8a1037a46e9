// Original file: p4/v1/p4runtime.proto

import type { Action as _p4_v1_Action, Action__Output as _p4_v1_Action__Output } from '../../p4/v1/Action.js';

export interface ActionProfileMember {
  'action_profile_id'?: (number);
  'member_id'?: (number);
  'action'?: (_p4_v1_Action | null);
}

export interface ActionProfileMember__Output {
  'action_profile_id': (number);
  'member_id': (number);
  'action': (_p4_v1_Action__Output | null);
}
