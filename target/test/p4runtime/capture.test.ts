// `mlt target --pcap`: a device's egress in capture files, and a capture that fails leaving the device running.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutputPacket } from '../../engine/control-plane-api.js';
import { captureEgress } from '../../p4runtime/capture.js';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { readPcap } from '../../pcap/index.js';
import { closeClients, frame, once, primaryWithPipeline, startServer } from './harness.js';

describe('P4Runtime server: egress capture', () => {
  let server: RunningP4RuntimeServer;
  let dir: string;
  beforeEach(async () => {
    server = await startServer();
    dir = mkdtempSync(join(tmpdir(), 'mlt-egress-capture-'));
  });
  afterEach(async () => {
    closeClients();
    await server.stop(500);
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes each port it sends out of to its own file, frame by frame', async () => {
    const c = await primaryWithPipeline(server);
    const logged: string[] = [];
    const cap = captureEgress(
      server.service,
      dir,
      (p) => `port${p}_out.pcap`,
      (l) => logged.push(l),
    );
    for (const port of [7, 2, 7]) {
      const out = once<OutputPacket>(server.service, 'egress');
      c.packetOut(frame({ dst: BigInt(port) }), { egress_port: port });
      await out;
    }
    // Written through: readable before close().
    assert.equal(readPcap(readFileSync(join(dir, 'port7_out.pcap'))).length, 2);
    const files = cap.close();
    assert.deepEqual(files, [join(dir, 'port2_out.pcap'), join(dir, 'port7_out.pcap')]);
    const [f] = readPcap(readFileSync(join(dir, 'port2_out.pcap')));
    assert.deepEqual(Buffer.from(f!.data), frame({ dst: 2n }));
    assert.deepEqual(logged, []);
  });

  it('stops capturing with a log line when a file cannot be written, and the device goes on forwarding', async () => {
    const c = await primaryWithPipeline(server);
    const logged: string[] = [];
    captureEgress(
      server.service,
      join(dir, 'gone'),
      (p) => `port${p}_out.pcap`,
      (l) => logged.push(l),
    );
    rmSync(join(dir, 'gone'), { recursive: true });
    for (const port of [7, 7]) {
      const out = once<OutputPacket>(server.service, 'egress');
      c.packetOut(frame(), { egress_port: port });
      assert.equal((await out).port, port);
    }
    assert.equal(logged.length, 1);
    assert.match(logged[0]!, /^capture stopped: .*port7_out\.pcap/);
  });
});
