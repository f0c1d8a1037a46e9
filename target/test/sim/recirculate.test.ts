// Recirculation in the simulator: the packet goes back into ingress as bmv2 sends it back (instance type
// RECIRC, the field list's metadata kept), and a program that recirculates for ever still lets the run end.
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch } from '../../engine/index.js';
import { EnginePipeline } from '../../sim/engine-pipeline.js';
import { Fabric } from '../../sim/fabric.js';
import { PS_PER_US } from '../../tm/time.js';

// a -(port 1) sw (port 2)- b. Ingress sends everything to b and writes what it sees into the header;
// egress recirculates as `egress` says.
const PROGRAM = (egress: string): string => `
#include <core.p4>
#include <v1model.p4>
header eth_t { bit<48> dst; bit<48> src; bit<8> instance; bit<8> kept; }
struct headers { eth_t eth; }
struct metadata { @field_list(1) bit<8> kept; bit<8> dropped; }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.eth); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply {
    sm.egress_spec = 2;
    hdr.eth.instance = (bit<8>) sm.instance_type;
    hdr.eth.kept = meta.kept + meta.dropped;
  }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply { meta.kept = 0x2a; meta.dropped = 0x10; ${egress} }
}
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.eth); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

function lineOf(egress: string): { f: Fabric; received: Uint8Array[]; logs: string[] } {
  const r = compileP4({ path: 'recirculate.p4', text: PROGRAM(egress) });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  const logs: string[] = [];
  const sw = new Switch(r.program, r.p4info, { log: (l) => logs.push(l) });
  const f = new Fabric();
  f.addSwitch('sw', new EnginePipeline(sw, 'recirculate.p4'), { model: 'bmv2' });
  f.addHost('a', 1, 1);
  f.addHost('b', 2, 2);
  const link = { rateBps: 10e9, delayPs: PS_PER_US };
  f.connect('a', 0, 'sw', 1, link);
  f.connect('b', 0, 'sw', 2, link);
  const received: Uint8Array[] = [];
  f.host('b').transport = (data) => received.push(data.slice());
  return { f, received, logs };
}

const frame = (): Uint8Array => Uint8Array.from({ length: 64 }, () => 0);

describe('sim/recirculation', () => {
  it('comes back into ingress as instance type 4 with its field list, and leaves once', () => {
    // Recirculated once: the first pass through egress recirculates, the second sends the frame on.
    const { f, received } = lineOf('if (sm.instance_type == 0) { recirculate_preserving_field_list(1); }');
    f.host('a').send(frame());
    f.sim.run();
    assert.equal(received.length, 1);
    // Byte 12: the instance type ingress saw (PKT_INSTANCE_TYPE_RECIRC); byte 13: meta.kept (0x2a) plus
    // meta.dropped, which is not in field list 1 and so starts again at 0.
    assert.equal(received[0]![12], 4);
    assert.equal(received[0]![13], 0x2a);
  });

  it('a program that always recirculates: the run ends, the packet dropped after 64 rounds', () => {
    const { f, received, logs } = lineOf('recirculate_preserving_field_list(1);');
    f.host('a').send(frame());
    f.host('a').send(frame());
    f.sim.run();
    assert.equal(received.length, 0);
    // Each frame's arrival and its 64 recirculations.
    assert.equal(f.switchHops(), 2 * 65);
    assert.deepEqual(logs, Array<string>(2).fill('packet dropped: recirculated 64 times already'));
  });
});
