// Original file: p4/config/v1/p4types.proto


export interface _p4_config_v1_P4NewTypeTranslation_SdnString {
}

export interface _p4_config_v1_P4NewTypeTranslation_SdnString__Output {
}

export interface P4NewTypeTranslation {
  'uri'?: (string);
  'sdn_bitwidth'?: (number);
  'sdn_string'?: (_p4_config_v1_P4NewTypeTranslation_SdnString | null);
  'sdn_type'?: "sdn_bitwidth"|"sdn_string";
}

export interface P4NewTypeTranslation__Output {
  'uri': (string);
  'sdn_bitwidth'?: (number);
  'sdn_string'?: (_p4_config_v1_P4NewTypeTranslation_SdnString__Output | null);
  'sdn_type'?: "sdn_bitwidth"|"sdn_string";
}
