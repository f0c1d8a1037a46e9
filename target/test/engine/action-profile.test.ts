// Action profiles and selectors in the engine, as bmv2 runs them: an entry of an indirect table runs its
// member's action; an entry naming a group runs the member at (selector hash mod the group's bmv2 members),
// members ordered by bmv2 handle (lowest free first, weight copies after), and an empty group is a hit that
// runs no action. Members and groups in use cannot be deleted, and a reset drops them all.
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { ControlPlaneError, type ActionCall } from '../../engine/control-plane-api.js';
import { crc16 } from '../../engine/hash.js';
import { Switch } from '../../engine/index.js';

// ecmp: dst exact, flow hashed by crc16 (selector); prof: an action profile without selector. A miss in ecmp
// sends to port 7 (its default); a hit sets tag to 1, whatever runs.
const PROGRAM = `
#include <core.p4>
#include <v1model.p4>
header h_t { bit<8> dst; bit<16> flow; bit<8> tag; }
struct headers { h_t h; }
struct metadata { }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.h); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  action fwd(bit<9> port) { sm.egress_spec = port; }
  action_selector(HashAlgorithm.crc16, 32w16, 32w16) sel;
  table ecmp {
    key = { hdr.h.dst: exact; hdr.h.flow: selector; }
    actions = { fwd; }
    default_action = fwd(7);
    implementation = sel;
  }
  table prof {
    key = { hdr.h.dst: exact; }
    actions = { fwd; }
    @name("prof_ap") implementation = action_profile(32w4);
  }
  apply {
    if (hdr.h.dst >= 100) { prof.apply(); }
    else if (ecmp.apply().hit) { hdr.h.tag = 1; }
  }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

interface Ids {
  sw: Switch;
  ecmp: number;
  prof: number;
  sel: number;
  ap: number;
  fwd: number;
}

function load(): Ids {
  const r = compileP4({ path: 'ap.p4', text: PROGRAM });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  const table = (n: string): number => r.p4info.tables.find((t) => t.preamble.name === n)!.preamble.id;
  const profile = (n: string): number =>
    r.p4info.action_profiles!.find((p) => p.preamble.name === n)!.preamble.id;
  return {
    sw: new Switch(r.program, r.p4info),
    ecmp: table('Ing.ecmp'),
    prof: table('Ing.prof'),
    sel: profile('Ing.sel'),
    ap: profile('prof_ap'),
    fwd: r.p4info.actions.find((a) => a.preamble.name === 'Ing.fwd')!.preamble.id,
  };
}

const fwd = (x: Ids, port: number): ActionCall => ({ actionId: x.fwd, params: new Map([[1, BigInt(port)]]) });

/** Port and tag of a packet to dst with this flow. */
function send(sw: Switch, dst: number, flow: number): { port: number; tag: number } {
  const out = sw.processPacket(0, Uint8Array.from([dst, flow >> 8, flow & 0xff, 0]));
  assert.equal(out.length, 1);
  return { port: out[0]!.port, tag: out[0]!.data[3]! };
}

/** bmv2's pick: crc16 of the selector fields (the 16-bit flow) modulo the group's bmv2 member count. */
const slot = (flow: number, n: number): number => crc16(Uint8Array.from([flow >> 8, flow & 0xff])) % n;

const code = (c: string) => (e: unknown) => e instanceof ControlPlaneError && e.code === c;

const exact = (v: number) => new Map([[1, { kind: 'exact' as const, value: BigInt(v) }]]);

/** A group of the selector: [memberId, weight] pairs. */
const group = (x: Ids, groupId: number, members: [number, number][], maxSize = 0) => ({
  actionProfileId: x.sel,
  groupId,
  members: members.map(([memberId, weight]) => ({ memberId, weight })),
  maxSize,
});
/** An entry of the ecmp table for dst, pointing at a group. */
const toGroup = (x: Ids, dst: number, groupId: number) => ({
  tableId: x.ecmp,
  match: exact(dst),
  priority: 0,
  action: { kind: 'group' as const, groupId },
});

describe('engine: action profiles and selectors', () => {
  it('runs the member an entry names, and a modified member at once', () => {
    const x = load();
    x.sw.insertMember({ actionProfileId: x.ap, memberId: 1, action: fwd(x, 5) });
    x.sw.insertEntry({
      tableId: x.prof,
      match: exact(100),
      priority: 0,
      action: { kind: 'member', memberId: 1 },
    });
    assert.equal(send(x.sw, 100, 0).port, 5);
    x.sw.modifyMember({ actionProfileId: x.ap, memberId: 1, action: fwd(x, 6) });
    assert.equal(send(x.sw, 100, 0).port, 6);
    assert.deepEqual(x.sw.readEntries(x.prof)[0]!.action, { kind: 'member', memberId: 1 });
    assert.deepEqual(x.sw.readMembers(x.ap), [{ actionProfileId: x.ap, memberId: 1, action: fwd(x, 6) }]);
  });

  it("picks a group's member by hash modulo its size, members in bmv2 handle order", () => {
    const x = load();
    // Created in the order 13, 12, 11, 10: bmv2 handles 0..3 go to them in that order.
    const order = [13, 12, 11, 10];
    for (const m of order) x.sw.insertMember({ actionProfileId: x.sel, memberId: m, action: fwd(x, m) });
    x.sw.insertGroup({
      actionProfileId: x.sel,
      groupId: 1,
      members: [10, 11, 12, 13].map((memberId) => ({ memberId, weight: 1 })),
      maxSize: 0,
    });
    x.sw.insertEntry(toGroup(x, 2, 1));
    const seen = new Set<number>();
    for (let flow = 0; flow < 200; flow++) {
      const r = send(x.sw, 2, flow * 257 + 3);
      assert.equal(r.port, order[slot(flow * 257 + 3, 4)], `flow ${flow * 257 + 3}`);
      assert.equal(r.tag, 1);
      seen.add(r.port);
    }
    assert.equal(seen.size, 4, 'the hash spreads flows over every member');
    assert.equal(send(x.sw, 3, 0).port, 7, 'a miss runs the default action');
  });

  it('counts a member of weight w as w bmv2 members, copies after the existing handles', () => {
    const x = load();
    x.sw.insertMember({ actionProfileId: x.sel, memberId: 10, action: fwd(x, 10) });
    x.sw.insertMember({ actionProfileId: x.sel, memberId: 11, action: fwd(x, 11) });
    x.sw.insertGroup(
      group(x, 1, [
        [10, 3],
        [11, 1],
      ]),
    );
    x.sw.insertEntry(toGroup(x, 2, 1));
    // Handles: 10 -> 0, 11 -> 1, the two copies of 10 -> 2 and 3.
    const slots = [10, 11, 10, 10];
    for (let flow = 0; flow < 100; flow++) assert.equal(send(x.sw, 2, flow).port, slots[slot(flow, 4)]);
    assert.deepEqual(x.sw.readGroups(x.sel)[0]!.members, [
      { memberId: 10, weight: 3 },
      { memberId: 11, weight: 1 },
    ]);
  });

  it('treats a group emptied after use as a hit that runs no action', () => {
    const x = load();
    x.sw.insertMember({ actionProfileId: x.sel, memberId: 1, action: fwd(x, 4) });
    x.sw.insertGroup(group(x, 9, [[1, 1]]));
    x.sw.insertEntry(toGroup(x, 2, 9));
    assert.deepEqual(send(x.sw, 2, 1), { port: 4, tag: 1 });
    x.sw.modifyGroup({ actionProfileId: x.sel, groupId: 9, members: [], maxSize: 0 });
    assert.deepEqual(send(x.sw, 2, 1), { port: 0, tag: 1 });
  });

  it('leaves out of the selection, while their watched port is down, the members that watch it', () => {
    const x = load();
    for (const m of [10, 11, 12])
      x.sw.insertMember({ actionProfileId: x.sel, memberId: m, action: fwd(x, m) });
    // 10 watches port 10 (bytes), 11 port 11 (the deprecated int32), 12 nothing; 11 has weight 2.
    x.sw.insertGroup({
      actionProfileId: x.sel,
      groupId: 1,
      members: [
        { memberId: 10, weight: 1, watch: { kind: 'watchPort', watchPort: Uint8Array.of(10) } },
        { memberId: 11, weight: 2, watch: { kind: 'watch', watch: 11 } },
        { memberId: 12, weight: 1 },
      ],
      maxSize: 0,
    });
    x.sw.insertEntry(toGroup(x, 2, 1));
    const flows = Array.from({ length: 120 }, (_, i) => i * 31 + 1);
    /** Every flow goes to the slot bmv2's selection over the active members gives. */
    const spreadsOver = (active: number[]) => {
      for (const flow of flows) assert.equal(send(x.sw, 2, flow).port, active[slot(flow, active.length)]);
    };
    // Handles: 10 -> 0, 11 -> 1, 12 -> 2, the copy of 11 -> 3.
    spreadsOver([10, 11, 12, 11]);
    x.sw.setPortStatus(11, false);
    assert.equal(x.sw.isPortUp(11), false);
    spreadsOver([10, 12]);
    x.sw.setPortStatus(10, false);
    spreadsOver([12]);
    x.sw.setPortStatus(11, true);
    spreadsOver([11, 12, 11]);
    // A member whose watch is taken away follows no port; the read gives back what was written.
    x.sw.modifyGroup({
      actionProfileId: x.sel,
      groupId: 1,
      members: [
        { memberId: 10, weight: 1 },
        { memberId: 11, weight: 2, watch: { kind: 'watch', watch: 11 } },
      ],
      maxSize: 0,
    });
    spreadsOver([10, 11, 11]);
    assert.deepEqual(x.sw.readGroups(x.sel)[0]!.members, [
      { memberId: 10, weight: 1 },
      { memberId: 11, weight: 2, watch: { kind: 'watch', watch: 11 } },
    ]);
    // Every member inactive: no action, like an empty group (bmv2 would divide by zero).
    x.sw.modifyGroup({
      actionProfileId: x.sel,
      groupId: 1,
      members: [{ memberId: 12, weight: 1, watch: { kind: 'watchPort', watchPort: Uint8Array.of(10) } }],
      maxSize: 0,
    });
    assert.deepEqual(send(x.sw, 2, 1), { port: 0, tag: 1 });
    x.sw.setPortStatus(10, true);
    assert.deepEqual(send(x.sw, 2, 1), { port: 12, tag: 1 });
  });

  it('reads a watch as PI does: 0, empty bytes and bytes past a positive int32 watch nothing', () => {
    const x = load();
    for (const m of [10, 11, 12, 13])
      x.sw.insertMember({ actionProfileId: x.sel, memberId: m, action: fwd(x, m) });
    const watches = [
      { kind: 'watch' as const, watch: 0 },
      { kind: 'watchPort' as const, watchPort: new Uint8Array(0) },
      { kind: 'watchPort' as const, watchPort: Uint8Array.of(0x80, 0, 0, 0) },
      { kind: 'watchPort' as const, watchPort: Uint8Array.of(0, 0, 0, 0, 9) },
    ];
    x.sw.insertGroup({
      actionProfileId: x.sel,
      groupId: 1,
      members: watches.map((watch, i) => ({ memberId: 10 + i, weight: 1, watch })),
      maxSize: 0,
    });
    x.sw.insertEntry(toGroup(x, 2, 1));
    for (const port of [0, 9, 0x80000000]) x.sw.setPortStatus(port, false);
    for (let flow = 0; flow < 50; flow++)
      assert.equal(send(x.sw, 2, flow).port, [10, 11, 12, 13][slot(flow, 4)]);
    assert.deepEqual(
      x.sw.readGroups(x.sel)[0]!.members.map((m) => m.watch),
      watches,
    );
  });

  it('follows watched ports in one-shot action sets too', () => {
    const x = load();
    x.sw.insertEntry({
      tableId: x.ecmp,
      match: exact(2),
      priority: 0,
      action: {
        kind: 'actionSet',
        actions: [
          { action: fwd(x, 4), weight: 1, watch: { kind: 'watchPort', watchPort: Uint8Array.of(4) } },
          { action: fwd(x, 5), weight: 1 },
        ],
      },
    });
    const before = new Set(Array.from({ length: 40 }, (_, f) => send(x.sw, 2, f).port));
    assert.deepEqual([...before].sort(), [4, 5]);
    x.sw.setPortStatus(4, false);
    for (let flow = 0; flow < 40; flow++) assert.equal(send(x.sw, 2, flow).port, 5);
    const set = x.sw.readEntries(x.ecmp)[0]!.action;
    assert.ok('kind' in set && set.kind === 'actionSet');
    assert.deepEqual(set.actions[0]!.watch, { kind: 'watchPort', watchPort: Uint8Array.of(4) });
  });

  it('refuses what bmv2 and P4Runtime refuse, changing nothing', () => {
    const x = load();
    const member = (memberId: number, port = 1) =>
      x.sw.insertMember({ actionProfileId: x.sel, memberId, action: fwd(x, port) });
    member(1);
    assert.throws(() => member(1), code('ALREADY_EXISTS'));
    x.sw.insertGroup(group(x, 1, [[1, 1]]));
    x.sw.insertGroup({ actionProfileId: x.sel, groupId: 2, members: [], maxSize: 4 });
    assert.throws(() => x.sw.deleteMember(x.sel, 1), code('FAILED_PRECONDITION'));
    const entry = { tableId: x.ecmp, match: exact(2), priority: 0 };
    x.sw.insertEntry({ ...entry, action: { kind: 'group', groupId: 1 } });
    assert.throws(() => x.sw.deleteGroup(x.sel, 1), code('FAILED_PRECONDITION'));
    assert.throws(
      () => x.sw.insertEntry({ ...entry, match: exact(3), action: { kind: 'group', groupId: 2 } }),
      code('FAILED_PRECONDITION'),
      'an empty group',
    );
    assert.throws(
      () => x.sw.insertEntry({ ...entry, match: exact(3), action: fwd(x, 1) }),
      code('INVALID_ARGUMENT'),
    );
    assert.throws(
      () => x.sw.insertEntry({ ...entry, match: exact(3), action: { kind: 'member', memberId: 99 } }),
      code('INVALID_ARGUMENT'),
    );
    assert.throws(
      () =>
        x.sw.modifyGroup({
          actionProfileId: x.sel,
          groupId: 2,
          members: [{ memberId: 1, weight: 5 }],
          maxSize: 0,
        }),
      code('RESOURCE_EXHAUSTED'),
      'weights above max_size 4',
    );
    assert.throws(
      () =>
        x.sw.modifyGroup({
          actionProfileId: x.sel,
          groupId: 2,
          members: [{ memberId: 7, weight: 1 }],
          maxSize: 0,
        }),
      code('NOT_FOUND'),
    );
    assert.throws(
      () =>
        x.sw.modifyGroup({
          actionProfileId: x.sel,
          groupId: 2,
          members: [{ memberId: 1, weight: 0 }],
          maxSize: 0,
        }),
      code('INVALID_ARGUMENT'),
    );
    assert.throws(
      () => x.sw.insertGroup({ actionProfileId: x.ap, groupId: 1, members: [], maxSize: 0 }),
      code('INVALID_ARGUMENT'),
      'a profile without a selector has no groups',
    );
    for (let m = 1; m <= 4; m++) x.sw.insertMember({ actionProfileId: x.ap, memberId: m, action: fwd(x, m) });
    assert.throws(
      () => x.sw.insertMember({ actionProfileId: x.ap, memberId: 5, action: fwd(x, 5) }),
      code('RESOURCE_EXHAUSTED'),
    );
    assert.throws(
      () =>
        x.sw.insertMember({ actionProfileId: x.ap, memberId: 1, action: { actionId: 1, params: new Map() } }),
      code('ALREADY_EXISTS'),
    );
    assert.throws(
      () =>
        x.sw.modifyMember({
          actionProfileId: x.ap,
          memberId: 1,
          action: { actionId: 12345, params: new Map() },
        }),
      code('INVALID_ARGUMENT'),
    );
    // Nothing the refusals touched changed.
    assert.deepEqual(
      x.sw.readGroups(x.sel).map((g) => [g.groupId, g.members.length]),
      [
        [1, 1],
        [2, 0],
      ],
    );
    assert.equal(send(x.sw, 2, 0).port, 1);
    // Once unused, they go.
    x.sw.deleteEntry(entry);
    x.sw.deleteGroup(x.sel, 1);
    x.sw.deleteMember(x.sel, 1);
    assert.deepEqual(x.sw.readMembers(x.sel), []);
  });

  it('drops members, groups and entries on a reset', () => {
    const x = load();
    x.sw.insertMember({ actionProfileId: x.sel, memberId: 1, action: fwd(x, 4) });
    x.sw.insertGroup(group(x, 1, [[1, 1]]));
    x.sw.insertEntry(toGroup(x, 2, 1));
    x.sw.reset();
    assert.deepEqual([x.sw.readMembers(), x.sw.readGroups(), x.sw.readEntries(x.ecmp)], [[], [], []]);
    assert.equal(send(x.sw, 2, 0).port, 7);
    // Handles start over: a member created now is bmv2 member 0 again.
    x.sw.insertMember({ actionProfileId: x.sel, memberId: 5, action: fwd(x, 5) });
    x.sw.insertGroup(group(x, 1, [[5, 1]]));
    x.sw.insertEntry(toGroup(x, 2, 1));
    assert.equal(send(x.sw, 2, 0).port, 5);
  });
});
