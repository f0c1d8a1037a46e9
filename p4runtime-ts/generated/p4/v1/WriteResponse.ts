// Original file: /work/main/p4runtime-ts/proto/p4/v1/p4runtime.proto


export interface WriteResponse {
}

export interface WriteResponse__Output {
}
