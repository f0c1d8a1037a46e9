// Original file: p4/v1/p4runtime.proto


export interface SetForwardingPipelineConfigResponse {
}

export interface SetForwardingPipelineConfigResponse__Output {
}
