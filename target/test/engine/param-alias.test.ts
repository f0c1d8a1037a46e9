// The code of a top-level block reads its header/struct parameters from local constants (its actions from the
// module-level variables): assigning a whole parameter must still change what both see.
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch } from '../../engine/index.js';

const PROGRAM = `
#include <core.p4>
#include <v1model.p4>
header h_t { bit<8> a; bit<8> b; }
struct headers { h_t h; }
struct metadata { bit<8> m; }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.h); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  action bump() { hdr.h.b = hdr.h.b + meta.m; }
  apply {
    headers copy = hdr;
    copy.h.a = copy.h.a + 1;
    metadata m2 = { 3 };
    meta = m2;
    hdr = copy;
    bump();
    sm.egress_spec = 1;
  }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply { hdr.h.a = hdr.h.a + meta.m; }
}
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

describe('engine/block parameters read through local constants', () => {
  it('whole-parameter assignments are seen by the block, its actions and later blocks', () => {
    const r = compileP4({ path: 'alias.p4', text: PROGRAM });
    if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
    const sw = new Switch(r.program, r.p4info);
    for (let i = 0; i < 3; i++) {
      const out = sw.processPacket(0, Uint8Array.from([0x10, 0x20]));
      assert.deepEqual([...out[0].data], [0x10 + 1 + 3, 0x20 + 3]);
    }
  });
});
