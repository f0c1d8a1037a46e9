import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { P4RuntimeError, WriteError } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { closeClients, compiledP4Info, newClient, once, PROGRAM_SOURCE, startServer } from './harness.js';

describe('P4Runtime server: capabilities, arbitration, preconditions', () => {
  let server: RunningP4RuntimeServer;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    closeClients();
    await server.stop(500);
  });

  it('answers Capabilities', async () => {
    const c = newClient(server);
    assert.match(await c.capabilities(), /^1\.\d+\.\d+/);
  });

  it('refuses Write, Read and GetForwardingPipelineConfig before a pipeline with FAILED_PRECONDITION', async () => {
    const c = newClient(server, { electionId: 5n });
    assert.equal((await c.connect()).primary, true);
    await assert.rejects(c.write([]), (e: P4RuntimeError) => e.code === status.FAILED_PRECONDITION);
    await assert.rejects(
      c.readAll([{ table_entry: {} }]),
      (e: P4RuntimeError) => e.code === status.FAILED_PRECONDITION,
    );
    await assert.rejects(c.getPipelineConfig(), (e: P4RuntimeError) => e.code === status.FAILED_PRECONDITION);
    assert.equal(await c.getPipelineCookie(), undefined);
  });

  it('makes the highest election id primary and tells everyone when the primary changes', async () => {
    const a = newClient(server, { electionId: 10n });
    const b = newClient(server, { electionId: 5n });
    const arbA = await a.connect();
    assert.deepEqual([arbA.primary, arbA.code, arbA.electionId], [true, status.OK, 10n]);
    const arbB = await b.connect();
    assert.deepEqual([arbB.primary, arbB.code, arbB.electionId], [false, status.ALREADY_EXISTS, 10n]);

    // b takes over with a higher id: both streams hear about it.
    const aDemoted = once(a, 'backup');
    const bNow = await b.setElectionId(20n);
    assert.equal(bNow.primary, true);
    const seenByA = (await aDemoted) as { primary: boolean; electionId: bigint; code: number };
    assert.deepEqual(
      [seenByA.primary, seenByA.electionId, seenByA.code],
      [false, 20n, status.ALREADY_EXISTS],
    );
    assert.equal(a.isPrimary, false);

    // The primary leaves: the remaining controller is promoted and told so.
    const aPromoted = once(a, 'primary');
    b.close();
    const promoted = (await aPromoted) as { primary: boolean; code: number };
    assert.deepEqual([promoted.primary, promoted.code], [true, status.OK]);
  });

  it('rejects a second controller with the same election id (INVALID_ARGUMENT)', async () => {
    const a = newClient(server, { electionId: 7n });
    const b = newClient(server, { electionId: 7n });
    await a.connect();
    await assert.rejects(b.connect(), (e: P4RuntimeError) => e.code === status.INVALID_ARGUMENT);
  });

  it('rejects arbitration for another device id (NOT_FOUND)', async () => {
    const c = newClient(server, { deviceId: 99 });
    await assert.rejects(c.connect(), (e: P4RuntimeError) => e.code === status.NOT_FOUND);
  });

  it('treats election id 0 as none: an observer that is never primary (NOT_FOUND while nobody is)', async () => {
    const observer = newClient(server, { electionId: 0n });
    const arb = await observer.connect();
    assert.deepEqual([arb.primary, arb.code], [false, status.NOT_FOUND]);
    const promoted = once(observer, 'arbitration');
    const p = newClient(server, { electionId: 1n });
    assert.equal((await p.connect()).primary, true);
    const seen = (await promoted) as { primary: boolean; code: number; electionId: bigint };
    assert.deepEqual([seen.primary, seen.code, seen.electionId], [false, status.ALREADY_EXISTS, 1n]);
  });

  it('keeps roles apart: each role has its own primary', async () => {
    const a = newClient(server, { electionId: 10n, role: 'tables' });
    const b = newClient(server, { electionId: 5n, role: 'counters' });
    assert.equal((await a.connect()).primary, true);
    assert.equal((await b.connect()).primary, true);
  });

  it('lets only the primary set the pipeline or write (PERMISSION_DENIED)', async () => {
    const primary = newClient(server, { electionId: 10n });
    const backup = newClient(server, { electionId: 5n });
    await primary.connect();
    await backup.connect();
    const cfg = { p4info: compiledP4Info(), deviceConfig: Buffer.from(PROGRAM_SOURCE) };
    await assert.rejects(backup.setPipeline(cfg), (e: P4RuntimeError) => e.code === status.PERMISSION_DENIED);
    assert.deepEqual((await primary.setPipeline(cfg)).pushed, true);
    backup.setP4Info(cfg.p4info);
    await assert.rejects(
      backup.insert({ table: 'dmac', match: { 'hdr.ethernet.dst_addr': 1 }, action: { name: 'drop' } }),
      (e: WriteError) => e.code === status.PERMISSION_DENIED,
    );
    // A client that never arbitrated (no stream) and sends a stale/unset id is refused as well.
    const stranger = newClient(server, { electionId: 0n, p4info: cfg.p4info });
    await assert.rejects(
      stranger.insert({ table: 'dmac', match: { 'hdr.ethernet.dst_addr': 1 }, action: { name: 'drop' } }),
      (e: WriteError) => e.code === status.PERMISSION_DENIED,
    );
  });
});
