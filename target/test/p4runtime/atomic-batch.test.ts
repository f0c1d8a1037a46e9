// Atomic Write batches (ROLLBACK_ON_ERROR, DATAPLANE_ATOMIC) of MODIFY and DELETE on tables holding many
// entries: each update looks up the entry it replaces directly, and the state after a committed or a
// rolled-back batch must be exactly what the updates (or none of them) make it.
import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { WriteError, type P4RuntimeClient, type Update } from 'p4runtime-ts';
import { primaryForEachTest } from './harness.js';

const LPM = 'MyIngress.ipv4_lpm';
const ACL = 'MyIngress.acl';
const N = 3000;
const ACL_N = 200;

describe('P4Runtime server: atomic batches of MODIFY/DELETE on large tables', () => {
  let c: P4RuntimeClient;
  primaryForEachTest((_, client) => {
    c = client;
  });

  const lpm = (type: Update['type'], i: number, port?: number): Update => ({
    type,
    entity: c.codec.tableEntity({
      table: LPM,
      match: { 'hdr.ipv4.dst_addr': { value: BigInt(i) << 8n, prefixLen: 24 } },
      ...(port === undefined ? {} : { action: { name: 'MyIngress.forward', params: { port } } }),
    }),
  });

  const acl = (type: Update['type'], i: number, reason?: number, packets?: bigint): Update => ({
    type,
    entity: c.codec.tableEntity({
      table: ACL,
      match: { 'hdr.ethernet.src_addr': { value: BigInt(i), mask: 0xffffn } },
      priority: i,
      ...(reason === undefined ? {} : { action: { name: 'MyIngress.to_cpu', params: { reason } } }),
      ...(packets === undefined ? {} : { counterData: { packets, bytes: packets * 64n } }),
    }),
  });

  /** [dst prefix index, port] of every lpm entry, sorted by prefix (an undone DELETE re-inserts its entry,
   *  so read order is not part of the state compared here). */
  async function lpmState(): Promise<[bigint, bigint][]> {
    const entries = await c.readTableEntries(LPM);
    return entries
      .map((e): [bigint, bigint] => {
        const m = e.match['hdr.ipv4.dst_addr'];
        assert.ok(m && m.kind === 'lpm');
        return [m.value >> 8n, e.action?.params['port'] as bigint];
      })
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  /** [priority, reason, packets] of every acl entry, sorted by priority. */
  async function aclState(): Promise<[number, bigint, bigint | undefined][]> {
    const entries = await c.readTableEntries(ACL, { withCounters: true });
    return entries
      .map((e): [number, bigint, bigint | undefined] => [
        e.priority,
        e.action?.params['reason'] as bigint,
        e.counterData?.packets,
      ])
      .sort((a, b) => a[0] - b[0]);
  }

  async function fill(): Promise<void> {
    const ins: Update[] = [];
    for (let i = 1; i <= N; i++) ins.push(lpm('INSERT', i, i % 500));
    for (let i = 1; i <= ACL_N; i++) ins.push(acl('INSERT', i, i % 100, BigInt(i)));
    await c.writeBatched(ins, 1000);
  }

  it('applies a committed batch of many MODIFYs and DELETEs', async () => {
    await fill();
    const batch: Update[] = [];
    for (let i = 1; i <= N; i++) {
      if (i % 3 === 0) batch.push(lpm('DELETE', i));
      else if (i % 2 === 0) batch.push(lpm('MODIFY', i, 511 - (i % 500)));
    }
    for (let i = 1; i <= ACL_N; i++) {
      if (i % 4 === 0) batch.push(acl('DELETE', i));
      else if (i % 5 === 0) batch.push(acl('MODIFY', i, 127 - (i % 100), 1000n + BigInt(i)));
    }
    await c.write(batch, 'ROLLBACK_ON_ERROR');

    const want: [bigint, bigint][] = [];
    for (let i = 1; i <= N; i++)
      if (i % 3 !== 0) want.push([BigInt(i), BigInt(i % 2 === 0 ? 511 - (i % 500) : i % 500)]);
    assert.deepEqual(await lpmState(), want);
    const wantAcl: [number, bigint, bigint][] = [];
    for (let i = 1; i <= ACL_N; i++)
      if (i % 4 !== 0)
        wantAcl.push(
          i % 5 === 0 ? [i, BigInt(127 - (i % 100)), 1000n + BigInt(i)] : [i, BigInt(i % 100), BigInt(i)],
        );
    assert.deepEqual(await aclState(), wantAcl);
  });

  it('rolls back a failing batch of many MODIFYs and DELETEs, leaving every entry as it was', async () => {
    await fill();
    const lpmBefore = await lpmState();
    const aclBefore = await aclState();
    assert.equal(lpmBefore.length, N);
    assert.equal(aclBefore.length, ACL_N);
    for (const atomicity of ['ROLLBACK_ON_ERROR', 'DATAPLANE_ATOMIC'] as const) {
      // A failed Write reports one error per update, so the batch is kept short; it spreads over the table.
      const batch: Update[] = [];
      for (let i = 7; i <= N; i += 97) {
        if (i % 2 === 0) batch.push(lpm('DELETE', i));
        else batch.push(lpm('MODIFY', i, (i + 7) % 500));
      }
      // Re-insert deleted keys with other actions, so rollback must undo an insert over a delete.
      for (let i = 104; i <= N; i += 194) batch.push(lpm('INSERT', i, 3));
      for (let i = 3; i <= ACL_N; i += 11) {
        if (i % 3 === 0) batch.push(acl('DELETE', i));
        else batch.push(acl('MODIFY', i, 1, 0n));
      }
      // The last update fails: no entry has its key.
      batch.push(lpm('MODIFY', 4000, 1));
      try {
        await c.write(batch, atomicity);
        assert.fail('write succeeded');
      } catch (e) {
        assert.ok(e instanceof WriteError, String(e));
        const codes = e.updates.map((u) => u.canonical_code);
        assert.equal(codes.length, batch.length);
        assert.equal(codes[codes.length - 1], status.NOT_FOUND);
        assert.ok(codes.slice(0, -1).every((x) => x === status.ABORTED));
      }
      assert.deepEqual(await lpmState(), lpmBefore, atomicity);
      assert.deepEqual(await aclState(), aclBefore, atomicity);
    }
  });
});
