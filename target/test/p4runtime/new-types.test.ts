// User-defined types (`type`, @p4runtime_translation) over real gRPC on loopback. The server reads requests by
// its P4Info, as PI does: a translated field has the controller's width there, and a string translation has
// none (bmv2 answers "does not fit within 0 bits"). Values are not translated, by this target or by bmv2, so a
// value the P4Info allows but the data plane cannot hold is refused rather than cut short.
import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { P4RuntimeClient } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { primaryForEachTest, writeFails } from './harness.js';

const SOURCE = readFileSync(fileURLToPath(new URL('./programs/new-types.p4', import.meta.url)), 'utf8');

describe('P4Runtime server: user-defined types', () => {
  let server: RunningP4RuntimeServer;
  let c: P4RuntimeClient;
  primaryForEachTest((s, client) => {
    server = s;
    c = client;
  }, SOURCE);

  it('serves the P4Info with type names and translated widths, and forwards by entries of new types', async () => {
    const info = await c.fetchP4Info();
    assert.equal(info.tables[0]!.match_fields[0]!.type_name?.name, 'Port_t');
    assert.equal(info.type_info?.new_types['Mac_t']?.translated_type?.sdn_bitwidth, 64);
    await c.insert({
      table: 'by_port',
      match: { port: 3 },
      action: { name: 'forward', params: { port: 5, src: 0x0000_1122_3344_5566n } },
    });
    const [e] = await c.readTableEntries('by_port');
    assert.deepEqual(e?.action, {
      id: info.actions.find((a) => a.preamble?.name === 'MyIngress.forward')?.preamble?.id,
      name: 'MyIngress.forward',
      params: { port: 5n, src: 0x1122_3344_5566n },
    });
    const [out] = server.service.device.running!.device.processPacket(3, new Uint8Array(14));
    assert.equal(out?.port, 5);
    assert.deepEqual([...out!.data.subarray(6, 12)], [0x11, 0x22, 0x33, 0x44, 0x55, 0x66]);
    assert.deepEqual(await c.readRegisters('last_port', 0), [
      { register: 'MyIngress.last_port', index: 0, value: 3n },
    ]);
  });

  it('refuses a value of the P4Info width that the data plane cannot hold, changing nothing', async () => {
    await assert.rejects(
      c.insert({
        table: 'by_port',
        match: { port: 3 },
        action: { name: 'forward', params: { port: 5, src: 1n << 48n } },
      }),
      writeFails(status.INVALID_ARGUMENT, /does not fit the data plane's 48 bits.*does not translate/),
    );
    assert.deepEqual(await c.readTableEntries('by_port'), []);
  });

  it('refuses any value of a string-translated type: it has no width in the P4Info', async () => {
    await assert.rejects(
      c.insert({ table: 'by_port', match: { port: 1 }, action: { name: 'tag', params: { label: 0 } } }),
      writeFails(status.INVALID_ARGUMENT, /does not fit within 0 bits/),
    );
    assert.deepEqual(await c.readTableEntries('by_port'), []);
  });
});
