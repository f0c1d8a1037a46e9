// A failed Write of many updates must still reach the client as a status: gRPC drops a details trailer over
// its header limit, which used to leave the client waiting forever (seen with 1000 failing updates).
import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import {
  decodeP4Error,
  decodeStatus,
  WriteError,
  type P4Error,
  type P4RuntimeClient,
  type Update,
} from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { writeFailureStatus } from '../../p4runtime/write-status.js';
import { closeClients, primaryWithPipeline, startServer } from './harness.js';

function errors(n: number): P4Error[] {
  return Array.from({ length: n }, (_, i) => ({
    canonical_code: i % 2 === 0 ? status.OK : status.ALREADY_EXISTS,
    message: i % 2 === 0 ? '' : `entry ${i} already exists in MyIngress.ipv4_lpm`,
    space: '',
    code: 0,
  }));
}

const codesIn = (trailer: Buffer): number[] =>
  decodeStatus(trailer).details.map((d) => decodeP4Error(d.value).canonical_code);

describe('P4Runtime server: status of a failed Write within the gRPC trailer limit', () => {
  it('keeps every per-update error, with messages, when they fit', () => {
    const s = writeFailureStatus('1 of 2 updates failed', errors(2));
    assert.ok(s.trailer);
    assert.deepEqual(codesIn(s.trailer), [status.OK, status.ALREADY_EXISTS]);
    assert.equal(decodeP4Error(decodeStatus(s.trailer).details[1].value).message, errors(2)[1].message);
  });

  it('drops the message texts first, keeping one code per update in order', () => {
    const full = writeFailureStatus('x', errors(40), 1 << 20).trailer;
    assert.ok(full);
    const s = writeFailureStatus('20 of 40 updates failed', errors(40), full.length - 1);
    assert.ok(s.trailer && s.trailer.length < full.length);
    assert.deepEqual(
      codesIn(s.trailer),
      errors(40).map((e) => e.canonical_code),
    );
    assert.ok(decodeStatus(s.trailer).details.every((d) => decodeP4Error(d.value).message === ''));
    assert.match(s.message, /messages dropped/);
  });

  it('leaves the details out when even the codes do not fit, and names the first failure', () => {
    const s = writeFailureStatus('20 of 40 updates failed', errors(40), 64);
    assert.equal(s.trailer, undefined);
    assert.match(s.message, /^20 of 40 updates failed; first failure: update 1: ALREADY_EXISTS: entry 1 /);
    assert.match(s.message, /details omitted/);
  });

  describe('over loopback', () => {
    let server: RunningP4RuntimeServer;
    let c: P4RuntimeClient;
    before(async () => {
      server = await startServer();
      c = await primaryWithPipeline(server);
    });
    after(async () => {
      closeClients();
      await server.stop(500);
    });

    const inserts = (n: number, base: number): Update[] =>
      Array.from({ length: n }, (_, i) => ({
        type: 'INSERT' as const,
        entity: c.codec.tableEntity({
          table: 'MyIngress.ipv4_lpm',
          match: { 'hdr.ipv4.dst_addr': { value: BigInt(base + i) << 8n, prefixLen: 24 } },
          action: { name: 'MyIngress.forward', params: { port: 1 } },
        }),
      }));

    async function failure(updates: Update[]): Promise<WriteError> {
      try {
        await c.write(updates);
      } catch (e) {
        assert.ok(e instanceof WriteError, String(e));
        return e;
      }
      throw new Error('write succeeded');
    }

    it('500 failing updates: one ALREADY_EXISTS per update', async () => {
      await c.write(inserts(500, 0));
      const e = await failure(inserts(500, 0));
      assert.equal(e.code, status.UNKNOWN);
      assert.equal(e.updates.length, 500);
      assert.ok(e.updates.every((u) => u.canonical_code === status.ALREADY_EXISTS));
    });

    it('3000 failing updates: a status without details that names the first failure', async () => {
      await c.write(inserts(3000, 10_000));
      const e = await failure(inserts(3000, 10_000));
      assert.equal(e.code, status.UNKNOWN);
      assert.deepEqual(e.updates, []);
      assert.match(e.details, /3000 of 3000 updates failed; first failure: update 0: ALREADY_EXISTS/);
    });
  });
});
