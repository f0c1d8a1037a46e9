// Original file: p4/config/v1/p4types.proto

import type { Long } from '@grpc/proto-loader';

export interface Expression {
  'string_value'?: (string);
  'int64_value'?: (number | string | Long);
  'bool_value'?: (boolean);
  'value'?: "string_value"|"int64_value"|"bool_value";
}

export interface Expression__Output {
  'string_value'?: (string);
  'int64_value'?: (string);
  'bool_value'?: (boolean);
  'value'?: "string_value"|"int64_value"|"bool_value";
}
