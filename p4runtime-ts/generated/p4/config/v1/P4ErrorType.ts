// Original file: p4/config/v1/p4types.proto


export interface P4ErrorType {
}

export interface P4ErrorType__Output {
}
