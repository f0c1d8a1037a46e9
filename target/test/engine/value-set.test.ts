// Parser value sets: a select case naming one is taken when a member matches, members are written as the
// P4Runtime specification's ValueSetEntry gives them (the whole set at once, up to its size, no member twice),
// an error leaves the set as it was, and a pipeline reset empties it.
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import type { FieldMatch } from '../../engine/control-plane-api.js';
import { controlPlaneCode } from './control-plane-code.js';
import { Switch } from '../../engine/index.js';

// Port 1 for a packet whose type the value set `types` holds (its payload byte parsed as header x), port 2
// for a pair (a, b) the value set `pairs` holds, port 3 otherwise.
const PROGRAM = `
#include <core.p4>
#include <v1model.p4>
header h_t { bit<16> type; bit<8> a; bit<4> b; bit<4> c; }
header x_t { bit<8> v; }
struct pair_t { bit<8> a; @match(ternary) bit<4> b; }
struct headers { h_t h; x_t x; }
struct metadata { bit<2> path; }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  value_set<bit<16>>(2) types;
  value_set<pair_t>(4) pairs;
  state start {
    pkt.extract(hdr.h);
    transition select(hdr.h.type) { types: parse_x; 0x0800: pair; default: accept; }
  }
  state parse_x { pkt.extract(hdr.x); meta.path = 1; transition accept; }
  state pair { transition select(hdr.h.a, hdr.h.b) { pairs: matched; default: accept; } }
  state matched { meta.path = 2; transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply { sm.egress_spec = meta.path == 0 ? (bit<9>)3 : (bit<9>)meta.path; }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); pkt.emit(hdr.x); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

function load(): { sw: Switch; types: number; pairs: number } {
  const r = compileP4({ path: 'pvs.p4', text: PROGRAM });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  const id = (name: string): number => {
    const v = r.p4info.value_sets?.find((x) => x.preamble.name === name);
    assert.ok(v, `${name} is in the P4Info`);
    return v.preamble.id;
  };
  return { sw: new Switch(r.program, r.p4info), types: id('P.types'), pairs: id('P.pairs') };
}

/** The port a packet of this type, a, b (and payload byte 0x5a) leaves on. */
function port(sw: Switch, type: number, a = 0, b = 0): number {
  const out = sw.processPacket(0, Uint8Array.from([type >> 8, type & 0xff, a, (b << 4) | 0xc, 0x5a]));
  assert.equal(out.length, 1);
  return out[0]!.port;
}

const exact = (v: number): Map<number, FieldMatch> => new Map([[1, { kind: 'exact', value: BigInt(v) }]]);
const pair = (a: number, b?: { value: number; mask: number }): Map<number, FieldMatch> => {
  const m = new Map<number, FieldMatch>([[1, { kind: 'exact', value: BigInt(a) }]]);
  if (b) m.set(2, { kind: 'ternary', value: BigInt(b.value), mask: BigInt(b.mask) });
  return m;
};

describe('engine/parser value sets', () => {
  it('never matches while empty, and takes the case for any member once written', () => {
    const { sw, types } = load();
    assert.equal(port(sw, 0x88b5), 3);
    sw.writeValueSet(types, [exact(0x88b5), exact(0x1234)]);
    assert.equal(port(sw, 0x88b5), 1);
    assert.equal(port(sw, 0x1234), 1);
    assert.equal(port(sw, 0x88b6), 3);
    // The case was taken: its state extracted the next byte.
    const out = sw.processPacket(0, Uint8Array.from([0x12, 0x34, 0, 0, 0x5a]));
    assert.deepEqual([...out[0]!.data], [0x12, 0x34, 0, 0, 0x5a]);
    assert.deepEqual(sw.readValueSet(types), [exact(0x88b5), exact(0x1234)]);
  });

  it('replaces the whole set on each write, and empties it with no members', () => {
    const { sw, types } = load();
    sw.writeValueSet(types, [exact(0x88b5)]);
    sw.writeValueSet(types, [exact(0x1234)]);
    assert.equal(port(sw, 0x88b5), 3);
    assert.equal(port(sw, 0x1234), 1);
    sw.writeValueSet(types, []);
    assert.equal(port(sw, 0x1234), 3);
    assert.deepEqual(sw.readValueSet(types), []);
  });

  it('matches a struct value set over all of the select fields, each field by its @match kind', () => {
    const { sw, pairs } = load();
    assert.equal(port(sw, 0x0800, 7, 5), 3);
    // a == 7 with b of the form 01xx; a == 9 with any b (a ternary field may be left out).
    sw.writeValueSet(pairs, [pair(7, { value: 0b0100, mask: 0b1100 }), pair(9)]);
    assert.equal(port(sw, 0x0800, 7, 0b0101), 2);
    assert.equal(port(sw, 0x0800, 7, 0b0111), 2);
    assert.equal(port(sw, 0x0800, 7, 0b1101), 3);
    assert.equal(port(sw, 0x0800, 8, 0b0101), 3);
    assert.equal(port(sw, 0x0800, 9, 0b1111), 2);
  });

  it('refuses too many members, a member given twice and matches the fields cannot take, changing nothing', () => {
    const { sw, types, pairs } = load();
    sw.writeValueSet(types, [exact(0x1234)]);
    assert.equal(
      controlPlaneCode(() => sw.writeValueSet(types, [exact(1), exact(2), exact(3)])),
      'RESOURCE_EXHAUSTED',
    );
    assert.equal(
      controlPlaneCode(() => sw.writeValueSet(types, [exact(5), exact(5)])),
      'ALREADY_EXISTS',
    );
    assert.equal(
      controlPlaneCode(() => sw.writeValueSet(types, [exact(0x10000)])),
      'INVALID_ARGUMENT',
    );
    assert.equal(
      controlPlaneCode(() => sw.writeValueSet(types, [new Map()])),
      'INVALID_ARGUMENT',
    );
    const lpm = new Map<number, FieldMatch>([[1, { kind: 'lpm', value: 0n, prefixLen: 8 }]]);
    assert.equal(
      controlPlaneCode(() => sw.writeValueSet(types, [lpm])),
      'INVALID_ARGUMENT',
    );
    assert.equal(
      controlPlaneCode(() => sw.writeValueSet(pairs, [new Map([[3, { kind: 'exact', value: 1n }]])])),
      'INVALID_ARGUMENT',
    );
    assert.equal(
      controlPlaneCode(() => sw.writeValueSet(12345, [])),
      'NOT_FOUND',
    );
    assert.equal(
      controlPlaneCode(() => sw.readValueSet(12345)),
      'NOT_FOUND',
    );
    assert.deepEqual(sw.readValueSet(types), [exact(0x1234)]);
    assert.equal(port(sw, 0x1234), 1);
  });

  it('is emptied by a pipeline reset', () => {
    const { sw, types } = load();
    sw.writeValueSet(types, [exact(0x1234)]);
    sw.reset();
    assert.deepEqual(sw.readValueSet(types), []);
    assert.equal(port(sw, 0x1234), 3);
  });

  it('keeps each switch its own members when several run the same program', () => {
    const a = load();
    const b = load();
    a.sw.writeValueSet(a.types, [exact(0x1234)]);
    assert.equal(port(a.sw, 0x1234), 1);
    assert.equal(port(b.sw, 0x1234), 3);
    assert.equal(port(a.sw, 0x1234), 1);
  });
});
