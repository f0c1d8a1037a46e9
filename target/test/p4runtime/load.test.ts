import { strict as assert } from 'node:assert';
import type { P4RuntimeClient, Update } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import {
  closeClients,
  compiledP4Info,
  newClient,
  once,
  primaryWithPipeline,
  startServer,
} from './harness.js';
import { startP4RuntimeServer } from '../../p4runtime/server.js';
import { engineLoader } from '../../p4runtime/engine-loader.js';

function lpmInserts(c: P4RuntimeClient, from: number, count: number): Update[] {
  const out: Update[] = [];
  for (let i = from; i < from + count; i++) {
    out.push({
      type: 'INSERT',
      entity: c.codec.tableEntity({
        table: 'ipv4_lpm',
        match: { 'hdr.ipv4.dst_addr': { value: BigInt(i) << 8n, prefixLen: 24 } },
        action: { name: 'forward', params: { port: i % 512 } },
      }),
    });
  }
  return out;
}

describe('P4Runtime server: large batches, concurrent readers, reconnect', function () {
  // Tens of thousands of entries through the real engine: allow for a busy CI machine.
  this.timeout(120_000);
  let server: RunningP4RuntimeServer;
  afterEach(async () => {
    closeClients();
    await server.stop(500);
  });

  it('writes 20000 entries in batches of 1000 and reads them all back in one streamed Read', async () => {
    server = await startServer();
    const c = await primaryWithPipeline(server);
    await c.writeBatched(lpmInserts(c, 1, 20000), 1000);
    const entries = await c.readTableEntries('ipv4_lpm');
    assert.equal(entries.length, 20000);
    assert.deepEqual(entries[19999]?.match['hdr.ipv4.dst_addr'], {
      kind: 'lpm',
      value: 20000n << 8n,
      prefixLen: 24,
    });
    assert.equal(entries[19999]?.action?.params['port'], BigInt(20000 % 512));
  });

  it('readers running during writes always see whole batches (each Read is one snapshot)', async () => {
    server = await startServer();
    const c = await primaryWithPipeline(server);
    const readers = [1, 2, 3].map(() => {
      const r = newClient(server, { p4info: compiledP4Info() });
      return r;
    });
    const batch = 500;
    const seen: number[] = [];
    let writing = true;
    const readLoops = readers.map(async (r) => {
      while (writing) {
        const n = (await r.readTableEntries('ipv4_lpm')).length;
        seen.push(n);
        assert.equal(n % batch, 0, `a read saw ${n} entries, not a whole number of batches`);
      }
    });
    for (let b = 0; b < 20; b++) await c.write(lpmInserts(c, 1 + b * batch, batch));
    writing = false;
    await Promise.all(readLoops);
    assert.ok(seen.length >= 3, `readers completed ${seen.length} reads`);
    assert.ok(
      seen.some((n) => n > 0 && n < 20 * batch),
      `no read overlapped the writes: ${seen.join(',')}`,
    );
    assert.equal((await c.readTableEntries('ipv4_lpm')).length, 20 * batch);
  });

  it('the client re-opens its stream and arbitrates again after the server comes back', async () => {
    server = await startServer();
    const port = server.port;
    const c = newClient(server, { electionId: 4n, reconnect: { initialDelayMs: 20, maxDelayMs: 100 } });
    assert.equal((await c.connect()).primary, true);
    const down = once(c, 'disconnected');
    await server.stop(200);
    await down;
    assert.equal(c.isPrimary, false);
    const back = once(c, 'primary', 8000);
    server = await startP4RuntimeServer({
      address: `127.0.0.1:${port}`,
      deviceId: 1,
      loader: engineLoader(),
    });
    await back;
    assert.equal(c.isPrimary, true);
  });
});
