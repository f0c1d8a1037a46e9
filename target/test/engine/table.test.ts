// Table matching: exact, lpm, ternary priorities, ranges, optional, mixed keys, limits and identities.
import assert from 'node:assert/strict';
import type { FieldMatch } from '../../engine/control-plane-api.js';
import { controlPlaneCode } from './control-plane-code.js';
import { MatchTable, type FieldSpec } from '../../engine/table.js';

const m = (...fs: [number, FieldMatch][]): Map<number, FieldMatch> => new Map(fs);

describe('engine/table', () => {
  it('exact match, duplicates and size limit', () => {
    const t = new MatchTable<string>('t', [{ id: 1, name: 'k', kind: 'exact', width: 8 }], 2);
    t.insert(m([1, { kind: 'exact', value: 5n }]), 0, 'five');
    assert.equal(
      controlPlaneCode(() => t.insert(m([1, { kind: 'exact', value: 5n }]), 0, 'again')),
      'ALREADY_EXISTS',
    );
    t.insert(m([1, { kind: 'exact', value: 6n }]), 0, 'six');
    assert.equal(
      controlPlaneCode(() => t.insert(m([1, { kind: 'exact', value: 7n }]), 0, 'x')),
      'RESOURCE_EXHAUSTED',
    );
    assert.equal(
      controlPlaneCode(() => t.insert(m([1, { kind: 'exact', value: 256n }]), 0, 'x')),
      'INVALID_ARGUMENT',
    );
    assert.equal(
      controlPlaneCode(() => t.insert(m(), 0, 'x')),
      'INVALID_ARGUMENT',
    );
    assert.equal(t.lookup([5])?.action, 'five');
    assert.equal(t.lookup([6])?.action, 'six');
    assert.equal(t.lookup([7]), undefined);
    t.remove(m([1, { kind: 'exact', value: 5n }]), 0);
    assert.equal(t.lookup([5]), undefined);
    assert.equal(
      controlPlaneCode(() => t.remove(m([1, { kind: 'exact', value: 5n }]), 0)),
      'NOT_FOUND',
    );
  });

  it('lpm: the longest prefix wins, with an exact field alongside', () => {
    const fields: FieldSpec[] = [
      { id: 1, name: 'vrf', kind: 'exact', width: 4 },
      { id: 2, name: 'dst', kind: 'lpm', width: 32 },
    ];
    const t = new MatchTable<string>('lpm', fields, 100);
    const add = (vrf: bigint, v: number, len: number, a: string): void => {
      const match = m([1, { kind: 'exact', value: vrf }]);
      if (len > 0) match.set(2, { kind: 'lpm', value: BigInt(v), prefixLen: len });
      t.insert(match, 0, a);
    };
    add(1n, 0x0a000000, 8, '/8');
    add(1n, 0x0a010000, 16, '/16');
    add(1n, 0x0a010200, 24, '/24');
    add(1n, 0, 0, 'default');
    add(2n, 0x0a010200, 24, 'other vrf');
    assert.equal(t.lookup([1, 0x0a010203])?.action, '/24');
    assert.equal(t.lookup([1, 0x0a01ff03])?.action, '/16');
    assert.equal(t.lookup([1, 0x0aff0000])?.action, '/8');
    assert.equal(t.lookup([1, 0x0b000000])?.action, 'default');
    assert.equal(t.lookup([2, 0x0a010201])?.action, 'other vrf');
    assert.equal(t.lookup([2, 0x0a010301]), undefined);
  });

  it('ternary: the highest priority wins regardless of insertion order; priority is required', () => {
    const t = new MatchTable<string>('tern', [{ id: 1, name: 'k', kind: 'ternary', width: 16 }], 100);
    assert.equal(
      controlPlaneCode(() => t.insert(m([1, { kind: 'ternary', value: 1n, mask: 0xffffn }]), 0, 'x')),
      'INVALID_ARGUMENT',
    );
    t.insert(m([1, { kind: 'ternary', value: 0x0800n, mask: 0xff00n }]), 10, 'low');
    t.insert(m([1, { kind: 'ternary', value: 0x0806n, mask: 0xffffn }]), 5, 'exactish');
    t.insert(m(), 1, 'catch-all');
    t.insert(m([1, { kind: 'ternary', value: 0x0801n, mask: 0xffffn }]), 20, 'high');
    assert.equal(t.lookup([0x0801])?.action, 'high');
    assert.equal(t.lookup([0x0806])?.action, 'low');
    assert.equal(t.lookup([0x08aa])?.action, 'low');
    assert.equal(t.lookup([0x1234])?.action, 'catch-all');
    // Same match, different priority: distinct entries.
    t.insert(m([1, { kind: 'ternary', value: 0x0801n, mask: 0xffffn }]), 30, 'higher');
    assert.equal(t.lookup([0x0801])?.action, 'higher');
  });

  it('range and optional fields with priorities, and 48-bit keys as numbers', () => {
    const t = new MatchTable<string>(
      'r',
      [
        { id: 1, name: 'port', kind: 'range', width: 16 },
        { id: 2, name: 'proto', kind: 'optional', width: 8 },
        { id: 3, name: 'mac', kind: 'ternary', width: 48 },
      ],
      100,
    );
    t.insert(m([1, { kind: 'range', low: 1000n, high: 2000n }]), 1, 'range');
    t.insert(
      m([1, { kind: 'range', low: 1500n, high: 1600n }], [2, { kind: 'optional', value: 17n }]),
      2,
      'udp',
    );
    t.insert(m([3, { kind: 'ternary', value: 0x010000000000n, mask: 0x010000000000n }]), 3, 'mcast');
    assert.equal(t.lookup([1000, 6, 0])?.action, 'range');
    assert.equal(t.lookup([1550, 6, 0])?.action, 'range');
    assert.equal(t.lookup([1550, 17, 0])?.action, 'udp');
    assert.equal(t.lookup([2001, 17, 0]), undefined);
    assert.equal(t.lookup([5, 17, 0x01005e000001])?.action, 'mcast');
    assert.equal(
      controlPlaneCode(() => t.insert(m([1, { kind: 'range', low: 5n, high: 4n }]), 1, 'x')),
      'INVALID_ARGUMENT',
    );
  });

  it('keys wider than 52 bits are bigints; 33..52-bit keys are numbers masked exactly', () => {
    const t = new MatchTable<string>(
      'wide',
      [
        { id: 1, name: 'mac', kind: 'ternary', width: 48 },
        { id: 2, name: 'big', kind: 'ternary', width: 64 },
      ],
      10,
    );
    t.insert(m([1, { kind: 'ternary', value: 0xff0000000000n, mask: 0xff0000000000n }]), 1, 'mac-prefix');
    t.insert(
      m([2, { kind: 'ternary', value: 0x8000000000000000n, mask: 0x8000000000000000n }]),
      2,
      'top-bit',
    );
    assert.equal(t.lookup([0xff1234567890, 0n])?.action, 'mac-prefix');
    assert.equal(t.lookup([0xfe1234567890, 0n]), undefined);
    assert.equal(t.lookup([0xff1234567890, 0x8000000000000001n])?.action, 'top-bit');
    const e = new MatchTable<string>('exact48', [{ id: 1, name: 'mac', kind: 'exact', width: 48 }], 10);
    e.insert(m([1, { kind: 'exact', value: 0x0000deadbeef01n }]), 0, 'hit');
    assert.equal(e.lookup([0xdeadbeef01])?.action, 'hit');
    assert.equal(e.lookup([0xdeadbeef02]), undefined);
  });

  it('a 48-bit ternary field with a 4-bit exact one (one 52-bit numeric key) agrees with a linear scan', () => {
    const t = new MatchTable<number>(
      'mac',
      [
        { id: 1, name: 'mac', kind: 'ternary', width: 48 },
        { id: 2, name: 'vlan', kind: 'exact', width: 4 },
      ],
      1000,
    );
    const masks = [0xffffffffffff, 0xffffff000000, 0x010000000000, 0x0000ffffffff];
    const entries: { v: number; mk: number; b: number; p: number }[] = [];
    let seed = 3;
    const rnd = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    const mac = (): number => (rnd() & 0xffff) * 2 ** 32 + rnd();
    const and = (a: number, b: number): number => Number(BigInt(a) & BigInt(b));
    for (let i = 0; i < 300; i++) {
      const mk = masks[rnd() % masks.length];
      const v = and(mac(), mk);
      const b = rnd() % 16;
      const p = 1 + (rnd() % 100);
      try {
        t.insert(
          m(
            [1, { kind: 'ternary', value: BigInt(v), mask: BigInt(mk) }],
            [2, { kind: 'exact', value: BigInt(b) }],
          ),
          p,
          i,
        );
        entries.push({ v, mk, b, p });
      } catch {
        /* duplicate */
      }
    }
    for (let q = 0; q < 1000; q++) {
      const e = entries[rnd() % entries.length];
      const a = q % 2 ? e.v + and(mac(), 0xffffffffffff - e.mk) : mac();
      const b = q % 3 ? e.b : rnd() % 16;
      let bestP = -1;
      for (const x of entries) if (and(a, x.mk) === x.v && x.b === b && x.p > bestP) bestP = x.p;
      assert.equal(t.lookup([a, b])?.priority ?? -1, bestP);
    }
  });

  it('many entries: tuple-space search agrees with a linear scan', () => {
    const fields: FieldSpec[] = [
      { id: 1, name: 'a', kind: 'ternary', width: 32 },
      { id: 2, name: 'b', kind: 'exact', width: 8 },
    ];
    const t = new MatchTable<number>('big', fields, 5000);
    const entries: { v: number; mk: number; b: number; p: number }[] = [];
    let seed = 7;
    const rnd = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    const masks = [0xffffffff, 0xffff0000, 0xff000000, 0x00ff00ff];
    for (let i = 0; i < 1000; i++) {
      const mk = masks[rnd() % masks.length];
      const v = (rnd() & mk) >>> 0;
      const b = rnd() % 4;
      const p = 1 + (rnd() % 50);
      try {
        t.insert(
          m(
            [1, { kind: 'ternary', value: BigInt(v), mask: BigInt(mk) }],
            [2, { kind: 'exact', value: BigInt(b) }],
          ),
          p,
          i,
        );
        entries.push({ v, mk, b, p });
      } catch {
        /* duplicate */
      }
    }
    for (let q = 0; q < 2000; q++) {
      const e = entries[rnd() % entries.length];
      const a = q % 2 ? (e.v | (rnd() & ~e.mk)) >>> 0 : rnd();
      const b = q % 3 ? e.b : rnd() % 4;
      let best: number | undefined;
      let bestP = -1;
      entries.forEach((x, i) => {
        if ((a & x.mk) >>> 0 === x.v && x.b === b && x.p > bestP) {
          bestP = x.p;
          best = i;
        }
      });
      const got = t.lookup([a, b]);
      assert.equal(got?.priority, best === undefined ? undefined : entries[best].p);
    }
  });
});
