// Exact tables of up to 12 key bits are looked up by generated code that indexes the table's array itself
// (no key array, no lookup call): the slot must be the one the control plane wrote, for several fields, a
// bool field, a miss and the default action.
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch } from '../../engine/index.js';
import type { FieldMatch } from '../../engine/control-plane-api.js';

const PROGRAM = `
#include <core.p4>
#include <v1model.p4>
header h_t { bit<3> a; bit<1> f; bit<4> b; bit<8> result; }
struct headers { h_t h; }
struct metadata { }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.h); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  action set(bit<8> v) { hdr.h.result = v; }
  table t {
    key = { hdr.h.a: exact; hdr.h.f == 1: exact @name("flag"); hdr.h.b: exact; }
    actions = { set; }
    default_action = set(0xee);
  }
  apply { sm.egress_spec = 1; t.apply(); }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

describe('engine/directly indexed tables in generated code', () => {
  it('hits the entry of each key combination, misses to the default action', () => {
    const r = compileP4({ path: 'direct.p4', text: PROGRAM });
    if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
    const sw = new Switch(r.program, r.p4info);
    assert.match(sw.generated.source, /\$T\.store\.direct\[/);
    const t = r.p4info.tables[0];
    const a = r.p4info.actions.find((x) => x.preamble.name === 'Ing.set');
    assert.ok(a);
    const exact = (v: number): FieldMatch => ({ kind: 'exact', value: BigInt(v) });
    const value = (a3: number, f: number, b: number): number => (a3 * 2 + f) * 16 + b;
    // Entries for some combinations only; each returns its own code.
    for (let x = 0; x < 8; x++)
      for (let f = 0; f < 2; f++)
        for (let b = 0; b < 16; b += 3)
          sw.insertEntry({
            tableId: t.preamble.id,
            match: new Map([
              [1, exact(x)],
              [2, exact(f)],
              [3, exact(b)],
            ]),
            priority: 0,
            action: { actionId: a.preamble.id, params: new Map([[1, BigInt(value(x, f, b) & 0x7f)]]) },
          });
    for (let x = 0; x < 8; x++)
      for (let f = 0; f < 2; f++)
        for (let b = 0; b < 16; b++) {
          const out = sw.processPacket(0, Uint8Array.from([(x << 5) | (f << 4) | b, 0]));
          assert.equal(out[0].data[1], b % 3 === 0 ? value(x, f, b) & 0x7f : 0xee, `a=${x} f=${f} b=${b}`);
        }
  });
});
