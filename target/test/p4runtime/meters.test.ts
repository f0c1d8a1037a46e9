// MeterEntry, DirectMeterEntry and table entries' meter_config over real gRPC on loopback: the P4Runtime
// rules (MODIFY only, unset config = default, wildcard reads, error codes) and the colours the engine
// then marks, read from packets run through the server's own pipeline.
import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WriteError, type MeterConfigValue, type P4RuntimeClient } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { compiledP4Info, primaryForEachTest, readFails, writeFails } from './harness.js';

const METER_PROGRAM = fileURLToPath(new URL('./programs/meter.p4', import.meta.url));
const SOURCE = readFileSync(METER_PROGRAM, 'utf8');

const cfg = (cir: number, cburst: number, pir: number, pburst: number): MeterConfigValue => ({
  cir: BigInt(cir),
  cburst: BigInt(cburst),
  pir: BigInt(pir),
  pburst: BigInt(pburst),
});

const GREEN = 0;
const YELLOW = 1;
const RED = 2;

describe('P4Runtime server: meters', () => {
  let server: RunningP4RuntimeServer;
  let c: P4RuntimeClient;
  primaryForEachTest((s, client) => {
    server = s;
    c = client;
  }, SOURCE);

  /** Colours of one packet from src_addr `src`, at virtual time atUs, through the committed pipeline. */
  function colours(src: number, atUs: number): { indirect: number; direct: number } {
    const dev = server.service.device.running!.device;
    dev.nowUs = atUs;
    const frame = new Uint8Array(14);
    frame[11] = src;
    const [out] = dev.processPacket(0, frame);
    assert.ok(out);
    return { indirect: out.data[5]!, direct: (out.data[12]! << 8) | out.data[13]! };
  }

  it('writes and reads a meter config; an unset config resets the cell', async () => {
    assert.deepEqual(await c.readMeters('rate', 1), [{ meter: 'MyIngress.rate', index: 1 }]);
    await c.writeMeter('rate', 1, cfg(1000, 10, 2000, 20));
    assert.deepEqual(await c.readMeters('rate', 1), [
      { meter: 'MyIngress.rate', index: 1, config: cfg(1000, 10, 2000, 20) },
    ]);
    await c.write([{ type: 'MODIFY', entity: c.codec.meterEntity('rate', 1) }]);
    assert.deepEqual(await c.readMeters('rate', 1), [{ meter: 'MyIngress.rate', index: 1 }]);
  });

  it('reads with wildcards: every cell of a meter, every meter', async () => {
    await c.writeMeter('rate', 2, cfg(1, 1, 1, 1));
    const all = await c.readMeters('rate');
    assert.deepEqual(
      all.map((m) => [m.index, m.config?.cir]),
      [
        [0, undefined],
        [1, undefined],
        [2, 1n],
        [3, undefined],
      ],
    );
    const every = await c.readAll([{ meter_entry: { meter_id: 0 } }]);
    assert.equal(every.length, 4);
    // A wildcard-index write configures every cell.
    await c.writeMeter('rate', undefined, cfg(5, 6, 7, 8));
    assert.ok((await c.readMeters('rate')).every((m) => m.config?.pburst === 8n));
  });

  it('answers bad meter requests with the spec codes', async () => {
    const ok = c.codec.meterEntity('rate', 0, cfg(1, 1, 2, 2));
    await assert.rejects(c.write([{ type: 'INSERT', entity: ok }]), writeFails(status.INVALID_ARGUMENT));
    await assert.rejects(c.write([{ type: 'DELETE', entity: ok }]), writeFails(status.INVALID_ARGUMENT));
    await assert.rejects(
      c.write([{ type: 'MODIFY', entity: { meter_entry: { meter_id: 0x14abcdef } } }]),
      writeFails(status.NOT_FOUND),
    );
    await assert.rejects(c.writeMeter('rate', 4, cfg(1, 1, 2, 2)), writeFails(status.OUT_OF_RANGE));
    await assert.rejects(c.writeMeter('rate', 0, cfg(3, 1, 2, 2)), writeFails(status.INVALID_ARGUMENT));
    await assert.rejects(c.writeMeter('rate', 0, cfg(1, 0, 2, 2)), writeFails(status.INVALID_ARGUMENT));
    await assert.rejects(c.readMeters('rate', 9), readFails(status.OUT_OF_RANGE));
    await assert.rejects(c.readAll([{ meter_entry: { meter_id: 0x14abcdef } }]), readFails(status.NOT_FOUND));
    // An atomic batch that fails leaves the earlier meter write undone.
    await assert.rejects(
      c.write(
        [
          { type: 'MODIFY', entity: ok },
          { type: 'MODIFY', entity: c.codec.meterEntity('rate', 0, cfg(3, 1, 2, 2)) },
        ],
        'ROLLBACK_ON_ERROR',
      ),
      (e: unknown) => e instanceof WriteError,
    );
    assert.equal((await c.readMeters('rate', 0))[0]!.config, undefined);
  });

  it('marks packets with the config written over P4Runtime', async () => {
    // Unconfigured: GREEN, however many packets.
    for (let k = 0; k < 3; k++) assert.equal(colours(1, 0).indirect, GREEN);
    // Rates 0 with bursts 1 (committed) and 2 (peak): G, then Y, then R, for good.
    await c.writeMeter('rate', 0, cfg(0, 1, 0, 2));
    const seen = [0, 0, 0, 1_000_000].map((t) => colours(1, t).indirect);
    assert.deepEqual(seen, [GREEN, YELLOW, RED, RED]);
  });

  it('keeps meter configs across RECONCILE_AND_COMMIT, and drops them on a fresh VERIFY_AND_COMMIT', async () => {
    await c.writeMeter('rate', 3, cfg(1, 2, 3, 4));
    await c.insert({
      table: 'flows',
      match: { 'hdr.ethernet.src_addr': 1 },
      action: { name: 'police' },
      meterConfig: cfg(5, 6, 7, 8),
    });
    const p4info = compiledP4Info(SOURCE);
    const deviceConfig = Buffer.from(SOURCE);
    await c.setPipeline({ p4info, deviceConfig, action: 'RECONCILE_AND_COMMIT', force: true });
    assert.deepEqual((await c.readMeters('rate', 3))[0]!.config, cfg(1, 2, 3, 4));
    assert.deepEqual((await c.readTableEntries('flows'))[0]!.meterConfig, cfg(5, 6, 7, 8));
    await c.setPipeline({ p4info, deviceConfig, force: true });
    assert.equal((await c.readMeters('rate', 3))[0]!.config, undefined);
    assert.equal((await c.readTableEntries('flows')).length, 0);
  });

  it('runs live traffic on wall-clock time, so buckets refill between packets', async () => {
    const outs: { port: number; data: Uint8Array }[] = [];
    server.service.on('egress', (o: { port: number; data: Uint8Array }) => outs.push(o));
    const frame = new Uint8Array(14);
    // 2 packets per second, bursts of 1: GREEN, then RED straight after, GREEN again once 500 ms passed.
    await c.writeMeter('rate', 0, cfg(2, 1, 2, 1));
    server.service.injectPacket(0, frame);
    server.service.injectPacket(0, frame);
    await new Promise((r) => setTimeout(r, 650));
    server.service.injectPacket(0, frame);
    assert.deepEqual(
      outs.map((o) => o.data[5]),
      [GREEN, RED, GREEN],
    );
  });

  it('direct meters: meter_config on table entries, DirectMeterEntry writes and reads, colours', async () => {
    const entry = { table: 'flows', match: { 'hdr.ethernet.src_addr': 1 }, action: { name: 'police' } };
    // flow_rate is a bytes meter and the frames are 14 bytes: cir 0 with burst 14, peak 14 B/µs, burst 14.
    await c.insert({ ...entry, meterConfig: cfg(0, 14, 14_000_000, 14) });
    await c.insert({ ...entry, match: { 'hdr.ethernet.src_addr': 2 } });
    const read = await c.readTableEntries('flows');
    assert.deepEqual(
      read.map((e) => e.meterConfig),
      [cfg(0, 14, 14_000_000, 14), undefined],
    );
    // G at t=0 (both buckets pay 14), R again at t=0, Y at t=1 once the peak bucket has 14 bytes again.
    assert.deepEqual(
      [0, 0, 1].map((t) => colours(1, t).direct),
      [GREEN, RED, YELLOW],
    );
    assert.equal(colours(2, 1).direct, GREEN);
    assert.equal(colours(3, 1).direct, 0xff);

    const key = { table: 'flows', match: { 'hdr.ethernet.src_addr': 2 } };
    await c.write([{ type: 'MODIFY', entity: c.codec.directMeterEntity(key, cfg(10, 20, 30, 40)) }]);
    const one = await c.readAll([c.codec.directMeterEntity(key)]);
    assert.equal(one.length, 1);
    assert.equal(one[0]!.direct_meter_entry!.config!.pburst, '40');
    // Wildcard: every entry of every metered table; unconfigured entries come back without a config.
    await c.write([{ type: 'MODIFY', entity: c.codec.directMeterEntity(entry) }]);
    const all = await c.readAll([{ direct_meter_entry: {} }]);
    assert.deepEqual(
      all.map((e) => e.direct_meter_entry!.config?.cir ?? null),
      [null, '10'],
    );
    // A modify of the entry with a new meter_config replaces it.
    await c.modify({ ...key, action: { name: 'police' }, meterConfig: cfg(1, 1, 1, 1) });
    assert.deepEqual((await c.readTableEntries('flows'))[1]!.meterConfig, cfg(1, 1, 1, 1));

    await assert.rejects(
      c.write([{ type: 'INSERT', entity: c.codec.directMeterEntity(key, cfg(1, 1, 1, 1)) }]),
      writeFails(status.INVALID_ARGUMENT),
    );
    const missing = { table: 'flows', match: { 'hdr.ethernet.src_addr': 9 } };
    await assert.rejects(
      c.write([{ type: 'MODIFY', entity: c.codec.directMeterEntity(missing, cfg(1, 1, 1, 1)) }]),
      writeFails(status.NOT_FOUND),
    );
    await assert.rejects(c.readAll([c.codec.directMeterEntity(missing)]), readFails(status.NOT_FOUND));
    await assert.rejects(
      c.write([{ type: 'MODIFY', entity: c.codec.directMeterEntity(key, cfg(2, 1, 1, 1)) }]),
      writeFails(status.INVALID_ARGUMENT),
    );
    await assert.rejects(
      c.insert({ ...entry, match: { 'hdr.ethernet.src_addr': 5 }, meterConfig: cfg(1, 0, 1, 1) }),
      writeFails(status.INVALID_ARGUMENT),
    );
    assert.equal((await c.readTableEntries('flows')).length, 2);
  });
});
