// Original file: p4/v1/p4runtime.proto


export interface _p4_v1_ActionProfileGroup_Member {
  'member_id'?: (number);
  'weight'?: (number);
  'watch'?: (number);
  'watch_port'?: (Buffer | Uint8Array | string);
  'watch_kind'?: "watch"|"watch_port";
}

export interface _p4_v1_ActionProfileGroup_Member__Output {
  'member_id': (number);
  'weight': (number);
  'watch'?: (number);
  'watch_port'?: (Buffer);
  'watch_kind'?: "watch"|"watch_port";
}

export interface ActionProfileGroup {
  'action_profile_id'?: (number);
  'group_id'?: (number);
  'members'?: (_p4_v1_ActionProfileGroup_Member)[];
  'max_size'?: (number);
}

export interface ActionProfileGroup__Output {
  'action_profile_id': (number);
  'group_id': (number);
  'members': (_p4_v1_ActionProfileGroup_Member__Output)[];
  'max_size': (number);
}
