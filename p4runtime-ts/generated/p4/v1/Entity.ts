// Original file: p4/v1/p4runtime.proto

import type { ExternEntry as _p4_v1_ExternEntry, ExternEntry__Output as _p4_v1_ExternEntry__Output } from '../../p4/v1/ExternEntry.js';
import type { TableEntry as _p4_v1_TableEntry, TableEntry__Output as _p4_v1_TableEntry__Output } from '../../p4/v1/TableEntry.js';
import type { ActionProfileMember as _p4_v1_ActionProfileMember, ActionProfileMember__Output as _p4_v1_ActionProfileMember__Output } from '../../p4/v1/ActionProfileMember.js';
import type { ActionProfileGroup as _p4_v1_ActionProfileGroup, ActionProfileGroup__Output as _p4_v1_ActionProfileGroup__Output } from '../../p4/v1/ActionProfileGroup.js';
import type { MeterEntry as _p4_v1_MeterEntry, MeterEntry__Output as _p4_v1_MeterEntry__Output } from '../../p4/v1/MeterEntry.js';
import type { DirectMeterEntry as _p4_v1_DirectMeterEntry, DirectMeterEntry__Output as _p4_v1_DirectMeterEntry__Output } from '../../p4/v1/DirectMeterEntry.js';
import type { CounterEntry as _p4_v1_CounterEntry, CounterEntry__Output as _p4_v1_CounterEntry__Output } from '../../p4/v1/CounterEntry.js';
import type { DirectCounterEntry as _p4_v1_DirectCounterEntry, DirectCounterEntry__Output as _p4_v1_DirectCounterEntry__Output } from '../../p4/v1/DirectCounterEntry.js';
import type { PacketReplicationEngineEntry as _p4_v1_PacketReplicationEngineEntry, PacketReplicationEngineEntry__Output as _p4_v1_PacketReplicationEngineEntry__Output } from '../../p4/v1/PacketReplicationEngineEntry.js';
import type { ValueSetEntry as _p4_v1_ValueSetEntry, ValueSetEntry__Output as _p4_v1_ValueSetEntry__Output } from '../../p4/v1/ValueSetEntry.js';
import type { RegisterEntry as _p4_v1_RegisterEntry, RegisterEntry__Output as _p4_v1_RegisterEntry__Output } from '../../p4/v1/RegisterEntry.js';
import type { DigestEntry as _p4_v1_DigestEntry, DigestEntry__Output as _p4_v1_DigestEntry__Output } from '../../p4/v1/DigestEntry.js';

export interface Entity {
  'extern_entry'?: (_p4_v1_ExternEntry | null);
  'table_entry'?: (_p4_v1_TableEntry | null);
  'action_profile_member'?: (_p4_v1_ActionProfileMember | null);
  'action_profile_group'?: (_p4_v1_ActionProfileGroup | null);
  'meter_entry'?: (_p4_v1_MeterEntry | null);
  'direct_meter_entry'?: (_p4_v1_DirectMeterEntry | null);
  'counter_entry'?: (_p4_v1_CounterEntry | null);
  'direct_counter_entry'?: (_p4_v1_DirectCounterEntry | null);
  'packet_replication_engine_entry'?: (_p4_v1_PacketReplicationEngineEntry | null);
  'value_set_entry'?: (_p4_v1_ValueSetEntry | null);
  'register_entry'?: (_p4_v1_RegisterEntry | null);
  'digest_entry'?: (_p4_v1_DigestEntry | null);
  'entity'?: "extern_entry"|"table_entry"|"action_profile_member"|"action_profile_group"|"meter_entry"|"direct_meter_entry"|"counter_entry"|"direct_counter_entry"|"packet_replication_engine_entry"|"value_set_entry"|"register_entry"|"digest_entry";
}

export interface Entity__Output {
  'extern_entry'?: (_p4_v1_ExternEntry__Output | null);
  'table_entry'?: (_p4_v1_TableEntry__Output | null);
  'action_profile_member'?: (_p4_v1_ActionProfileMember__Output | null);
  'action_profile_group'?: (_p4_v1_ActionProfileGroup__Output | null);
  'meter_entry'?: (_p4_v1_MeterEntry__Output | null);
  'direct_meter_entry'?: (_p4_v1_DirectMeterEntry__Output | null);
  'counter_entry'?: (_p4_v1_CounterEntry__Output | null);
  'direct_counter_entry'?: (_p4_v1_DirectCounterEntry__Output | null);
  'packet_replication_engine_entry'?: (_p4_v1_PacketReplicationEngineEntry__Output | null);
  'value_set_entry'?: (_p4_v1_ValueSetEntry__Output | null);
  'register_entry'?: (_p4_v1_RegisterEntry__Output | null);
  'digest_entry'?: (_p4_v1_DigestEntry__Output | null);
  'entity'?: "extern_entry"|"table_entry"|"action_profile_member"|"action_profile_group"|"meter_entry"|"direct_meter_entry"|"counter_entry"|"direct_counter_entry"|"packet_replication_engine_entry"|"value_set_entry"|"register_entry"|"digest_entry";
}
