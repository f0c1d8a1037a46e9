import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  decodeP4Error,
  decodeStatus,
  encodeP4Error,
  encodeStatus,
  encodeWriteStatus,
} from '../src/status-codec.js';

const p4Error = fc.record({
  canonical_code: fc.integer({ min: 0, max: 16 }),
  message: fc.string(),
  space: fc.string(),
  code: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
});

describe('google.rpc.Status / p4.v1.Error codec', () => {
  it('round-trips p4.v1.Error, including negative int32 codes', () => {
    fc.assert(
      fc.property(p4Error, (e) => {
        assert.deepEqual(decodeP4Error(encodeP4Error(e)), { ...e });
      }),
    );
  });

  it('keeps one detail per update in order, even all-default (OK) ones', () => {
    fc.assert(
      fc.property(fc.array(p4Error, { maxLength: 20 }), fc.string(), (errs, msg) => {
        const s = decodeStatus(encodeWriteStatus(2, msg, errs));
        assert.equal(s.code, 2);
        assert.equal(s.message, msg);
        assert.equal(s.details.length, errs.length);
        s.details.forEach((d, i) => {
          assert.equal(d.type_url, 'type.googleapis.com/p4.v1.Error');
          assert.deepEqual(decodeP4Error(d.value), { ...errs[i] });
        });
      }),
    );
  });

  it('matches protobuf wire bytes for a known message', () => {
    // code=5, message="x": field 1 varint 5, field 2 length 1 'x'.
    assert.deepEqual([...encodeStatus({ code: 5, message: 'x', details: [] })], [0x08, 5, 0x12, 1, 0x78]);
  });
});
