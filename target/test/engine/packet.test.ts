// Bit-level reads and writes, checked against a bit-string model.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  PacketWriter,
  allocFrame,
  freeFrame,
  headroom,
  readBig,
  readSmall,
  writeBig,
  writeSmall,
} from '../../engine/packet.js';

function bitsOf(buf: Uint8Array): string {
  return Array.from(buf, (b) => b.toString(2).padStart(8, '0')).join('');
}

describe('engine/packet', () => {
  it('reads any field at any bit offset', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 24 }), fc.nat(), fc.nat(), (buf, a, b) => {
        const nbits = buf.length * 8;
        const off = a % nbits;
        const w = 1 + (b % Math.min(64, nbits - off));
        const want = BigInt('0b' + bitsOf(buf).slice(off, off + w));
        if (w <= 32) assert.equal(readSmall(buf, off, w), Number(want));
        assert.equal(readBig(buf, off, w), want);
      }),
    );
  });

  it('writes any field at any bit offset without touching its neighbours', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 24 }),
        fc.nat(),
        fc.nat(),
        fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        (buf, a, b, v) => {
          const nbits = buf.length * 8;
          const off = a % nbits;
          const w = 1 + (b % Math.min(64, nbits - off));
          const value = BigInt.asUintN(w, v);
          const before = bitsOf(buf);
          const copy = buf.slice();
          if (w <= 32) writeSmall(copy, off, w, Number(value));
          else writeBig(copy, off, w, value);
          const after = bitsOf(copy);
          assert.equal(after.slice(0, off), before.slice(0, off));
          assert.equal(after.slice(off + w), before.slice(off + w));
          assert.equal(BigInt('0b' + after.slice(off, off + w)), value);
        },
      ),
    );
  });

  it('PacketWriter emits 1+15, 6+2 and 3+13 bit headers and the payload', () => {
    const w = new PacketWriter(2);
    w.small(1, 1);
    w.small(15, 3); // source-route hop: bos=1, port=3
    w.small(6, 46);
    w.small(2, 1); // dscp EF, ECT(1)
    w.small(3, 2);
    w.small(13, 0x1abc); // flags DF, fragment offset
    w.bytes(Uint8Array.of(0xaa, 0xbb), 0);
    assert.deepEqual(Array.from(w.result()), [0x80, 0x03, 0xb9, 0x5a, 0xbc, 0xaa, 0xbb]);
    w.reset();
    w.small(8, 7);
    assert.deepEqual(Array.from(w.result()), [7]);
  });

  it('finish and finishInPlace: written headers, then the input from `from` on, for any sizes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 0, max: 1600 }),
        (head, parsed, payload) => {
          const data = Uint8Array.from({ length: parsed + payload }, (_, i) => (i * 7 + 3) & 0xff);
          const w = new PacketWriter(8);
          for (let i = 0; i < head; i++) w.small(8, 0x80 | (i & 0x7f));
          const expected = [
            ...Array.from({ length: head }, (_, i) => 0x80 | (i & 0x7f)),
            ...data.subarray(parsed),
          ];
          assert.deepEqual([...w.finish(data, parsed)], expected);
          const copy = data.slice();
          const inPlace = w.finishInPlace(copy, parsed);
          if (head > parsed) assert.equal(inPlace, null);
          else {
            assert.deepEqual([...(inPlace ?? [])], expected);
            assert.deepEqual([...copy.subarray(parsed)], [...data.subarray(parsed)]);
          }
          // With headroom (frames over 64 bytes): growth up to the headroom fits in place.
          const framed = allocFrame(data.length);
          framed.set(data);
          const room = headroom(framed);
          const grown = w.finishInPlace(framed, parsed);
          if (head - parsed > room) assert.equal(grown, null);
          else {
            assert.deepEqual([...(grown ?? [])], expected);
            assert.deepEqual([...framed.subarray(parsed)], [...data.subarray(parsed)]);
          }
        },
      ),
    );
  });

  it('allocFrame: 64 bytes of headroom for frames of 65..1984 bytes, none for others', () => {
    for (const n of [65, 100, 192, 193, 448, 449, 960, 961, 1500, 1984]) {
      const a = allocFrame(n);
      const b = allocFrame(n);
      assert.equal(a.length, n);
      assert.equal(headroom(a), 64, `${n}`);
      // Cells do not overlap: b's headroom starts after a's end.
      if (a.buffer === b.buffer) assert.ok(b.byteOffset - 64 >= a.byteOffset + n);
    }
    for (const n of [0, 1, 64, 1985, 9000]) assert.equal(headroom(allocFrame(n)), 0, `${n}`);
  });

  it('freeFrame: a cell given back (by any view inside it) is the next one allocFrame hands out, zeroed', () => {
    const a = allocFrame(1500);
    // The frame after a switch pushed 4 bytes of headers into its headroom, scribbled over.
    const pushed = new Uint8Array(a.buffer, a.byteOffset - 4, a.length + 4).fill(0xaa);
    freeFrame(pushed);
    const b = allocFrame(1000);
    assert.equal(b.buffer, a.buffer);
    assert.equal(b.byteOffset, a.byteOffset);
    assert.equal(headroom(b), 64);
    assert.ok(b.every((x) => x === 0));
    // Another size class does not take the cell, and what allocFrame did not make is not kept.
    freeFrame(b);
    freeFrame(new Uint8Array(1500));
    const small = allocFrame(200);
    assert.ok(!(small.buffer === a.buffer && small.byteOffset === a.byteOffset));
    const c = allocFrame(1500);
    assert.equal(c.byteOffset, a.byteOffset);
    assert.notEqual(allocFrame(1500).byteOffset, a.byteOffset);
  });
});
