// Original file: p4/v1/p4runtime.proto


export interface _p4_v1_Action_Param {
  'param_id'?: (number);
  'value'?: (Buffer | Uint8Array | string);
}

export interface _p4_v1_Action_Param__Output {
  'param_id': (number);
  'value': (Buffer);
}

export interface Action {
  'action_id'?: (number);
  'params'?: (_p4_v1_Action_Param)[];
}

export interface Action__Output {
  'action_id': (number);
  'params': (_p4_v1_Action_Param__Output)[];
}
