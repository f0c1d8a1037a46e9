// The Switch reuses the state (headers, metadata, standard_metadata) of finished packets: a packet must never
// see what an earlier one left behind, and queued packets must keep their own state.
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch } from '../../engine/index.js';

const PROGRAM = `
#include <core.p4>
#include <v1model.p4>
header h_t { bit<8> a; bit<8> b; bit<8> c; bit<8> d; }
header x_t { bit<8> v; }
struct headers { h_t h; x_t x; x_t[2] st; }
struct metadata { bit<8> m; }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.h); transition select(hdr.h.a) { 1: more; default: accept; } }
  state more { pkt.extract(hdr.x); pkt.extract(hdr.st.next); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply {
    // What this packet finds before writing anything: all zero on every packet.
    hdr.h.b = meta.m + hdr.x.v + hdr.st[0].v + (bit<8>) sm.priority + (bit<8>) sm.egress_spec;
    meta.m = 0x55;
    sm.priority = 3;
    if (hdr.h.a == 2) { mark_to_drop(sm); } else { sm.egress_spec = (bit<9>) hdr.h.d; }
    if (hdr.h.a != 1) { hdr.x.v = 7; hdr.st[0].v = 9; }
  }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply { hdr.h.c = meta.m + hdr.h.d; }
}
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); pkt.emit(hdr.x); pkt.emit(hdr.st); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

function build(): Switch {
  const r = compileP4({ path: 'reuse.p4', text: PROGRAM });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  return new Switch(r.program, r.p4info);
}

const toHex = (d: Uint8Array): string => Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
const IDLE = { enqQdepth: 0, deqQdepth: 0, enqTimestamp: 0, deqTimedelta: 0 };

describe('engine/packet state reuse', () => {
  it('every packet starts from fresh headers and metadata', () => {
    const sw = build();
    const first = sw.processPacket(0, Uint8Array.from([0, 0, 0, 4]));
    assert.equal(toHex(first[0].data), '00005904');
    for (let i = 0; i < 3; i++) {
      assert.deepEqual(sw.processPacket(0, Uint8Array.from([2, 0, 0, 4])), []); // dropped in ingress
      assert.equal(toHex(sw.processPacket(0, Uint8Array.from([0, 0, 0, 4]))[0].data), '00005904');
      assert.equal(
        toHex(sw.processPacket(0, Uint8Array.from([1, 0, 0, 5, 0x11, 0x22]))[0].data),
        '01335a051122',
      );
    }
  });

  it('queued packets keep their own state while others come and go', () => {
    const sw = build();
    const jobs = [1, 2, 3].map(
      (d) => sw.runIngress({ port: 0, data: Uint8Array.from([0, 0, 0, d]), instanceType: 0 }).jobs[0],
    );
    // Packets that finish in between recycle their state; the queued ones must not be touched.
    for (let i = 0; i < 4; i++) sw.processPacket(0, Uint8Array.from([1, 0, 0, 9, 0xaa, 0xbb]));
    assert.deepEqual(
      jobs.map((j) => toHex(sw.runEgress(j, IDLE).out[0].data)),
      ['00005601', '00005702', '00005803'],
    );
  });
});
