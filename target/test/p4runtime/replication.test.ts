import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { multicastGroupEntity, WriteError, type P4RuntimeClient } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { closeClients, frame, primaryWithPipeline, startServer } from './harness.js';

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
    await c.insert({
      table: 'dmac',
      match: { 'hdr.ethernet.dst_addr': 0xaa },
      action: { name: 'mirror_fwd', params: { port: 1, session: 7 } },
    });
    server.service.injectPacket(2, frame());
    assert.deepEqual(
      [...egress].sort((a, b) => a - b),
      [1, 9],
    );
    assert.deepEqual(await c.readCloneSessions(), [
      { kind: 'clone', id: 7, replicas: [{ port: 9, instance: 0 }] },
    ]);
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
    assert.equal(
      await code(c.writeCloneSession('INSERT', 4, [{ port: 1 }, { port: 2 }])),
      status.UNIMPLEMENTED,
    );
    assert.equal(
      await code(c.writeCloneSession('INSERT', 4, [{ port: 1 }], { packetLengthBytes: 64 })),
      status.UNIMPLEMENTED,
    );
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
