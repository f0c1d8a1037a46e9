// Original file: p4/v1/p4runtime.proto


export interface CapabilitiesRequest {
}

export interface CapabilitiesRequest__Output {
}
