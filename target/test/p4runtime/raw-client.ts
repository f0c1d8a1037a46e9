// A P4Runtime client that sends bytes as they are: for requests no well-behaved client library would
// build (millions of empty updates, malformed protobuf), to test the server's limits over real gRPC.
import * as grpc from '@grpc/grpc-js';

const identity = (b: Buffer): Buffer => b;

function method(name: string, responseStream = false): grpc.MethodDefinition<Buffer, Buffer> {
  return {
    path: `/p4.v1.P4Runtime/${name}`,
    requestStream: name === 'StreamChannel',
    responseStream,
    requestSerialize: identity,
    requestDeserialize: identity,
    responseSerialize: identity,
    responseDeserialize: identity,
  };
}

const RawClient = grpc.makeGenericClientConstructor(
  {
    Write: method('Write'),
    Read: method('Read', true),
    SetForwardingPipelineConfig: method('SetForwardingPipelineConfig'),
    GetForwardingPipelineConfig: method('GetForwardingPipelineConfig'),
    Capabilities: method('Capabilities'),
    StreamChannel: method('StreamChannel', true),
  },
  'P4Runtime',
);

export interface RawReply {
  code: grpc.status;
  details: string;
}

export class RawP4RuntimeClient {
  private readonly client: grpc.Client & Record<string, (...args: unknown[]) => unknown>;

  constructor(address: string, maxSendBytes = 256 * 1024 * 1024) {
    this.client = new RawClient(address, grpc.credentials.createInsecure(), {
      'grpc.max_send_message_length': maxSendBytes,
      'grpc.max_receive_message_length': maxSendBytes,
    }) as grpc.Client & Record<string, (...args: unknown[]) => unknown>;
  }

  /** A unary call (Write, SetForwardingPipelineConfig, GetForwardingPipelineConfig, Capabilities). */
  unary(name: string, body: Buffer, deadlineMs = 30_000): Promise<RawReply> {
    return new Promise((resolve) => {
      this.client[name]!(body, { deadline: Date.now() + deadlineMs }, (err: grpc.ServiceError | null) =>
        resolve(err ? { code: err.code, details: err.details } : { code: grpc.status.OK, details: '' }),
      );
    });
  }

  /** A Read: resolves with its final status once the stream ends. */
  read(body: Buffer, deadlineMs = 30_000): Promise<RawReply> {
    return new Promise((resolve) => {
      const call = this.client['Read']!(body, {
        deadline: Date.now() + deadlineMs,
      }) as grpc.ClientReadableStream<Buffer>;
      call.on('data', () => {});
      call.on('error', (e: grpc.ServiceError) => resolve({ code: e.code, details: e.details }));
      call.on('end', () => resolve({ code: grpc.status.OK, details: '' }));
    });
  }

  /** Open a StreamChannel, send `messages`, and resolve with how it ended (or OK after `waitMs`). */
  stream(messages: Buffer[], waitMs = 1000): Promise<RawReply> {
    return new Promise((resolve) => {
      const call = this.client['StreamChannel']!() as grpc.ClientDuplexStream<Buffer, Buffer>;
      const timer = setTimeout(() => {
        call.cancel();
        resolve({ code: grpc.status.OK, details: 'still open' });
      }, waitMs);
      call.on('data', () => {});
      call.on('error', (e: grpc.ServiceError) => {
        clearTimeout(timer);
        resolve({ code: e.code, details: e.details });
      });
      for (const m of messages) call.write(m);
    });
  }

  close(): void {
    this.client.close();
  }
}

// ---- hand encoding of the few fields these tests need (protobuf wire format)

export function varint(n: number | bigint): Buffer {
  let v = BigInt(n);
  const out: number[] = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) b |= 0x80;
    out.push(b);
  } while (v > 0n);
  return Buffer.from(out);
}

export const tag = (field: number, wireType: number): Buffer => varint(field * 8 + wireType);
export const lenField = (field: number, body: Buffer): Buffer =>
  Buffer.concat([tag(field, 2), varint(body.length), body]);
export const varintField = (field: number, n: number | bigint): Buffer =>
  Buffer.concat([tag(field, 0), varint(n)]);

/** A WriteRequest header: device_id (1), election_id (3: Uint128 {high 1, low 2}). */
export function writeHeader(deviceId: number, electionId: bigint): Buffer {
  return Buffer.concat([varintField(1, deviceId), lenField(3, varintField(2, electionId))]);
}

/** `n` empty updates (field 4, length 0): two bytes each. */
export function emptyUpdates(n: number): Buffer {
  const b = Buffer.alloc(2 * n);
  for (let i = 0; i < b.length; i += 2) b[i] = 0x22;
  return b;
}
