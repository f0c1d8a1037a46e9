// Original file: p4/v1/p4runtime.proto

import type { ActionProfileAction as _p4_v1_ActionProfileAction, ActionProfileAction__Output as _p4_v1_ActionProfileAction__Output } from '../../p4/v1/ActionProfileAction.js';

export interface ActionProfileActionSet {
  'action_profile_actions'?: (_p4_v1_ActionProfileAction)[];
}

export interface ActionProfileActionSet__Output {
  'action_profile_actions': (_p4_v1_ActionProfileAction__Output)[];
}
