// Original file: p4/v1/p4runtime.proto

import type { ForwardingPipelineConfig as _p4_v1_ForwardingPipelineConfig, ForwardingPipelineConfig__Output as _p4_v1_ForwardingPipelineConfig__Output } from '../../p4/v1/ForwardingPipelineConfig.js';

export interface GetForwardingPipelineConfigResponse {
  'config'?: (_p4_v1_ForwardingPipelineConfig | null);
}

export interface GetForwardingPipelineConfigResponse__Output {
  'config': (_p4_v1_ForwardingPipelineConfig__Output | null);
}
