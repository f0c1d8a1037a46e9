// Status codes the P4Runtime specification prescribes for requests the server must refuse, each checked
// over gRPC against the real server (issue 14). The section of the specification is named in each test.
import { strict as assert } from 'node:assert';
import * as grpc from '@grpc/grpc-js';
import { status } from '@grpc/grpc-js';
import {
  loadP4RuntimeProto,
  P4RuntimeError,
  toUint128,
  type P4RuntimeClient,
  type StreamMessageResponse,
  type TableEntry,
  type Update,
} from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import {
  compiledP4Info,
  DEVICE_ID,
  newClient,
  PROGRAM_SOURCE,
  primaryForEachTest,
  writeFailure,
} from './harness.js';

const DMAC_ID = 0x02000003;
const IPV4_LPM_ID = 0x02000001;
const FORWARD_ID = 0x01000002;
const DROP_ID = 0x01000001;

function dmacEntry(mac: number): TableEntry {
  return {
    table_id: DMAC_ID,
    match: [{ field_id: 1, exact: { value: Buffer.from([mac]) } }],
    action: { action: { action_id: FORWARD_ID, params: [{ param_id: 1, value: Buffer.from([1]) }] } },
  };
}

/** The canonical code of each update of a failed Write. */
async function codesOf(p: Promise<void>): Promise<number[]> {
  return (await writeFailure(p)).updates.map((u) => u.canonical_code);
}

describe('P4Runtime server: status codes as the specification gives them', () => {
  let server: RunningP4RuntimeServer;
  let c: P4RuntimeClient;
  primaryForEachTest((s, client) => {
    server = s;
    c = client;
  });

  it('§9.1 TableEntry: is_const set in INSERT, MODIFY or DELETE is INVALID_ARGUMENT and changes nothing', async () => {
    const updates: Update[] = (['INSERT', 'MODIFY', 'DELETE'] as const).map((type) => ({
      type,
      entity: { table_entry: { ...dmacEntry(1), const: true } },
    }));
    assert.deepEqual(await codesOf(c.write(updates)), [
      status.INVALID_ARGUMENT,
      status.INVALID_ARGUMENT,
      status.INVALID_ARGUMENT,
    ]);
    assert.equal((await c.readTableEntries('dmac')).length, 0);
  });

  it('§9.1 Action Specification: @defaultonly in an entry or @tableonly as default is PERMISSION_DENIED', async () => {
    const scoped = PROGRAM_SOURCE.replace(
      'actions = { set_dmac; forward; drop; }',
      'actions = { set_dmac; @tableonly forward; @defaultonly drop; }',
    );
    assert.notEqual(scoped, PROGRAM_SOURCE, 'the test program changed: update the replacement');
    await c.setPipeline({ p4info: compiledP4Info(scoped), deviceConfig: Buffer.from(scoped) });
    const lpm = (action: number, params: { param_id: number; value: Buffer }[]): TableEntry => ({
      table_id: IPV4_LPM_ID,
      match: [{ field_id: 1, lpm: { value: Buffer.from([10, 0, 0, 0]), prefix_len: 8 } }],
      action: { action: { action_id: action, params } },
    });
    const asDefault: TableEntry = {
      table_id: IPV4_LPM_ID,
      is_default_action: true,
      action: { action: { action_id: FORWARD_ID, params: [{ param_id: 1, value: Buffer.from([3]) }] } },
    };
    assert.deepEqual(
      await codesOf(
        c.write([
          { type: 'INSERT', entity: { table_entry: lpm(DROP_ID, []) } },
          { type: 'MODIFY', entity: { table_entry: asDefault } },
          {
            type: 'INSERT',
            entity: { table_entry: lpm(FORWARD_ID, [{ param_id: 1, value: Buffer.from([2]) }]) },
          },
        ]),
      ),
      [status.PERMISSION_DENIED, status.PERMISSION_DENIED, status.OK],
    );
  });

  it('§9 CounterEntry and RegisterEntry: a negative index is INVALID_ARGUMENT, one past the end OUT_OF_RANGE', async () => {
    const counter = (index: string): Update => ({
      type: 'MODIFY',
      entity: {
        counter_entry: {
          counter_id: 0x12000001,
          index: { index },
          data: { packet_count: '1', byte_count: '1' },
        },
      },
    });
    const register = (index: string): Update => ({
      type: 'MODIFY',
      entity: {
        register_entry: { register_id: 0x16000001, index: { index }, data: { bitstring: Buffer.from([1]) } },
      },
    });
    assert.deepEqual(await codesOf(c.write([counter('-1'), counter('16'), register('-1'), register('16')])), [
      status.INVALID_ARGUMENT,
      status.OUT_OF_RANGE,
      status.INVALID_ARGUMENT,
      status.OUT_OF_RANGE,
    ]);
    for (const entity of [
      { counter_entry: { counter_id: 0x12000001, index: { index: '-1' } } },
      { register_entry: { register_id: 0x16000001, index: { index: '-1' } } },
    ])
      await assert.rejects(c.readAll([entity]), (e: P4RuntimeError) => e.code === status.INVALID_ARGUMENT);
  });

  it('a negative counter value is INVALID_ARGUMENT and is not stored', async () => {
    await c.writeCounter('port_pkts', 2, { packets: 5n, bytes: 500n });
    const negative: Update = {
      type: 'MODIFY',
      entity: {
        counter_entry: {
          counter_id: 0x12000001,
          index: { index: '2' },
          data: { packet_count: '-1', byte_count: '0' },
        },
      },
    };
    assert.deepEqual(await codesOf(c.write([negative])), [status.INVALID_ARGUMENT]);
    const [cell] = await c.readCounters('port_pkts', 2);
    assert.deepEqual([cell?.data.packets, cell?.data.bytes], [5n, 500n]);
  });

  it('SetForwardingPipelineConfig RPC: COMMIT with no saved config is NOT_FOUND', async () => {
    await assert.rejects(c.commitSavedPipeline(), (e: P4RuntimeError) => e.code === status.NOT_FOUND);
  });

  it('§5 arbitration rules: another device id on a live stream ends it with FAILED_PRECONDITION', async () => {
    const Client = loadP4RuntimeProto().p4.v1.P4Runtime;
    const stub = new Client(server.address, grpc.credentials.createInsecure());
    try {
      const call = stub.StreamChannel();
      const first = new Promise<StreamMessageResponse>((resolve) => call.once('data', resolve));
      const ended = new Promise<grpc.ServiceError>((resolve) => call.on('error', resolve));
      const arbitrate = (device: number): void =>
        void call.write({ arbitration: { device_id: String(device), election_id: toUint128(99n) } });
      arbitrate(DEVICE_ID);
      assert.equal((await first).arbitration?.status?.code, status.OK);
      arbitrate(DEVICE_ID + 1);
      assert.equal((await ended).code, status.FAILED_PRECONDITION);
    } finally {
      stub.close();
    }
  });

  it('§5 arbitration rules: an unknown device id on a new stream is NOT_FOUND', async () => {
    const stray = newClient(server, { deviceId: DEVICE_ID + 5, electionId: 3n });
    await assert.rejects(stray.connect(), (e: P4RuntimeError) => e.code === status.NOT_FOUND);
  });
});
