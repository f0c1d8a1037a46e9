// p4runtime-ts: a typed P4Runtime v1 client for Node.js, and the wire helpers a P4Runtime server needs.
// The public API, name by name; every other module is internal (see README.md for each group).

// The client.
export { P4RuntimeClient } from './client.js';
export type {
  ArbitrationStatus,
  Atomicity,
  P4RuntimeClientEvents,
  P4RuntimeClientOptions,
  PacketInEvent,
  PipelineAction,
  PipelineResponseType,
  ReconnectOptions,
  SetPipelineOptions,
  TlsOptions,
  UpdateType,
} from './client.js';

// Errors: every RPC failure, and a failed Write with its per-update errors.
export { codeName, GrpcStatus, P4RuntimeError, WriteError } from './errors.js';
export type { UpdateError } from './errors.js';

// Entities by name: tables, actions, counters, meters (the codec the client uses, for building batches).
export { P4Codec } from './codec.js';
export type {
  ActionSpec,
  OneShotActionSpec,
  CounterValue,
  DecodedAction,
  DecodedMatch,
  DecodedTableEntry,
  MatchValue,
  MeterConfigValue,
  TableEntrySpec,
} from './codec.js';

// P4Info: reading p4c's files, and the shape the codec needs.
export {
  decodeP4InfoBinary,
  encodeP4InfoBinary,
  loadP4InfoFile,
  P4InfoParseError,
  parseP4InfoFile,
  parseP4InfoJson,
  parseP4InfoText,
} from './p4info-file.js';
export { P4InfoLookupError, registerCellWidth } from './p4info.js';
export type { DigestLike, P4InfoLike, ValueSetLike, ValueSetMatchLike } from './p4info.js';

// Pipelines and the packet replication engine.
export { pipelineCookie } from './cookie.js';
export { cloneSessionEntity, decodeReplicationEntity, multicastGroupEntity } from './replication.js';
export type { DecodedReplication, PortEncoding, ReplicaSpec } from './replication.js';
export { decodeValueSetEntity, valueSetEntity } from './value-sets.js';
export {
  actionProfileGroupEntity,
  actionProfileMemberEntity,
  decodeActionProfileGroup,
  decodeActionProfileMember,
} from './action-profiles.js';
export type {
  ActionProfileGroupSpec,
  ActionProfileMemberSpec,
  DecodedActionProfileGroup,
  DecodedActionProfileMember,
} from './action-profiles.js';
export type { DecodedValueSet, ValueSetMemberSpec } from './value-sets.js';
export { decodeDigestEntity, decodeDigestList, digestEntity } from './digests.js';
export type {
  DecodedDigestEntry,
  DigestConfig,
  DigestHeader,
  DigestListEvent,
  DigestStruct,
  DigestValue,
} from './digests.js';

// P4Runtime bytestrings (§8.4) and values.
export {
  bigintToBytes,
  bigintToPadded,
  byteWidth,
  bytesToBigint,
  canonicalize,
  checkReceived,
  encodeValue,
  formatIpv4,
  formatIpv6,
  formatMac,
  isCanonical,
  maxValue,
  parseIpv4,
  parseIpv6,
  parseMac,
  parseValueText,
  toBigint,
  ValueError,
} from './bytes.js';
export type { ValueInput } from './bytes.js';

// The wire, for servers and tools: the service definition from this package's .proto files, 128-bit
// election ids, and google.rpc.Status with p4.v1.Error details as P4Runtime servers report a failed Write.
export { loadP4RuntimeProto, p4RuntimeService, PROTO_LOADER_OPTIONS } from './proto.js';
export { fromUint128, toUint128 } from './election.js';
export {
  decodeP4Error,
  decodeStatus,
  encodeP4Error,
  encodeStatus,
  encodeWriteStatus,
  P4_ERROR_TYPE_URL,
  STATUS_DETAILS_KEY,
} from './status-codec.js';
export type { AnyMessage, P4Error, RpcStatus } from './status-codec.js';

// The P4Runtime and P4Info messages: `X` is what you may send, `XMsg` what you receive.
export type {
  P4Info,
  P4InfoMsg,
  P4InfoTable,
  P4InfoTableMsg,
  P4InfoAction,
  P4InfoActionMsg,
  TableEntry,
  TableEntryMsg,
  FieldMatch,
  FieldMatchMsg,
  Action,
  ActionMsg,
  Entity,
  EntityMsg,
  Update,
  UpdateMsg,
  WriteRequest,
  WriteRequestMsg,
  ReadRequest,
  ReadRequestMsg,
  ReadResponse,
  ReadResponseMsg,
  CounterEntry,
  CounterEntryMsg,
  DirectCounterEntry,
  DirectCounterEntryMsg,
  CounterData,
  CounterDataMsg,
  MeterEntry,
  MeterEntryMsg,
  DirectMeterEntry,
  DirectMeterEntryMsg,
  MeterConfig,
  MeterConfigMsg,
  RegisterEntry,
  RegisterEntryMsg,
  ValueSetEntry,
  ValueSetEntryMsg,
  ActionProfileMember,
  ActionProfileMemberMsg,
  ActionProfileGroup,
  ActionProfileGroupMsg,
  ActionProfileAction,
  ActionProfileActionMsg,
  P4Data,
  P4DataMsg,
  DigestEntry,
  DigestEntryMsg,
  DigestList,
  DigestListMsg,
  DigestListAck,
  DigestListAckMsg,
  PacketIn,
  PacketInMsg,
  PacketOut,
  PacketOutMsg,
  PacketMetadata,
  PacketMetadataMsg,
  StreamMessageRequest,
  StreamMessageRequestMsg,
  StreamMessageResponse,
  StreamMessageResponseMsg,
  MasterArbitrationUpdate,
  MasterArbitrationUpdateMsg,
  ForwardingPipelineConfig,
  ForwardingPipelineConfigMsg,
  SetForwardingPipelineConfigRequest,
  SetForwardingPipelineConfigRequestMsg,
  GetForwardingPipelineConfigRequest,
  GetForwardingPipelineConfigRequestMsg,
  GetForwardingPipelineConfigResponse,
  GetForwardingPipelineConfigResponseMsg,
  CapabilitiesResponse,
  CapabilitiesResponseMsg,
  Uint128,
  Uint128Msg,
  P4RuntimeHandlers,
  P4RuntimeStub,
} from './types.js';
