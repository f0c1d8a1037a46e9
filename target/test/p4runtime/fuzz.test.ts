// Fuzzing the live P4Runtime server over loopback (issue 14): random protobuf-valid WriteRequests,
// ReadRequests, SetForwardingPipelineConfigRequests and StreamMessageRequests (random ids, bytes, fields,
// from the primary and from others), and the same messages with random bytes flipped. Every unary request
// must get a status within its deadline; afterwards the server must still serve a well-formed request.
import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import fc from 'fast-check';
import { p4RuntimeService, toUint128, type P4RuntimeClient } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import {
  closeClients,
  compiledP4Info,
  DEVICE_ID,
  frame,
  primaryWithPipeline,
  startServer,
} from './harness.js';
import { RawP4RuntimeClient } from './raw-client.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Serialize = (value: unknown) => Buffer;
const service = p4RuntimeService();
const encode = (method: string): Serialize => service[method]!.requestSerialize as Serialize;

// Ids of the test program (pktio.p4), mixed with random ones so both paths are taken.
const TABLES = [0x02000001, 0x02000002, 0x02000003, 0];
const ACTIONS = [0x01000001, 0x01000002, 0x01000003, 0x01000004, 0x01000005, 0x01000006, 0x01000007];
const DIGEST = compiledP4Info().digests![0]!.preamble.id;
const pick = (known: number[]): fc.Arbitrary<number> =>
  fc.oneof(fc.constantFrom(...known), fc.integer({ min: 0, max: 0xffffffff }));
const bytes = fc.uint8Array({ maxLength: 20 }).map((b) => Buffer.from(b));
const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
const uint64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String);
// Mostly the primary's election id and the right device, so most requests get past the request checks.
const election = fc.oneof(
  { weight: 4, arbitrary: fc.constant(10n) },
  { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }) },
);
const deviceId = fc.oneof(
  { weight: 4, arbitrary: fc.constant(String(DEVICE_ID)) },
  { weight: 1, arbitrary: uint64 },
);

const fieldMatch = fc.record({
  field_id: fc.integer({ min: 0, max: 4 }),
  field_match_type: fc.constantFrom('exact', 'ternary', 'lpm', 'range', 'optional'),
  exact: fc.record({ value: bytes }),
  ternary: fc.record({ value: bytes, mask: bytes }),
  lpm: fc.record({ value: bytes, prefix_len: fc.integer({ min: -2, max: 130 }) }),
  range: fc.record({ low: bytes, high: bytes }),
  optional: fc.record({ value: bytes }),
});
const action = fc.record({
  action_id: pick(ACTIONS),
  params: fc.array(fc.record({ param_id: fc.integer({ min: 0, max: 3 }), value: bytes }), { maxLength: 3 }),
});
const tableEntry = fc.record(
  {
    table_id: pick(TABLES),
    match: fc.array(fieldMatch, { maxLength: 3 }),
    action: fc.record({ action }),
    priority: fc.integer({ min: -5, max: 100 }),
    is_default_action: fc.boolean(),
    const: fc.boolean(),
    idle_timeout_ns: int64,
    metadata: bytes,
    counter_data: fc.record({ byte_count: int64, packet_count: int64 }),
    meter_config: fc.record({ cir: int64, cburst: int64, pir: int64, pburst: int64 }),
  },
  { requiredKeys: ['table_id'] },
);
const index = fc.record({ index: int64 });
/** Replicas of a multicast group or clone session: ports as the deprecated uint32 or as bytes. */
const replicas = fc.array(
  fc.oneof(
    fc.record({
      egress_port: fc.integer({ min: 0, max: 600 }),
      instance: fc.integer({ min: 0, max: 70000 }),
    }),
    fc.record({ port: fc.uint8Array({ maxLength: 3 }).map((b) => Buffer.from(b)), instance: fc.nat(5) }),
  ),
  { maxLength: 3 },
);
const entity = fc.oneof(
  tableEntry.map((table_entry) => ({ table_entry })),
  fc
    .record(
      {
        counter_id: pick([0x12000001, 0]),
        index,
        data: fc.record({ byte_count: int64, packet_count: int64 }),
      },
      { requiredKeys: [] },
    )
    .map((counter_entry) => ({ counter_entry })),
  fc
    .record(
      { register_id: pick([0x16000001, 0]), index, data: fc.record({ bitstring: bytes }) },
      { requiredKeys: [] },
    )
    .map((register_entry) => ({ register_entry })),
  fc
    .record({ meter_id: fc.integer({ min: 0, max: 0xffffffff }), index }, { requiredKeys: [] })
    .map((meter_entry) => ({ meter_entry })),
  fc
    .record(
      { table_entry: tableEntry, data: fc.record({ byte_count: int64, packet_count: int64 }) },
      { requiredKeys: [] },
    )
    .map((direct_counter_entry) => ({ direct_counter_entry })),
  fc
    .record(
      {
        value_set_id: pick([0x03000001, 0]),
        members: fc.array(fc.record({ match: fc.array(fieldMatch, { maxLength: 3 }) }), { maxLength: 6 }),
      },
      { requiredKeys: [] },
    )
    .map((value_set_entry) => ({ value_set_entry })),
  fc
    .record(
      {
        digest_id: pick([DIGEST, 0]),
        config: fc.record(
          {
            max_timeout_ns: int64,
            max_list_size: fc.oneof(fc.integer({ min: -3, max: 4 }), fc.integer()),
            ack_timeout_ns: int64,
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    )
    .map((digest_entry) => ({ digest_entry })),
  fc
    .oneof(
      fc.record({
        multicast_group_entry: fc.record({
          multicast_group_id: fc.oneof(
            fc.integer({ min: 0, max: 0xffffffff }),
            fc.integer({ min: (1 << 15) - 2, max: (1 << 15) + 2 }),
          ),
          replicas,
        }),
      }),
      fc.record({
        clone_session_entry: fc.record(
          {
            session_id: fc.oneof(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 513 })),
            replicas,
            class_of_service: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffffffff })),
            packet_length_bytes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffffffff })),
          },
          { requiredKeys: [] },
        ),
      }),
    )
    .map((packet_replication_engine_entry) => ({ packet_replication_engine_entry })),
  fc.constant({}),
);
const updateType = fc.constantFrom('UNSPECIFIED', 'INSERT', 'MODIFY', 'DELETE');

const writeRequest = fc.record({
  device_id: deviceId,
  role: fc.oneof(fc.constant(''), fc.string({ maxLength: 8 })),
  election_id: election.map(toUint128),
  atomicity: fc.constantFrom('CONTINUE_ON_ERROR', 'ROLLBACK_ON_ERROR', 'DATAPLANE_ATOMIC'),
  updates: fc.array(fc.record({ type: updateType, entity }), { maxLength: 6 }),
});
const readRequest = fc.record({
  device_id: deviceId,
  role: fc.oneof(fc.constant(''), fc.string({ maxLength: 8 })),
  entities: fc.array(entity, { maxLength: 4 }),
});
const pipelineRequest = fc.record({
  device_id: deviceId,
  election_id: election.map(toUint128),
  action: fc.constantFrom(
    'UNSPECIFIED',
    'VERIFY',
    'VERIFY_AND_SAVE',
    'VERIFY_AND_COMMIT',
    'COMMIT',
    'RECONCILE_AND_COMMIT',
  ),
  config: fc.record(
    {
      p4info: fc.record({
        tables: fc.array(
          fc.record({ preamble: fc.record({ id: pick(TABLES), name: fc.string({ maxLength: 6 }) }) }),
          { maxLength: 3 },
        ),
      }),
      p4_device_config: fc.oneof(
        bytes,
        fc.constant(Buffer.from('#include <core.p4>\n#include <v1model.p4>\n')),
      ),
      cookie: fc.record({ cookie: uint64 }),
    },
    { requiredKeys: [] },
  ),
});
const streamRequest = fc.oneof(
  fc.record({
    arbitration: fc.record(
      {
        device_id: deviceId,
        election_id: election.map(toUint128),
        role: fc.record({ name: fc.string({ maxLength: 4 }) }),
      },
      { requiredKeys: ['device_id'] },
    ),
  }),
  fc.record({
    packet: fc.record({
      payload: fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.from(b)),
      metadata: fc.array(fc.record({ metadata_id: fc.integer({ min: 0, max: 4 }), value: bytes }), {
        maxLength: 3,
      }),
    }),
  }),
  fc.record({ digest_ack: fc.record({ digest_id: pick([DIGEST, 0]), list_id: uint64 }) }),
  fc.constant({}),
);

/** The encoding, possibly with a few bytes overwritten (which may no longer parse). */
function maybeMutated(buf: Buffer, flips: [number, number][]): Buffer {
  if (flips.length === 0 || buf.length === 0) return buf;
  const out = Buffer.from(buf);
  for (const [at, v] of flips) out[at % out.length] = v;
  return out;
}
const flips = fc.oneof(
  { weight: 3, arbitrary: fc.constant<[number, number][]>([]) },
  {
    weight: 1,
    arbitrary: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }),
  },
);

describe('P4Runtime server fuzzing: random and mutated requests over gRPC', function () {
  this.timeout(60_000);
  let server: RunningP4RuntimeServer;
  let primary: P4RuntimeClient;
  let raw: RawP4RuntimeClient;
  before(async () => {
    server = await startServer();
    primary = await primaryWithPipeline(server);
    raw = new RawP4RuntimeClient(server.address);
  });
  after(async () => {
    raw.close();
    closeClients();
    await server.stop(500);
  });

  afterEach(async () => {
    // Still serving, and the primary is still primary: a well-formed write succeeds.
    await primary.writeCounter('port_pkts', 3, { packets: 7n, bytes: 70n });
    assert.equal((await primary.readCounters('port_pkts', 3))[0]?.data.packets, 7n);
  });

  const unaryProperty = (method: string, request: fc.Arbitrary<unknown>) =>
    fc.asyncProperty(request, flips, async (req, f) => {
      const r = await raw.unary(method, maybeMutated(encode(method)(req), f), 10_000);
      assert.notEqual(r.code, status.DEADLINE_EXCEEDED, `${method} got no answer`);
      assert.ok(Number.isInteger(r.code));
    });

  it('Write', async () => {
    await fc.assert(unaryProperty('Write', writeRequest), { numRuns: 150 });
  });

  it('Read', async () => {
    await fc.assert(
      fc.asyncProperty(readRequest, flips, async (req, f) => {
        const r = await raw.read(maybeMutated(encode('Read')(req), f), 10_000);
        assert.notEqual(r.code, status.DEADLINE_EXCEEDED, 'Read got no answer');
      }),
      { numRuns: 100 },
    );
  });

  it('SetForwardingPipelineConfig', async () => {
    await fc.assert(unaryProperty('SetForwardingPipelineConfig', pipelineRequest), { numRuns: 60 });
  });

  it('DigestEntry writes between packets that make digests and acks from the primary', async () => {
    // Primary writes of DigestEntry (hostile configs included), packets that call digest(), and acks of
    // lists that may or may not exist: the lists go out on timers that must neither throw nor hang.
    const digestWrite = fc.record({
      device_id: fc.constant(String(DEVICE_ID)),
      election_id: fc.constant(toUint128(10n)),
      atomicity: fc.constantFrom('CONTINUE_ON_ERROR', 'ROLLBACK_ON_ERROR'),
      updates: fc.array(fc.record({ type: updateType, entity: entity.filter((e) => 'digest_entry' in e) }), {
        minLength: 1,
        maxLength: 3,
      }),
    });
    const op = fc.oneof(
      digestWrite.map((write) => ({ write })),
      fc.bigInt({ min: 0n, max: 3n }).map((src) => ({ src })),
      fc
        .record({ digestId: pick([DIGEST, 0]), listId: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }) })
        .map((ack) => ({ ack })),
    );
    let lists = 0;
    primary.on('digestList', () => lists++);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) {
          if ('write' in o) {
            const r = await raw.unary('Write', encode('Write')(o.write), 10_000);
            assert.notEqual(r.code, status.DEADLINE_EXCEEDED, 'Write got no answer');
          } else if ('src' in o) server.service.injectPacket(1, frame({ src: o.src }));
          else primary.ackDigestList(o.ack);
        }
      }),
      { numRuns: 80 },
    );
    // Afterwards a digest configured to report at once still does.
    await primary.writeDigest('DELETE', 'learn_t').catch(() => undefined);
    await primary.writeDigest('INSERT', 'learn_t', { maxTimeoutNs: 0 });
    const before = lists;
    server.service.injectPacket(1, frame({ src: 1n }));
    for (let i = 0; i < 300 && lists === before; i++) await new Promise((r) => setTimeout(r, 10));
    assert.ok(lists > before, 'a digest list arrives');
    await primary.writeDigest('DELETE', 'learn_t');
  });

  it('StreamChannel messages', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(streamRequest, { minLength: 1, maxLength: 4 }), flips, async (msgs, f) => {
        const wire = msgs.map((m, i) =>
          i === msgs.length - 1 ? maybeMutated(encode('StreamChannel')(m), f) : encode('StreamChannel')(m),
        );
        const r = await raw.stream(wire, 60);
        assert.ok(Number.isInteger(r.code));
      }),
      { numRuns: 40 },
    );
  });
});

// The same, with action profile entities (members, weighted groups, entries naming them), against a program
// with an action selector and an action profile.
describe('P4Runtime server fuzzing: action profiles and selectors', function () {
  this.timeout(60_000);
  const AP_SOURCE = readFileSync(
    fileURLToPath(new URL('./programs/action-profile.p4', import.meta.url)),
    'utf8',
  );
  let server: RunningP4RuntimeServer;
  let primary: P4RuntimeClient;
  let raw: RawP4RuntimeClient;
  let profiles: number[] = [];
  let tables: number[] = [];
  let actions: number[] = [];
  before(async () => {
    server = await startServer();
    primary = await primaryWithPipeline(server, 10n, AP_SOURCE);
    raw = new RawP4RuntimeClient(server.address);
    const p4info = primary.codec.index;
    profiles = p4info.actionProfiles.all().map((p) => p.preamble!.id);
    tables = p4info.tables.all().map((t) => t.preamble!.id);
    actions = p4info.actions.all().map((a) => a.preamble!.id);
  });
  after(async () => {
    raw.close();
    closeClients();
    await server.stop(500);
  });

  afterEach(async () => {
    // Still serving: a well-formed member can be written, read and deleted (fuzzed ids stay below 7, and
    // the selector holds 16 members).
    const spec = { profile: 'ecmp_selector', memberId: 0x7fffffff };
    await primary.writeActionProfileMember('INSERT', {
      ...spec,
      action: { name: 'fwd', params: { port: 1 } },
    });
    assert.ok((await primary.readActionProfileMembers('ecmp_selector', spec.memberId)).length === 1);
    await primary.writeActionProfileMember('DELETE', spec);
  });

  const entities = (): fc.Arbitrary<unknown> => {
    const id = fc.integer({ min: 0, max: 6 });
    // The deprecated int32 `watch`, over its whole range (the other watch_kind is `bytes`).
    const watch = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
    const apAction = fc.record({
      action_id: pick(actions),
      params: fc.array(fc.record({ param_id: fc.integer({ min: 0, max: 2 }), value: bytes }), {
        maxLength: 2,
      }),
    });
    return fc.oneof(
      fc
        .record(
          { action_profile_id: pick([...profiles, 0]), member_id: id, action: apAction },
          { requiredKeys: [] },
        )
        .map((action_profile_member) => ({ action_profile_member })),
      fc
        .record(
          {
            action_profile_id: pick([...profiles, 0]),
            group_id: id,
            members: fc.array(
              fc.record(
                {
                  member_id: id,
                  weight: fc.integer({ min: -2, max: 20 }),
                  watch_port: bytes,
                  watch,
                },
                { requiredKeys: ['member_id', 'weight'] },
              ),
              { maxLength: 5 },
            ),
            max_size: fc.integer({ min: -2, max: 20 }),
          },
          { requiredKeys: [] },
        )
        .map((action_profile_group) => ({ action_profile_group })),
      fc
        .record({
          table_id: pick([...tables, 0]),
          match: fc.array(fieldMatch, { maxLength: 2 }),
          action: fc.oneof(
            fc.record({ action_profile_member_id: id }),
            fc.record({ action_profile_group_id: id }),
            fc.record({ action: apAction }),
            // One-shot sets: hostile weights, watch ports and actions included; an empty set is UNIMPLEMENTED.
            fc.record({
              action_profile_action_set: fc.record({
                action_profile_actions: fc.array(
                  fc.record(
                    {
                      action: apAction,
                      weight: fc.integer({ min: -2, max: 10 }),
                      watch_port: bytes,
                      watch,
                    },
                    { requiredKeys: ['weight'] },
                  ),
                  { maxLength: 4 },
                ),
              }),
            }),
          ),
          is_default_action: fc.boolean(),
        })
        .map((table_entry) => ({ table_entry })),
    );
  };

  it('Write', async () => {
    const request = fc.record({
      device_id: deviceId,
      election_id: election.map(toUint128),
      updates: fc.array(fc.record({ type: updateType, entity: entities() }), { maxLength: 6 }),
      atomicity: fc.constantFrom('CONTINUE_ON_ERROR', 'ROLLBACK_ON_ERROR', 'DATAPLANE_ATOMIC'),
    });
    await fc.assert(
      fc.asyncProperty(request, flips, async (req, f) => {
        const r = await raw.unary('Write', maybeMutated(encode('Write')(req), f), 10_000);
        assert.notEqual(r.code, status.DEADLINE_EXCEEDED, 'Write got no answer');
        // Packets still run through whatever the writes left.
        server.service.device.running?.device.processPacket(0, Uint8Array.from([1, 2, 3, 4]));
      }),
      { numRuns: 200 },
    );
  });

  it('Read', async () => {
    const request = fc.record({ device_id: deviceId, entities: fc.array(entities(), { maxLength: 3 }) });
    await fc.assert(
      fc.asyncProperty(request, flips, async (req, f) => {
        const r = await raw.read(maybeMutated(encode('Read')(req), f), 10_000);
        assert.notEqual(r.code, status.DEADLINE_EXCEEDED, 'Read got no answer');
      }),
      { numRuns: 100 },
    );
  });
});
