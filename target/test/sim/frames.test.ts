import assert from 'node:assert/strict';
import { freeFrame } from '../../engine/packet.js';
import {
  buildFrame,
  dscpOf,
  ecnOf,
  ECN_ECT0,
  ipv4,
  ipv4Checksum,
  ipv4Offset,
  MIN_FRAME_BYTES,
  trailerOf,
  type FrameSpec,
} from '../../sim/frames.js';

const spec: FrameSpec = {
  srcMac: 0x020000000001,
  dstMac: 0x020000000002,
  srcIp: ipv4('10.0.0.1'),
  dstIp: ipv4('10.0.1.2'),
  dscp: 24,
  ecn: ECN_ECT0,
  srcPort: 1234,
  dstPort: 5000,
  bytes: 200,
  flowId: 77,
  seq: 5,
  sentPs: 123456789,
};

describe('sim/frames', () => {
  it('builds into a recycled frame as into a new one, whatever was done to it in place', () => {
    const fresh = buildFrame({ ...spec, bytes: 333 });
    const expected = fresh.slice();
    // Scribble over it (as a switch deparsing in place might) before giving it back.
    fresh.fill(0xaa);
    freeFrame(fresh);
    const again = buildFrame({ ...spec, bytes: 333 });
    assert.equal(again.buffer, fresh.buffer, 'the spare frame is reused');
    assert.equal(again.byteOffset, fresh.byteOffset);
    assert.deepEqual(again, expected);
    // A view that starts elsewhere in its cell (a frame whose headers shrank in place): its cell is used again.
    const shifted = buildFrame({ ...spec, bytes: 334 })
      .subarray(1)
      .fill(0x55);
    freeFrame(shifted);
    const third = buildFrame({ ...spec, bytes: 333 });
    assert.equal(third.buffer, shifted.buffer);
    assert.equal(third.byteOffset, shifted.byteOffset - 1);
    assert.deepEqual(third, expected);
  });

  it('with an unwritten payload, writes every header byte and the trailer into a recycled frame, and only them', () => {
    const expected = buildFrame({ ...spec, bytes: 333 }).slice();
    const headerBytes = 14 + 20 + 8;
    const scribbled = buildFrame({ ...spec, bytes: 333 }).fill(0xaa);
    freeFrame(scribbled);
    const again = buildFrame({ ...spec, bytes: 333, payload: 'unwritten' });
    assert.equal(again.byteOffset, scribbled.byteOffset, 'the spare frame is reused');
    assert.deepEqual(again.subarray(0, headerBytes), expected.subarray(0, headerBytes));
    assert.deepEqual(again.subarray(333 - 16), expected.subarray(333 - 16));
    assert.ok(
      again.subarray(headerBytes, 333 - 16).every((b) => b === 0xaa),
      'the payload is left as the cell held it',
    );
  });

  it('builds Ethernet/IPv4/UDP with a valid checksum and a trailer at the end', () => {
    const f = buildFrame(spec);
    assert.equal(f.length, 200);
    assert.deepEqual([...f.subarray(0, 6)], [2, 0, 0, 0, 0, 2]);
    assert.equal(ipv4Offset(f), 14);
    // A correct IPv4 header sums (one's complement) to 0xffff including its checksum field.
    assert.equal(ipv4Checksum(f, 14), (f[24]! << 8) | f[25]!);
    assert.equal(dscpOf(f), 24);
    assert.equal(ecnOf(f), ECN_ECT0);
    assert.equal((f[16]! << 8) | f[17]!, 186); // IPv4 total length
    assert.deepEqual(trailerOf(f), { flowId: 77, seq: 5, sentPs: 123456789 });
  });

  it('puts a source-route stack between Ethernet and IPv4, bos on the last hop', () => {
    const f = buildFrame({ ...spec, sourceRoute: [3, 9] });
    assert.equal((f[12]! << 8) | f[13]!, 0x88b5);
    assert.equal((f[14]! << 8) | f[15]!, 3);
    assert.equal((f[16]! << 8) | f[17]!, 0x8009);
    assert.equal(ipv4Offset(f), 18);
    assert.equal(dscpOf(f), 24);
    assert.equal(trailerOf(f)!.flowId, 77);
  });

  it('rejects frames too short for their headers', () => {
    assert.throws(() => buildFrame({ ...spec, bytes: MIN_FRAME_BYTES - 1 }), /shorter/);
    assert.throws(() => buildFrame({ ...spec, bytes: MIN_FRAME_BYTES + 1, sourceRoute: [1] }), /shorter/);
  });
});
