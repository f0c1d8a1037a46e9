// ActionProfileMember and ActionProfileGroup over real gRPC on loopback, written and read with p4runtime-ts:
// members, weighted groups and entries pointing at them, the packets the pipeline then forwards (a group's
// member picked by bmv2's rule: crc16 of the selector fields modulo the group's bmv2 members, in handle
// order), the status codes of refused writes, and atomic batches undone as a whole.
import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { WriteError, type P4RuntimeClient } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { fwd, send as sendThrough, slotOf, SOURCE } from './action-profile-program.js';
import { primaryForEachTest, readFails, writeFails } from './harness.js';

describe('P4Runtime server: action profiles and selectors', () => {
  let server: RunningP4RuntimeServer;
  let c: P4RuntimeClient;
  primaryForEachTest((s, client) => {
    server = s;
    c = client;
  }, SOURCE);

  const send = (dst: number, flow: number) => sendThrough(server, dst, flow);

  const member = (memberId: number, port: number) =>
    c.writeActionProfileMember('INSERT', { profile: 'ecmp_selector', memberId, action: fwd(port) });

  it('keeps a selector no table uses: groups but no members, with the specified codes', async () => {
    const info = await c.fetchP4Info();
    const spare = info.action_profiles.find((p) => p.preamble?.name === 'MyIngress.spare_selector');
    assert.deepEqual(spare?.table_ids, []);
    await assert.rejects(
      c.writeActionProfileMember('INSERT', { profile: 'spare_selector', memberId: 1, action: fwd(1) }),
      writeFails(status.INVALID_ARGUMENT, /used by no table/),
    );
    await c.writeActionProfileGroup('INSERT', { profile: 'spare_selector', groupId: 1, members: [] });
    assert.deepEqual(await c.readActionProfileMembers('spare_selector'), []);
    assert.deepEqual(
      (await c.readActionProfileGroups('spare_selector')).map((g) => g.groupId),
      [1],
    );
  });

  it('forwards by member and by weighted group, and reads everything back', async () => {
    for (const [id, port] of [
      [2, 20],
      [1, 10],
    ])
      await member(id!, port!);
    await c.writeActionProfileGroup('INSERT', {
      profile: 'ecmp_selector',
      groupId: 7,
      members: [1, { memberId: 2, weight: 2 }],
      maxSize: 4,
    });
    await c.insert({ table: 'ecmp', match: { 'hdr.h.dst': 1 }, member: 1 });
    await c.insert({ table: 'ecmp', match: { 'hdr.h.dst': 2 }, group: 7 });
    assert.equal(send(1, 0).port, 10);
    // bmv2 handles: member 2 -> 0, member 1 -> 1, the copy of member 2 (weight 2) -> 2.
    const slots = [20, 10, 20];
    for (let flow = 0; flow < 60; flow++) assert.equal(send(2, flow).port, slots[slotOf(flow, 3)]);

    assert.deepEqual(
      (await c.readActionProfileMembers('ecmp_selector')).map((m) => [m.memberId, m.action.params.port]),
      [
        [2, 20n],
        [1, 10n],
      ],
    );
    assert.deepEqual(await c.readActionProfileGroups('MyIngress.ecmp_selector', 7), [
      {
        profile: 'MyIngress.ecmp_selector',
        profileId: (await c.readActionProfileGroups())[0]!.profileId,
        groupId: 7,
        members: [
          { memberId: 1, weight: 1 },
          { memberId: 2, weight: 2 },
        ],
        maxSize: 4,
      },
    ]);
    const entries = await c.readTableEntries('ecmp');
    assert.deepEqual(
      entries.map((e) => [e.match['hdr.h.dst'], e.member, e.group, e.action]),
      [
        [{ kind: 'exact', value: 1n }, 1, undefined, undefined],
        [{ kind: 'exact', value: 2n }, undefined, 7, undefined],
      ],
    );
    // A modified member is what its entries run at once.
    await c.writeActionProfileMember('MODIFY', { profile: 'ecmp_selector', memberId: 1, action: fwd(11) });
    assert.equal(send(1, 0).port, 11);
    // The action profile without selector, and a table without any.
    await c.writeActionProfileMember('INSERT', {
      profile: 'tags',
      memberId: 1,
      action: { name: 'set_tag', params: { tag: 0x5a } },
    });
    await c.insert({ table: 'tagger', match: { 'hdr.h.dst': 1 }, member: 1 });
    assert.equal(send(1, 0).tag, 0x5a);
  });

  it('keeps members, groups and the entries naming them across RECONCILE_AND_COMMIT', async () => {
    await member(2, 20);
    await member(1, 10);
    await c.writeActionProfileGroup('INSERT', {
      profile: 'ecmp_selector',
      groupId: 7,
      members: [1, { memberId: 2, weight: 2 }],
    });
    await c.insert({ table: 'ecmp', match: { 'hdr.h.dst': 1 }, member: 1 });
    await c.insert({ table: 'ecmp', match: { 'hdr.h.dst': 2 }, group: 7 });
    const before = Array.from({ length: 60 }, (_, flow) => send(2, flow).port);
    const state = async () => [
      await c.readActionProfileMembers(),
      await c.readActionProfileGroups(),
      await c.readTableEntries('ecmp'),
    ];
    const kept = await state();
    const p4info = await c.fetchP4Info();
    await c.setPipeline({ p4info, deviceConfig: Buffer.from(SOURCE), action: 'RECONCILE_AND_COMMIT' });
    assert.deepEqual(await state(), kept);
    assert.equal(send(1, 0).port, 10);
    // The same bmv2 member order, so every flow takes the same member as before.
    assert.deepEqual(
      Array.from({ length: 60 }, (_, flow) => send(2, flow).port),
      before,
    );
  });

  it('takes group members whose watched port is down out of the selection, as PI does on bmv2', async () => {
    for (const [id, port] of [
      [1, 10],
      [2, 20],
      [3, 30],
    ])
      await member(id!, port!);
    await c.writeActionProfileGroup('INSERT', {
      profile: 'ecmp_selector',
      groupId: 7,
      members: [{ memberId: 1, watchPort: 10 }, { memberId: 2, weight: 2, watchPort: 20 }, 3],
    });
    await c.insert({ table: 'ecmp', match: { 'hdr.h.dst': 2 }, group: 7 });
    /** Every flow goes to the slot bmv2's selection over the active members gives. */
    const spreadsOver = (slots: number[]) => {
      for (let flow = 0; flow < 60; flow++)
        assert.equal(send(2, flow).port, slots[slotOf(flow, slots.length)], `flow ${flow}`);
    };
    // bmv2 handles: member 1 -> 0, 2 -> 1, 3 -> 2, the copy of 2 -> 3.
    spreadsOver([10, 20, 30, 20]);
    const device = server.service.device;
    device.setPortStatus(20, false);
    spreadsOver([10, 30]);
    // The port stays down in a pipeline pushed while it is down.
    await c.setPipeline({
      p4info: await c.fetchP4Info(),
      deviceConfig: Buffer.from(SOURCE),
      action: 'RECONCILE_AND_COMMIT',
      force: true,
    });
    spreadsOver([10, 30]);
    device.setPortStatus(20, true);
    spreadsOver([10, 20, 30, 20]);
    assert.deepEqual((await c.readActionProfileGroups('ecmp_selector', 7))[0]!.members, [
      { memberId: 1, weight: 1, watchPort: 10 },
      { memberId: 2, weight: 2, watchPort: 20 },
      { memberId: 3, weight: 1 },
    ]);
    // The deprecated int32 `watch` is read back in the field it was written in, as PI echoes it.
    const profileId = (await c.readActionProfileGroups())[0]!.profileId;
    await c.write([
      {
        type: 'MODIFY',
        entity: {
          action_profile_group: {
            action_profile_id: profileId,
            group_id: 7,
            members: [{ member_id: 3, weight: 1, watch: 30 }],
          },
        },
      },
    ]);
    const [raw] = await c.readAll([{ action_profile_group: { action_profile_id: profileId, group_id: 7 } }]);
    const m = raw!.action_profile_group!.members[0]!;
    assert.deepEqual([m.watch_kind, m.watch], ['watch', 30]);
    device.setPortStatus(30, false);
    assert.equal(send(2, 0).port, 0, 'every member inactive: no action runs');
  });

  it("takes a table's @defaultonly action as a member or one-shot action, as PI does", async () => {
    // p4c gives ecmp, which has no default_action, a @defaultonly NoAction.
    await member(1, 10);
    await c.writeActionProfileMember('INSERT', {
      profile: 'ecmp_selector',
      memberId: 2,
      action: { name: 'NoAction' },
    });
    await c.writeActionProfileGroup('INSERT', { profile: 'ecmp_selector', groupId: 7, members: [2] });
    await c.insert({ table: 'ecmp', match: { 'hdr.h.dst': 2 }, group: 7 });
    assert.equal(send(2, 0).port, 0, 'NoAction leaves egress_spec as it was');
    assert.deepEqual(
      (await c.readActionProfileMembers('ecmp_selector')).map((m) => m.action.name),
      ['MyIngress.fwd', 'NoAction'],
    );
  });

  it('answers refused writes with the specification codes and changes nothing', async () => {
    await member(1, 10);
    await assert.rejects(member(1, 11), writeFails(status.ALREADY_EXISTS));
    await assert.rejects(
      c.writeActionProfileMember('MODIFY', { profile: 'ecmp_selector', memberId: 9, action: fwd(1) }),
      writeFails(status.NOT_FOUND),
    );
    await assert.rejects(
      c.writeActionProfileMember('INSERT', {
        profile: 'ecmp_selector',
        memberId: 2,
        action: { name: 'set_tag', params: { tag: 1 } },
      }),
      writeFails(status.INVALID_ARGUMENT, /not an action of table/),
    );
    await c.writeActionProfileGroup('INSERT', { profile: 'ecmp_selector', groupId: 1, members: [1] });
    await assert.rejects(
      c.writeActionProfileMember('DELETE', { profile: 'ecmp_selector', memberId: 1 }),
      writeFails(status.FAILED_PRECONDITION),
    );
    await c.insert({ table: 'ecmp', match: { 'hdr.h.dst': 1 }, group: 1 });
    await assert.rejects(
      c.writeActionProfileGroup('DELETE', { profile: 'ecmp_selector', groupId: 1 }),
      writeFails(status.FAILED_PRECONDITION),
    );
    await assert.rejects(
      c.writeActionProfileGroup('INSERT', { profile: 'ecmp_selector', groupId: 2, members: [1], maxSize: 9 }),
      writeFails(status.INVALID_ARGUMENT, /max_group_size 8/),
    );
    await assert.rejects(
      c.writeActionProfileGroup('INSERT', {
        profile: 'ecmp_selector',
        groupId: 2,
        members: [{ memberId: 1, weight: 9 }],
      }),
      writeFails(status.RESOURCE_EXHAUSTED),
    );
    await assert.rejects(
      c.writeActionProfileGroup('INSERT', { profile: 'ecmp_selector', groupId: 2, members: [5] }),
      writeFails(status.NOT_FOUND),
    );
    await assert.rejects(
      c.writeActionProfileGroup('INSERT', { profile: 'tags', groupId: 1, members: [] }),
      writeFails(status.INVALID_ARGUMENT),
    );
    await assert.rejects(
      c.insert({ table: 'ecmp', match: { 'hdr.h.dst': 2 }, action: fwd(1) }),
      writeFails(status.INVALID_ARGUMENT, /indirect/),
    );
    await assert.rejects(
      c.insert({ table: 'plain', match: { 'hdr.h.dst': 2 }, member: 1 }),
      writeFails(status.INVALID_ARGUMENT),
    );
    // An indirect table's default entry cannot be written at all (PI: "Cannot set / reset default action for
    // indirect table"), and a direct table's default takes an action.
    for (const write of [
      () => c.modify({ table: 'ecmp', isDefault: true, member: 1 }),
      () => c.modify({ table: 'tagger', isDefault: true, group: 1 }),
      () => c.setDefaultAction('ecmp', fwd(1)),
      () => c.resetDefaultAction('ecmp'),
    ])
      await assert.rejects(write(), writeFails(status.INVALID_ARGUMENT, /cannot be set or reset/));
    await assert.rejects(
      c.modify({ table: 'plain', isDefault: true, member: 1 }),
      writeFails(status.INVALID_ARGUMENT, /no action profile/),
    );
    await assert.rejects(
      c.insert({ table: 'ecmp', match: { 'hdr.h.dst': 2 }, member: 42 }),
      writeFails(status.INVALID_ARGUMENT),
    );
    await assert.rejects(
      c.write([
        {
          type: 'INSERT',
          entity: {
            table_entry: {
              table_id: c.codec.index.tables.get('ecmp').preamble!.id,
              match: [{ field_id: 1, exact: { value: Buffer.from([3]) } }],
              action: { action_profile_action_set: { action_profile_actions: [] } },
            },
          },
        },
      ]),
      // The selector has members: a one-shot entry would mix programming modes (PI: INVALID_ARGUMENT).
      writeFails(status.INVALID_ARGUMENT, /one-shot/),
    );
    for (let m = 1; m <= 4; m++)
      await c.writeActionProfileMember('INSERT', {
        profile: 'tags',
        memberId: m,
        action: { name: 'set_tag', params: { tag: m } },
      });
    await assert.rejects(
      c.writeActionProfileMember('INSERT', {
        profile: 'tags',
        memberId: 5,
        action: { name: 'set_tag', params: { tag: 5 } },
      }),
      writeFails(status.RESOURCE_EXHAUSTED),
    );
    await assert.rejects(c.readActionProfileMembers('ecmp_selector', 77), readFails(status.NOT_FOUND));
    assert.deepEqual(
      (await c.readActionProfileGroups('ecmp_selector')).map((g) => [g.groupId, g.members]),
      [[1, [{ memberId: 1, weight: 1 }]]],
    );
    assert.equal((await c.readActionProfileMembers()).length, 5);
  });

  it('undoes a ROLLBACK_ON_ERROR batch of members, groups and entries as a whole', async () => {
    await member(1, 10);
    const ecmpId = (await c.readActionProfileMembers())[0]!.profileId;
    await assert.rejects(
      c.write(
        [
          {
            type: 'INSERT',
            entity: {
              action_profile_member: {
                action_profile_id: ecmpId,
                member_id: 2,
                action: {
                  action_id: (await c.readActionProfileMembers())[0]!.action.id,
                  params: [{ param_id: 1, value: Buffer.from([2]) }],
                },
              },
            },
          },
          {
            type: 'INSERT',
            entity: {
              action_profile_group: {
                action_profile_id: ecmpId,
                group_id: 1,
                members: [
                  { member_id: 1, weight: 1 },
                  { member_id: 2, weight: 1 },
                ],
              },
            },
          },
          { type: 'DELETE', entity: { action_profile_member: { action_profile_id: ecmpId, member_id: 1 } } },
        ],
        'ROLLBACK_ON_ERROR',
      ),
      (e: unknown) => e instanceof WriteError,
    );
    assert.deepEqual(
      (await c.readActionProfileMembers()).map((m) => m.memberId),
      [1],
    );
    assert.deepEqual(await c.readActionProfileGroups(), []);
  });
});
