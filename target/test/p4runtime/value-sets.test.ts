// ValueSetEntry over real gRPC on loopback (P4Runtime spec §9.7): MODIFY replaces a value set's members,
// INSERT and DELETE are refused, the P4Info's size bounds it, a member given twice is ALREADY_EXISTS, reads
// return the members (of every value set for id 0), and the select cases the parser then takes, read from
// packets run through the server's own pipeline.
import { strict as assert } from 'node:assert';
import { status } from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WriteError, type DecodedMatch, type MatchValue, type P4RuntimeClient } from 'p4runtime-ts';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { primaryForEachTest, readFails, writeFails } from './harness.js';

const PROGRAM = fileURLToPath(new URL('./programs/value-set.p4', import.meta.url));
const SOURCE = readFileSync(PROGRAM, 'utf8');
const TYPES = 0x03000001;
const PAIRS = 0x03000002;

/** A decoded exact or ternary match as the client takes it for a write. */
function toSpec(m: DecodedMatch): MatchValue {
  if (m.kind === 'exact') return m.value;
  if (m.kind === 'ternary') return { value: m.value, mask: m.mask };
  throw new Error(`no ${m.kind} fields here`);
}

describe('P4Runtime server: parser value sets', () => {
  let server: RunningP4RuntimeServer;
  let c: P4RuntimeClient;
  primaryForEachTest((s, client) => {
    server = s;
    c = client;
  }, SOURCE);

  /** The select case (0 none, 1 `types`, 2 `pairs`) the parser takes for a frame of this type and source. */
  function path(etherType: number, srcLow = 0): number {
    const dev = server.service.device.running!.device;
    const frame = new Uint8Array(14);
    frame[11] = srcLow;
    frame[12] = etherType >> 8;
    frame[13] = etherType & 0xff;
    const [out] = dev.processPacket(0, frame);
    assert.ok(out);
    return out.data[5]!;
  }

  it('writes members by name, reads them back, and the parser takes the case for them', async () => {
    assert.equal(path(0x88b5), 0);
    await c.writeValueSet('types', [0x88b5, '0x1234']);
    assert.deepEqual(await c.readValueSets('types'), [
      {
        valueSet: 'MyParser.types',
        valueSetId: TYPES,
        members: [{ '1': { kind: 'exact', value: 0x88b5n } }, { '1': { kind: 'exact', value: 0x1234n } }],
      },
    ]);
    assert.equal(path(0x88b5), 1);
    assert.equal(path(0x1234), 1);
    assert.equal(path(0x0800), 0);
  });

  it('keeps the members across RECONCILE_AND_COMMIT', async () => {
    await c.writeValueSet('types', [0x88b5]);
    await c.writeValueSet('pairs', [{ src: 7 }]);
    const kept = await c.readValueSets();
    const p4info = await c.fetchP4Info();
    await c.setPipeline({ p4info, deviceConfig: Buffer.from(SOURCE), action: 'RECONCILE_AND_COMMIT' });
    assert.deepEqual(await c.readValueSets(), kept);
    assert.equal(path(0x88b5), 1);
  });

  it('matches a struct value set field by field; what a read returns writes back unchanged', async () => {
    await c.writeValueSet('pairs', [{ src: 7, type: { value: 0x0800, mask: 0xff00 } }, { src: 9 }]);
    assert.equal(path(0x08aa, 7), 2);
    assert.equal(path(0x0900, 7), 0);
    assert.equal(path(0xffff, 9), 2);
    assert.equal(path(0x08aa, 8), 0);
    const [read] = await c.readValueSets('MyParser.pairs');
    assert.deepEqual(read?.members, [
      { src: { kind: 'exact', value: 7n }, type: { kind: 'ternary', value: 0x0800n, mask: 0xff00n } },
      { src: { kind: 'exact', value: 9n } },
    ]);
    await c.writeValueSet('pairs', []);
    assert.equal(path(0xffff, 9), 0);
    const asWritten = read!.members.map((m) =>
      Object.fromEntries(Object.entries(m).map(([k, v]) => [k, toSpec(v)])),
    );
    await c.writeValueSet('pairs', asWritten);
    assert.deepEqual((await c.readValueSets('pairs'))[0]?.members, read?.members);
  });

  it('replaces the members on each MODIFY; none empties the set; id 0 reads every value set', async () => {
    await c.writeValueSet('types', [0x1111]);
    await c.writeValueSet('types', [0x2222]);
    await c.writeValueSet('pairs', [{ src: 1 }]);
    const all = await c.readValueSets();
    assert.deepEqual(
      all.map((v) => [v.valueSet, v.members.length]),
      [
        ['MyParser.types', 1],
        ['MyParser.pairs', 1],
      ],
    );
    assert.equal(path(0x1111), 0);
    assert.equal(path(0x2222), 1);
    await c.writeValueSet('types', []);
    assert.deepEqual((await c.readValueSets('types'))[0]?.members, []);
    assert.equal(path(0x2222), 0);
  });

  it('refuses INSERT and DELETE, too many members, a member twice and bad matches, changing nothing', async () => {
    await c.writeValueSet('types', [0x1234]);
    const entity = (members: number[]) => ({
      value_set_entry: {
        value_set_id: TYPES,
        members: members.map((m) => ({
          match: [{ field_id: 1, exact: { value: Buffer.from([m >> 8, m & 0xff]) } }],
        })),
      },
    });
    await assert.rejects(
      c.write([{ type: 'INSERT', entity: entity([1]) }]),
      writeFails(status.INVALID_ARGUMENT, /can only be modified/),
    );
    await assert.rejects(
      c.write([{ type: 'DELETE', entity: entity([0x1234]) }]),
      writeFails(status.INVALID_ARGUMENT, /can only be modified/),
    );
    await assert.rejects(c.writeValueSet('types', [1, 2, 3]), writeFails(status.RESOURCE_EXHAUSTED));
    await assert.rejects(c.writeValueSet('types', [5, 5]), writeFails(status.ALREADY_EXISTS));
    await assert.rejects(
      c.write([
        { type: 'MODIFY', entity: { value_set_entry: { value_set_id: PAIRS, members: [{ match: [] }] } } },
      ]),
      writeFails(status.INVALID_ARGUMENT, /exact match field src is missing/),
    );
    await assert.rejects(
      c.write([
        {
          type: 'MODIFY',
          entity: {
            value_set_entry: {
              value_set_id: TYPES,
              members: [{ match: [{ field_id: 1, exact: { value: Buffer.from([1, 0, 0]) } }] }],
            },
          },
        },
      ]),
      writeFails(status.INVALID_ARGUMENT),
    );
    await assert.rejects(
      c.write([{ type: 'MODIFY', entity: { value_set_entry: { value_set_id: 0x03000099 } } }]),
      writeFails(status.NOT_FOUND),
    );
    assert.deepEqual((await c.readValueSets('types'))[0]?.members, [
      { '1': { kind: 'exact', value: 0x1234n } },
    ]);
    assert.equal(path(0x1234), 1);
  });

  it('answers a read of an unknown value set NOT_FOUND, and one that carries members INVALID_ARGUMENT', async () => {
    await assert.rejects(
      c.readAll([{ value_set_entry: { value_set_id: 0x03000099 } }]),
      readFails(status.NOT_FOUND),
    );
    await assert.rejects(
      c.readAll([{ value_set_entry: { value_set_id: TYPES, members: [{ match: [] }] } }]),
      readFails(status.INVALID_ARGUMENT),
    );
  });

  it('puts the members back when a later update of a ROLLBACK_ON_ERROR batch fails', async () => {
    await c.writeValueSet('types', [0x1234]);
    await assert.rejects(
      c.write(
        [
          { type: 'MODIFY', entity: { value_set_entry: { value_set_id: TYPES, members: [] } } },
          { type: 'MODIFY', entity: { value_set_entry: { value_set_id: 0x03000099 } } },
        ],
        'ROLLBACK_ON_ERROR',
      ),
      WriteError,
    );
    assert.equal(path(0x1234), 1);
  });
});
