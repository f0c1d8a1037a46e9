import { strict as assert } from 'node:assert';
import { MAX_EXACT_PS, parseDuration, PS_PER_S } from '../../tm/time.js';

describe('tm/time: durations', () => {
  it('reads a duration to the picosecond, up to the last the clock counts exactly', () => {
    assert.equal(parseDuration('1.5us'), 1_500_000);
    assert.equal(parseDuration(' 2 s '), 2 * PS_PER_S);
    assert.equal(parseDuration(`${MAX_EXACT_PS}ps`), MAX_EXACT_PS);
  });

  it('refuses one beyond the clock, and text that is no duration', () => {
    for (const text of [`${MAX_EXACT_PS + 2}ps`, '1e30s', '1e400s'])
      assert.throws(
        () => parseDuration(text),
        /is beyond the simulator's clock \(2\^53 ps, about 2\.5 hours\)/,
        text,
      );
    assert.throws(() => parseDuration('soon'), /not a duration: 'soon'/);
  });
});
