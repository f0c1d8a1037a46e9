// The gRPC handlers of p4.v1.P4Runtime for one device: request/response plumbing, error statuses
// (Write failures carry one p4.v1.Error per update in grpc-status-details-bin), StreamChannel sessions
// and packet I/O. The semantics live in device.ts and arbitration.ts.
import * as grpc from '@grpc/grpc-js';
import { status } from '@grpc/grpc-js';
import { EventEmitter } from 'node:events';
import {
  fromUint128,
  STATUS_DETAILS_KEY,
  type Entity,
  type P4RuntimeHandlers,
  type StreamMessageRequestMsg,
  type StreamMessageResponse,
} from 'p4runtime-ts';
import { writeFailureStatus } from './write-status.js';
import type { OutputPacket } from '../engine/control-plane-api.js';
import { Arbiter, type Session } from './arbitration.js';
import { Device, WriteFailure } from './device.js';
import { buildPacketOut, PacketIoError, parsePacketIn } from './packet-io.js';
import type { PipelineLoader } from './pipeline.js';
import { DEFAULT_LIMITS, type ServerLimits } from './limits.js';
import { isOversized, type LazyWriteRequest, type Oversized } from './request-decoding.js';
import { asRpcError, RpcError } from './rpc-error.js';

export const P4RUNTIME_API_VERSION = '1.4.1';
const READ_CHUNK = 512;

export interface ServiceOptions {
  deviceId: bigint;
  /** The port the program uses for the CPU: packets sent there become PacketIn, PacketOut enters there. */
  cpuPort: number;
  loader: PipelineLoader;
  log?: (line: string) => void;
  limits?: Partial<ServerLimits>;
}

export interface ServiceEvents {
  /** A packet the pipeline sent out of a data-plane port (not the CPU port). */
  egress: [OutputPacket];
}

const tooLarge = (o: Oversized): Partial<grpc.StatusObject> => ({
  code: status.RESOURCE_EXHAUSTED,
  details: o.message,
});

function statusOf(e: unknown): Partial<grpc.StatusObject> {
  if (e instanceof WriteFailure) {
    const { message, trailer } = writeFailureStatus(e.message, e.perUpdate);
    const metadata = new grpc.Metadata();
    if (trailer) metadata.set(STATUS_DETAILS_KEY, trailer);
    return { code: status.UNKNOWN, details: message, metadata };
  }
  const err = asRpcError(e);
  return { code: err.code, details: err.message };
}

export class P4RuntimeService extends EventEmitter<ServiceEvents> {
  readonly arbiter: Arbiter;
  readonly device: Device;
  private nextSession = 1;
  private readonly sessions = new Map<number, Session>();
  private readonly streams = new Set<
    grpc.ServerDuplexStream<StreamMessageRequestMsg, StreamMessageResponse>
  >();

  readonly limits: ServerLimits;

  constructor(private readonly opts: ServiceOptions) {
    super();
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.arbiter = new Arbiter(opts.deviceId);
    this.device = new Device(opts.deviceId, opts.loader, this.arbiter);
    // P4Runtime spec 'DigestList': digests go to the primary controller.
    this.device.digestOut = (list) => this.sendToPrimaries({ digest: list });
  }

  /** Feed a packet into a data-plane port (tests and tools); its outputs are routed like any other. */
  injectPacket(port: number, data: Uint8Array): void {
    this.route(this.device.process(port, data));
  }

  private route(outputs: OutputPacket[]): void {
    const running = this.device.running;
    for (const o of outputs) {
      if (o.port !== this.opts.cpuPort || !running) {
        this.emit('egress', o);
        continue;
      }
      const pin = parsePacketIn(running.p4info, o.data);
      this.sendToPrimaries({ packet: pin });
    }
  }

  private sendToPrimaries(msg: StreamMessageResponse): void {
    for (const s of this.sessions.values()) if (this.arbiter.isPrimary(s)) s.send(msg);
  }

  /** End every open stream (used on shutdown so clients see the server leave). */
  closeStreams(): void {
    this.device.close();
    for (const call of this.streams)
      call.emit('error', { code: status.UNAVAILABLE, details: 'server shutting down' });
    this.streams.clear();
  }

  handlers(): P4RuntimeHandlers {
    return {
      Capabilities: (_call, cb) => cb(null, { p4runtime_api_version: P4RUNTIME_API_VERSION }),

      SetForwardingPipelineConfig: (call, cb) => {
        if (isOversized(call.request)) return cb(tooLarge(call.request));
        try {
          this.device.setPipeline(call.request);
          this.opts.log?.(`pipeline ${call.request.action}`);
          cb(null, {});
        } catch (e) {
          cb(statusOf(e));
        }
      },

      GetForwardingPipelineConfig: (call, cb) => {
        if (isOversized(call.request)) return cb(tooLarge(call.request));
        try {
          cb(null, { config: this.device.getPipeline(call.request) });
        } catch (e) {
          cb(statusOf(e));
        }
      },

      Write: (call, cb) => {
        // The deserializer of guardedP4RuntimeService hands Write a request whose updates are still bytes.
        const req = call.request as unknown as LazyWriteRequest;
        try {
          this.device.writeChecked(req.header, () => {
            const updates = req.decodeUpdates();
            if (isOversized(updates)) throw new RpcError(status.RESOURCE_EXHAUSTED, updates.message);
            return updates;
          });
          cb(null, {});
        } catch (e) {
          cb(statusOf(e));
        }
      },

      Read: (call) => {
        if (isOversized(call.request)) {
          call.emit('error', tooLarge(call.request));
          return;
        }
        let entities: Entity[];
        try {
          entities = this.device.read(call.request, this.limits.maxReadResult);
        } catch (e) {
          call.emit('error', statusOf(e));
          return;
        }
        // The snapshot was taken in one turn above; streaming it may interleave with later writes.
        const chunks: Entity[][] = [];
        for (let i = 0; i < entities.length; i += READ_CHUNK) chunks.push(entities.slice(i, i + READ_CHUNK));
        if (chunks.length === 0) chunks.push([]);
        let k = 0;
        const pump = (): void => {
          while (k < chunks.length) {
            if (call.cancelled) return;
            const more = call.write({ entities: chunks[k++]! });
            if (!more && k < chunks.length) {
              call.once('drain', pump);
              return;
            }
          }
          call.end();
        };
        pump();
      },

      StreamChannel: (call) => this.streamChannel(call),
    };
  }

  private streamChannel(call: grpc.ServerDuplexStream<StreamMessageRequestMsg, StreamMessageResponse>): void {
    const session: Session = {
      id: this.nextSession++,
      send: (msg) => {
        if (!call.writableEnded) call.write(msg);
      },
    };
    this.streams.add(call);
    this.sessions.set(session.id, session);
    const leave = (): void => {
      if (!this.sessions.delete(session.id)) return;
      this.streams.delete(call);
      this.arbiter.remove(session);
    };
    const fail = (err: RpcError): void => {
      leave();
      call.emit('error', { code: err.code, details: err.message });
    };
    call.on('data', (msg: StreamMessageRequestMsg | Oversized) => {
      if (isOversized(msg)) return fail(new RpcError(status.RESOURCE_EXHAUSTED, msg.message));
      try {
        if (msg.update === 'arbitration') {
          const a = msg.arbitration!;
          // P4Runtime spec §5, 'Rules for Handling MasterArbitrationUpdate Messages': a device id other than
          // the stream's own is FAILED_PRECONDITION on a live stream, NOT_FOUND on its first message.
          if (this.arbiter.has(session) && BigInt(a.device_id) !== this.device.deviceId)
            throw new RpcError(
              status.FAILED_PRECONDITION,
              `this stream belongs to device ${this.device.deviceId}; open a new stream for device ${a.device_id}`,
            );
          this.device.checkDevice(a.device_id);
          if (a.role?.config)
            throw new RpcError(status.UNIMPLEMENTED, 'role configurations are not supported');
          this.arbiter.arbitrate(session, a.role?.name ?? '', fromUint128(a.election_id));
          return;
        }
        if (!this.arbiter.has(session))
          throw new RpcError(
            status.FAILED_PRECONDITION,
            'the first message on a stream must be an arbitration update',
          );
        if (msg.update === 'packet') this.packetOut(session, msg);
        else if (msg.update === 'digest_ack') this.digestAck(session, msg);
        else
          session.send({
            error: {
              canonical_code: status.UNIMPLEMENTED,
              message: `stream message ${msg.update ?? '(empty)'} is not supported`,
              other: {},
            },
          });
      } catch (e) {
        fail(asRpcError(e));
      }
    });
    call.on('end', () => {
      leave();
      if (!call.writableEnded) call.end();
    });
    call.on('error', () => leave());
    call.on('cancelled', () => leave());
    call.on('close', () => leave());
  }

  /** DigestListAck: from the primary only, as packet-out; an ack of an unknown list is ignored (as by PI). */
  private digestAck(session: Session, msg: StreamMessageRequestMsg): void {
    const ack = msg.digest_ack!;
    if (!this.arbiter.isPrimary(session))
      return session.send({
        error: {
          canonical_code: status.PERMISSION_DENIED,
          message: 'only the primary may acknowledge digest lists',
          digest_list_ack: { digest_list_ack: ack },
        },
      });
    this.device.ackDigest(ack.digest_id, ack.list_id);
  }

  private packetOut(session: Session, msg: StreamMessageRequestMsg): void {
    const p = msg.packet!;
    const reject = (code: status, message: string): void =>
      session.send({ error: { canonical_code: code, message, packet_out: { packet_out: p } } });
    if (!this.arbiter.isPrimary(session))
      return reject(status.PERMISSION_DENIED, 'only the primary may send packets');
    const running = this.device.running;
    if (!running) return reject(status.FAILED_PRECONDITION, 'no forwarding pipeline config has been set');
    let data: Buffer;
    try {
      data = buildPacketOut(running.p4info, p.payload, p.metadata);
    } catch (e) {
      if (e instanceof PacketIoError) return reject(status.INVALID_ARGUMENT, e.message);
      throw e;
    }
    try {
      this.route(this.device.process(this.opts.cpuPort, data));
    } catch (e) {
      const err = asRpcError(e);
      reject(err.code, err.message);
    }
  }
}
