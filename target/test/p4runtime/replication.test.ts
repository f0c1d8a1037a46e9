import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { multicastGroupEntity, WriteError, type P4RuntimeClient } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import {
  closeClients,
  compiledP4Info,
  frame,
  primaryWithPipeline,
  PROGRAM_SOURCE,
  startServer,
} from './harness.js';

describe('P4Runtime server: packet replication engine', () => {
  let server: RunningP4RuntimeServer;
  let c: P4RuntimeClient;
  const egress: number[] = [];
  beforeEach(async () => {
    server = await startServer();
    c = await primaryWithPipeline(server);
    egress.length = 0;
    server.service.on('egress', (p) => egress.push(p.port));
  });
  afterEach(async () => {
    closeClients();
    await server.stop(500);
  });

  /** Packets to 0xaa leave by port 1 and are cloned (I2E) to `session`. */
  const forwardAndMirror = (session: number) =>
    c.insert({
      table: 'dmac',
      match: { 'hdr.ethernet.dst_addr': 0xaa },
      action: { name: 'mirror_fwd', params: { port: 1, session } },
    });

  it('multicast groups replicate packets, read back, modify and delete', async () => {
    await c.writeMulticastGroup('INSERT', 5, [{ port: 2 }, { port: 3, instance: 1 }]);
    await c.insert({
      table: 'dmac',
      match: { 'hdr.ethernet.dst_addr': 0xaa },
      action: { name: 'flood', params: { grp: 5 } },
    });
    server.service.injectPacket(1, frame());
    assert.deepEqual([...egress].sort(), [2, 3]);
    assert.deepEqual(await c.readMulticastGroups(), [
      {
        kind: 'multicast',
        id: 5,
        replicas: [
          { port: 2, instance: 0 },
          { port: 3, instance: 1 },
        ],
      },
    ]);
    await c.writeMulticastGroup('MODIFY', 5, [{ port: 4 }], 'uint32');
    egress.length = 0;
    server.service.injectPacket(1, frame());
    assert.deepEqual(egress, [4]);
    assert.deepEqual((await c.readMulticastGroups(5))[0]?.replicas, [{ port: 4, instance: 0 }]);
    await c.writeMulticastGroup('DELETE', 5);
    assert.deepEqual(await c.readMulticastGroups(), []);
  });

  it('clone sessions mirror packets', async () => {
    await c.writeCloneSession('INSERT', 7, [{ port: 9 }]);
    await forwardAndMirror(7);
    server.service.injectPacket(2, frame());
    assert.deepEqual(
      [...egress].sort((a, b) => a - b),
      [1, 9],
    );
    assert.deepEqual(await c.readCloneSessions(), [
      {
        kind: 'clone',
        id: 7,
        replicas: [{ port: 9, instance: 0 }],
        classOfService: 0,
        packetLengthBytes: 0,
      },
    ]);
  });

  it('clone sessions of several replicas clone once per replica, each with its instance as egress_rid', async () => {
    // PI programs a clone session into bmv2 as a mirroring session to a multicast group of its own (2^15 + the
    // session id): one clone per replica, egress_rid = the replica's instance. That group is not the
    // controller's: it is not read back, and ids from 2^15 on are refused.
    const out: { port: number; src: number }[] = [];
    server.service.on('egress', (p) =>
      out.push({ port: p.port, src: Number(Buffer.from(p.data.subarray(6, 12)).readUIntBE(0, 6)) }),
    );
    await c.writeCloneSession('INSERT', 7, [
      { port: 9, instance: 4 },
      { port: 3, instance: 6 },
      { port: 8, instance: 4 },
    ]);
    await forwardAndMirror(7);
    server.service.injectPacket(2, frame());
    assert.deepEqual(
      out.sort((a, b) => a.port - b.port),
      [
        { port: 1, src: 0xbb },
        { port: 3, src: 6 },
        { port: 8, src: 4 },
        { port: 9, src: 4 },
      ],
    );
    assert.deepEqual(await c.readMulticastGroups(), []);
    // A reconciled pipeline keeps the session.
    await c.setPipeline({
      p4info: compiledP4Info(),
      deviceConfig: Buffer.from(PROGRAM_SOURCE),
      action: 'RECONCILE_AND_COMMIT',
      force: true,
    });
    out.length = 0;
    server.service.injectPacket(2, frame());
    assert.deepEqual(out.map((o) => `${o.port}:${o.src}`).sort(), ['1:187', '3:6', '8:4', '9:4']);
    await c.writeCloneSession('MODIFY', 7, [{ port: 5, instance: 1 }]);
    out.length = 0;
    server.service.injectPacket(2, frame());
    assert.deepEqual(
      out.map((o) => o.port).sort((a, b) => a - b),
      [1, 5],
    );
    await c.writeCloneSession('DELETE', 7);
    out.length = 0;
    server.service.injectPacket(2, frame());
    assert.deepEqual(
      out.map((o) => o.port),
      [1],
    );
  });

  it('takes a group and a clone session of 100 000 replicas, each its own instance, in one pass', async () => {
    // The replicas are sorted into bmv2 nodes (one per instance) without comparing each with each other.
    const many = Array.from({ length: 100_000 }, (_, i) => ({ port: i % 500, instance: i }));
    await c.writeMulticastGroup('INSERT', 9, many);
    await c.writeCloneSession('INSERT', 9, many);
    assert.equal((await c.readMulticastGroups(9))[0]?.replicas.length, many.length);
    assert.equal((await c.readCloneSessions(9))[0]?.replicas.length, many.length);
  });

  it('reports replication errors with the spec codes, and rolls them back atomically', async () => {
    await c.writeMulticastGroup('INSERT', 1, [{ port: 1 }]);
    const code = async (p: Promise<void>): Promise<number | undefined> => {
      try {
        await p;
      } catch (e) {
        assert.ok(e instanceof WriteError);
        return e.failed[0]?.canonical_code;
      }
      return undefined;
    };
    assert.equal(await code(c.writeMulticastGroup('INSERT', 1, [])), status.ALREADY_EXISTS);
    assert.equal(await code(c.writeMulticastGroup('DELETE', 2)), status.NOT_FOUND);
    assert.equal(await code(c.writeMulticastGroup('INSERT', 0, [])), status.INVALID_ARGUMENT);
    assert.equal(
      await code(c.writeMulticastGroup('INSERT', 3, [{ port: 1 }, { port: 1 }])),
      status.INVALID_ARGUMENT,
    );
    assert.equal(await code(c.writeMulticastGroup('INSERT', 3, [{ port: 600 }])), status.INVALID_ARGUMENT);
    // PI's ranges and answers on bmv2.
    assert.equal(await code(c.writeMulticastGroup('INSERT', 1 << 15, [])), status.OUT_OF_RANGE);
    await assert.rejects(c.readMulticastGroups((1 << 15) + 4), (e: { code?: number }) => {
      assert.equal(e.code, status.OUT_OF_RANGE);
      return true;
    });
    assert.equal(await code(c.writeCloneSession('INSERT', 0, [{ port: 1 }])), status.INVALID_ARGUMENT);
    assert.equal(await code(c.writeCloneSession('INSERT', 512, [{ port: 1 }])), status.OUT_OF_RANGE);
    assert.equal(
      await code(c.writeCloneSession('INSERT', 4, [{ port: 1 }, { port: 1 }])),
      status.INVALID_ARGUMENT,
    );
    assert.equal(
      await code(c.writeCloneSession('INSERT', 4, [{ port: 1 }], { classOfService: 2 })),
      status.UNIMPLEMENTED,
    );
    // bmv2 cannot truncate clones: PI reports the target's refusal as UNKNOWN.
    assert.equal(
      await code(c.writeCloneSession('INSERT', 4, [{ port: 1 }], { packetLengthBytes: 64 })),
      status.UNKNOWN,
    );
    assert.deepEqual(await c.readCloneSessions(), []);
    await assert.rejects(
      c.write(
        [
          { type: 'MODIFY', entity: multicastGroupEntity(1, [{ port: 8 }]) },
          { type: 'INSERT', entity: multicastGroupEntity(1, []) },
        ],
        'ROLLBACK_ON_ERROR',
      ),
      WriteError,
    );
    assert.deepEqual((await c.readMulticastGroups(1))[0]?.replicas, [{ port: 1, instance: 0 }]);
  });
});
