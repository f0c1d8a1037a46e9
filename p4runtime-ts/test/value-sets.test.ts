// Value set entities from names and friendly values: the bare value of a bit<W> set, struct members by field
// name, don't-cares left out, fields in P4Info order, and the errors that name the member and field.
import { strict as assert } from 'node:assert';
import { ValueError } from '../src/bytes.js';
import { P4InfoIndex, P4InfoLookupError } from '../src/p4info.js';
import type { EntityMsg } from '../src/types.js';
import { decodeValueSetEntity, valueSetEntity } from '../src/value-sets.js';

const index = new P4InfoIndex({
  value_sets: [
    {
      preamble: { id: 0x03000001, name: 'P.types', alias: 'types' },
      match: [{ id: 1, bitwidth: 16, match_type: 'EXACT' }],
      size: 4,
    },
    {
      preamble: { id: 0x03000002, name: 'P.pairs', alias: 'pairs' },
      match: [
        { id: 1, name: 'src', bitwidth: 8, match_type: 'EXACT' },
        { id: 2, name: 'type', bitwidth: 16, match_type: 'TERNARY' },
      ],
      size: 4,
    },
  ],
});

describe('p4runtime-ts: value set entities', () => {
  it('takes the bare value, or the field id, for the unnamed field of a bit<W> value set', () => {
    const e = valueSetEntity(index, 'types', [0x88b5, { '1': '0x0800' }]);
    assert.deepEqual(e, {
      value_set_entry: {
        value_set_id: 0x03000001,
        members: [
          { match: [{ field_id: 1, exact: { value: Buffer.from([0x88, 0xb5]) } }] },
          { match: [{ field_id: 1, exact: { value: Buffer.from([0x08, 0x00]) } }] },
        ],
      },
    });
  });

  it('encodes struct members by field name in P4Info order, leaving a don\u2019t-care out', () => {
    const e = valueSetEntity(index, 'P.pairs', [
      { type: '0x0800&&&0xff00', src: 7 },
      { src: 9, type: '0&&&0' },
    ]);
    assert.deepEqual(e.value_set_entry?.members, [
      {
        match: [
          { field_id: 1, exact: { value: Buffer.from([7]) } },
          { field_id: 2, ternary: { value: Buffer.from([0x08, 0x00]), mask: Buffer.from([0xff, 0x00]) } },
        ],
      },
      { match: [{ field_id: 1, exact: { value: Buffer.from([9]) } }] },
    ]);
  });

  it('reads every value set without a name, and decodes members by field name', () => {
    assert.deepEqual(valueSetEntity(index, undefined), { value_set_entry: { value_set_id: 0 } });
    const read = {
      value_set_entry: {
        value_set_id: 0x03000002,
        members: [
          {
            match: [
              {
                field_id: 2,
                field_match_type: 'ternary',
                ternary: { value: Buffer.from([8, 0]), mask: Buffer.from([0xff, 0]) },
              },
            ],
          },
        ],
      },
    } as unknown as EntityMsg;
    assert.deepEqual(decodeValueSetEntity(index, read), {
      valueSet: 'P.pairs',
      valueSetId: 0x03000002,
      members: [{ type: { kind: 'ternary', value: 0x0800n, mask: 0xff00n } }],
    });
  });

  it('names the member and field of a value it cannot encode', () => {
    assert.throws(
      () => valueSetEntity(index, 'pairs', [{ src: 1 }, { type: 5 }]),
      (e: unknown) =>
        e instanceof ValueError &&
        /^member 1: value set P.pairs: exact field src needs a value$/.test(e.message),
    );
    assert.throws(
      () => valueSetEntity(index, 'pairs', [{ src: 1, port: 2 }]),
      (e: unknown) =>
        e instanceof ValueError && /^member 0: value set P.pairs has no match field "port"$/.test(e.message),
    );
    assert.throws(
      () => valueSetEntity(index, 'types', [0x10000]),
      (e: unknown) => e instanceof ValueError && /^member 0: match field 1: /.test(e.message),
    );
    assert.throws(
      () => valueSetEntity(index, 'pairs', [7]),
      (e: unknown) =>
        e instanceof ValueError &&
        /^member 0: value set P.pairs: a member names its fields, as \{ field: value \}$/.test(e.message),
    );
    assert.throws(() => valueSetEntity(index, 'nosuch', []), P4InfoLookupError);
  });
});
