// A P4Runtime client: one device, one StreamChannel session (arbitration, packet I/O), and the unary and
// server-streaming RPCs. Entities can be given raw (generated message types) or by name through the
// P4Info-aware codec once a P4Info is known (setPipeline, fetchP4Info or the p4info option).
import * as grpc from '@grpc/grpc-js';
import { EventEmitter } from 'node:events';
import {
  P4Codec,
  type CounterValue,
  type DecodedTableEntry,
  type MeterConfigValue,
  type TableEntrySpec,
} from './codec.js';
import type { ValueInput } from './bytes.js';
import { pipelineCookie } from './cookie.js';
import { fromUint128, toUint128 } from './election.js';
import { P4RuntimeError, toP4RuntimeError } from './errors.js';
import type { P4InfoLike } from './p4info.js';
import { loadP4RuntimeProto } from './proto.js';
import {
  cloneSessionEntity,
  decodeReplicationEntity,
  multicastGroupEntity,
  type DecodedReplication,
  type PortEncoding,
  type ReplicaSpec,
} from './replication.js';
import type {
  Entity,
  EntityMsg,
  DigestListMsg,
  ForwardingPipelineConfigMsg,
  P4Info,
  P4InfoMsg,
  P4RuntimeStub,
  PacketMetadataMsg,
  StreamMessageRequest,
  StreamMessageResponseMsg,
  Update,
} from './types.js';
import {
  decodeValueSetEntity,
  valueSetEntity,
  type DecodedValueSet,
  type ValueSetMemberSpec,
} from './value-sets.js';
import {
  actionProfileGroupEntity,
  actionProfileMemberEntity,
  decodeActionProfileGroup,
  decodeActionProfileMember,
  type ActionProfileGroupSpec,
  type ActionProfileMemberSpec,
  type DecodedActionProfileGroup,
  type DecodedActionProfileMember,
} from './action-profiles.js';
import {
  decodeDigestEntity,
  decodeDigestList,
  digestEntity,
  type DecodedDigestEntry,
  type DigestConfig,
  type DigestListEvent,
} from './digests.js';

export type Atomicity = 'CONTINUE_ON_ERROR' | 'ROLLBACK_ON_ERROR' | 'DATAPLANE_ATOMIC';
export type PipelineAction =
  'VERIFY' | 'VERIFY_AND_SAVE' | 'VERIFY_AND_COMMIT' | 'COMMIT' | 'RECONCILE_AND_COMMIT';
export type PipelineResponseType = 'ALL' | 'COOKIE_ONLY' | 'P4INFO_AND_COOKIE' | 'DEVICE_CONFIG_AND_COOKIE';
export type UpdateType = 'INSERT' | 'MODIFY' | 'DELETE';

export interface TlsOptions {
  rootCerts?: Buffer;
  privateKey?: Buffer;
  certChain?: Buffer;
}

export interface ReconnectOptions {
  initialDelayMs?: number;
  maxDelayMs?: number;
  factor?: number;
  /** Give up after this many failed attempts in a row (default: never). */
  maxAttempts?: number;
}

export interface P4RuntimeClientOptions {
  /** host:port of the P4Runtime server. */
  address: string;
  deviceId?: bigint | number;
  /** This controller's election id (uint128); the highest one connected is the primary. Default 1. */
  electionId?: bigint | number;
  /** Role name; empty or unset means the default role (full pipeline access). */
  role?: string;
  /** TLS (server authentication, or mutual with privateKey/certChain); plaintext when unset. */
  tls?: TlsOptions | grpc.ChannelCredentials;
  /** Re-open the stream after it breaks; false to disable. Enabled by default. */
  reconnect?: ReconnectOptions | false;
  /** P4Info for the name-based helpers, if already known. */
  p4info?: P4InfoLike;
  channelOptions?: grpc.ChannelOptions;
}

export interface ArbitrationStatus {
  primary: boolean;
  /** The highest election id the server has seen for this device and role. */
  electionId: bigint | undefined;
  /** The status the server sent: OK for the primary, ALREADY_EXISTS (or NOT_FOUND) for a backup. */
  code: number;
  message: string;
}

export interface PacketInEvent {
  payload: Buffer;
  /** Metadata by field name of the packet_in controller header (by `#id` when unknown). */
  metadata: Record<string, bigint>;
  raw: PacketMetadataMsg[];
}

export interface SetPipelineOptions {
  p4info: P4Info;
  /** Target-specific config: bmv2 JSON for simple_switch_grpc, P4 source for the embedded target. */
  deviceConfig: Uint8Array;
  action?: PipelineAction;
  /** Push even when the device reports the same cookie. */
  force?: boolean;
  /** Cookie to store; by default a digest of p4info and deviceConfig. */
  cookie?: bigint;
}

export interface P4RuntimeClientEvents {
  arbitration: [ArbitrationStatus];
  primary: [ArbitrationStatus];
  backup: [ArbitrationStatus];
  packetIn: [PacketInEvent];
  /** A DigestList from the switch (sent to the primary only); ack it with ackDigestList. */
  digestList: [DigestListEvent];
  streamError: [{ code: number; message: string }];
  disconnected: [P4RuntimeError];
  reconnecting: [{ attempt: number; delayMs: number }];
  error: [Error];
}

const DEFAULT_RECONNECT: Required<Omit<ReconnectOptions, 'maxAttempts'>> = {
  initialDelayMs: 100,
  maxDelayMs: 5000,
  factor: 2,
};

export class P4RuntimeClient extends EventEmitter<P4RuntimeClientEvents> {
  readonly deviceId: bigint;
  readonly role: string;
  private electionIdValue: bigint;
  private readonly stub: P4RuntimeStub;
  private stream: grpc.ClientDuplexStream<StreamMessageRequest, StreamMessageResponseMsg> | undefined;
  private closed = false;
  private lastArbitration: ArbitrationStatus | undefined;
  private codecValue: P4Codec | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  /** Failed stream attempts since the last arbitration answer; drives the backoff. */
  private failures = 0;
  private readonly reconnect: ReconnectOptions | false;

  constructor(readonly options: P4RuntimeClientOptions) {
    super();
    this.deviceId = BigInt(options.deviceId ?? 0);
    this.electionIdValue = BigInt(options.electionId ?? 1);
    this.role = options.role ?? '';
    this.reconnect = options.reconnect === false ? false : { ...DEFAULT_RECONNECT, ...options.reconnect };
    const creds =
      options.tls instanceof grpc.ChannelCredentials
        ? options.tls
        : options.tls
          ? grpc.credentials.createSsl(options.tls.rootCerts, options.tls.privateKey, options.tls.certChain)
          : grpc.credentials.createInsecure();
    const Ctor = loadP4RuntimeProto().p4.v1.P4Runtime;
    this.stub = new Ctor(options.address, creds, {
      'grpc.max_receive_message_length': 256 * 1024 * 1024,
      'grpc.max_send_message_length': 256 * 1024 * 1024,
      ...options.channelOptions,
    });
    if (options.p4info) this.codecValue = new P4Codec(options.p4info);
  }

  get electionId(): bigint {
    return this.electionIdValue;
  }

  /** Whether the server last told this client it is the primary. */
  get isPrimary(): boolean {
    return this.lastArbitration?.primary ?? false;
  }

  get arbitration(): ArbitrationStatus | undefined {
    return this.lastArbitration;
  }

  /** The P4Info-aware codec; throws until a P4Info is known. */
  get codec(): P4Codec {
    if (!this.codecValue) throw new Error('no P4Info yet: call setPipeline() or fetchP4Info() first');
    return this.codecValue;
  }

  setP4Info(p4info: P4InfoLike): void {
    this.codecValue = new P4Codec(p4info);
  }

  // ---------------------------------------------------------------- StreamChannel

  /** Open the stream and arbitrate; resolves with the server's first arbitration answer. */
  async connect(): Promise<ArbitrationStatus> {
    this.closed = false;
    return this.openStream();
  }

  /** Send a new election id (e.g. to take over as primary) and wait for the server's answer. */
  async setElectionId(electionId: bigint | number): Promise<ArbitrationStatus> {
    this.electionIdValue = BigInt(electionId);
    if (!this.stream) return this.connect();
    const answer = this.nextArbitration();
    this.sendArbitration();
    return answer;
  }

  private nextArbitration(): Promise<ArbitrationStatus> {
    return new Promise((resolve, reject) => {
      const onArb = (s: ArbitrationStatus): void => {
        this.off('disconnected', onDown);
        resolve(s);
      };
      const onDown = (e: P4RuntimeError): void => {
        this.off('arbitration', onArb);
        reject(e);
      };
      this.once('arbitration', onArb);
      this.once('disconnected', onDown);
    });
  }

  private sendArbitration(): void {
    this.stream?.write({
      arbitration: {
        device_id: this.deviceId.toString(),
        election_id: toUint128(this.electionIdValue),
        ...(this.role ? { role: { name: this.role } } : {}),
      },
    });
  }

  private openStream(): Promise<ArbitrationStatus> {
    const stream = this.stub.StreamChannel();
    this.stream = stream;
    const answer = this.nextArbitration();
    stream.on('data', (msg: StreamMessageResponseMsg) => this.onStreamMessage(msg));
    stream.on('error', (err: Error) => this.onStreamDown(stream, toP4RuntimeError(err, 'StreamChannel')));
    stream.on('end', () =>
      this.onStreamDown(
        stream,
        new P4RuntimeError(grpc.status.UNAVAILABLE, 'stream ended by the server', 'StreamChannel'),
      ),
    );
    this.sendArbitration();
    return answer;
  }

  private onStreamMessage(msg: StreamMessageResponseMsg): void {
    if (msg.arbitration) {
      this.failures = 0;
      const st = msg.arbitration.status;
      const s: ArbitrationStatus = {
        primary: (st?.code ?? 0) === grpc.status.OK,
        electionId: fromUint128(msg.arbitration.election_id),
        code: st?.code ?? 0,
        message: st?.message ?? '',
      };
      const wasPrimary = this.lastArbitration?.primary;
      this.lastArbitration = s;
      this.emit('arbitration', s);
      if (s.primary !== wasPrimary) {
        if (s.primary) this.emit('primary', s);
        else this.emit('backup', s);
      }
    } else if (msg.packet) {
      const raw = msg.packet.metadata;
      let metadata: Record<string, bigint> = {};
      try {
        metadata = this.codecValue ? this.codecValue.decodePacketInMetadata(raw) : {};
      } catch {
        for (const m of raw) metadata[`#${m.metadata_id}`] = BigInt('0x' + (m.value.toString('hex') || '0'));
      }
      this.emit('packetIn', { payload: msg.packet.payload, metadata, raw });
    } else if (msg.digest) {
      this.emit('digestList', this.digestListEvent(msg.digest));
    } else if (msg.error) {
      this.emit('streamError', { code: msg.error.canonical_code, message: msg.error.message });
    }
  }

  /** Decoded by the P4Info when the client has one that describes the list; else only its ids and raw data. */
  private digestListEvent(raw: DigestListMsg): DigestListEvent {
    if (this.codecValue) {
      try {
        return decodeDigestList(this.codecValue.index, raw);
      } catch {
        // A list this P4Info does not describe: passed on undecoded.
      }
    }
    const base = { digestId: raw.digest_id, listId: BigInt(raw.list_id), timestamp: BigInt(raw.timestamp) };
    return { digest: '', ...base, data: [], raw };
  }

  /** DigestListAck: the samples of this list may be reported again (P4Runtime spec 'DigestListAck'). */
  ackDigestList(list: { digestId: number; listId: bigint }): void {
    if (!this.stream)
      throw new P4RuntimeError(grpc.status.UNAVAILABLE, 'stream is not open', 'StreamChannel');
    this.stream.write({ digest_ack: { digest_id: list.digestId, list_id: list.listId.toString() } });
  }

  private onStreamDown(
    stream: grpc.ClientDuplexStream<StreamMessageRequest, StreamMessageResponseMsg>,
    err: P4RuntimeError,
  ): void {
    if (this.stream !== stream) return;
    this.stream = undefined;
    this.lastArbitration = undefined;
    this.emit('disconnected', err);
    if (this.closed || !this.reconnect) return;
    // Errors about the request itself will not heal by retrying.
    if (
      [
        grpc.status.INVALID_ARGUMENT,
        grpc.status.ALREADY_EXISTS,
        grpc.status.PERMISSION_DENIED,
        grpc.status.UNIMPLEMENTED,
      ].includes(err.code)
    )
      return;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const r = this.reconnect;
    if (!r || this.closed || this.reconnectTimer) return;
    const attempt = ++this.failures;
    if (r.maxAttempts !== undefined && attempt > r.maxAttempts) return;
    const base = r.initialDelayMs ?? DEFAULT_RECONNECT.initialDelayMs;
    const delayMs = Math.min(
      r.maxDelayMs ?? DEFAULT_RECONNECT.maxDelayMs,
      base * (r.factor ?? DEFAULT_RECONNECT.factor) ** (attempt - 1),
    );
    this.emit('reconnecting', { attempt, delayMs });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.closed) return;
      // A failed attempt ends in onStreamDown, which schedules the next one with a longer delay.
      this.openStream().catch(() => {});
    }, delayMs);
    this.reconnectTimer.unref?.();
  }

  /** Send a packet to the switch's CPU port path, with packet_out metadata by name (needs a P4Info) or raw. */
  packetOut(
    payload: Uint8Array,
    metadata: Record<string, ValueInput> | { metadata_id: number; value: Uint8Array }[] = {},
  ): void {
    if (!this.stream)
      throw new P4RuntimeError(grpc.status.UNAVAILABLE, 'stream is not open', 'StreamChannel');
    const md = Array.isArray(metadata)
      ? metadata.map((m) => ({ metadata_id: m.metadata_id, value: Buffer.from(m.value) }))
      : Object.keys(metadata).length === 0 && !this.codecValue
        ? []
        : this.codec.packetOutMetadata(metadata);
    this.stream.write({ packet: { payload: Buffer.from(payload), metadata: md } });
  }

  /** End the stream and the channel. */
  close(): void {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const s = this.stream;
    this.stream = undefined;
    this.lastArbitration = undefined;
    if (s) {
      s.end();
      s.cancel();
    }
    this.stub.close();
  }

  // ---------------------------------------------------------------- unary RPCs

  private unary<Req, Res>(
    name: string,
    call: (req: Req, cb: grpc.requestCallback<Res>) => unknown,
    req: Req,
  ): Promise<Res> {
    return new Promise((resolve, reject) => {
      call.call(this.stub, req, (err: grpc.ServiceError | null, res?: Res) => {
        if (err) reject(toP4RuntimeError(err, name));
        else resolve(res as Res);
      });
    });
  }

  /** The server's P4Runtime API version string. */
  async capabilities(): Promise<string> {
    const res = await this.unary('Capabilities', this.stub.Capabilities, {});
    return res.p4runtime_api_version;
  }

  async getPipelineConfig(responseType: PipelineResponseType = 'ALL'): Promise<ForwardingPipelineConfigMsg> {
    const res = await this.unary('GetForwardingPipelineConfig', this.stub.GetForwardingPipelineConfig, {
      device_id: this.deviceId.toString(),
      response_type: responseType,
    });
    if (!res.config)
      throw new P4RuntimeError(grpc.status.INTERNAL, 'response has no config', 'GetForwardingPipelineConfig');
    return res.config;
  }

  /** The device's current cookie, or undefined when it has none (or no pipeline yet). */
  async getPipelineCookie(): Promise<bigint | undefined> {
    try {
      const c = await this.getPipelineConfig('COOKIE_ONLY');
      return c.cookie ? BigInt(c.cookie.cookie) : undefined;
    } catch (e) {
      // Servers differ in how they say "no pipeline yet" (FAILED_PRECONDITION, NOT_FOUND, UNKNOWN...);
      // only a failure to reach the server is worth reporting here.
      const unreachable = [
        grpc.status.UNAVAILABLE,
        grpc.status.DEADLINE_EXCEEDED,
        grpc.status.UNAUTHENTICATED,
      ];
      if (e instanceof P4RuntimeError && !unreachable.includes(e.code)) return undefined;
      throw e;
    }
  }

  /** Fetch the device's P4Info and use it for the name-based helpers. */
  async fetchP4Info(): Promise<P4InfoMsg> {
    const c = await this.getPipelineConfig('P4INFO_AND_COOKIE');
    if (!c.p4info)
      throw new P4RuntimeError(
        grpc.status.FAILED_PRECONDITION,
        'device has no P4Info',
        'GetForwardingPipelineConfig',
      );
    this.setP4Info(c.p4info);
    return c.p4info;
  }

  /** SetForwardingPipelineConfig. With the default VERIFY_AND_COMMIT, a pipeline whose cookie the device
   *  already reports is not pushed again (unless `force`). Resolves with whether it was pushed. */
  async setPipeline(opts: SetPipelineOptions): Promise<{ pushed: boolean; cookie: bigint }> {
    const action = opts.action ?? 'VERIFY_AND_COMMIT';
    const cookie = opts.cookie ?? pipelineCookie(opts.p4info, opts.deviceConfig);
    const commits = action === 'VERIFY_AND_COMMIT' || action === 'RECONCILE_AND_COMMIT';
    if (commits && !opts.force && (await this.getPipelineCookie()) === cookie) {
      this.setP4Info(opts.p4info as P4InfoLike);
      return { pushed: false, cookie };
    }
    await this.unary('SetForwardingPipelineConfig', this.stub.SetForwardingPipelineConfig, {
      device_id: this.deviceId.toString(),
      election_id: toUint128(this.electionIdValue),
      role: this.role,
      action,
      ...(action === 'COMMIT'
        ? {}
        : {
            config: {
              p4info: opts.p4info,
              p4_device_config: Buffer.from(opts.deviceConfig),
              cookie: { cookie: cookie.toString() },
            },
          }),
    });
    if (action !== 'VERIFY') this.setP4Info(opts.p4info as P4InfoLike);
    return { pushed: true, cookie };
  }

  /** COMMIT a config saved earlier with VERIFY_AND_SAVE. */
  async commitSavedPipeline(): Promise<void> {
    await this.unary('SetForwardingPipelineConfig', this.stub.SetForwardingPipelineConfig, {
      device_id: this.deviceId.toString(),
      election_id: toUint128(this.electionIdValue),
      role: this.role,
      action: 'COMMIT',
    });
  }

  // ---------------------------------------------------------------- Write

  /** One Write RPC. Throws WriteError with each failed update's p4.v1.Error. */
  async write(updates: Update[], atomicity: Atomicity = 'CONTINUE_ON_ERROR'): Promise<void> {
    await this.unary('Write', this.stub.Write, {
      device_id: this.deviceId.toString(),
      election_id: toUint128(this.electionIdValue),
      role: this.role,
      updates,
      atomicity,
    });
  }

  /** Split `updates` into Write RPCs of at most `batchSize` updates, sent one after another. */
  async writeBatched(
    updates: Update[],
    batchSize = 1000,
    atomicity: Atomicity = 'CONTINUE_ON_ERROR',
  ): Promise<void> {
    for (let i = 0; i < updates.length; i += batchSize)
      await this.write(updates.slice(i, i + batchSize), atomicity);
  }

  update(type: UpdateType, entity: Entity): Update {
    return { type, entity };
  }

  async insert(...entries: TableEntrySpec[]): Promise<void> {
    await this.write(entries.map((e) => ({ type: 'INSERT', entity: this.codec.tableEntity(e) })));
  }

  async modify(...entries: TableEntrySpec[]): Promise<void> {
    await this.write(entries.map((e) => ({ type: 'MODIFY', entity: this.codec.tableEntity(e) })));
  }

  async delete(...entries: TableEntrySpec[]): Promise<void> {
    await this.write(entries.map((e) => ({ type: 'DELETE', entity: this.codec.tableEntity(e) })));
  }

  /** Set a table's default action (a MODIFY of its default entry). */
  async setDefaultAction(table: string, action: TableEntrySpec['action']): Promise<void> {
    await this.write([
      { type: 'MODIFY', entity: this.codec.tableEntity({ table, isDefault: true, action }) },
    ]);
  }

  /** Restore a table's default action to the program's (a MODIFY of the default entry with no action). */
  async resetDefaultAction(table: string): Promise<void> {
    await this.write([{ type: 'MODIFY', entity: this.codec.tableEntity({ table, isDefault: true }) }]);
  }

  async writeCounter(counter: string, index: number, data: CounterValue): Promise<void> {
    await this.write([{ type: 'MODIFY', entity: this.codec.counterEntity(counter, index, data) }]);
  }

  async writeDirectCounter(entry: TableEntrySpec, data: CounterValue): Promise<void> {
    await this.write([{ type: 'MODIFY', entity: this.codec.directCounterEntity(entry, data) }]);
  }

  async writeRegister(register: string, index: number | undefined, value: ValueInput): Promise<void> {
    await this.write([{ type: 'MODIFY', entity: this.codec.registerEntity(register, index, value) }]);
  }

  /** INSERT a digest's config (the switch reports nothing for a digest until then), MODIFY it, or DELETE it. */
  async writeDigest(type: UpdateType, digest: string | number, config: DigestConfig = {}): Promise<void> {
    const entity = digestEntity(this.codec.index, digest, type === 'DELETE' ? undefined : config);
    await this.write([{ type, entity }]);
  }

  /** The config of one digest, or of every configured digest when digest is undefined. */
  async readDigests(digest?: string | number): Promise<DecodedDigestEntry[]> {
    return (await this.readAll([digestEntity(this.codec.index, digest)])).map((e) =>
      decodeDigestEntity(this.codec.index, e),
    );
  }

  /** Replace every member of a parser value set (ValueSetEntry MODIFY); no members empties it. */
  async writeValueSet(valueSet: string, members: readonly ValueSetMemberSpec[]): Promise<void> {
    await this.write([{ type: 'MODIFY', entity: valueSetEntity(this.codec.index, valueSet, members) }]);
  }

  /** INSERT, MODIFY or DELETE an action profile member (a DELETE needs only the profile and member id). */
  async writeActionProfileMember(
    type: UpdateType,
    spec: ActionProfileMemberSpec | { profile: string; memberId: number },
  ): Promise<void> {
    await this.write([{ type, entity: actionProfileMemberEntity(this.codec, spec) }]);
  }

  /** INSERT, MODIFY (its members replace the group's) or DELETE an action selector group. */
  async writeActionProfileGroup(
    type: UpdateType,
    spec: ActionProfileGroupSpec | { profile: string; groupId: number },
  ): Promise<void> {
    await this.write([{ type, entity: actionProfileGroupEntity(this.codec, spec) }]);
  }

  async writeMeter(meter: string, index: number | undefined, config: MeterConfigValue): Promise<void> {
    await this.write([{ type: 'MODIFY', entity: this.codec.meterEntity(meter, index, config) }]);
  }

  /** INSERT, MODIFY or DELETE a multicast group of the packet replication engine. */
  async writeMulticastGroup(
    type: UpdateType,
    groupId: number,
    replicas: ReplicaSpec[] = [],
    portEncoding?: PortEncoding,
  ): Promise<void> {
    await this.write([{ type, entity: multicastGroupEntity(groupId, replicas, portEncoding) }]);
  }

  /** INSERT, MODIFY or DELETE a clone (mirroring) session. */
  async writeCloneSession(
    type: UpdateType,
    sessionId: number,
    replicas: ReplicaSpec[] = [],
    opts: { classOfService?: number; packetLengthBytes?: number; portEncoding?: PortEncoding } = {},
  ): Promise<void> {
    await this.write([{ type, entity: cloneSessionEntity(sessionId, replicas, opts) }]);
  }

  // ---------------------------------------------------------------- Read

  /** Stream the entities matching the filters, as the server sends them. */
  async *read(entities: Entity[]): AsyncGenerator<EntityMsg> {
    const call = this.stub.Read({ device_id: this.deviceId.toString(), role: this.role, entities });
    try {
      for await (const res of call as AsyncIterable<{ entities: EntityMsg[] }>) yield* res.entities;
    } catch (e) {
      throw toP4RuntimeError(e, 'Read');
    } finally {
      call.cancel();
    }
  }

  async readAll(entities: Entity[]): Promise<EntityMsg[]> {
    const out: EntityMsg[] = [];
    for await (const e of this.read(entities)) out.push(e);
    return out;
  }

  /** Entries of one table (every table when undefined), decoded to names. */
  async readTableEntries(
    table?: string,
    opts: { withCounters?: boolean } = {},
  ): Promise<DecodedTableEntry[]> {
    const out: DecodedTableEntry[] = [];
    for await (const e of this.read([this.codec.tableReadEntity(table, opts)]))
      if (e.table_entry) out.push(this.codec.decodeTableEntry(e.table_entry));
    return out;
  }

  async readDefaultEntry(table: string): Promise<DecodedTableEntry | undefined> {
    for await (const e of this.read([this.codec.tableReadEntity(table, { defaultEntry: true })]))
      if (e.table_entry) return this.codec.decodeTableEntry(e.table_entry);
    return undefined;
  }

  async readCounters(
    counter?: string,
    index?: number,
  ): Promise<{ counter: string; index: number; data: CounterValue }[]> {
    const out = [];
    for await (const e of this.read([this.codec.counterEntity(counter, index)]))
      out.push(this.codec.decodeCounterEntity(e));
    return out;
  }

  async readDirectCounters(
    spec: TableEntrySpec | { table?: string },
  ): Promise<{ entry: DecodedTableEntry; data: CounterValue }[]> {
    const out = [];
    for await (const e of this.read([this.codec.directCounterEntity(spec)]))
      out.push(this.codec.decodeDirectCounterEntity(e));
    return out;
  }

  async readRegisters(
    register?: string,
    index?: number,
  ): Promise<{ register: string; index: number; value: bigint }[]> {
    const out = [];
    for await (const e of this.read([this.codec.registerEntity(register, index)]))
      out.push(this.codec.decodeRegisterEntity(e));
    return out;
  }

  /** Multicast groups (all when groupId is undefined). */
  async readMulticastGroups(groupId = 0): Promise<DecodedReplication[]> {
    return (await this.readAll([multicastGroupEntity(groupId)])).map(decodeReplicationEntity);
  }

  /** Clone sessions (all when sessionId is undefined). */
  async readCloneSessions(sessionId = 0): Promise<DecodedReplication[]> {
    return (await this.readAll([cloneSessionEntity(sessionId)])).map(decodeReplicationEntity);
  }

  /** The members of one parser value set, or of every value set when valueSet is undefined. */
  async readValueSets(valueSet?: string): Promise<DecodedValueSet[]> {
    const out = [];
    for await (const e of this.read([valueSetEntity(this.codec.index, valueSet)]))
      out.push(decodeValueSetEntity(this.codec.index, e));
    return out;
  }

  /** Members of one action profile (one member, given its id), or of every profile. */
  async readActionProfileMembers(profile?: string, memberId?: number): Promise<DecodedActionProfileMember[]> {
    return (await this.readAll([actionProfileMemberEntity(this.codec, { profile, memberId })])).map((e) =>
      decodeActionProfileMember(this.codec, e),
    );
  }

  /** Groups of one action selector (one group, given its id), or of every selector. */
  async readActionProfileGroups(profile?: string, groupId?: number): Promise<DecodedActionProfileGroup[]> {
    return (await this.readAll([actionProfileGroupEntity(this.codec, { profile, groupId })])).map((e) =>
      decodeActionProfileGroup(this.codec, e),
    );
  }

  async readMeters(
    meter?: string,
    index?: number,
  ): Promise<{ meter: string; index: number; config?: MeterConfigValue }[]> {
    const out = [];
    for await (const e of this.read([this.codec.meterEntity(meter, index)]))
      out.push(this.codec.decodeMeterEntity(e));
    return out;
  }
}
