// Original file: p4/config/v1/p4types.proto

import type { Expression as _p4_config_v1_Expression, Expression__Output as _p4_config_v1_Expression__Output } from '../../../p4/config/v1/Expression.js';

export interface ExpressionList {
  'expressions'?: (_p4_config_v1_Expression)[];
}

export interface ExpressionList__Output {
  'expressions': (_p4_config_v1_Expression__Output)[];
}
