import { strict as assert } from 'node:assert';
import { InvalidArgumentError } from 'commander';
import { addressValue, integerOption, MAX_SEED, seedValue } from '../option-values.js';

describe('integer options', () => {
  it('take decimal digits within the range, and nothing Number() would also read as a number', () => {
    const port = integerOption(0, 511);
    assert.equal(port('0'), 0);
    assert.equal(port('511'), 511);
    for (const bad of ['', ' 5', '0x1f', '1e2', '7.0', '-1', '512', '+3', 'Infinity'])
      assert.throws(
        () => port(bad),
        (e: unknown) => e instanceof InvalidArgumentError && /0 to 511/.test(e.message),
        bad,
      );
  });

  it('with no maximum, stop at the largest exact integer', () => {
    const count = integerOption(1);
    assert.equal(count('9007199254740991'), Number.MAX_SAFE_INTEGER);
    assert.throws(() => count('9007199254740992'), /expected an integer >= 1/);
    assert.throws(() => count('0'), /expected an integer >= 1/);
  });

  it('seeds are 32-bit', () => {
    assert.equal(seedValue(String(MAX_SEED)), MAX_SEED);
    assert.throws(() => seedValue(String(MAX_SEED + 1)), /from 0 to 4294967295/);
  });

  it('addresses are HOST:PORT with a port gRPC can use', () => {
    for (const good of ['127.0.0.1:9559', 'switch-1.lab:0', '[::1]:65535'])
      assert.equal(addressValue(good), good);
    for (const bad of ['127.0.0.1', '127.0.0.1:', '127.0.0.1:65536', 'host:99999', 'a b:1', ':9559'])
      assert.throws(() => addressValue(bad), /expected HOST:PORT with a port from 0 to 65535/, bad);
  });
});
