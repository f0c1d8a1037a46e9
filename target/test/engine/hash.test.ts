// Hash and checksum algorithms against published check values and hand-computed Internet checksums.
import assert from 'node:assert/strict';
import { crc16, crc32, csum16, identity, packFields, xor16 } from '../../engine/hash.js';
import { pack } from '../../engine/runtime.js';

const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);
const hex = (s: string): Uint8Array => Uint8Array.from(s.match(/../g) ?? [], (b) => parseInt(b, 16));

describe('engine/hash', () => {
  it('crc32 is CRC-32/ISO-HDLC (check value 0xCBF43926)', () => {
    assert.equal(crc32(ascii('123456789')), 0xcbf43926);
    assert.equal(crc32(new Uint8Array()), 0);
  });

  it('crc16 is bmv2 crc16 = CRC-16/ARC (check value 0xBB3D)', () => {
    assert.equal(crc16(ascii('123456789')), 0xbb3d);
  });

  it('csum16 is the Internet checksum of an IPv4 header', () => {
    // RFC 1071 style example: a real IPv4 header with its checksum field zeroed; the right checksum is 0xb861.
    const h = hex('450000730000400040110000c0a80001c0a800c7');
    assert.equal(csum16(h), 0xb861);
    // With the checksum in place the sum verifies to 0.
    h[10] = 0xb8;
    h[11] = 0x61;
    assert.equal(csum16(h), 0);
    // Odd length: padded with a zero byte.
    assert.equal(csum16(hex('01')), ~0x0100 & 0xffff);
  });

  it('xor16 and identity', () => {
    assert.equal(xor16(hex('12345678')), 0x1234 ^ 0x5678);
    assert.equal(identity(hex('0102')), 0x0102n);
    assert.equal(identity(hex('000102030405060708')), 0x0102030405060708n);
  });

  it('packs non-aligned field lists MSB first, padding the last byte on the right', () => {
    assert.deepEqual(
      packFields([
        { value: 1, width: 1 },
        { value: 0x7fff, width: 15 },
      ]),
      hex('ffff'),
    );
    assert.deepEqual(
      packFields([
        { value: 0x2e, width: 6 },
        { value: 1, width: 2 },
      ]),
      hex('b9'),
    );
    assert.deepEqual(packFields([{ value: 1, width: 4 }]), hex('10'));
    assert.deepEqual(Array.from(pack([1, 0x7fff, 0xabcdn], [1, 15, 16])), Array.from(hex('ffffabcd')));
    assert.deepEqual(Array.from(pack([0x2e, 1, true], [6, 2, 1])), Array.from(hex('b980')));
  });
});
