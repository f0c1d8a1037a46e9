// Many devices at once: independent embedded switches (`mlt target --fabric`), and the switches of a
// simulated fabric served over P4Runtime, so that what a controller writes is what packets meet.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { P4RuntimeClient, parseP4InfoText } from 'p4runtime-ts';
import { p4infoToText } from '../../compiler/index.js';
import { serveSimSwitches, startEmbeddedFabric } from '../../p4runtime/index.js';
import { engineFactory, type EnginePipeline } from '../../sim/engine-pipeline.js';
import { Fabric } from '../../sim/fabric.js';
import { buildLeafSpine } from '../../sim/leaf-spine.js';

const MLT_P4 = fileURLToPath(new URL('../../../p4/mlt.p4', import.meta.url));
const program = { source: readFileSync(MLT_P4, 'utf8'), name: MLT_P4 };
const link = { rateBps: 10e9, delayPs: 0 };

function route(client: P4RuntimeClient, prefix: string, port: number): Promise<void> {
  return client.insert({
    table: 'MLTIngress.ipv4_route',
    match: { 'hdr.ipv4.dst_addr': prefix },
    action: { name: 'MLTIngress.route_to_port', params: { port } },
  });
}

describe('P4Runtime fabrics', function () {
  this.timeout(60_000);

  it('startEmbeddedFabric: one independent device per switch, each on its own loopback port', async () => {
    const running = await startEmbeddedFabric([
      { name: 'a', address: '127.0.0.1:0', program },
      { name: 'b', address: '127.0.0.1:0', deviceId: 5, program },
    ]);
    const clients = running.endpoints.map(
      (e) => new P4RuntimeClient({ address: e.address, deviceId: e.deviceId, reconnect: false }),
    );
    try {
      assert.deepEqual(
        running.endpoints.map((e) => [e.name, e.deviceId]),
        [
          ['a', 0],
          ['b', 5],
        ],
      );
      assert.notEqual(running.endpoints[0]!.address, running.endpoints[1]!.address);
      for (const c of clients) {
        assert.equal((await c.connect()).primary, true);
        await c.fetchP4Info();
      }
      await route(clients[0]!, '10.0.0.0/8', 3);
      assert.equal((await clients[0]!.readTableEntries('MLTIngress.ipv4_route')).length, 1);
      assert.equal((await clients[1]!.readTableEntries('MLTIngress.ipv4_route')).length, 0);
    } finally {
      for (const c of clients) c.close();
      await running.stop(0);
    }
  });

  it('refuses a non-loopback address and starts nothing', async () => {
    await assert.rejects(
      startEmbeddedFabric([
        { name: 'a', address: '127.0.0.1:0', program },
        { name: 'b', address: '0.0.0.0:0', program },
      ]),
      /b: 0\.0\.0\.0:0 is not a loopback address/,
    );
  });

  it('serveSimSwitches: entries written over P4Runtime are in the simulated switch; a pipeline push must be the same program and starts it afresh', async () => {
    const fabric = new Fabric();
    const factory = engineFactory(8)(MLT_P4);
    buildLeafSpine(
      fabric,
      { spines: 2, leaves: 2, hostsPerLeaf: 1, hostLink: link, fabricLink: link },
      (_r, i) => factory(i + 1),
    );
    const running = await serveSimSwitches(fabric, { program });
    assert.deepEqual(
      running.endpoints.map((e) => e.name),
      ['spine0', 'spine1', 'leaf0', 'leaf1'],
    );
    const leaf0 = running.endpoints.find((e) => e.name === 'leaf0')!;
    const client = new P4RuntimeClient({ address: leaf0.address, reconnect: false });
    try {
      await client.connect();
      await client.fetchP4Info();
      await route(client, '10.0.1.0/24', 3);
      const sw = (fabric.switches.get('leaf0')!.pipeline as EnginePipeline).sw;
      const table = sw.p4info.tables.find((t) => t.preamble.name === 'MLTIngress.ipv4_route')!;
      assert.equal(sw.readEntries(table.preamble.id).length, 1);
      assert.equal(
        (fabric.switches.get('leaf1')!.pipeline as EnginePipeline).sw.readEntries(table.preamble.id).length,
        0,
      );

      const other = 'control C() { apply { } }\n';
      await assert.rejects(
        client.setPipeline({
          p4info: parseP4InfoText(p4infoToText(sw.p4info)),
          deviceConfig: Buffer.from(other),
        }),
        /INVALID_ARGUMENT/,
      );
      const p4info = parseP4InfoText(p4infoToText(sw.p4info));
      await client.setPipeline({ p4info, deviceConfig: Buffer.from(program.source) });
      assert.equal(sw.readEntries(table.preamble.id).length, 0);
      await route(client, '10.0.1.0/24', 4);
      assert.equal(sw.readEntries(table.preamble.id).length, 1);
    } finally {
      client.close();
      await running.stop(0);
    }
  });
});
