// Digests over real gRPC on loopback (P4Runtime spec 'DigestEntry', 'DigestList', 'DigestListAck'), with
// p4runtime-ts's digest API against the real embedded server: nothing is reported until a DigestEntry
// configures the digest; lists are sent when full or when max_timeout_ns passes; a sample already sent is
// suppressed until its list is acked or ack_timeout_ns passes; DELETE stops the reports; and the status codes
// PI's digest manager (simple_switch_grpc) gives. Timeouts are small and the waits generous.
import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { P4RuntimeError, type DigestListEvent, type P4RuntimeClient } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { frame, newClient, once, primaryForEachTest, writeFailure } from './harness.js';

const SOURCE = readFileSync(fileURLToPath(new URL('./programs/digest.p4', import.meta.url)), 'utf8');
const DIGEST = 'mac_learn_t';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function waitFor(cond: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(5);
  }
}

describe('P4Runtime server: digests', () => {
  let server: RunningP4RuntimeServer;
  let c: P4RuntimeClient;
  let lists: DigestListEvent[];
  primaryForEachTest((s, client) => {
    server = s;
    c = client;
    lists = [];
    c.on('digestList', (l) => lists.push(l));
  }, SOURCE);

  const inject = (src: bigint, port = 3, etherType = 0x88b6): void =>
    server.service.injectPacket(port, frame({ src, etherType }));
  /** A round trip on the stream's server side: lists sent before it have arrived after it. */
  const settle = (): Promise<unknown> => c.readDigests();
  const digestId = (): number => server.service.device.running!.p4info.digests![0]!.preamble.id;

  it('reports nothing until the digest is configured, then sends each sample at once with max_timeout_ns 0', async () => {
    inject(0x0a0000000001n);
    await settle();
    await sleep(50);
    assert.equal(lists.length, 0);
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 0, maxListSize: 1 });
    inject(0x0a0000000001n, 3);
    // The port is read when ingress ends: 100 was added to it after the digest() call.
    inject(0x0a0000000002n, 4, 0x0101);
    await waitFor(() => lists.length === 2);
    assert.deepEqual(
      lists.map((l) => [l.digest, l.digestId, l.listId, l.data]),
      [
        [DIGEST, digestId(), 1n, [{ src_addr: 0x0a0000000001n, ingress_port: 3n }]],
        [DIGEST, digestId(), 2n, [{ src_addr: 0x0a0000000002n, ingress_port: 104n }]],
      ],
    );
    const now = BigInt(Date.now()) * 1_000_000n;
    assert.ok(lists[0]!.timestamp <= now && lists[0]!.timestamp > now - 10_000_000_000n, 'timestamp in ns');
  });

  it('keeps a digest configured across RECONCILE_AND_COMMIT', async () => {
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 0, maxListSize: 1 });
    const kept = await c.readDigests();
    const p4info = await c.fetchP4Info();
    await c.setPipeline({ p4info, deviceConfig: Buffer.from(SOURCE), action: 'RECONCILE_AND_COMMIT' });
    assert.deepEqual(await c.readDigests(), kept);
    inject(0x0a0000000001n, 3);
    await waitFor(() => lists.length === 1);
    assert.deepEqual(lists[0]!.data, [{ src_addr: 0x0a0000000001n, ingress_port: 3n }]);
  });

  it('gathers samples into one list of max_list_size', async () => {
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 60_000_000_000n, maxListSize: 3 });
    inject(1n);
    inject(2n);
    await settle();
    assert.equal(lists.length, 0, 'two samples wait for the third');
    inject(3n);
    await waitFor(() => lists.length === 1);
    assert.deepEqual(
      lists[0]!.data.map((d) => (d as { src_addr: bigint }).src_addr),
      [1n, 2n, 3n],
    );
  });

  it('sends a list that is not full when max_timeout_ns has passed since its first sample', async () => {
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 40_000_000n, maxListSize: 100 });
    inject(1n);
    inject(2n);
    await settle();
    assert.equal(lists.length, 0, 'not sent before the timeout');
    await waitFor(() => lists.length === 1, 3000);
    assert.equal(lists[0]!.data.length, 2);
    await sleep(150);
    assert.equal(lists.length, 1, 'one list, sent once');
  });

  it('suppresses a sample already sent until its list is acked', async () => {
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 0, ackTimeoutNs: 60_000_000_000n });
    inject(7n);
    inject(7n);
    inject(8n);
    await waitFor(() => lists.length === 2);
    await settle();
    await sleep(50);
    assert.deepEqual(
      lists.map((l) => l.data),
      [[{ src_addr: 7n, ingress_port: 3n }], [{ src_addr: 8n, ingress_port: 3n }]],
    );
    // An ack of a list that does not exist, or of another digest, changes nothing.
    c.ackDigestList({ digestId: lists[0]!.digestId, listId: 99n });
    c.ackDigestList({ digestId: 12345, listId: lists[0]!.listId });
    await settle();
    inject(7n);
    await settle();
    await sleep(50);
    assert.equal(lists.length, 2);
    c.ackDigestList(lists[0]!);
    // A PacketOut after the ack, on the same stream, is handled after it: its frame makes the next sample.
    c.packetOut(frame({ src: 7n }), []);
    await waitFor(() => lists.length === 3);
    assert.deepEqual(lists[2]!.data, [{ src_addr: 7n, ingress_port: 255n }], 'from the CPU port');
  });

  it('sends a sample again once ack_timeout_ns has passed without an ack', async () => {
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 0, ackTimeoutNs: 40_000_000n });
    inject(7n);
    inject(7n);
    await waitFor(() => lists.length === 1);
    await sleep(300);
    inject(7n);
    await waitFor(() => lists.length === 2);
  });

  it('without an ack timeout reports every sample, repeats included', async () => {
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 0 });
    inject(7n);
    inject(7n);
    await waitFor(() => lists.length === 2);
  });

  it('stops reporting after DELETE, and forgets the list it was gathering', async () => {
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 40_000_000n, maxListSize: 10 });
    inject(1n);
    await c.writeDigest('DELETE', DIGEST);
    inject(2n);
    await sleep(300);
    assert.equal(lists.length, 0);
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 0 });
    inject(3n);
    await waitFor(() => lists.length === 1);
    assert.deepEqual(lists[0]!.data, [{ src_addr: 3n, ingress_port: 3n }]);
    assert.equal(lists[0]!.listId, 1n, 'no list was sent before');
  });

  it('reads configs back, one or every configured one, and MODIFY replaces them', async () => {
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 5n, maxListSize: 2, ackTimeoutNs: 7n });
    const expected = {
      digest: DIGEST,
      digestId: digestId(),
      config: { maxTimeoutNs: 5n, maxListSize: 2, ackTimeoutNs: 7n },
    };
    assert.deepEqual(await c.readDigests(DIGEST), [expected]);
    assert.deepEqual(await c.readDigests(), [expected]);
    await c.writeDigest('MODIFY', DIGEST, { maxTimeoutNs: 0, maxListSize: 0, ackTimeoutNs: 0 });
    assert.deepEqual((await c.readDigests(DIGEST))[0]!.config, {
      maxTimeoutNs: 0n,
      maxListSize: 0,
      ackTimeoutNs: 0n,
    });
    await c.writeDigest('DELETE', DIGEST);
    assert.deepEqual(await c.readDigests(), []);
  });

  it('sends a list gathered under the old config when a MODIFY makes it due', async () => {
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 60_000_000_000n, maxListSize: 10 });
    inject(1n);
    inject(2n);
    await settle();
    assert.equal(lists.length, 0);
    await c.writeDigest('MODIFY', DIGEST, { maxTimeoutNs: 60_000_000_000n, maxListSize: 2 });
    await waitFor(() => lists.length === 1);
    assert.equal(lists[0]!.data.length, 2);
  });

  it('answers with the status codes of PI: ALREADY_EXISTS, NOT_FOUND, INVALID_ARGUMENT', async () => {
    const codeOf = async (p: Promise<void>): Promise<number> =>
      (await writeFailure(p)).failed[0]!.canonical_code;
    assert.equal(await codeOf(c.writeDigest('MODIFY', DIGEST, {})), status.NOT_FOUND);
    assert.equal(await codeOf(c.writeDigest('DELETE', DIGEST)), status.NOT_FOUND);
    await c.writeDigest('INSERT', DIGEST, {});
    assert.equal(await codeOf(c.writeDigest('INSERT', DIGEST, {})), status.ALREADY_EXISTS);
    const raw = (config: object, digest_id = digestId()) =>
      c.write([{ type: 'MODIFY', entity: { digest_entry: { digest_id, config } } }]);
    assert.equal(await codeOf(raw({}, 0x17000001)), status.NOT_FOUND);
    assert.equal(await codeOf(raw({ max_timeout_ns: '-1' })), status.INVALID_ARGUMENT);
    assert.equal(await codeOf(raw({ ack_timeout_ns: '-5' })), status.INVALID_ARGUMENT);
    assert.equal(await codeOf(raw({ max_list_size: -1 })), status.INVALID_ARGUMENT);
    // The largest timeouts are accepted (and wait, without keeping the process alive).
    await raw({
      max_timeout_ns: '9223372036854775807',
      ack_timeout_ns: '9223372036854775807',
      max_list_size: 2147483647,
    });
    await c.writeDigest('DELETE', DIGEST);
    await assert.rejects(
      c.readDigests(DIGEST),
      (e) => e instanceof P4RuntimeError && e.code === status.NOT_FOUND,
    );
    await assert.rejects(
      c.readAll([{ digest_entry: { digest_id: 0x17000001 } }]),
      (e) => e instanceof P4RuntimeError && e.code === status.NOT_FOUND,
    );
  });

  it('undoes DigestEntry writes of an atomic batch that fails', async () => {
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 0 });
    const e = await writeFailure(
      c.write(
        [
          { type: 'DELETE', entity: { digest_entry: { digest_id: digestId() } } },
          { type: 'INSERT', entity: { digest_entry: { digest_id: 0x17000001 } } },
        ],
        'ROLLBACK_ON_ERROR',
      ),
    );
    assert.deepEqual(
      e.failed.map((f) => f.canonical_code),
      [status.ABORTED, status.NOT_FOUND],
    );
    assert.equal((await c.readDigests(DIGEST)).length, 1, 'the DELETE was rolled back');
    inject(9n);
    await waitFor(() => lists.length === 1);
  });

  it('sends lists to the primary only, and refuses acks from a backup', async () => {
    const backup = newClient(server, { electionId: 5n });
    await backup.connect();
    const backupLists: DigestListEvent[] = [];
    backup.on('digestList', (l) => backupLists.push(l));
    backup.setP4Info(c.codec.index.p4info);
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 0, ackTimeoutNs: 60_000_000_000n });
    inject(7n);
    await waitFor(() => lists.length === 1);
    const err = once<{ code: number; message: string }>(backup, 'streamError');
    backup.ackDigestList(lists[0]!);
    assert.equal((await err).code, status.PERMISSION_DENIED);
    inject(7n);
    await settle();
    await sleep(50);
    assert.equal(lists.length, 1, "the backup's ack released nothing");
    assert.equal(backupLists.length, 0);
  });

  it('drops the digests of a replaced pipeline: no list of the old one arrives later', async () => {
    await c.writeDigest('INSERT', DIGEST, { maxTimeoutNs: 60_000_000n, maxListSize: 10 });
    inject(1n);
    await c.setPipeline({
      p4info: c.codec.index.p4info as never,
      deviceConfig: Buffer.from(SOURCE),
      force: true,
    });
    await sleep(300);
    assert.equal(lists.length, 0);
    inject(2n);
    await sleep(100);
    assert.equal(lists.length, 0, 'the new pipeline has no config');
  });
});
