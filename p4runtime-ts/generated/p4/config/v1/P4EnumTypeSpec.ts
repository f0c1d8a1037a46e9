// Original file: p4/config/v1/p4types.proto

import type { StructuredAnnotation as _p4_config_v1_StructuredAnnotation, StructuredAnnotation__Output as _p4_config_v1_StructuredAnnotation__Output } from '../../../p4/config/v1/StructuredAnnotation.js';
import type { SourceLocation as _p4_config_v1_SourceLocation, SourceLocation__Output as _p4_config_v1_SourceLocation__Output } from '../../../p4/config/v1/SourceLocation.js';

export interface _p4_config_v1_P4EnumTypeSpec_Member {
  'name'?: (string);
  'annotations'?: (string)[];
  'annotation_locations'?: (_p4_config_v1_SourceLocation)[];
  'structured_annotations'?: (_p4_config_v1_StructuredAnnotation)[];
}

export interface _p4_config_v1_P4EnumTypeSpec_Member__Output {
  'name': (string);
  'annotations': (string)[];
  'annotation_locations': (_p4_config_v1_SourceLocation__Output)[];
  'structured_annotations': (_p4_config_v1_StructuredAnnotation__Output)[];
}

export interface P4EnumTypeSpec {
  'members'?: (_p4_config_v1_P4EnumTypeSpec_Member)[];
  'annotations'?: (string)[];
  'structured_annotations'?: (_p4_config_v1_StructuredAnnotation)[];
  'annotation_locations'?: (_p4_config_v1_SourceLocation)[];
}

export interface P4EnumTypeSpec__Output {
  'members': (_p4_config_v1_P4EnumTypeSpec_Member__Output)[];
  'annotations': (string)[];
  'structured_annotations': (_p4_config_v1_StructuredAnnotation__Output)[];
  'annotation_locations': (_p4_config_v1_SourceLocation__Output)[];
}
