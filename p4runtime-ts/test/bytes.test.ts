import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  bigintToBytes,
  bytesToBigint,
  canonicalize,
  checkReceived,
  encodeValue,
  formatIpv4,
  formatIpv6,
  formatMac,
  isCanonical,
  parseIpv6,
  parseValueText,
  toBigint,
  ValueError,
} from '../src/bytes.js';

const widthAndValue = fc
  .integer({ min: 1, max: 160 })
  .chain((w) => fc.tuple(fc.constant(w), fc.bigInt({ min: 0n, max: (1n << BigInt(w)) - 1n })));

describe('bytestrings (P4Runtime §8.4)', () => {
  it('encodes zero as one 0x00 byte and strips leading zeros', () => {
    assert.deepEqual([...encodeValue(0, 9)], [0]);
    assert.deepEqual([...encodeValue(5, 9)], [5]);
    assert.deepEqual([...encodeValue(0x1ff, 9)], [1, 0xff]);
    assert.deepEqual([...encodeValue(Buffer.from([0, 0, 7]), 24)], [7]);
  });

  it('round-trips every value of every width, canonically', () => {
    fc.assert(
      fc.property(widthAndValue, ([w, v]) => {
        const b = encodeValue(v, w);
        assert.ok(isCanonical(b));
        assert.ok(b.length <= Math.ceil(w / 8));
        assert.equal(bytesToBigint(b), v);
        assert.equal(checkReceived(b, w), undefined);
      }),
    );
  });

  it('canonicalize keeps the value and only drops leading zero bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20 }), (bytes) => {
        const c = canonicalize(bytes);
        assert.equal(bytesToBigint(c), bytesToBigint(bytes));
        if (bytes.length > 0) assert.ok(isCanonical(c));
      }),
    );
  });

  it('accepts padding up to the byte width on receipt, and nothing longer or wider', () => {
    assert.equal(checkReceived(Buffer.from([0, 5]), 9), undefined);
    assert.match(checkReceived(Buffer.from([0, 0, 5]), 9) ?? '', /longer/);
    assert.match(checkReceived(Buffer.from([2, 0]), 9) ?? '', /does not fit/);
    assert.match(checkReceived(Buffer.alloc(0), 9) ?? '', /empty/);
    // A field of no width (a type translated to a string in the P4Info) takes no value, not even zero.
    assert.match(checkReceived(Buffer.from([0]), 0) ?? '', /does not fit within 0 bits/);
  });

  it('rejects values wider than the field, negatives and unsafe numbers', () => {
    assert.throws(() => encodeValue(512, 9), ValueError);
    assert.throws(() => encodeValue(-1, 9), ValueError);
    assert.throws(() => encodeValue(2 ** 60, 64), /safe integer/);
    assert.throws(() => encodeValue(Buffer.from([1, 0, 0]), 16), ValueError);
    fc.assert(
      fc.property(widthAndValue, ([w, v]) => {
        assert.throws(() => toBigint(v + (1n << BigInt(w)), w), ValueError);
      }),
    );
  });

  it('reads addresses and literals', () => {
    assert.equal(parseValueText('10.0.0.1'), 0x0a000001n);
    assert.equal(parseValueText('00:11:22:33:44:55'), 0x001122334455n);
    assert.equal(parseValueText('0x1f'), 31n);
    assert.equal(parseValueText('2001:db8::1'), 0x20010db8000000000000000000000001n);
    assert.equal(parseValueText('::ffff:10.0.0.1'), 0xffff0a000001n);
    assert.equal(parseValueText('::'), 0n);
    assert.throws(() => parseValueText('256.0.0.1'), ValueError);
    assert.throws(() => parseValueText('1::2::3'), ValueError);
    assert.throws(() => parseValueText('hello'), ValueError);
    assert.throws(() => encodeValue('10.0.0.1', 16), ValueError);
  });

  it('formats and parses addresses as inverse functions', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 32n) - 1n }), (v) => {
        assert.equal(parseValueText(formatIpv4(v)), v);
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 48n) - 1n }), (v) => {
        assert.equal(parseValueText(formatMac(v)), v);
      }),
    );
    const ipv6 = fc.oneof(
      fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }),
      // Values with runs of zero groups exercise the '::' compression.
      fc
        .array(fc.constantFrom(0, 0, 0, 1, 0xffff, 0xdb8), { minLength: 8, maxLength: 8 })
        .map((gs) => gs.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n)),
    );
    fc.assert(
      fc.property(ipv6, (v) => {
        assert.equal(parseIpv6(formatIpv6(v)), v);
      }),
    );
    assert.equal(formatIpv6(0x20010db8000000000000000000000001n), '2001:db8::1');
    assert.equal(formatMac(0x001122334455n), '00:11:22:33:44:55');
  });

  it('bigintToBytes rejects negatives', () => {
    assert.throws(() => bigintToBytes(-1n), ValueError);
  });
});
