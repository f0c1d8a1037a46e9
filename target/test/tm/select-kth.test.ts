import assert from 'node:assert/strict';
import fc from 'fast-check';
import { selectKth } from '../../tm/samples.js';

describe('selectKth (report percentiles without a sort)', () => {
  it('finds the k-th smallest and partitions around it, as a sort would place it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 20 }), fc.double({ min: -1e9, max: 1e9, noNaN: true })), {
          minLength: 1,
          maxLength: 400,
        }),
        fc.nat(),
        (xs, kSeed) => {
          const a = Float64Array.from(xs);
          const sorted = Float64Array.from(xs).sort();
          const k = kSeed % a.length;
          // As numbers: the typed-array sort puts -0 before 0, which compare equal (the same delay).
          const v = selectKth(a, k, 0, a.length - 1);
          assert.ok(v === sorted[k], `${v} is the ${k}-th smallest, ${sorted[k]}`);
          for (let i = 0; i < k; i++) assert.ok(a[i]! <= a[k]!);
          for (let i = k + 1; i < a.length; i++) assert.ok(a[i]! >= a[k]!);
          assert.deepEqual(a.slice().sort(), sorted, 'a permutation of the input');
        },
      ),
    );
  });

  it('narrows to a sub-range once a lower rank is placed', () => {
    const xs = Array.from({ length: 1001 }, (_, i) => (i * 7919) % 1001);
    const a = Float64Array.from(xs);
    assert.equal(selectKth(a, 500, 0, 1000), 500);
    assert.equal(selectKth(a, 990, 500, 1000), 990);
  });
});
