// v1model digest() as bmv2 simple_switch runs it (engine/digest.ts): fields are read when ingress ends, a value
// computed in the call is taken at the call, the last call of a packet wins, a digest in egress reports
// nothing, and a dropped packet still reports its digest (simple_switch learns before the drop check).
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch, type DigestSample, type DigestValue } from '../../engine/index.js';

const PROGRAM = `
#include <core.p4>
#include <v1model.p4>
header h_t { bit<8> mode; bit<8> a; bit<8> b; }
struct learn_t { bit<8> a; bit<9> port; bit<8> sum; int<8> neg; bool zero; }
@name("other") struct other_t { bit<8> b; }
struct headers { h_t h; }
struct metadata { learn_t d; }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.h); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  action learn(bit<8> k) {
    digest<learn_t>(1, { hdr.h.a, sm.ingress_port, hdr.h.a + hdr.h.b, -2, hdr.h.b == k });
  }
  table t { key = { hdr.h.mode : exact; } actions = { learn; } default_action = learn(0); }
  apply {
    sm.egress_spec = 1;
    if (hdr.h.mode == 0) {
      t.apply();
      hdr.h.a = hdr.h.a + 100;
    } else if (hdr.h.mode == 1) {
      t.apply();
      digest<other_t>(1, { hdr.h.b });
      hdr.h.b = 9;
    } else if (hdr.h.mode == 2) {
      meta.d = { hdr.h.a, sm.ingress_port, 0, 1, false };
      digest<learn_t>(1, meta.d);
      meta.d.a = 7;
    } else if (hdr.h.mode == 3) {
      t.apply();
      mark_to_drop(sm);
    } else if (hdr.h.mode == 4) {
      t.apply();
      exit;
    }
  }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply { if (hdr.h.mode == 5) { digest<other_t>(1, { hdr.h.a }); } }
}
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); } }
V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;
`;

function load(): { sw: Switch; got: DigestSample[] } {
  const r = compileP4({ path: 'digest.p4', text: PROGRAM });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  const sw = new Switch(r.program, r.p4info);
  const got: DigestSample[] = [];
  sw.onDigest = (s) => got.push(s);
  return { sw, got };
}

/** A digest's data as plain field values (header and struct fields nested as objects). */
function plain(v: DigestValue): unknown {
  if (typeof v !== 'object') return v;
  return Object.fromEntries([...v.fields].map(([k, x]) => [k, plain(x)]));
}

const send = (sw: Switch, port: number, mode: number, a: number, b: number): number =>
  sw.processPacket(port, Uint8Array.from([mode, a, b])).length;

describe('engine: digest()', () => {
  it("reads fields when ingress ends and takes computed values at the call (bmv2's learn lists)", () => {
    const { sw, got } = load();
    assert.equal(send(sw, 3, 0, 5, 6), 1);
    assert.equal(got.length, 1);
    assert.equal(got[0]!.name, 'learn_t');
    // a was 5 at the call and 105 when ingress ended; the sum was taken at the call; -2 as int<8> is 0xfe.
    assert.deepEqual(plain(got[0]!.data), { a: 105n, port: 3n, sum: 11n, neg: 0xfen, zero: false });
  });

  it('reports the last digest() call of a packet only', () => {
    const { sw, got } = load();
    send(sw, 2, 1, 5, 6);
    assert.equal(got.length, 1);
    assert.equal(got[0]!.name, 'other', "named by the struct's @name, as P4Info names it");
    assert.deepEqual(plain(got[0]!.data), { b: 9n });
  });

  it('reads a struct passed whole when ingress ends', () => {
    const { sw, got } = load();
    send(sw, 4, 2, 5, 6);
    assert.deepEqual(plain(got[0]!.data), { a: 7n, port: 4n, sum: 0n, neg: 1n, zero: false });
  });

  it('reports the digest of a packet that is dropped or exits ingress', () => {
    const { sw, got } = load();
    assert.equal(send(sw, 1, 3, 5, 0), 0);
    assert.equal(send(sw, 1, 4, 5, 0), 1);
    assert.deepEqual(
      got.map((g) => plain(g.data)),
      [
        { a: 5n, port: 1n, sum: 5n, neg: 0xfen, zero: true },
        { a: 5n, port: 1n, sum: 5n, neg: 0xfen, zero: true },
      ],
    );
  });

  it('reports nothing for a digest() in egress, as simple_switch only learns after ingress', () => {
    const { sw, got } = load();
    assert.equal(send(sw, 1, 5, 1, 2), 1);
    assert.deepEqual(got, []);
  });

  it('runs packets that make digests without a sink (the STF runner has none)', () => {
    const { sw } = load();
    sw.onDigest = undefined;
    assert.equal(send(sw, 1, 0, 1, 2), 1);
    assert.equal(send(sw, 1, 1, 1, 2), 1);
  });

  it('makes no digest for a packet after one that did (the request is per packet)', () => {
    const { sw, got } = load();
    send(sw, 1, 0, 1, 2);
    send(sw, 1, 6, 1, 2);
    assert.equal(got.length, 1);
  });
});
