// Shared set-up for the P4Runtime server tests: a real server on an ephemeral loopback port, real
// clients, and the test program compiled by the target's own front-end.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import type { status } from '@grpc/grpc-js';
import { P4RuntimeClient, P4RuntimeError, WriteError, type P4RuntimeClientOptions } from 'p4runtime-ts';
import { compileP4 } from '../../compiler/index.js';
import type { P4Info } from '../../p4info/types.js';
import { engineLoader } from '../../p4runtime/engine-loader.js';
import type { ServerLimits } from '../../p4runtime/limits.js';
import { startP4RuntimeServer, type RunningP4RuntimeServer } from '../../p4runtime/server.js';

export const PROGRAM_PATH = fileURLToPath(new URL('./programs/pktio.p4', import.meta.url));
export const PROGRAM_SOURCE = readFileSync(PROGRAM_PATH, 'utf8');
export const DEVICE_ID = 1;
export const CPU_PORT = 255;

export function compiledP4Info(source = PROGRAM_SOURCE): P4Info {
  const r = compileP4({ path: 'pktio.p4', text: source });
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  return r.p4info;
}

export async function startServer(
  withProgram = false,
  limits?: Partial<ServerLimits>,
): Promise<RunningP4RuntimeServer> {
  return startP4RuntimeServer({
    address: '127.0.0.1:0',
    deviceId: DEVICE_ID,
    cpuPort: CPU_PORT,
    loader: engineLoader({ cpuPort: CPU_PORT, seed: 1 }),
    ...(withProgram ? { initialProgram: { source: PROGRAM_SOURCE, name: 'pktio.p4' } } : {}),
    ...(limits ? { limits } : {}),
  });
}

const clients: P4RuntimeClient[] = [];

export function newClient(
  server: RunningP4RuntimeServer,
  opts: Partial<P4RuntimeClientOptions> = {},
): P4RuntimeClient {
  const c = new P4RuntimeClient({ address: server.address, deviceId: DEVICE_ID, reconnect: false, ...opts });
  clients.push(c);
  return c;
}

export function closeClients(): void {
  for (const c of clients.splice(0)) c.close();
}

/** A primary client with a program (the test program unless given) pushed. */
export async function primaryWithPipeline(
  server: RunningP4RuntimeServer,
  electionId = 10n,
  source = PROGRAM_SOURCE,
): Promise<P4RuntimeClient> {
  const c = newClient(server, { electionId });
  const arb = await c.connect();
  if (!arb.primary) throw new Error('expected to be primary');
  await c.setPipeline({ p4info: compiledP4Info(source), deviceConfig: Buffer.from(source) });
  return c;
}

/**
 * Registers, in the calling describe, a fresh server and a primary client with a program (the test program
 * unless given) for each test, closed after it; `use` receives them. Fresh for each test: a client skips
 * pushing an unchanged pipeline, so state would otherwise carry over.
 */
export function primaryForEachTest(
  use: (server: RunningP4RuntimeServer, client: P4RuntimeClient) => void,
  source = PROGRAM_SOURCE,
): void {
  let server: RunningP4RuntimeServer | undefined;
  beforeEach(async () => {
    server = await startServer();
    use(server, await primaryWithPipeline(server, 10n, source));
  });
  afterEach(async () => {
    closeClients();
    await server?.stop(500);
  });
}

/** The WriteError a write must fail with. */
export async function writeFailure(p: Promise<void>): Promise<WriteError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof WriteError, String(e));
    return e;
  }
  throw new Error('write succeeded');
}

export function once<T>(
  emitter: { once(ev: string, f: (v: T) => void): unknown },
  ev: string,
  ms = 3000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out waiting for ${ev}`)), ms);
    emitter.once(ev, (v: T) => {
      clearTimeout(t);
      resolve(v);
    });
  });
}

/** An Ethernet frame (optionally IPv4) for packet tests. */
export function frame(
  opts: { dst?: bigint; src?: bigint; etherType?: number; ipv4Dst?: number; len?: number } = {},
): Buffer {
  const b = Buffer.alloc(opts.len ?? 64);
  b.writeUIntBE(Number(opts.dst ?? 0x0000000000aan), 0, 6);
  b.writeUIntBE(Number(opts.src ?? 0x0000000000bbn), 6, 6);
  b.writeUInt16BE(opts.etherType ?? 0x88b6, 12);
  if (opts.etherType === 0x0800) {
    b[14] = 0x45;
    b.writeUInt16BE(b.length - 14, 16);
    b[22] = 64;
    b[23] = 17;
    b.writeUInt32BE(opts.ipv4Dst ?? 0x0a000001, 30);
  }
  return b;
}

/** For assert.rejects: a Write whose one failed update has this code (and a message matching `message`). */
export const writeFails =
  (code: status, message?: RegExp) =>
  (e: unknown): boolean =>
    e instanceof WriteError &&
    e.failed.length === 1 &&
    e.failed[0]!.canonical_code === code &&
    (message === undefined || message.test(e.failed[0]!.message));

/** For assert.rejects: an RPC (a Read) that failed with this code. */
export const readFails =
  (code: status) =>
  (e: unknown): boolean =>
    e instanceof P4RuntimeError && e.code === code;
