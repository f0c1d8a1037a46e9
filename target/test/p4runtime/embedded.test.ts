import { strict as assert } from 'node:assert';
import { P4RuntimeClient } from 'p4runtime-ts';
import { PipelineLoadError, startEmbeddedTarget } from '../../p4runtime/index.js';
import { frame, PROGRAM_PATH } from './harness.js';

describe('startEmbeddedTarget', () => {
  it('runs a program file from the start and serves it over P4Runtime', async () => {
    const server = await startEmbeddedTarget({ p4Path: PROGRAM_PATH, address: '127.0.0.1:0', deviceId: 4 });
    const c = new P4RuntimeClient({ address: server.address, deviceId: 4, electionId: 2n, reconnect: false });
    try {
      await c.connect();
      await c.fetchP4Info();
      await c.insert({
        table: 'dmac',
        match: { 'hdr.ethernet.dst_addr': 0xaa },
        action: { name: 'forward', params: { port: 6 } },
      });
      const out: number[] = [];
      server.service.on('egress', (p) => out.push(p.port));
      server.service.injectPacket(1, frame());
      assert.deepEqual(out, [6]);
    } finally {
      c.close();
      await server.stop(200);
    }
  });

  it('throws PipelineLoadError with diagnostics for a program that does not compile', async () => {
    await assert.rejects(
      startEmbeddedTarget({ p4Path: new URL(import.meta.url).pathname, address: '127.0.0.1:0' }),
      (e: Error) => e instanceof PipelineLoadError && /error/.test(e.message),
    );
  });
});
