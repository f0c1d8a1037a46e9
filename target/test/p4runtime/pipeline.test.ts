import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { P4RuntimeError, pipelineCookie } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { closeClients, compiledP4Info, newClient, PROGRAM_SOURCE, startServer } from './harness.js';

// The same program with one more action param: a different, incompatible P4Info.
const CHANGED_SOURCE = PROGRAM_SOURCE.replace(
  'action forward(bit<9> port) {\n        sm.egress_spec = port;',
  'action forward(bit<9> port, bit<8> unused) {\n        sm.egress_spec = port;',
);

describe('P4Runtime server: forwarding pipeline config', () => {
  let server: RunningP4RuntimeServer;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    closeClients();
    await server.stop(500);
  });

  async function primary() {
    const c = newClient(server, { electionId: 10n });
    await c.connect();
    return c;
  }

  it('VERIFY_AND_COMMIT stores the cookie, and an unchanged pipeline is not pushed again', async () => {
    const c = await primary();
    const p4info = compiledP4Info();
    const cfg = { p4info, deviceConfig: Buffer.from(PROGRAM_SOURCE) };
    const first = await c.setPipeline(cfg);
    assert.deepEqual(first, { pushed: true, cookie: pipelineCookie(p4info, cfg.deviceConfig) });
    await c.insert({ table: 'dmac', match: { 'hdr.ethernet.dst_addr': 1 }, action: { name: 'drop' } });
    assert.equal((await c.setPipeline(cfg)).pushed, false);
    // Not pushed again, so the entry is still there.
    assert.equal((await c.readTableEntries('dmac')).length, 1);
    // Forced: the state is cleared, as VERIFY_AND_COMMIT requires.
    assert.equal((await c.setPipeline({ ...cfg, force: true })).pushed, true);
    assert.equal((await c.readTableEntries('dmac')).length, 0);
  });

  it('GetForwardingPipelineConfig honours each response type', async () => {
    const c = await primary();
    const { cookie } = await c.setPipeline({
      p4info: compiledP4Info(),
      deviceConfig: Buffer.from(PROGRAM_SOURCE),
    });
    const all = await c.getPipelineConfig('ALL');
    assert.equal(all.p4_device_config.toString(), PROGRAM_SOURCE);
    assert.equal(all.p4info?.tables.length, 3);
    assert.equal(BigInt(all.cookie?.cookie ?? -1), cookie);
    const only = await c.getPipelineConfig('COOKIE_ONLY');
    assert.deepEqual(
      [only.p4info, only.p4_device_config.length, BigInt(only.cookie?.cookie ?? -1)],
      [null, 0, cookie],
    );
    const info = await c.getPipelineConfig('P4INFO_AND_COOKIE');
    assert.deepEqual([info.p4info?.actions.length, info.p4_device_config.length], [7, 0]);
    const dev = await c.getPipelineConfig('DEVICE_CONFIG_AND_COOKIE');
    assert.deepEqual([dev.p4info, dev.p4_device_config.toString()], [null, PROGRAM_SOURCE]);
    // A second client can learn the P4Info from the device and use names at once.
    const reader = newClient(server);
    await reader.fetchP4Info();
    assert.deepEqual(await reader.readTableEntries('dmac'), []);
  });

  it('refuses a P4Info that does not describe the program, and source that does not compile', async () => {
    const c = await primary();
    await assert.rejects(
      c.setPipeline({ p4info: compiledP4Info(), deviceConfig: Buffer.from(CHANGED_SOURCE) }),
      (e: P4RuntimeError) => e.code === status.INVALID_ARGUMENT && /p4info does not match/.test(e.details),
    );
    await assert.rejects(
      c.setPipeline({ p4info: compiledP4Info(), deviceConfig: Buffer.from('control nope {') }),
      (e: P4RuntimeError) => e.code === status.INVALID_ARGUMENT && /does not compile/.test(e.details),
    );
    await assert.rejects(c.getPipelineConfig(), (e: P4RuntimeError) => e.code === status.FAILED_PRECONDITION);
  });

  it('VERIFY checks without installing; VERIFY_AND_SAVE then COMMIT installs what was written meanwhile', async () => {
    const c = await primary();
    const cfg = { p4info: compiledP4Info(), deviceConfig: Buffer.from(PROGRAM_SOURCE) };
    await c.setPipeline({ ...cfg, action: 'VERIFY' });
    await assert.rejects(c.getPipelineConfig(), (e: P4RuntimeError) => e.code === status.FAILED_PRECONDITION);
    await assert.rejects(c.commitSavedPipeline(), (e: P4RuntimeError) => e.code === status.NOT_FOUND);
    await c.setPipeline({ ...cfg, action: 'VERIFY_AND_SAVE' });
    await c.insert({ table: 'dmac', match: { 'hdr.ethernet.dst_addr': 1 }, action: { name: 'drop' } });
    // Saved but not committed: packets are not processed yet.
    assert.throws(() => server.service.injectPacket(1, Buffer.alloc(60)), /no forwarding pipeline/);
    await c.commitSavedPipeline();
    server.service.injectPacket(1, Buffer.alloc(60));
    assert.equal((await c.readTableEntries('dmac')).length, 1);
  });

  it('RECONCILE_AND_COMMIT keeps entries, defaults and counters when the new program can hold them', async () => {
    const c = await primary();
    const cfg = { p4info: compiledP4Info(), deviceConfig: Buffer.from(PROGRAM_SOURCE) };
    await c.setPipeline(cfg);
    await c.insert({
      table: 'ipv4_lpm',
      match: { 'hdr.ipv4.dst_addr': '10.0.0.0/8' },
      action: { name: 'forward', params: { port: 2 } },
    });
    await c.setDefaultAction('ipv4_lpm', { name: 'forward', params: { port: 3 } });
    server.service.injectPacket(5, Buffer.alloc(60));
    const reordered = PROGRAM_SOURCE.replace('size = 100000;', 'size = 200000;');
    await c.setPipeline({
      p4info: compiledP4Info(reordered),
      deviceConfig: Buffer.from(reordered),
      action: 'RECONCILE_AND_COMMIT',
    });
    assert.equal(
      (await c.getPipelineConfig('DEVICE_CONFIG_AND_COOKIE')).p4_device_config.toString(),
      reordered,
    );
    assert.equal((await c.readTableEntries('ipv4_lpm')).length, 1);
    assert.deepEqual((await c.readDefaultEntry('ipv4_lpm'))?.action?.params, { port: 3n });
    assert.deepEqual((await c.readCounters('port_pkts', 5))[0]?.data, { packets: 1n, bytes: 60n });
    // A program without room for the state is refused and the old pipeline keeps running.
    const noForwardPort = PROGRAM_SOURCE.replace(
      'action forward(bit<9> port) {\n        sm.egress_spec = port;',
      'action forward(bit<8> port) {\n        sm.egress_spec = (bit<9>) port;',
    );
    await c.insert({
      table: 'ipv4_lpm',
      match: { 'hdr.ipv4.dst_addr': '11.0.0.0/8' },
      action: { name: 'forward', params: { port: 300 } },
    });
    await assert.rejects(
      c.setPipeline({
        p4info: compiledP4Info(noForwardPort),
        deviceConfig: Buffer.from(noForwardPort),
        action: 'RECONCILE_AND_COMMIT',
      }),
      (e: P4RuntimeError) => e.code === status.INVALID_ARGUMENT && /cannot be kept/.test(e.details),
    );
    assert.equal(
      (await c.getPipelineConfig('DEVICE_CONFIG_AND_COOKIE')).p4_device_config.toString(),
      reordered,
    );
  });
});
