// The server's limits (issue 14), each over real gRPC: the receive limit, role and election checked before
// a Write's updates are decoded, the per-request caps answered with RESOURCE_EXHAUSTED, and the field budget
// that stops a message of millions of tiny fields before it is decoded.
import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { P4RuntimeError, type P4RuntimeClient, type Update } from 'p4runtime-ts';
import { engineLoader } from '../../p4runtime/engine-loader.js';
import type { ServerLimits } from '../../p4runtime/limits.js';
import { startP4RuntimeServer, type RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { closeClients, compiledP4Info, CPU_PORT, DEVICE_ID, newClient, PROGRAM_SOURCE } from './harness.js';
import { emptyUpdates, lenField, RawP4RuntimeClient, varintField, writeHeader } from './raw-client.js';

const LIMITS: Partial<ServerLimits> = {
  maxReceiveBytes: 4 * 1024 * 1024,
  maxUpdatesPerWrite: 100,
  maxEntitiesPerRead: 50,
  maxFieldsPerMessage: 20_000,
};

describe('P4Runtime server: limits on what one request can make it do', () => {
  let server: RunningP4RuntimeServer;
  let c: P4RuntimeClient;
  let raw: RawP4RuntimeClient;
  beforeEach(async () => {
    server = await startP4RuntimeServer({
      address: '127.0.0.1:0',
      deviceId: DEVICE_ID,
      cpuPort: CPU_PORT,
      loader: engineLoader({ cpuPort: CPU_PORT }),
      limits: LIMITS,
    });
    c = newClient(server, { electionId: 10n });
    assert.equal((await c.connect()).primary, true);
    await c.setPipeline({ p4info: compiledP4Info(), deviceConfig: Buffer.from(PROGRAM_SOURCE) });
    raw = new RawP4RuntimeClient(server.address);
  });
  afterEach(async () => {
    raw.close();
    closeClients();
    await server.stop(500);
  });

  it('refuses a message over the receive limit with RESOURCE_EXHAUSTED and keeps serving', async () => {
    const big = Buffer.concat([writeHeader(DEVICE_ID, 10n), emptyUpdates(2_100_000)]);
    assert.equal((await raw.unary('Write', big)).code, status.RESOURCE_EXHAUSTED);
    await c.writeCounter('port_pkts', 1, { packets: 1n, bytes: 1n });
  });

  it('answers a non-primary Write with PERMISSION_DENIED before decoding its updates', async () => {
    // Far more updates than the cap and than the field budget: only a header check can answer this.
    const body = Buffer.concat([writeHeader(DEVICE_ID, 3n), emptyUpdates(1_500_000)]);
    const r = await raw.unary('Write', body);
    assert.equal(r.code, status.PERMISSION_DENIED, r.details);
    const unknownDevice = Buffer.concat([writeHeader(DEVICE_ID + 1, 10n), emptyUpdates(1_500_000)]);
    assert.equal((await raw.unary('Write', unknownDevice)).code, status.NOT_FOUND);
  });

  it('caps the updates of one Write (RESOURCE_EXHAUSTED, nothing applied) and accepts the cap', async () => {
    const update = (i: number): Update => ({
      type: 'MODIFY',
      entity: c.codec.counterEntity('port_pkts', i % 16, { packets: BigInt(i), bytes: 1n }),
    });
    await assert.rejects(
      c.write(Array.from({ length: 101 }, (_, i) => update(i))),
      (e: P4RuntimeError) => e.code === status.RESOURCE_EXHAUSTED && /at most 100 updates/.test(e.details),
    );
    assert.equal((await c.readCounters('port_pkts', 15))[0]?.data.packets, 0n);
    await c.write(Array.from({ length: 100 }, (_, i) => update(i)));
    assert.equal((await c.readCounters('port_pkts', 15))[0]?.data.packets, 95n);
  });

  it('caps the entities of one Read', async () => {
    const entities = Array.from({ length: 51 }, () => c.codec.counterEntity('port_pkts', 1));
    await assert.rejects(c.readAll(entities), (e: P4RuntimeError) => e.code === status.RESOURCE_EXHAUSTED);
    assert.equal((await c.readAll(entities.slice(0, 50))).length, 50);
  });

  it('refuses a message of too many fields, on any RPC, before decoding it', async () => {
    // A PacketOut (StreamMessageRequest.packet = 2) with 30 000 empty metadata (PacketOut.metadata = 2).
    const manyMetadata = lenField(
      2,
      Buffer.concat(Array.from({ length: 30_000 }, () => lenField(2, Buffer.alloc(0)))),
    );
    const arbitration = lenField(
      1,
      Buffer.concat([varintField(1, DEVICE_ID), lenField(3, varintField(2, 77n))]),
    );
    const ended = await raw.stream([arbitration, manyMetadata]);
    assert.equal(ended.code, status.RESOURCE_EXHAUSTED, ended.details);
    // A SetForwardingPipelineConfig whose P4Info (config = 5, p4info = 1) holds 30 000 empty tables (= 2).
    const tables = Buffer.concat(Array.from({ length: 30_000 }, () => lenField(2, Buffer.alloc(0))));
    const push = Buffer.concat([
      varintField(1, DEVICE_ID),
      lenField(3, varintField(2, 10n)),
      varintField(4, 3),
      lenField(5, lenField(1, tables)),
    ]);
    assert.equal((await raw.unary('SetForwardingPipelineConfig', push)).code, status.RESOURCE_EXHAUSTED);
    assert.equal((await c.readCounters('port_pkts', 1)).length, 1);
  });

  it('answers malformed protobuf with an error status and keeps serving', async () => {
    for (const name of ['Write', 'SetForwardingPipelineConfig', 'Capabilities']) {
      const r = await raw.unary(name, Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f, 0x01]));
      assert.notEqual(r.code, status.OK, name);
    }
    assert.notEqual((await raw.read(Buffer.from([0x12, 0x05, 0x01]))).code, status.OK);
    await c.writeCounter('port_pkts', 1, { packets: 2n, bytes: 2n });
  });
});
