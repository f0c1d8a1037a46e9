import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import type { PacketInEvent } from 'p4runtime-ts';
import type { OutputPacket } from '../../engine/control-plane-api.js';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import {
  closeClients,
  compiledP4Info,
  frame,
  newClient,
  once,
  primaryWithPipeline,
  startServer,
} from './harness.js';

describe('P4Runtime server: packet I/O through controller headers', () => {
  let server: RunningP4RuntimeServer;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    closeClients();
    await server.stop(500);
  });

  it('PacketOut: metadata becomes the packet_out header and the program sends the packet where it says', async () => {
    const c = await primaryWithPipeline(server);
    const payload = frame({ dst: 0x1234n });
    const out = once<OutputPacket>(server.service, 'egress');
    c.packetOut(payload, { egress_port: 7 });
    const pkt = await out;
    assert.equal(pkt.port, 7);
    assert.deepEqual(Buffer.from(pkt.data), payload);
  });

  it('PacketIn: a packet the program sends to the CPU port reaches the primary with its metadata, not the backup', async () => {
    const c = await primaryWithPipeline(server);
    const backup = newClient(server, { electionId: 3n, p4info: compiledP4Info() });
    await backup.connect();
    let backupGot = 0;
    backup.on('packetIn', () => backupGot++);
    await c.insert({
      table: 'acl',
      match: { 'hdr.ethernet.src_addr': { value: 0xbbn, mask: 0xffn }, 'sm.ingress_port': 3 },
      priority: 1,
      action: { name: 'to_cpu', params: { reason: 5 } },
    });
    const got = once<PacketInEvent>(c, 'packetIn');
    const sent = frame();
    server.service.injectPacket(3, sent);
    const pin = await got;
    assert.deepEqual(pin.metadata, { ingress_port: 3n, reason: 5n });
    assert.deepEqual(pin.payload, sent);
    // A packet from another port does not match the optional field and is forwarded normally.
    const out = once<OutputPacket>(server.service, 'egress');
    await c.insert({
      table: 'dmac',
      match: { 'hdr.ethernet.dst_addr': 0xaa },
      action: { name: 'forward', params: { port: 9 } },
    });
    server.service.injectPacket(4, sent);
    assert.equal((await out).port, 9);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(backupGot, 0);
  });

  it('refuses PacketOut from a backup and bad metadata with a StreamError', async () => {
    const c = await primaryWithPipeline(server);
    const backup = newClient(server, { electionId: 3n, p4info: compiledP4Info() });
    await backup.connect();
    const denied = once<{ code: number }>(backup, 'streamError');
    backup.packetOut(frame(), { egress_port: 1 });
    assert.equal((await denied).code, status.PERMISSION_DENIED);
    const bad = once<{ code: number; message: string }>(c, 'streamError');
    c.packetOut(frame(), [{ metadata_id: 1, value: Buffer.from([2, 0]) }]);
    const err = await bad;
    assert.equal(err.code, status.INVALID_ARGUMENT);
    assert.match(err.message, /egress_port/);
  });
});
