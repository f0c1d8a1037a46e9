import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { P4RuntimeError, WriteError } from '../../../p4runtime-ts/src/errors.js';
import { startEmbeddedTarget } from '../../p4runtime/index.js';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { closeClients, compiledP4Info, newClient } from './harness.js';

const METER_PROGRAM = fileURLToPath(new URL('./programs/meter.p4', import.meta.url));

describe('P4Runtime server: meters are reported as unsupported, not faked', () => {
  let server: RunningP4RuntimeServer;
  before(async () => {
    server = await startEmbeddedTarget({ address: '127.0.0.1:0', deviceId: 1 });
  });
  after(async () => {
    closeClients();
    await server.stop(200);
  });

  it('answers meter writes and reads with UNIMPLEMENTED', async () => {
    const source = readFileSync(METER_PROGRAM, 'utf8');
    const c = newClient(server, { electionId: 1n });
    await c.connect();
    await c.setPipeline({ p4info: compiledP4Info(source), deviceConfig: Buffer.from(source) });
    assert.equal(c.codec.index.meters.all().length, 1);
    const config = { cir: 10n, cburst: 10n, pir: 20n, pburst: 20n };
    await assert.rejects(
      c.writeMeter('rate', 0, config),
      (e: WriteError) => e.failed[0]?.canonical_code === status.UNIMPLEMENTED,
    );
    await assert.rejects(c.readMeters('rate'), (e: P4RuntimeError) => e.code === status.UNIMPLEMENTED);
    await assert.rejects(
      c.write([
        {
          type: 'MODIFY',
          entity: c.codec.directMeterEntity(
            { table: 'flows', match: { 'hdr.ethernet.src_addr': 1 } },
            config,
          ),
        },
      ]),
      (e: WriteError) => e.failed[0]?.canonical_code === status.UNIMPLEMENTED,
    );
    // Table entries of a metered table still work when they carry no meter config.
    await c.insert({ table: 'flows', match: { 'hdr.ethernet.src_addr': 1 }, action: { name: 'police' } });
    assert.equal((await c.readTableEntries('flows')).length, 1);
  });
});
