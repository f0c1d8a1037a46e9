// Field lists of hash and checksum calls: a header stack in one stands for its elements in order, each with
// all its fields, as a header does.
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch } from '../../engine/index.js';
import { csum16 } from '../../engine/hash.js';
import { pack } from '../../engine/runtime.js';

const PROGRAM = `
#include <core.p4>
#include <v1model.p4>
header e_t { bit<8> a; bit<16> b; }
header s_t { bit<16> sum; }
struct headers { e_t[3] stack; s_t s; }
struct metadata { }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.stack.next); pkt.extract(hdr.stack.next); pkt.extract(hdr.s); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { sm.egress_spec = 1; } }
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) {
  apply { update_checksum(true, { hdr.stack, 8w7 }, hdr.s.sum, HashAlgorithm.csum16); }
}
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.stack); pkt.emit(hdr.s); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

describe('engine/field lists', () => {
  it('a header stack stands for every element, valid or not, in order', () => {
    const r = compileP4({ path: 'stack-list.p4', text: PROGRAM });
    if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
    const sw = new Switch(r.program, r.p4info);
    const input = Uint8Array.of(0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0, 0);
    const [o] = sw.processPacket(0, input);
    // Two extracted elements, the third (never extracted) as zeros, then the constant.
    const bytes = [0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0, 0, 0, 7];
    const expected = csum16(pack(bytes, Array<number>(bytes.length).fill(8)));
    assert.equal((o!.data[6]! << 8) | o!.data[7]!, expected);
  });
});
