// Language constructs through the code generator: calls with out/inout, constructor parameters, copies,
// stacks in controls, signed arithmetic, value switches, division by zero.
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch } from '../../engine/index.js';

const PRELUDE = `
#include <core.p4>
#include <v1model.p4>
header h_t { bit<8> a; bit<8> b; bit<8> c; bit<8> d; }
header s_t { bit<8> v; }
struct pair_t { bit<8> x; bit<8> y; }
struct headers { h_t h; s_t[3] st; }
struct metadata { pair_t p; pair_t q; int<8> si; }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.h); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); pkt.emit(hdr.st); } }
`;

function run(body: string, input: number[]): number[] {
  const text = `${PRELUDE}\n${body}\nV1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;\n`;
  const r = compileP4({ path: 'lang.p4', text });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  const out = new Switch(r.program, r.p4info).processPacket(0, Uint8Array.from(input));
  assert.equal(out.length, 1);
  return Array.from(out[0].data);
}

describe('engine/language', () => {
  it('functions and actions with out/inout scalars write back', () => {
    const out = run(
      `
      bit<8> addmul(in bit<8> a, inout bit<8> acc, out bit<8> twice) {
        acc = acc + a;
        twice = a + a;
        return acc;
      }
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        action bump(inout bit<8> x, bit<8> by) { x = x + by; }
        apply {
          sm.egress_spec = 1;
          bit<8> t;
          hdr.h.c = addmul(hdr.h.a, hdr.h.b, t);
          hdr.h.d = t;
          bump(hdr.h.a, 100);
        }
      }`,
      [3, 10, 0, 0],
    );
    assert.deepEqual(out, [103, 13, 13, 6]);
  });

  it('constructor parameters of control instances are per-instance constants', () => {
    const out = run(
      `
      control Add(inout bit<8> v)(bit<8> k) { apply { v = v + k; } }
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        Add(1) one;
        Add(50) fifty;
        apply { sm.egress_spec = 1; one.apply(hdr.h.a); fifty.apply(hdr.h.b); one.apply(hdr.h.c); }
      }`,
      [1, 1, 1, 1],
    );
    assert.deepEqual(out, [2, 51, 2, 1]);
  });

  it('struct assignment copies; signed arithmetic and casts; value switch; division by zero is 0', () => {
    const out = run(
      `
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply {
          sm.egress_spec = 1;
          meta.p.x = hdr.h.a;
          meta.q = meta.p;
          meta.p.x = 99;                        // must not change meta.q
          meta.si = (int<8>) hdr.h.b;           // 0xf0 -> -16
          meta.si = meta.si >> 2;               // arithmetic shift: -4
          hdr.h.b = (bit<8>) meta.si;
          switch (meta.q.x) {
            7: { hdr.h.c = 70; }
            8: { hdr.h.c = 80; }
            default: { hdr.h.c = 1; }
          }
          bit<8> zero = hdr.h.d - hdr.h.d;
          hdr.h.d = hdr.h.a / zero;
          hdr.h.a = meta.q.x;
        }
      }`,
      [7, 0xf0, 0, 5],
    );
    assert.deepEqual(out, [7, 0xfc, 70, 0]);
  });

  it('header stacks in controls: setValid, push_front, pop_front and emit of valid elements only', () => {
    const out = run(
      `
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply {
          sm.egress_spec = 1;
          hdr.st[0].setValid(); hdr.st[0].v = 1;
          hdr.st[1].setValid(); hdr.st[1].v = 2;
          hdr.st.push_front(1);                 // [invalid, 1, 2]
          hdr.st[0].setValid(); hdr.st[0].v = 9; // [9, 1, 2]
          if (hdr.h.a == 1) { hdr.st.pop_front(2); } // [2, invalid, invalid]
        }
      }`,
      [0, 0, 0, 0],
    );
    assert.deepEqual(out, [0, 0, 0, 0, 9, 1, 2]);
    const popped = run(
      `
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply {
          sm.egress_spec = 1;
          hdr.st[0].setValid(); hdr.st[0].v = 1;
          hdr.st[1].setValid(); hdr.st[1].v = 2;
          hdr.st[2].setValid(); hdr.st[2].v = 3;
          hdr.st.pop_front(2);
        }
      }`,
      [1, 0, 0, 0],
    );
    assert.deepEqual(popped, [1, 0, 0, 0, 3]);
  });

  it('entries shifted in by push_front/pop_front are fresh: invalid, every field 0', () => {
    const out = run(
      `
      control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply {
          sm.egress_spec = 1;
          hdr.st[0].setValid(); hdr.st[0].v = 1;
          hdr.st[1].setValid(); hdr.st[1].v = 2;
          hdr.st[2].setValid(); hdr.st[2].v = 3;
          hdr.st.pop_front(2);                   // [3, -, -]
          hdr.st[1].setValid();                  // shifted in at the back: v is 0
          hdr.st.push_front(1);                  // [-, 3, 0]
          hdr.st[0].setValid();                  // shifted in at the front: v is 0
          hdr.h.a = hdr.st[0].v + 10;
        }
      }`,
      [1, 0, 0, 0],
    );
    assert.deepEqual(out, [10, 0, 0, 0, 0, 3, 0]);
  });

  it('a zero-width field reads no bits and compares equal, on a byte boundary or inside a byte', () => {
    const text = `
#include <core.p4>
#include <v1model.p4>
header z_t { bit<8> x; bit<0> y; bit<4> p; bit<0> w; bit<4> q; }
struct headers { z_t a; z_t b; }
struct metadata { }
parser P(packet_in p, out headers hdr, inout metadata m, inout standard_metadata_t sm) {
  state start { p.extract(hdr.a); p.extract(hdr.b); transition accept; }
}
control VC(inout headers hdr, inout metadata m) { apply { } }
control Ing(inout headers hdr, inout metadata m, inout standard_metadata_t sm) {
  apply { sm.egress_spec = hdr.a == hdr.b ? 9w1 : 9w2; }
}
control Eg(inout headers hdr, inout metadata m, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata m) { apply { } }
control D(packet_out p, in headers hdr) { apply { p.emit(hdr.a); p.emit(hdr.b); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;
    const r = compileP4({ path: 'zero.p4', text });
    if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
    const sw = new Switch(r.program, r.p4info);
    for (const [input, port] of [
      [[0x5a, 0x3c, 0x5a, 0x3c, 0x99], 1],
      [[0x5a, 0x3c, 0x5a, 0x3d, 0x99], 2],
    ] as const) {
      const [o] = sw.processPacket(0, Uint8Array.from(input));
      assert.equal(o!.port, port);
      assert.deepEqual(Array.from(o!.data), input);
    }
  });
});
