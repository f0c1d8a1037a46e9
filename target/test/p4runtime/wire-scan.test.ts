// The wire scan's field count, and the bound the server relies on to skip it: every counted field owns at
// least two bytes, so no message counts more fields than half its length.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { countFields } from '../../p4runtime/wire-scan.js';

/** A protobuf message of random fields, nested up to `depth` levels (length-delimited payloads). */
const message = (depth: number): fc.Arbitrary<Uint8Array> =>
  fc
    .array(
      fc.oneof(
        fc
          .tuple(fc.integer({ min: 1, max: 15 }), fc.integer({ min: 0, max: 127 }))
          .map(([f, v]) => [f * 8, v]),
        fc
          .tuple(fc.integer({ min: 1, max: 15 }), fc.uint8Array({ maxLength: 6 }))
          .map(([f, b]) => [f * 8 + 2, b.length, ...b]),
        ...(depth > 0
          ? [
              fc
                .tuple(fc.integer({ min: 1, max: 15 }), message(depth - 1))
                .filter(([, m]) => m.length < 128)
                .map(([f, m]) => [f * 8 + 2, m.length, ...m]),
            ]
          : []),
      ),
      { maxLength: 12 },
    )
    .map((fields) => Uint8Array.from(fields.flat()));

describe('p4runtime/wire-scan', () => {
  it('counts every field at every depth of a nested message', () => {
    // {1: 5, 2: {1: 7, 3: "x"}}: three fields at the top and inside, four in all.
    const inner = [0x08, 7, 0x1a, 1, 0x78];
    const buf = Uint8Array.from([0x08, 5, 0x12, inner.length, ...inner]);
    assert.equal(countFields(buf, 1000), 4);
  });

  it('never counts more fields than half the message length (the server skips the scan below that)', () => {
    fc.assert(
      fc.property(message(3), (buf) => {
        assert.ok(
          countFields(buf, 1e9) * 2 <= buf.length,
          `${countFields(buf, 1e9)} fields in ${buf.length} bytes`,
        );
      }),
      { numRuns: 500 },
    );
  });
});
