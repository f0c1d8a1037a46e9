// `mlt sim --pcap`: every switch port's traffic in capture files, stamped in virtual time.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPcap } from '../../pcap/index.js';
import { CaptureError, captureSwitchPorts } from '../../sim/capture.js';
import type { Fabric } from '../../sim/fabric.js';
import { ipv4 } from '../../sim/frames.js';
import { PS_PER_US } from '../../tm/time.js';
import { lineFabric, lineFlow } from './line-fabric.js';

/** 8 Gb/s links (a 1000-byte frame takes 1 us) with 2 us of delay. */
const line = (): Fabric => lineFabric(8e9, 2 * PS_PER_US);

describe('sim/capture', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-capture-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("writes each switch port's frames in and out, with the times they arrived and left", () => {
    const f = line();
    lineFlow(f, 5);
    const capture = captureSwitchPorts(f, dir);
    f.sim.run();
    const files = capture.close();
    assert.deepEqual(
      files.map((p) => p.slice(dir.length + 1)),
      ['sw-eth1_in.pcap', 'sw-eth2_out.pcap'],
    );
    assert.deepEqual(readdirSync(dir).sort(), ['sw-eth1_in.pcap', 'sw-eth2_out.pcap']);
    const got = readPcap(readFileSync(join(dir, 'sw-eth1_in.pcap')));
    const sent = readPcap(readFileSync(join(dir, 'sw-eth2_out.pcap')));
    assert.equal(got.length, 5);
    assert.equal(sent.length, 5);
    // At 4 Gb/s a frame leaves a every 2 us and is in sw 1 us (serialisation) + 2 us (link) later; with nothing
    // queued, sw starts sending it out at once.
    assert.deepEqual(
      got.map((r) => r.timeNs),
      [3000, 5000, 7000, 9000, 11000],
    );
    assert.deepEqual(
      sent.map((r) => r.timeNs),
      got.map((r) => r.timeNs),
    );
    for (const [i, r] of sent.entries()) {
      assert.equal(r.length, 1000);
      assert.equal(Buffer.from(r.data).readUInt32BE(14 + 16), ipv4('10.0.0.2'), `frame ${i} to b`);
    }
  });

  it('captures nothing once closed', () => {
    const f = line();
    lineFlow(f, 3);
    const sub = join(dir, 'closed');
    captureSwitchPorts(f, sub).close();
    f.sim.run();
    assert.deepEqual(readdirSync(sub), []);
  });

  it('reports a file it cannot make as a CaptureError naming it, for the caller to blame the directory', () => {
    const f = line();
    lineFlow(f, 3);
    const sub = join(dir, 'vanishing');
    captureSwitchPorts(f, sub);
    rmSync(sub, { recursive: true });
    assert.throws(
      () => f.sim.run(),
      (e: unknown) => e instanceof CaptureError && /vanishing\/sw-eth1_in\.pcap/.test(e.message),
    );
    writeFileSync(join(dir, 'plain'), '');
    assert.throws(() => captureSwitchPorts(f, join(dir, 'plain', 'x')), CaptureError);
  });
});
