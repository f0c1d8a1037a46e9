// Original file: p4/v1/p4runtime.proto


export interface CapabilitiesResponse {
  'p4runtime_api_version'?: (string);
}

export interface CapabilitiesResponse__Output {
  'p4runtime_api_version': (string);
}
