// Original file: p4/v1/p4runtime.proto

import type { Action as _p4_v1_Action, Action__Output as _p4_v1_Action__Output } from '../../p4/v1/Action.js';

export interface ActionProfileAction {
  'action'?: (_p4_v1_Action | null);
  'weight'?: (number);
  'watch'?: (number);
  'watch_port'?: (Buffer | Uint8Array | string);
  'watch_kind'?: "watch"|"watch_port";
}

export interface ActionProfileAction__Output {
  'action': (_p4_v1_Action__Output | null);
  'weight': (number);
  'watch'?: (number);
  'watch_port'?: (Buffer);
  'watch_kind'?: "watch"|"watch_port";
}
