// Original file: p4/config/v1/p4types.proto


export interface P4BoolType {
}

export interface P4BoolType__Output {
}
