// A P4Runtime gRPC server for one embedded-target device, listening on a loopback address.
import * as grpc from '@grpc/grpc-js';
import { p4RuntimeService } from '../../p4runtime-ts/src/proto.js';
import type { PipelineLoader } from './pipeline.js';
import { P4RuntimeService } from './service.js';

export interface P4RuntimeServerOptions {
  /** host:port; port 0 picks a free one. Default 127.0.0.1:9559. */
  address?: string;
  deviceId?: bigint | number;
  /** Default 255. */
  cpuPort?: number;
  loader: PipelineLoader;
  /** A program to run before any controller pushes one. */
  initialProgram?: { source: string; name: string };
  log?: (line: string) => void;
  /** TLS (grpc.ServerCredentials.createSsl); plaintext when unset. */
  credentials?: grpc.ServerCredentials;
}

export interface RunningP4RuntimeServer {
  readonly address: string;
  readonly port: number;
  readonly service: P4RuntimeService;
  /** Stop accepting calls, end open streams, and wait (at most graceMs) for calls in flight. */
  stop(graceMs?: number): Promise<void>;
}

export async function startP4RuntimeServer(opts: P4RuntimeServerOptions): Promise<RunningP4RuntimeServer> {
  const address = opts.address ?? '127.0.0.1:9559';
  const service = new P4RuntimeService({
    deviceId: BigInt(opts.deviceId ?? 0),
    cpuPort: opts.cpuPort ?? 255,
    loader: opts.loader,
    ...(opts.log ? { log: opts.log } : {}),
  });
  if (opts.initialProgram)
    service.device.installInitial(opts.initialProgram.source, opts.initialProgram.name);
  const server = new grpc.Server({
    'grpc.max_receive_message_length': 256 * 1024 * 1024,
    'grpc.max_send_message_length': 256 * 1024 * 1024,
  });
  server.addService(p4RuntimeService(), service.handlers() as unknown as grpc.UntypedServiceImplementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(address, opts.credentials ?? grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  const host = address.slice(0, address.lastIndexOf(':'));
  let stopped: Promise<void> | undefined;
  return {
    address: `${host}:${port}`,
    port,
    service,
    stop(graceMs = 2000) {
      stopped ??= new Promise<void>((resolve) => {
        service.closeStreams();
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      return stopped;
    },
  };
}
