// Run-time situations bmv2 gives a defined outcome, which the engine must reproduce rather than throw a
// JavaScript exception: extern indices past the end (v1model.p4: "no register/counter/meter state will be
// updated", a read's result unspecified: bmv2 leaves it as it was, and so does the engine), random() with lo >
// hi (lo), hash()
// with max 0 (base), shifts by the width or more (0, or -1 for a negative signed value), and reads past the
// packet or a varbit past its maximum (the parser errors PacketTooShort and HeaderTooShort, as the P4_16
// specification and bmv2's parser give them).
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch } from '../../engine/index.js';

const PRELUDE = `
#include <core.p4>
#include <v1model.p4>
header h_t { bit<8> a; bit<8> b; bit<8> c; bit<8> d; }
header v_t { bit<8> len; varbit<16> v; }
struct headers { h_t h; v_t v; }
struct metadata { int<8> si; bit<64> w; }
`;

const TAIL = `
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

const SIMPLE_PARSER = `
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.h); transition accept; }
}`;

function load(parser: string, ingress: string): Switch {
  const r = compileP4({ path: 'defined.p4', text: `${PRELUDE}${parser}\n${ingress}${TAIL}` });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  return new Switch(r.program, r.p4info);
}

/** The four bytes of h leaving port 1 for the input bytes. */
function run(sw: Switch, input: number[]): number[] {
  const out = sw.processPacket(0, Uint8Array.from(input));
  assert.equal(out.length, 1);
  return Array.from(out[0].data.subarray(0, 4));
}

describe('engine/defined behaviour at run time', () => {
  it('register, counter and meter indices past the end: no state changes, results left as they were', () => {
    const sw = load(
      SIMPLE_PARSER,
      `control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        register<bit<8>>(4) r;
        counter(4, CounterType.packets) c;
        meter(4, MeterType.packets) m;
        apply {
          sm.egress_spec = 1;
          r.write((bit<32>)hdr.h.a, 77);
          r.read(hdr.h.b, (bit<32>)hdr.h.a);
          c.count((bit<32>)hdr.h.a);
          m.execute_meter((bit<32>)hdr.h.a, hdr.h.c);
        }
      }`,
    );
    // bmv2's register_read and execute_meter: "Dest field was not updated".
    assert.deepEqual(run(sw, [200, 9, 9, 9]), [200, 9, 9, 9]);
    const rid = sw.p4info.registers[0]!.preamble.id;
    assert.deepEqual(
      sw.readRegister(rid).map((x) => x.value),
      [0n, 0n, 0n, 0n],
    );
    const cid = sw.p4info.counters[0]!.preamble.id;
    assert.deepEqual(
      sw.readCounter(cid).map((x) => x.data.packets),
      [0n, 0n, 0n, 0n],
    );
  });

  it('random() with lo > hi gives lo; hash() with max 0 gives base', () => {
    const sw = load(
      SIMPLE_PARSER,
      `control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply {
          sm.egress_spec = 1;
          random(hdr.h.a, 9, 2);
          random(meta.w, 64w90, 64w20);
          hdr.h.b = (bit<8>)meta.w;
          hash(hdr.h.c, HashAlgorithm.crc16, 8w5, { hdr.h.d }, 8w0);
        }
      }`,
    );
    assert.deepEqual(run(sw, [0, 0, 0, 3]), [9, 90, 5, 3]);
  });

  it('shifts by the width or more at run time give 0, or -1 for a negative signed value', () => {
    const sw = load(
      SIMPLE_PARSER,
      `control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply {
          sm.egress_spec = 1;
          hdr.h.b = hdr.h.b << hdr.h.a;
          meta.w = 64w0xffffffffffffffff >> hdr.h.a;
          hdr.h.c = (bit<8>)meta.w;
          meta.si = -8s3 >> hdr.h.a;
          hdr.h.d = (bit<8>)meta.si;
        }
      }`,
    );
    assert.deepEqual(run(sw, [200, 1, 1, 1]), [200, 0, 0, 255]);
  });

  it('lookahead, advance and extract past the end of the packet set PacketTooShort', () => {
    for (const stmt of [
      'bit<64> x = pkt.lookahead<bit<64>>(); meta.w = x;',
      'pkt.advance(64);',
      'pkt.extract(hdr.h);',
    ]) {
      const sw = load(
        `parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
          state start { pkt.extract(hdr.h); ${stmt} transition accept; }
        }`,
        `control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
          apply { sm.egress_spec = 1; hdr.h.a = (bit<8>)(sm.parser_error == error.PacketTooShort ? 1w1 : 1w0); }
        }`,
      );
      assert.deepEqual(run(sw, [0, 2, 3, 4, 5]), [1, 2, 3, 4], stmt);
    }
  });

  it('a varbit extract longer than the field maximum (and within the packet) sets HeaderTooShort', () => {
    const sw = load(
      `parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        state start { pkt.extract(hdr.h); pkt.extract(hdr.v, (bit<32>)hdr.h.b); transition accept; }
      }`,
      `control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
        apply { sm.egress_spec = 1; hdr.h.a = (bit<8>)(sm.parser_error == error.HeaderTooShort ? 1w1 : 1w0); }
      }`,
    );
    assert.deepEqual(run(sw, [0, 24, 3, 4, 5, 6, 7, 8]), [1, 24, 3, 4]);
  });
});
