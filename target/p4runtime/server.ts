// A P4Runtime gRPC server for one embedded-target device, listening on a loopback address.
import * as grpc from '@grpc/grpc-js';
import type { ServerLimits } from './limits.js';
import type { PipelineLoader } from './pipeline.js';
import { guardedP4RuntimeService } from './request-decoding.js';
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
  /** Message sizes, batch sizes and keepalive; see limits.ts for the defaults and their reasons. */
  limits?: Partial<ServerLimits>;
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
    ...(opts.limits ? { limits: opts.limits } : {}),
  });
  const limits = service.limits;
  if (opts.initialProgram)
    service.device.installInitial(opts.initialProgram.source, opts.initialProgram.name);
  const server = new grpc.Server({
    'grpc.max_receive_message_length': limits.maxReceiveBytes,
    // Responses are built by the server (a Read is streamed in chunks); only a GetForwardingPipelineConfig
    // carries a whole config, which the receive limit already bounds.
    'grpc.max_send_message_length': 256 * 1024 * 1024,
    'grpc.keepalive_time_ms': limits.keepaliveTimeMs,
    'grpc.keepalive_timeout_ms': limits.keepaliveTimeoutMs,
  });
  server.addService(
    guardedP4RuntimeService(limits),
    service.handlers() as unknown as grpc.UntypedServiceImplementation,
  );
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
