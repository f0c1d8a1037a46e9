// csum16 over a field list is generated as a sum of 16-bit words read straight from the fields; it must equal
// the Internet checksum of the packed bytes for any layout: unaligned fields, odd byte counts, wide fields.
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch } from '../../engine/index.js';
import { csum16 } from '../../engine/hash.js';
import { pack } from '../../engine/runtime.js';

const program = (fields: string, list: string) => `
#include <core.p4>
#include <v1model.p4>
header h_t { ${fields} bit<16> sum; }
struct headers { h_t h; }
struct metadata { }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.h); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { sm.egress_spec = 1; } }
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) {
  apply { update_checksum(true, { ${list} }, hdr.h.sum, HashAlgorithm.csum16); }
}
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

describe('engine/csum16 from fields', () => {
  const cases: { name: string; widths: number[] }[] = [
    { name: 'aligned 16-bit words', widths: [16, 16, 32] },
    { name: 'unaligned small fields', widths: [4, 8, 12, 8] },
    { name: 'an odd number of bytes', widths: [8, 16] },
    { name: 'a wide field', widths: [48, 8, 8] },
  ];
  for (const c of cases)
    it(c.name, () => {
      const fields = c.widths.map((w, i) => `bit<${w}> f${i};`).join(' ');
      const list = c.widths.map((_, i) => `hdr.h.f${i}`).join(', ');
      const r = compileP4({ path: 'csum.p4', text: program(fields, list) });
      if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
      const sw = new Switch(r.program, r.p4info);
      const nbytes = c.widths.reduce((a, b) => a + b, 0) / 8;
      for (let k = 0; k < 50; k++) {
        const input = Uint8Array.from({ length: nbytes + 2 }, (_, i) => (i * 97 + k * 31 + 0xa5) & 0xff);
        const [o] = sw.processPacket(0, input);
        const expected = csum16(pack([...input.subarray(0, nbytes)], Array(nbytes).fill(8)));
        assert.equal((o.data[nbytes] << 8) | o.data[nbytes + 1], expected);
      }
    });

  it('a header of 204,800 array elements: extracted, summed and emitted (no field list spread into one call)', () => {
    const r = compileP4({ path: 'big.p4', text: program('bit<64> a[50][4096];', 'hdr.h.a') });
    if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
    const nbytes = 50 * 4096 * 8;
    const input = new Uint8Array(nbytes + 2);
    input[nbytes - 1] = 1; // a[49][4095] = 1: the ones' complement sum is 1, the checksum 0xFFFE
    const [o] = new Switch(r.program, r.p4info).processPacket(0, input);
    assert.equal(o!.data.length, nbytes + 2);
    assert.deepEqual([o!.data[nbytes - 1], o!.data[nbytes], o!.data[nbytes + 1]], [1, 0xff, 0xfe]);
  });
});
