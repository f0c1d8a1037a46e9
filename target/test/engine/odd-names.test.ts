// Any P4 identifier works as the name of a header, field, struct, parser state, action, parameter, table,
// control, extern instance or local: names that mean something to JavaScript (`__proto__`, `constructor`,
// `toString`, reserved words) compile to the same behaviour as a plain name. (`this` is left out: it is a P4
// keyword too, and p4c refuses it as a name, as the front-end does.)
import assert from 'node:assert/strict';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';
import { Switch } from '../../engine/index.js';

const NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '__defineGetter__',
  'function',
  'delete',
  'new',
  'class',
  'arguments',
  'eval',
  'let',
  'yield',
  'await',
  'undefined',
  'NaN',
  'length',
];

function source(n: string): string {
  return `#include <core.p4>
#include <v1model.p4>
header ${n}_t { bit<8> ${n}; bit<8> b; }
struct inner_t { bit<8> ${n}; }
struct headers { ${n}_t ${n}; }
struct metadata { bit<8> ${n}; inner_t s; }
const inner_t K_${n} = { ${n} = 4 };
parser P(packet_in p, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { p.extract(hdr.${n}); transition ${n}; }
  state ${n} { transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply {} }
control ${n}_c(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  register<bit<8>>(2) ${n}_r;
  action ${n}(bit<8> ${n}) {
    meta.${n} = ${n};
    hdr.${n}.b = hdr.${n}.${n} + meta.${n};
    sm.egress_spec = 2;
  }
  table t_${n} {
    key = { hdr.${n}.${n}: exact @name("${n}"); }
    actions = { ${n}; NoAction; }
    default_action = ${n}(3);
  }
  apply {
    bit<8> ${n} = 1;
    inner_t copy = meta.s;
    meta.s = K_${n};
    copy = meta.s;
    t_${n}.apply();
    ${n}_r.write(1, hdr.${n}.${n});
    ${n}_r.read(${n}, 1);
    hdr.${n}.${n} = ${n} + copy.${n};
  }
}
control Eg(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply {} }
control CC(inout headers hdr, inout metadata meta) { apply {} }
control D(packet_out p, in headers hdr) { apply { p.emit(hdr.${n}); } }
V1Switch(P(), VC(), ${n}_c(), Eg(), CC(), D()) main;
`;
}

function run(n: string): { out: number[]; switch: Switch } {
  const r = compileP4({ path: `${n}.p4`, text: source(n) });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  const sw = new Switch(r.program, r.p4info);
  const out = sw.processPacket(1, Uint8Array.from([10, 20, 30]));
  assert.equal(out.length, 1);
  assert.equal(out[0].port, 2);
  return { out: Array.from(out[0].data), switch: sw };
}

describe('engine/odd names', () => {
  const plain = run('x').out;

  it('the plain program: a = a + 4 after the default action set b = a + 3', () => {
    assert.deepEqual(plain, [14, 13, 30]);
  });

  for (const n of NAMES) {
    it(`'${n}' as every kind of name behaves like a plain name`, () => {
      const { out, switch: sw } = run(n);
      assert.deepEqual(out, plain);
      const table = sw.p4info.tables[0]!;
      assert.equal(table.preamble.name, `${n}_c.t_${n}`);
      assert.deepEqual(
        table.match_fields.map((f) => [f.name, f.match_type]),
        [[n, 'EXACT']],
      );
      assert.ok(sw.p4info.actions.some((a) => a.preamble.name === `${n}_c.${n}`));
    });
  }
});
