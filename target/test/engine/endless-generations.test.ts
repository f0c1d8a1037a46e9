// Programs that resubmit, recirculate or clone egress to egress without end. simple_switch follows such a
// packet forever; the engine follows a chain of them for 64 generations and one packet's clones for 2^14
// pipeline passes, then drops what is left with a log line, so that neither memory nor time runs out.
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch } from '../../engine/index.js';

const PROGRAM = (ingress: string, egress: string): string => `
#include <core.p4>
#include <v1model.p4>
header eth_t { bit<48> dst; bit<48> src; bit<16> type; }
struct headers { eth_t eth; }
struct metadata { @field_list(0) bit<8> passes; }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.eth); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  counter(1, CounterType.packets) ingress_passes;
  apply { ingress_passes.count(0); sm.egress_spec = 4; ${ingress} }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply { meta.passes = meta.passes + 1; hdr.eth.type = (bit<16>) meta.passes; ${egress} }
}
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.eth); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

function build(ingress: string, egress: string): { sw: Switch; logs: string[] } {
  const r = compileP4({ path: 'endless.p4', text: PROGRAM(ingress, egress) });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  const logs: string[] = [];
  return { sw: new Switch(r.program, r.p4info, { log: (l) => logs.push(l) }), logs };
}

const FRAME = Uint8Array.from({ length: 14 }, (_, i) => i);

function ingressPasses(sw: Switch): bigint {
  const id = sw.p4info.counters[0]!.preamble.id;
  return sw.readCounter(id, 0)[0]!.data.packets;
}

describe('engine/endless generations', () => {
  it('an egress that always clones to egress: the packet and 64 generations of clones leave', () => {
    const { sw, logs } = build('', 'clone_preserving_field_list(CloneType.E2E, 3, 0);');
    sw.setMirrorSession(3, { port: 5 });
    const out = sw.processPacket(0, FRAME);
    assert.equal(out.length, 65);
    assert.deepEqual(
      out.map((o) => o.port),
      [4, ...Array<number>(64).fill(5)],
    );
    // Each clone carries the field list on, so the last one has been through egress 65 times.
    assert.equal(out[64]!.data[13], 65);
    assert.deepEqual(logs, ['packet dropped: cloned egress to egress 64 times already']);
  });

  it('an egress that always recirculates: 65 passes through ingress, then the packet is dropped', () => {
    const { sw, logs } = build('', 'recirculate_preserving_field_list(0);');
    assert.deepEqual(sw.processPacket(0, FRAME), []);
    assert.equal(ingressPasses(sw), 65n);
    assert.deepEqual(logs, ['packet dropped: recirculated 64 times already']);
  });

  it('an ingress that always resubmits: 65 passes, then the packet is dropped', () => {
    const { sw, logs } = build('resubmit_preserving_field_list(0);', '');
    assert.deepEqual(sw.processPacket(0, FRAME), []);
    assert.equal(ingressPasses(sw), 65n);
    assert.deepEqual(logs, ['packet dropped: resubmitted 64 times already']);
  });

  it('recirculations and clones count towards the same 64 generations', () => {
    // Recirculated 10 times, then cloned egress to egress until the chain is 64 long.
    const { sw, logs } = build(
      '',
      `if (meta.passes <= 10) { recirculate_preserving_field_list(0); }
       else { clone_preserving_field_list(CloneType.E2E, 3, 0); }`,
    );
    sw.setMirrorSession(3, { port: 5 });
    const out = sw.processPacket(0, FRAME);
    assert.equal(ingressPasses(sw), 11n);
    assert.equal(out.length, 65 - 10);
    assert.deepEqual(logs, ['packet dropped: cloned egress to egress 64 times already']);
  });

  it('clones that multiply (a session to a multicast group) stop after 2^14 pipeline passes', () => {
    const { sw, logs } = build('', 'clone_preserving_field_list(CloneType.E2E, 3, 0);');
    sw.setMulticastGroup(9, [
      { port: 6, rid: 1 },
      { port: 7, rid: 2 },
    ]);
    sw.setMirrorSession(3, { mgid: 9, port: 5 });
    const out = sw.processPacket(0, FRAME);
    // Every pass through egress sends one frame out: the packet's own, then 2^14 passes of its clones.
    assert.equal(out.length, 1 + (1 << 14));
    assert.deepEqual(logs, ['packet dropped: it made more than 16384 pipeline passes']);
    // The switch goes on as before with the next packet.
    sw.setMirrorSession(3, undefined);
    assert.deepEqual(
      sw.processPacket(0, FRAME).map((o) => o.port),
      [4],
    );
  });
});
