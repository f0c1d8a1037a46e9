// Original file: p4/v1/p4runtime.proto


export interface Replica {
  'egress_port'?: (number);
  'instance'?: (number);
  'port'?: (Buffer | Uint8Array | string);
  'port_kind'?: "egress_port"|"port";
}

export interface Replica__Output {
  'egress_port'?: (number);
  'instance': (number);
  'port'?: (Buffer);
  'port_kind'?: "egress_port"|"port";
}
