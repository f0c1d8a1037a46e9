import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ValueError } from '../src/bytes.js';
import { decodeWatchPort, watchPortFields } from '../src/watch-port.js';

describe('watch ports', () => {
  it('sends a port as canonical watch_port bytes and reads it back from either field', () => {
    assert.deepEqual(watchPortFields(undefined), {});
    assert.deepEqual(watchPortFields(0x1ff), { watch_port: Buffer.from([0x01, 0xff]) });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (port) => {
        const sent = watchPortFields(port);
        assert.equal(decodeWatchPort({ watch_kind: 'watch_port', ...sent }).watchPort, port);
      }),
    );
    assert.deepEqual(decodeWatchPort({ watch_kind: 'watch', watch: 7 }), { watchPort: 7 });
    assert.deepEqual(decodeWatchPort({}), {});
  });

  it('refuses what is not a port number', () => {
    for (const bad of [-1, 1.5, Number.NaN])
      assert.throws(() => watchPortFields(bad), ValueError, String(bad));
  });
});
