// Extract followed by emit gives back the packet, for random header layouts (fields of 1..64 bits, bools,
// signed fields), whether the header starts on a byte boundary or four bits into a byte.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch } from '../../engine/index.js';

function program(fields: string[], unaligned: boolean): string {
  const pre = unaligned ? 'header pre_t { bit<4> x; } header post_t { bit<4> y; }' : '';
  const hdrs = unaligned ? 'pre_t pre; h_t h; post_t post;' : 'h_t h;';
  const ex = unaligned
    ? 'pkt.extract(hdr.pre); pkt.extract(hdr.h); pkt.extract(hdr.post);'
    : 'pkt.extract(hdr.h);';
  const em = unaligned ? 'pkt.emit(hdr.pre); pkt.emit(hdr.h); pkt.emit(hdr.post);' : 'pkt.emit(hdr.h);';
  return `
    #include <core.p4>
    #include <v1model.p4>
    ${pre}
    header h_t { ${fields.map((t, i) => `${t} f${i};`).join(' ')} }
    struct headers { ${hdrs} }
    struct metadata { }
    parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
      state start { ${ex} transition accept; }
    }
    control VC(inout headers hdr, inout metadata meta) { apply { } }
    control Ing(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { sm.egress_spec = 1; } }
    control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
    control CC(inout headers hdr, inout metadata meta) { apply { } }
    control D(packet_out pkt, in headers hdr) { apply { ${em} } }
    V1Switch(P(), VC(), Ing(), Eg(), CC(), D()) main;`;
}

const fieldType = fc.oneof(
  fc.integer({ min: 1, max: 64 }).map((w) => `bit<${w}>`),
  fc.integer({ min: 2, max: 64 }).map((w) => `int<${w}>`),
  fc.constant('bool'),
);
const width = (t: string): number => (t === 'bool' ? 1 : Number(/<(\d+)>/.exec(t)?.[1]));

describe('engine/codec', () => {
  it('extract then emit is the identity for any header layout', function () {
    this.timeout(120_000);
    fc.assert(
      fc.property(
        fc.array(fieldType, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        fc.uint8Array({ minLength: 80, maxLength: 80 }),
        (fields, unaligned, bytes) => {
          const total = fields.reduce((s, t) => s + width(t), 0);
          const pad = (8 - (total % 8)) % 8;
          const all = pad ? [...fields, `bit<${pad}>`] : fields;
          const r = compileP4({ path: 'codec.p4', text: program(all, unaligned) });
          if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
          const out = new Switch(r.program, r.p4info).processPacket(0, bytes);
          assert.equal(out.length, 1);
          assert.deepEqual(Array.from(out[0].data), Array.from(bytes), all.join(' '));
        },
      ),
      { numRuns: 60 },
    );
  });
});
