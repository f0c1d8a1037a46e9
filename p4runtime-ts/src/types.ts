// Friendly names for the generated message types. `X` is what you may send (permissive input shape);
// `XMsg` is what you receive (every field present, as the loader options in proto.ts produce it).
export type { P4Info, P4Info__Output as P4InfoMsg } from '../generated/p4/config/v1/P4Info.js';
export type {
  Table as P4InfoTable,
  Table__Output as P4InfoTableMsg,
} from '../generated/p4/config/v1/Table.js';
export type {
  Action as P4InfoAction,
  Action__Output as P4InfoActionMsg,
} from '../generated/p4/config/v1/Action.js';
export type { TableEntry, TableEntry__Output as TableEntryMsg } from '../generated/p4/v1/TableEntry.js';
export type { FieldMatch, FieldMatch__Output as FieldMatchMsg } from '../generated/p4/v1/FieldMatch.js';
export type { Action, Action__Output as ActionMsg } from '../generated/p4/v1/Action.js';
export type { Entity, Entity__Output as EntityMsg } from '../generated/p4/v1/Entity.js';
export type { Update, Update__Output as UpdateMsg } from '../generated/p4/v1/Update.js';
export type {
  WriteRequest,
  WriteRequest__Output as WriteRequestMsg,
} from '../generated/p4/v1/WriteRequest.js';
export type { ReadRequest, ReadRequest__Output as ReadRequestMsg } from '../generated/p4/v1/ReadRequest.js';
export type {
  ReadResponse,
  ReadResponse__Output as ReadResponseMsg,
} from '../generated/p4/v1/ReadResponse.js';
export type {
  CounterEntry,
  CounterEntry__Output as CounterEntryMsg,
} from '../generated/p4/v1/CounterEntry.js';
export type {
  DirectCounterEntry,
  DirectCounterEntry__Output as DirectCounterEntryMsg,
} from '../generated/p4/v1/DirectCounterEntry.js';
export type { CounterData, CounterData__Output as CounterDataMsg } from '../generated/p4/v1/CounterData.js';
export type { MeterEntry, MeterEntry__Output as MeterEntryMsg } from '../generated/p4/v1/MeterEntry.js';
export type {
  DirectMeterEntry,
  DirectMeterEntry__Output as DirectMeterEntryMsg,
} from '../generated/p4/v1/DirectMeterEntry.js';
export type { MeterConfig, MeterConfig__Output as MeterConfigMsg } from '../generated/p4/v1/MeterConfig.js';
export type {
  RegisterEntry,
  RegisterEntry__Output as RegisterEntryMsg,
} from '../generated/p4/v1/RegisterEntry.js';
export type {
  ValueSetEntry,
  ValueSetEntry__Output as ValueSetEntryMsg,
} from '../generated/p4/v1/ValueSetEntry.js';
export type {
  ActionProfileMember,
  ActionProfileMember__Output as ActionProfileMemberMsg,
} from '../generated/p4/v1/ActionProfileMember.js';
export type {
  ActionProfileGroup,
  ActionProfileGroup__Output as ActionProfileGroupMsg,
} from '../generated/p4/v1/ActionProfileGroup.js';
export type {
  ActionProfileAction,
  ActionProfileAction__Output as ActionProfileActionMsg,
} from '../generated/p4/v1/ActionProfileAction.js';
export type { P4Data, P4Data__Output as P4DataMsg } from '../generated/p4/v1/P4Data.js';
export type { DigestEntry, DigestEntry__Output as DigestEntryMsg } from '../generated/p4/v1/DigestEntry.js';
export type { DigestList, DigestList__Output as DigestListMsg } from '../generated/p4/v1/DigestList.js';
export type {
  DigestListAck,
  DigestListAck__Output as DigestListAckMsg,
} from '../generated/p4/v1/DigestListAck.js';
export type { PacketIn, PacketIn__Output as PacketInMsg } from '../generated/p4/v1/PacketIn.js';
export type { PacketOut, PacketOut__Output as PacketOutMsg } from '../generated/p4/v1/PacketOut.js';
export type {
  PacketMetadata,
  PacketMetadata__Output as PacketMetadataMsg,
} from '../generated/p4/v1/PacketMetadata.js';
export type {
  StreamMessageRequest,
  StreamMessageRequest__Output as StreamMessageRequestMsg,
} from '../generated/p4/v1/StreamMessageRequest.js';
export type {
  StreamMessageResponse,
  StreamMessageResponse__Output as StreamMessageResponseMsg,
} from '../generated/p4/v1/StreamMessageResponse.js';
export type {
  MasterArbitrationUpdate,
  MasterArbitrationUpdate__Output as MasterArbitrationUpdateMsg,
} from '../generated/p4/v1/MasterArbitrationUpdate.js';
export type {
  ForwardingPipelineConfig,
  ForwardingPipelineConfig__Output as ForwardingPipelineConfigMsg,
} from '../generated/p4/v1/ForwardingPipelineConfig.js';
export type {
  SetForwardingPipelineConfigRequest,
  SetForwardingPipelineConfigRequest__Output as SetForwardingPipelineConfigRequestMsg,
} from '../generated/p4/v1/SetForwardingPipelineConfigRequest.js';
export type {
  GetForwardingPipelineConfigRequest,
  GetForwardingPipelineConfigRequest__Output as GetForwardingPipelineConfigRequestMsg,
} from '../generated/p4/v1/GetForwardingPipelineConfigRequest.js';
export type {
  GetForwardingPipelineConfigResponse,
  GetForwardingPipelineConfigResponse__Output as GetForwardingPipelineConfigResponseMsg,
} from '../generated/p4/v1/GetForwardingPipelineConfigResponse.js';
export type {
  CapabilitiesResponse,
  CapabilitiesResponse__Output as CapabilitiesResponseMsg,
} from '../generated/p4/v1/CapabilitiesResponse.js';
export type { Uint128, Uint128__Output as Uint128Msg } from '../generated/p4/v1/Uint128.js';
export type { P4RuntimeHandlers } from '../generated/p4/v1/P4Runtime.js';
export type { P4RuntimeClient as P4RuntimeStub } from '../generated/p4/v1/P4Runtime.js';
