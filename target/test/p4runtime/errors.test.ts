import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { P4RuntimeClient, WriteError, type TableEntry, type Update } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { primaryForEachTest, writeFailure } from './harness.js';

const DMAC_ID = 0x02000003;
const FORWARD_ID = 0x01000002;

function dmacEntry(mac: Buffer, port: Buffer = Buffer.from([1])): TableEntry {
  return {
    table_id: DMAC_ID,
    match: [{ field_id: 1, exact: { value: mac } }],
    action: { action: { action_id: FORWARD_ID, params: [{ param_id: 1, value: port }] } },
  };
}

const insert = (e: TableEntry): Update => ({ type: 'INSERT', entity: { table_entry: e } });

/** The per-update canonical codes of a failed Write. */
async function codesOf(p: Promise<void>): Promise<number[]> {
  const e = await writeFailure(p);
  assert.equal(e.code, status.UNKNOWN);
  return e.updates.map((u) => u.canonical_code);
}

describe('P4Runtime server: Write error codes (one p4.v1.Error per update)', () => {
  let server: RunningP4RuntimeServer;
  let c: P4RuntimeClient;
  primaryForEachTest((s, client) => {
    server = s;
    c = client;
  });

  it('duplicate insert is ALREADY_EXISTS, delete or modify of a missing entry NOT_FOUND', async () => {
    await c.write([insert(dmacEntry(Buffer.from([1])))]);
    assert.deepEqual(await codesOf(c.write([insert(dmacEntry(Buffer.from([1])))])), [status.ALREADY_EXISTS]);
    assert.deepEqual(
      await codesOf(c.write([{ type: 'DELETE', entity: { table_entry: dmacEntry(Buffer.from([2])) } }])),
      [status.NOT_FOUND],
    );
    assert.deepEqual(
      await codesOf(c.write([{ type: 'MODIFY', entity: { table_entry: dmacEntry(Buffer.from([2])) } }])),
      [status.NOT_FOUND],
    );
  });

  it('wrong widths and non-canonical bytestrings are INVALID_ARGUMENT', async () => {
    const cases: TableEntry[] = [
      dmacEntry(Buffer.alloc(7, 1)), // 7 bytes for a 48-bit field
      dmacEntry(Buffer.from([0, 0, 0, 0, 0, 0, 5])), // zero-padded beyond the field's byte width
      dmacEntry(Buffer.alloc(0)), // empty
      dmacEntry(Buffer.from([1]), Buffer.from([2, 0])), // 512 in a 9-bit param
      dmacEntry(Buffer.from([1]), Buffer.from([0, 0, 1])), // 3 bytes for a 9-bit param
    ];
    assert.deepEqual(
      await codesOf(c.write(cases.map(insert))),
      cases.map(() => status.INVALID_ARGUMENT),
    );
  });

  it('malformed entries are INVALID_ARGUMENT with the reason', async () => {
    const noParam = dmacEntry(Buffer.from([1]));
    noParam.action = { action: { action_id: FORWARD_ID, params: [] } };
    const lpmHostBits: TableEntry = {
      table_id: 0x02000001,
      match: [{ field_id: 1, lpm: { value: Buffer.from([10, 0, 0, 1]), prefix_len: 8 } }],
      action: { action: { action_id: 0x01000001 } },
    };
    const aclNoPriority: TableEntry = {
      table_id: 0x02000002,
      match: [{ field_id: 3, optional: { value: Buffer.from([1]) } }],
      action: { action: { action_id: 0x01000005 } },
    };
    const exactWithPriority = { ...dmacEntry(Buffer.from([9])), priority: 5 };
    const missingExact: TableEntry = { ...dmacEntry(Buffer.from([1])), match: [] };
    const wrongKind: TableEntry = {
      ...dmacEntry(Buffer.from([1])),
      match: [{ field_id: 1, ternary: { value: Buffer.from([1]), mask: Buffer.from([1]) } }],
    };
    const actionNotInTable: TableEntry = {
      ...dmacEntry(Buffer.from([3])),
      action: { action: { action_id: 0x01000005 } },
    };
    const bad = [
      noParam,
      lpmHostBits,
      aclNoPriority,
      exactWithPriority,
      missingExact,
      wrongKind,
      actionNotInTable,
    ];
    try {
      await c.write(bad.map(insert));
      assert.fail('write succeeded');
    } catch (e) {
      assert.ok(e instanceof WriteError);
      assert.deepEqual(
        e.updates.map((u) => u.canonical_code),
        bad.map(() => status.INVALID_ARGUMENT),
      );
      assert.match(e.updates[0]?.message ?? '', /missing parameter port/);
      assert.match(e.updates[1]?.message ?? '', /beyond the \/8 prefix/);
      assert.match(e.updates[2]?.message ?? '', /priority/);
    }
  });

  it('an unknown table or counter id is NOT_FOUND; an action id not of the table is INVALID_ARGUMENT (spec §9.1, Action Specification)', async () => {
    const unknownTable = { ...dmacEntry(Buffer.from([1])), table_id: 0x02000099 };
    const unknownAction: TableEntry = {
      ...dmacEntry(Buffer.from([1])),
      action: { action: { action_id: 0x01000099 } },
    };
    const unknownCounter: Update = { type: 'MODIFY', entity: { counter_entry: { counter_id: 0x12000099 } } };
    assert.deepEqual(await codesOf(c.write([insert(unknownTable), insert(unknownAction), unknownCounter])), [
      status.NOT_FOUND,
      status.INVALID_ARGUMENT,
      status.NOT_FOUND,
    ]);
  });

  it('CONTINUE_ON_ERROR applies the good updates and reports each one in order', async () => {
    const batch = [
      insert(dmacEntry(Buffer.from([1]))),
      insert(dmacEntry(Buffer.from([1]))),
      insert(dmacEntry(Buffer.from([2]))),
    ];
    assert.deepEqual(await codesOf(c.write(batch)), [status.OK, status.ALREADY_EXISTS, status.OK]);
    assert.equal((await c.readTableEntries('dmac')).length, 2);
  });

  it('ROLLBACK_ON_ERROR and DATAPLANE_ATOMIC leave the state as before a failing batch', async () => {
    await c.write([insert(dmacEntry(Buffer.from([1])))]);
    await c.setDefaultAction('ipv4_lpm', { name: 'forward', params: { port: 4 } });
    for (const atomicity of ['ROLLBACK_ON_ERROR', 'DATAPLANE_ATOMIC'] as const) {
      const batch: Update[] = [
        insert(dmacEntry(Buffer.from([2]))),
        { type: 'MODIFY', entity: { table_entry: dmacEntry(Buffer.from([1]), Buffer.from([7])) } },
        { type: 'DELETE', entity: { table_entry: dmacEntry(Buffer.from([1])) } },
        {
          type: 'MODIFY',
          entity: c.codec.tableEntity({ table: 'ipv4_lpm', isDefault: true, action: { name: 'drop' } }),
        },
        { type: 'MODIFY', entity: c.codec.registerEntity('last_len', 1, 99) },
        insert(dmacEntry(Buffer.from([3]), Buffer.from([2, 0]))),
        insert(dmacEntry(Buffer.from([4]))),
      ];
      try {
        await c.write(batch, atomicity);
        assert.fail('write succeeded');
      } catch (e) {
        assert.ok(e instanceof WriteError);
        assert.deepEqual(
          e.updates.map((u) => u.canonical_code),
          [
            status.ABORTED,
            status.ABORTED,
            status.ABORTED,
            status.ABORTED,
            status.ABORTED,
            status.INVALID_ARGUMENT,
            status.ABORTED,
          ],
        );
      }
      const entries = await c.readTableEntries('dmac');
      assert.deepEqual(
        entries.map((x) => [x.match['hdr.ethernet.dst_addr'], x.action?.params['port']]),
        [[{ kind: 'exact', value: 1n }, 1n]],
      );
      assert.deepEqual((await c.readDefaultEntry('ipv4_lpm'))?.action?.params, { port: 4n });
      assert.equal((await c.readRegisters('last_len', 1))[0]?.value, 0n);
    }
  });

  it('rejects INSERT of counters and registers, and DELETE of the default entry', async () => {
    const batch: Update[] = [
      { type: 'INSERT', entity: c.codec.counterEntity('port_pkts', 1, { packets: 1n, bytes: 1n }) },
      { type: 'INSERT', entity: c.codec.registerEntity('last_len', 1, 1) },
      { type: 'DELETE', entity: c.codec.tableEntity({ table: 'ipv4_lpm', isDefault: true }) },
      { type: 'UNSPECIFIED', entity: { table_entry: dmacEntry(Buffer.from([1])) } },
    ];
    assert.deepEqual(
      await codesOf(c.write(batch)),
      batch.map(() => status.INVALID_ARGUMENT),
    );
  });

  it('rejects a write for another device id with NOT_FOUND', async () => {
    const stray = new P4RuntimeClient({
      address: server.address,
      deviceId: 2,
      electionId: 10n,
      reconnect: false,
    });
    try {
      await assert.rejects(
        stray.write([insert(dmacEntry(Buffer.from([1])))]),
        (e: WriteError) => e.code === status.NOT_FOUND,
      );
    } finally {
      stray.close();
    }
  });
});
