// Original file: p4/v1/p4runtime.proto


export interface WriteResponse {
}

export interface WriteResponse__Output {
}
