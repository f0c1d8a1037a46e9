// One-shot action selector programming (table entries with action_profile_action_set) over real gRPC on
// loopback, written and read with p4runtime-ts: packets spread over the set's actions as bmv2 picks them
// (crc16 of the selector fields modulo the hidden group's bmv2 members, one per unit of weight in the set's
// order), read-back as written, MODIFY and DELETE, PI's refusal to mix programming modes, limits, and
// atomic batches undone as a whole.
import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { WriteError, type P4RuntimeClient, type TableEntrySpec } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { fwd, send as sendThrough, slotOf, SOURCE } from './action-profile-program.js';
import { primaryForEachTest, writeFails } from './harness.js';

const oneShot = (dst: number, set: [port: number, weight?: number][]): TableEntrySpec => ({
  table: 'ecmp',
  match: { 'hdr.h.dst': dst },
  actionSet: set.map(([port, weight]) => ({ action: fwd(port), weight })),
});

describe('P4Runtime server: one-shot action selector programming', () => {
  let server: RunningP4RuntimeServer;
  let c: P4RuntimeClient;
  primaryForEachTest((s, client) => {
    server = s;
    c = client;
  }, SOURCE);

  /** Egress port of a packet to dst with this flow, through the server's pipeline (0: a miss). */
  const send = (dst: number, flow: number): number => sendThrough(server, dst, flow).port;

  /** Every flow of 0..199 goes to the bmv2 member its selector hash picks among `slots`, and every slot is
   *  used (crc16 of a 16-bit flow modulo 4 or 8 is never 2 or 3: slot counts here avoid them). */
  function spreads(dst: number, slots: number[]): void {
    const seen = new Set<number>();
    for (let flow = 0; flow < 200; flow++) {
      const port = send(dst, flow);
      assert.equal(port, slots[slotOf(flow, slots.length)], `flow ${flow}`);
      seen.add(port);
    }
    assert.deepEqual([...seen].sort(), [...new Set(slots)].sort());
  }

  const readSet = async (dst: number) =>
    (await c.readTableEntries('ecmp'))
      .filter((e) => e.match['hdr.h.dst']?.kind === 'exact' && e.match['hdr.h.dst'].value === BigInt(dst))
      .map((e) => e.actionSet?.map((a) => [a.action.name, a.action.params.port, a.weight]));

  /** A set of four ports, one of weight 2: one bmv2 member per unit of weight, in the set's order. */
  const FOUR_PORTS: [port: number, weight?: number][] = [[10], [20, 2], [30], [35]];
  /** Entry 2 holds FOUR_PORTS: packets spread over its five bmv2 members, and it reads back as written. */
  async function spreadsAsWritten(): Promise<void> {
    spreads(2, [10, 20, 20, 30, 35]);
    assert.deepEqual(await readSet(2), [
      [
        ['MyIngress.fwd', 10n, 1],
        ['MyIngress.fwd', 20n, 2],
        ['MyIngress.fwd', 30n, 1],
        ['MyIngress.fwd', 35n, 1],
      ],
    ]);
  }

  it("takes a table's @defaultonly action in a set, as PI does", async () => {
    await c.insert({
      table: 'ecmp',
      match: { 'hdr.h.dst': 2 },
      actionSet: [{ action: fwd(10) }, { action: { name: 'NoAction' } }],
    });
    const ports = new Set(Array.from({ length: 40 }, (_, flow) => send(2, flow)));
    assert.deepEqual(
      [...ports].sort((a, b) => a - b),
      [0, 10],
    );
  });

  it('leaves out an action whose watched port is down, and reads the watch back', async () => {
    await c.insert({
      table: 'ecmp',
      match: { 'hdr.h.dst': 2 },
      actionSet: [
        { action: fwd(10), watchPort: 10 },
        { action: fwd(20), weight: 2 },
        { action: fwd(30), watchPort: 30 },
        { action: fwd(35) },
        { action: fwd(40) },
      ],
    });
    spreads(2, [10, 20, 20, 30, 35, 40]);
    server.service.device.setPortStatus(30, false);
    spreads(2, [10, 20, 20, 35, 40]);
    server.service.device.setPortStatus(10, false);
    server.service.device.setPortStatus(30, true);
    spreads(2, [20, 20, 30, 35, 40]);
    const [entry] = await c.readTableEntries('ecmp');
    assert.deepEqual(
      entry!.actionSet!.map((a) => [a.action.params.port, a.weight, a.watchPort]),
      [
        [10n, 1, 10],
        [20n, 2, undefined],
        [30n, 1, 30],
        [35n, 1, undefined],
        [40n, 1, undefined],
      ],
    );
  });

  it('keeps one-shot entries across RECONCILE_AND_COMMIT, spreading as before', async () => {
    await c.insert(oneShot(2, FOUR_PORTS));
    const p4info = await c.fetchP4Info();
    await c.setPipeline({ p4info, deviceConfig: Buffer.from(SOURCE), action: 'RECONCILE_AND_COMMIT' });
    await spreadsAsWritten();
  });

  it('spreads packets over the set as bmv2 would, reads it back as written, and MODIFY/DELETE replace it', async () => {
    await c.insert(oneShot(2, FOUR_PORTS));
    await spreadsAsWritten();
    // The hidden members and group are in no read (PI keeps them to itself).
    assert.deepEqual(await c.readActionProfileMembers(), []);
    assert.deepEqual(await c.readActionProfileGroups(), []);

    await c.insert(oneShot(3, [[7]]));
    await c.modify(oneShot(2, [[40], [50, 2]]));
    spreads(2, [40, 50, 50]);
    spreads(3, [7]);
    assert.deepEqual(await readSet(2), [
      [
        ['MyIngress.fwd', 40n, 1],
        ['MyIngress.fwd', 50n, 2],
      ],
    ]);
    await c.delete({ table: 'ecmp', match: { 'hdr.h.dst': 2 } });
    assert.equal(send(2, 0), 0);
    spreads(3, [7]);
    await c.delete({ table: 'ecmp', match: { 'hdr.h.dst': 3 } });
    // With no one-shot entry left, the selector takes members and groups again.
    await c.writeActionProfileMember('INSERT', { profile: 'ecmp_selector', memberId: 1, action: fwd(1) });
  });

  it('refuses mixing with members and groups, as PI does (INVALID_ARGUMENT)', async () => {
    await c.writeActionProfileMember('INSERT', { profile: 'ecmp_selector', memberId: 1, action: fwd(1) });
    await assert.rejects(
      c.insert(oneShot(2, [[10]])),
      writeFails(status.INVALID_ARGUMENT, /members and groups/),
    );
    await c.writeActionProfileMember('DELETE', { profile: 'ecmp_selector', memberId: 1 });
    await c.insert(oneShot(2, [[10]]));
    await assert.rejects(
      c.writeActionProfileMember('INSERT', { profile: 'ecmp_selector', memberId: 1, action: fwd(1) }),
      writeFails(status.INVALID_ARGUMENT, /one-shot/),
    );
    await assert.rejects(
      c.writeActionProfileGroup('DELETE', { profile: 'ecmp_selector', groupId: 1 }),
      writeFails(status.INVALID_ARGUMENT, /one-shot/),
    );
    await assert.rejects(
      c.insert({ table: 'ecmp', match: { 'hdr.h.dst': 3 }, member: 1 }),
      writeFails(status.INVALID_ARGUMENT),
    );
    spreads(2, [10]);
  });

  it('answers bad sets with the codes of the specification and PI, and changes nothing', async () => {
    await c.insert(oneShot(2, [[10], [20]]));
    const ecmp = c.codec.index.tables.get('ecmp').preamble!.id;
    const raw = (action_profile_actions: object[]) =>
      c.write([
        {
          type: 'INSERT',
          entity: {
            table_entry: {
              table_id: ecmp,
              match: [{ field_id: 1, exact: { value: Buffer.from([3]) } }],
              action: { action_profile_action_set: { action_profile_actions } },
            },
          },
        },
      ]);
    const fwdMsg = c.codec.encodeAction(fwd(5));
    await assert.rejects(raw([]), writeFails(status.UNIMPLEMENTED, /empty/));
    await assert.rejects(raw([{ action: fwdMsg, weight: 0 }]), writeFails(status.INVALID_ARGUMENT, /weight/));
    await assert.rejects(
      raw([{ action: fwdMsg, weight: -2 }]),
      writeFails(status.INVALID_ARGUMENT, /weight/),
    );
    await assert.rejects(raw([{ weight: 1 }]), writeFails(status.INVALID_ARGUMENT, /no action/));
    // @max_group_size(8) bounds the sum of the weights.
    await assert.rejects(
      c.insert(
        oneShot(3, [
          [1, 5],
          [2, 4],
        ]),
      ),
      writeFails(status.RESOURCE_EXHAUSTED),
    );
    await assert.rejects(
      c.insert({
        table: 'ecmp',
        match: { 'hdr.h.dst': 3 },
        actionSet: [{ action: { name: 'set_tag', params: { tag: 1 } } }],
      }),
      writeFails(status.INVALID_ARGUMENT, /not an action of table/),
    );
    await assert.rejects(
      c.insert({
        table: 'tagger',
        match: { 'hdr.h.dst': 3 },
        actionSet: [{ action: { name: 'set_tag', params: { tag: 1 } } }],
      }),
      writeFails(status.INVALID_ARGUMENT, /no selector/),
    );
    await assert.rejects(
      c.insert({
        table: 'plain',
        match: { 'hdr.h.dst': 3 },
        actionSet: [{ action: { name: 'set_tag', params: { tag: 1 } } }],
      }),
      writeFails(status.INVALID_ARGUMENT, /no action profile/),
    );
    await assert.rejects(c.insert(oneShot(2, [[30]])), writeFails(status.ALREADY_EXISTS));
    await assert.rejects(c.modify(oneShot(9, [[30]])), writeFails(status.NOT_FOUND));
    spreads(2, [10, 20]);
    assert.deepEqual((await c.readTableEntries('ecmp')).length, 1);
  });

  it('holds the selector to its size (16 groups and members), failed writes leaking nothing', async () => {
    for (let dst = 1; dst <= 16; dst++) await c.insert(oneShot(dst, [[dst]]));
    await assert.rejects(c.insert(oneShot(17, [[17]])), writeFails(status.RESOURCE_EXHAUSTED, /full/));
    // A modify of a full selector replaces a group, it does not add one.
    await c.modify(oneShot(16, [[40]]));
    await assert.rejects(c.modify(oneShot(16, [[1], [2]])), writeFails(status.RESOURCE_EXHAUSTED, /full/));
    spreads(16, [40]);
    await c.delete({ table: 'ecmp', match: { 'hdr.h.dst': 1 } });
    await c.insert(oneShot(17, [[17]]));
    spreads(17, [17]);
    for (let dst = 2; dst <= 17; dst++) await c.delete({ table: 'ecmp', match: { 'hdr.h.dst': dst } });
    // Every hidden member and group was released: the mode is free and the handles start over.
    await c.writeActionProfileMember('INSERT', { profile: 'ecmp_selector', memberId: 1, action: fwd(1) });
  });

  it('undoes a ROLLBACK_ON_ERROR batch of one-shot writes as a whole', async () => {
    await c.insert(oneShot(2, [[10], [20]]));
    const e = (spec: TableEntrySpec) => c.codec.tableEntity(spec);
    await assert.rejects(
      c.write(
        [
          { type: 'MODIFY', entity: e(oneShot(2, [[30, 3]])) },
          { type: 'INSERT', entity: e(oneShot(3, [[40]])) },
          { type: 'DELETE', entity: e({ table: 'ecmp', match: { 'hdr.h.dst': 2 } }) },
          { type: 'INSERT', entity: e(oneShot(3, [[50]])) },
        ],
        'ROLLBACK_ON_ERROR',
      ),
      (err: unknown) => err instanceof WriteError,
    );
    assert.deepEqual(await readSet(2), [
      [
        ['MyIngress.fwd', 10n, 1],
        ['MyIngress.fwd', 20n, 1],
      ],
    ]);
    assert.deepEqual(await readSet(3), []);
    spreads(2, [10, 20]);
    assert.equal(send(3, 0), 0);
    await c.delete({ table: 'ecmp', match: { 'hdr.h.dst': 2 } });
    // Nothing hidden is left behind by the undone writes.
    await c.writeActionProfileMember('INSERT', { profile: 'ecmp_selector', memberId: 1, action: fwd(1) });
  });
});
