// Property tests: every emitted operator against a plain BigInt model of P4_16 arithmetic.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as B from '../../engine/bits.js';
import type { BitType } from '../../engine/bits.js';

type Num = number | bigint;

function compile(expr: string, ...names: string[]): (...args: Num[]) => Num | boolean {
  const f = new Function('$rt', ...names, `return ${expr};`) as (...a: unknown[]) => Num | boolean;
  return (...args: Num[]) => f(B.bitsRuntime, ...args);
}

/** Reference: reduce a mathematical integer into type t. */
const ref = (v: bigint, t: BitType): bigint =>
  t.signed ? BigInt.asIntN(t.width, v) : BigInt.asUintN(t.width, v);
const toRep = (v: bigint, t: BitType): Num => (B.isNum(t) ? Number(v) : v);
const fromRep = (v: Num | boolean): bigint => (typeof v === 'boolean' ? (v ? 1n : 0n) : BigInt(v));

const arbType = fc.record({ width: fc.integer({ min: 1, max: 72 }), signed: fc.boolean() });
const arbTyped = arbType.chain((t) =>
  fc.tuple(
    fc.constant(t),
    fc.bigInt({ min: 0n, max: (1n << BigInt(t.width)) - 1n }).map((v) => ref(v, t)),
  ),
);
const arbPair = arbType.chain((t) => {
  const v = fc.bigInt({ min: 0n, max: (1n << BigInt(t.width)) - 1n }).map((x) => ref(x, t));
  return fc.tuple(fc.constant(t), v, v);
});

function checkBinary(
  emit: (a: string, b: string, t: BitType) => string,
  model: (a: bigint, b: bigint, t: BitType) => bigint,
): void {
  fc.assert(
    fc.property(arbPair, ([t, a, b]) => {
      const f = compile(emit('a', 'b', t), 'a', 'b');
      const got = f(toRep(a, t), toRep(b, t));
      assert.equal(typeof got, B.isNum(t) ? 'number' : 'bigint');
      assert.equal(fromRep(got), model(a, b, t), `${JSON.stringify(t)} a=${a} b=${b}`);
    }),
    { numRuns: 400 },
  );
}

function clampRef(v: bigint, t: BitType): bigint {
  const lo = t.signed ? -(1n << BigInt(t.width - 1)) : 0n;
  const hi = t.signed ? (1n << BigInt(t.width - 1)) - 1n : (1n << BigInt(t.width)) - 1n;
  return v < lo ? lo : v > hi ? hi : v;
}

describe('engine/bits', () => {
  it('wrap-around + - *', () => {
    checkBinary(B.add, (a, b, t) => ref(a + b, t));
    checkBinary(B.sub, (a, b, t) => ref(a - b, t));
    checkBinary(B.mul, (a, b, t) => ref(a * b, t));
  });

  it('saturating |+| and |-|', () => {
    checkBinary(B.satAdd, (a, b, t) => clampRef(a + b, t));
    checkBinary(B.satSub, (a, b, t) => clampRef(a - b, t));
  });

  it('bitwise & | ^ ~ and negation', () => {
    checkBinary(B.band, (a, b, t) => ref(a & b, t));
    checkBinary(B.bor, (a, b, t) => ref(a | b, t));
    checkBinary(B.bxor, (a, b, t) => ref(a ^ b, t));
    fc.assert(
      fc.property(arbTyped, ([t, a]) => {
        assert.equal(fromRep(compile(B.bnot('a', t), 'a')(toRep(a, t))), ref(~a, t));
        assert.equal(fromRep(compile(B.neg('a', t), 'a')(toRep(a, t))), ref(-a, t));
      }),
    );
  });

  it('comparisons on signed and unsigned values', () => {
    fc.assert(
      fc.property(arbPair, ([t, a, b]) => {
        for (const op of ['==', '!=', '<', '<=', '>', '>='] as const) {
          const want = { '==': a === b, '!=': a !== b, '<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b }[
            op
          ];
          assert.equal(compile(B.cmp('a', 'b', op), 'a', 'b')(toRep(a, t), toRep(b, t)), want);
        }
      }),
    );
  });

  it('shifts: amount >= width gives 0, or the sign fill for int', () => {
    fc.assert(
      fc.property(arbTyped, fc.integer({ min: 0, max: 80 }), fc.boolean(), ([t, a], n, bigAmount) => {
        const amt: Num = bigAmount ? BigInt(n) : n;
        const l = compile(B.shl('a', 'n', t, !bigAmount), 'a', 'n')(toRep(a, t), amt);
        assert.equal(
          fromRep(l),
          n >= t.width ? 0n : ref(a << BigInt(n), t),
          `shl ${JSON.stringify(t)} ${a} ${n}`,
        );
        // A constant amount is shifted inline.
        const k = compile(B.shl('a', `(${n})`, t, true), 'a', 'n')(toRep(a, t), 0);
        assert.equal(fromRep(k), fromRep(l), `shl by constant ${JSON.stringify(t)} ${a} ${n}`);
        const r = compile(B.shr('a', 'n', t, !bigAmount), 'a', 'n')(toRep(a, t), amt);
        const want = t.signed ? a >> BigInt(Math.min(n, t.width)) : n >= t.width ? 0n : a >> BigInt(n);
        assert.equal(fromRep(r), want, `shr ${JSON.stringify(t)} ${a} ${n}`);
      }),
    );
  });

  it('slices and slice assignment', () => {
    const arb = arbTyped.chain(([t, a]) =>
      fc
        .integer({ min: 0, max: t.width - 1 })
        .chain((lo) =>
          fc.tuple(
            fc.constant(t),
            fc.constant(a),
            fc.integer({ min: lo, max: t.width - 1 }),
            fc.constant(lo),
          ),
        ),
    );
    fc.assert(
      fc.property(arb, fc.bigInt({ min: 0n, max: (1n << 72n) - 1n }), ([t, a, hi, lo], raw) => {
        const w = hi - lo + 1;
        const ua = BigInt.asUintN(t.width, a);
        const want = (ua >> BigInt(lo)) & ((1n << BigInt(w)) - 1n);
        const got = compile(B.slice('a', t, hi, lo), 'a')(toRep(a, t));
        assert.equal(fromRep(got), want);
        const v = BigInt.asUintN(w, raw);
        const m = ((1n << BigInt(w)) - 1n) << BigInt(lo);
        const merged = ref((ua & ~m) | (v << BigInt(lo)), t);
        const assigned = compile(
          B.sliceAssign('a', t, hi, lo, 'v'),
          'a',
          'v',
        )(toRep(a, t), toRep(v, { width: w, signed: false }));
        assert.equal(fromRep(assigned), merged, `${JSON.stringify(t)} a=${a} [${hi}:${lo}] = ${v}`);
      }),
    );
  });

  it('concatenation', () => {
    fc.assert(
      fc.property(arbTyped, arbTyped, ([ta, a], [tb, b]) => {
        const rt: BitType = { width: ta.width + tb.width, signed: ta.signed };
        const want = ref((BigInt.asUintN(ta.width, a) << BigInt(tb.width)) | BigInt.asUintN(tb.width, b), rt);
        const got = compile(B.concat('a', ta, 'b', tb), 'a', 'b')(toRep(a, ta), toRep(b, tb));
        assert.equal(typeof got, B.isNum(rt) ? 'number' : 'bigint');
        assert.equal(fromRep(got), want);
      }),
    );
  });

  it('casts between all widths and signedness', () => {
    fc.assert(
      fc.property(arbTyped, arbType, ([from, a], to) => {
        const got = compile(B.cast('a', from, to), 'a')(toRep(a, from));
        assert.equal(typeof got, B.isNum(to) ? 'number' : 'bigint');
        assert.equal(fromRep(got), ref(a, to), `${JSON.stringify(from)} -> ${JSON.stringify(to)} a=${a}`);
      }),
    );
    assert.equal(compile(B.boolToBit('a'), 'a')(1), 1);
  });

  it('literals and control-plane conversions', () => {
    fc.assert(
      fc.property(arbTyped, ([t, a]) => {
        assert.equal(fromRep(compile(B.literal(a, t))()), a);
        const u = B.toUnsignedBig(toRep(a, t), t);
        assert.equal(u, BigInt.asUintN(t.width, a));
        assert.equal(fromRep(B.fromUnsignedBig(u, t)), a);
      }),
    );
  });
});
