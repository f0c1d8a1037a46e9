// Adversarial load (issue 14): a client that is not primary sends Writes just under the receive limit,
// each tens of millions of updates, while the primary keeps writing. The primary's writes must all succeed
// and the server's heap must stay bounded: the non-primary's updates are never decoded.
import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import {
  closeClients,
  compiledP4Info,
  DEVICE_ID,
  newClient,
  PROGRAM_SOURCE,
  startServer,
} from './harness.js';
import { emptyUpdates, RawP4RuntimeClient, writeHeader } from './raw-client.js';

const LIMIT = 16 * 1024 * 1024;

describe('P4Runtime server under a non-primary flood of Writes near the receive limit', function () {
  this.timeout(90_000);
  let server: RunningP4RuntimeServer;
  before(async () => {
    server = await startServer(false, { maxReceiveBytes: LIMIT });
  });
  after(async () => {
    closeClients();
    await server.stop(500);
  });

  it('keeps the primary writing and the heap bounded', async () => {
    const primary = newClient(server, { electionId: 10n });
    assert.equal((await primary.connect()).primary, true);
    await primary.setPipeline({ p4info: compiledP4Info(), deviceConfig: Buffer.from(PROGRAM_SOURCE) });
    // A backup that arbitrated (so it is a known controller of the role), but is not primary.
    const backup = newClient(server, { electionId: 3n });
    assert.equal((await backup.connect()).primary, false);

    const header = writeHeader(DEVICE_ID, 3n);
    const updates = Math.floor((LIMIT - 64 - header.length) / 2);
    const flood = Buffer.concat([header, emptyUpdates(updates)]);
    assert.ok(flood.length > LIMIT - 1024 && flood.length <= LIMIT);

    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }, 5);

    let stop = false;
    let primaryWrites = 0;
    const writer = (async () => {
      for (let i = 0; !stop; i++) {
        await primary.writeCounter('port_pkts', i % 16, { packets: BigInt(i), bytes: 1n });
        primaryWrites++;
      }
    })();

    const raw = new RawP4RuntimeClient(server.address);
    try {
      for (let round = 0; round < 2; round++) {
        const r = await raw.unary('Write', flood, 60_000);
        assert.equal(r.code, status.PERMISSION_DENIED, r.details);
      }
    } finally {
      stop = true;
      await writer;
      clearInterval(sampler);
      raw.close();
    }
    assert.ok(primaryWrites > 0, 'the primary wrote nothing');
    // Decoding one flood would take gigabytes (about 12 million objects); scanning it takes nothing lasting.
    const growthMb = (heapPeak - heapBefore) / 2 ** 20;
    assert.ok(growthMb < 200, `heap grew by ${growthMb.toFixed(0)} MiB`);
    const [cell] = await primary.readCounters('port_pkts', (primaryWrites - 1) % 16);
    assert.equal(cell?.data.packets, BigInt(primaryWrites - 1));
  });
});
