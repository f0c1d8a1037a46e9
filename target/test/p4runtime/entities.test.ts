import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { P4RuntimeError, WriteError, type P4RuntimeClient } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { frame, primaryForEachTest } from './harness.js';

const LPM = 'MyIngress.ipv4_lpm';
const ACL = 'MyIngress.acl';
const DMAC = 'MyIngress.dmac';

describe('P4Runtime server: entities', () => {
  let server: RunningP4RuntimeServer;
  let c: P4RuntimeClient;
  primaryForEachTest((s, client) => {
    server = s;
    c = client;
  });

  it('inserts, reads, modifies and deletes lpm entries by name', async () => {
    await c.insert(
      {
        table: LPM,
        match: { 'hdr.ipv4.dst_addr': '10.0.0.0/8' },
        action: { name: 'forward', params: { port: 1 } },
      },
      {
        table: LPM,
        match: { 'hdr.ipv4.dst_addr': '10.1.0.0/16' },
        action: { name: 'set_dmac', params: { dmac: '00:00:00:00:00:02', port: 2 } },
      },
    );
    let entries = await c.readTableEntries(LPM);
    assert.equal(entries.length, 2);
    assert.deepEqual(entries[0]?.match['hdr.ipv4.dst_addr'], {
      kind: 'lpm',
      value: 0x0a000000n,
      prefixLen: 8,
    });
    assert.deepEqual(entries[1]?.action, {
      name: 'MyIngress.set_dmac',
      id: 0x01000003,
      params: { dmac: 2n, port: 2n },
    });

    await c.modify({ table: LPM, match: { 'hdr.ipv4.dst_addr': '10.0.0.0/8' }, action: { name: 'drop' } });
    entries = await c.readTableEntries(LPM);
    assert.equal(entries[0]?.action?.name, 'MyIngress.drop');

    await c.delete({ table: LPM, match: { 'hdr.ipv4.dst_addr': '10.0.0.0/8' } });
    entries = await c.readTableEntries();
    assert.deepEqual(
      entries.map((e) => e.match['hdr.ipv4.dst_addr']),
      [{ kind: 'lpm', value: 0x0a010000n, prefixLen: 16 }],
    );
  });

  it('stores the controller metadata of entries and returns it on read', async () => {
    const key = { table: LPM, match: { 'hdr.ipv4.dst_addr': '10.0.0.0/8' } };
    await c.insert({ ...key, action: { name: 'drop' }, metadata: Buffer.from('cookie-1') });
    assert.equal((await c.readTableEntries(LPM))[0]?.metadata.toString(), 'cookie-1');
    await c.modify({ ...key, action: { name: 'drop' }, metadata: Buffer.from('cookie-2') });
    assert.equal((await c.readTableEntries(LPM))[0]?.metadata.toString(), 'cookie-2');
    await c.delete(key);
    await c.insert({ ...key, action: { name: 'drop' } });
    assert.equal((await c.readTableEntries(LPM))[0]?.metadata.length, 0);
  });

  it('returns canonical bytestrings on read even when written zero-padded', async () => {
    const padded = Buffer.from([0x00, 0x00, 0x00, 0x00, 0x00, 0x07]);
    await c.write([
      {
        type: 'INSERT',
        entity: {
          table_entry: {
            table_id: 0x02000003,
            match: [{ field_id: 1, exact: { value: padded } }],
            action: {
              action: { action_id: 0x01000002, params: [{ param_id: 1, value: Buffer.from([0x00, 0x03]) }] },
            },
          },
        },
      },
    ]);
    const [e] = await c.readAll([{ table_entry: { table_id: 0x02000003 } }]);
    assert.deepEqual([...(e?.table_entry?.match[0]?.exact?.value ?? [])], [7]);
    assert.deepEqual([...(e?.table_entry?.action?.action?.params[0]?.value ?? [])], [3]);
  });

  it('handles ternary/range/optional entries with priorities, and reads one entry by key', async () => {
    const spec = (prio: number, reason: number) => ({
      table: ACL,
      match: {
        'hdr.ethernet.src_addr': { value: 0xbbn, mask: 0xffn },
        'hdr.ethernet.ether_type': { low: 0x0800, high: 0x08ff },
        'sm.ingress_port': 3,
      },
      priority: prio,
      action: { name: 'to_cpu', params: { reason } },
    });
    await c.insert(spec(10, 1), spec(20, 2));
    const all = await c.readTableEntries(ACL);
    assert.deepEqual(
      all.map((e) => [e.priority, e.action?.params['reason']]),
      [
        [10, 1n],
        [20, 2n],
      ],
    );
    const one = await c.readAll([c.codec.tableEntity({ ...spec(20, 0), action: undefined })]);
    assert.equal(one.length, 1);
    assert.equal(one[0]?.table_entry?.priority, 20);
  });

  it('sets, reads and resets the default entry; a const default is PERMISSION_DENIED', async () => {
    let d = await c.readDefaultEntry(LPM);
    assert.equal(d?.action?.name, 'MyIngress.drop');
    assert.equal(d?.isDefault, true);
    await c.setDefaultAction(LPM, { name: 'forward', params: { port: 9 } });
    d = await c.readDefaultEntry(LPM);
    assert.deepEqual(d?.action?.params, { port: 9n });
    await c.resetDefaultAction(LPM);
    assert.equal((await c.readDefaultEntry(LPM))?.action?.name, 'MyIngress.drop');
    const dm = await c.readDefaultEntry(DMAC);
    assert.equal(dm?.isConst, true);
    await assert.rejects(
      c.setDefaultAction(DMAC, { name: 'forward', params: { port: 1 } }),
      (e: WriteError) => e.failed[0]?.canonical_code === status.PERMISSION_DENIED,
    );
  });

  it('reads counters filled by traffic, with wildcards, and writes them', async () => {
    server.service.injectPacket(3, frame());
    server.service.injectPacket(3, frame({ len: 100 }));
    server.service.injectPacket(4, frame());
    const cells = await c.readCounters('port_pkts');
    assert.equal(cells.length, 16);
    assert.deepEqual(cells[3]?.data, { packets: 2n, bytes: 164n });
    assert.deepEqual(cells[4]?.data, { packets: 1n, bytes: 64n });
    const every = await c.readCounters(undefined);
    assert.equal(every.length, 16);
    await c.writeCounter('port_pkts', 3, { packets: 0n, bytes: 0n });
    assert.deepEqual((await c.readCounters('port_pkts', 3))[0], {
      counter: 'MyIngress.port_pkts',
      index: 3,
      data: { packets: 0n, bytes: 0n },
    });
  });

  it('reads and writes direct counters, also inside table entries', async () => {
    const key = {
      table: ACL,
      match: { 'hdr.ethernet.src_addr': { value: 0xbbn, mask: 0xffffffffffffn } },
      priority: 1,
    };
    await c.insert({ ...key, action: { name: 'acl_pass' } });
    server.service.injectPacket(1, frame());
    server.service.injectPacket(1, frame());
    const [dc] = await c.readDirectCounters(key);
    assert.deepEqual(dc?.data, { packets: 2n, bytes: 128n });
    const withCounters = await c.readTableEntries(ACL, { withCounters: true });
    assert.deepEqual(withCounters[0]?.counterData, { packets: 2n, bytes: 128n });
    await c.writeDirectCounter(key, { packets: 100n, bytes: 1000n });
    const all = await c.readDirectCounters({ table: ACL });
    assert.deepEqual(all[0]?.data, { packets: 100n, bytes: 1000n });
  });

  it('reads and writes registers, one cell or all', async () => {
    server.service.injectPacket(2, frame({ len: 77 }));
    const [cell] = await c.readRegisters('last_len', 2);
    assert.equal(cell?.value, 77n);
    await c.writeRegister('last_len', 5, 0xdeadbeefn);
    const cells = await c.readRegisters('last_len');
    assert.equal(cells.length, 16);
    assert.equal(cells[5]?.value, 0xdeadbeefn);
    await assert.rejects(c.writeRegister('last_len', 5, 1n << 32n), /does not fit in 32 bits/);
    await assert.rejects(
      c.readRegisters('last_len', 16),
      (e: P4RuntimeError) => e.code === status.OUT_OF_RANGE,
    );
  });

  it('has no meters in this program: a meter id is NOT_FOUND, a wildcard meter read is empty', async () => {
    assert.deepEqual(await c.readAll([{ meter_entry: { meter_id: 0 } }]), []);
    await assert.rejects(
      c.readAll([{ meter_entry: { meter_id: 0x14000001 } }]),
      (e: P4RuntimeError) => e.code === status.NOT_FOUND,
    );
    await assert.rejects(
      c.write([{ type: 'MODIFY', entity: { meter_entry: { meter_id: 0x14000001, config: { cir: 1 } } } }]),
      (e: WriteError) => e.failed[0]?.canonical_code === status.NOT_FOUND,
    );
  });

  it('reads every table with table_id 0', async () => {
    await c.insert(
      { table: LPM, match: { 'hdr.ipv4.dst_addr': '10.0.0.0/8' }, action: { name: 'drop' } },
      {
        table: DMAC,
        match: { 'hdr.ethernet.dst_addr': 5 },
        action: { name: 'forward', params: { port: 1 } },
      },
    );
    const entries = await c.readTableEntries();
    assert.deepEqual(entries.map((e) => e.table).sort(), [DMAC, LPM]);
  });
});
