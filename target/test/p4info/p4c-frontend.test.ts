// P4Info as p4c writes it for what its front-end adds to a program: a table without default_action gets
// `default_action = NoAction()` and, when its list lacks it, `@defaultonly NoAction` at the end of its actions
// (CreateBuiltins); top-level actions are copied into each control that uses them, ahead of the control's own
// actions (LocalizeActions), which is where P4Info lists them; NoAction carries core.p4's @noWarn("unused").
// The expected texts follow p4c's P4RuntimeSerializer (fields in p4info.proto's number order, annotations
// except @name/@id/@brief/@description, documentation from @brief/@description).
import assert from 'node:assert/strict';
import { parseP4InfoText } from 'p4runtime-ts';
import { compileP4, p4infoToText } from '../../compiler/index.js';
import { p4InfoMismatch } from '../../p4runtime/p4info-wire.js';
import { jenkinsOneAtATime } from '../../p4info/ids.js';

/** The id p4c gives an object without @id: its type prefix over 24 bits of the hash of its name. */
const id = (prefix: number, name: string): number =>
  ((prefix << 24) | (jenkinsOneAtATime(name) & 0xffffff)) >>> 0;
const table = (name: string): number => id(0x02, name);
const action = (name: string): number => id(0x01, name);

const HEAD = `#include <core.p4>
#include <v1model.p4>
header h_t { bit<8> x; }
struct headers { h_t h; }
struct metadata { }
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.h); transition accept; }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); } }
`;
const MAIN = 'V1Switch(P(), VC(), MyIngress(), MyEgress(), CC(), D()) main;\n';

function p4info(text: string): string {
  const r = compileP4({ path: 'prog.p4', text });
  assert.ok(r.ok, r.ok ? '' : r.diagnostics.map((d) => d.message).join('\n'));
  const out = p4infoToText(r.p4info);
  // A controller holding p4c's P4Info sees the same program here.
  assert.equal(p4InfoMismatch(parseP4InfoText(out), r.p4info), undefined);
  return out;
}

const NO_ACTION = `actions {
  preamble {
    id: 21257015
    name: "NoAction"
    alias: "NoAction"
    annotations: "@noWarn(\\"unused\\")"
  }
}`;

describe('P4Info: what p4c front-end adds', () => {
  it('lists NoAction as the @defaultonly default of a table without default_action', () => {
    const text = p4info(`${HEAD}
control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  action a() { hdr.h.x = 0; }
  table t { key = { hdr.h.x: exact; } actions = { a; } }
  apply { t.apply(); }
}
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
${MAIN}`);
    assert.equal(
      text,
      `# proto-file: p4/config/v1/p4info.proto
# proto-message: p4.config.v1.P4Info

pkg_info {
  arch: "v1model"
}
tables {
  preamble {
    id: ${table('MyIngress.t')}
    name: "MyIngress.t"
    alias: "t"
  }
  match_fields {
    id: 1
    name: "hdr.h.x"
    bitwidth: 8
    match_type: EXACT
  }
  action_refs {
    id: ${action('MyIngress.a')}
  }
  action_refs {
    id: 21257015
    annotations: "@defaultonly"
    scope: DEFAULT_ONLY
  }
  size: 1024
}
${NO_ACTION}
actions {
  preamble {
    id: ${action('MyIngress.a')}
    name: "MyIngress.a"
    alias: "a"
  }
}
type_info {
}
`,
    );
  });

  it('leaves a list that has NoAction as it is, and lists NoAction before the control actions', () => {
    const text = p4info(`${HEAD}
control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  action a() { hdr.h.x = 0; }
  table t { key = { hdr.h.x: exact; } actions = { a; NoAction; } }
  apply { t.apply(); }
}
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
${MAIN}`);
    assert.match(
      text,
      new RegExp(
        `  action_refs \\{\\n    id: ${action('MyIngress.a')}\\n  \\}\\n  action_refs \\{\\n    id: 21257015\\n  \\}\\n  size: 1024\\n`,
      ),
    );
    assert.match(text, /\n\}\nactions \{\n {2}preamble \{\n {4}id: 21257015\n[\s\S]*name: "MyIngress.a"/);
  });

  it('orders actions control by control, top-level ones first where used; scopes, const default, docs', () => {
    const text = p4info(`${HEAD}
action nop() { }
control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  @brief("Sets x") action set(bit<8> v) { hdr.h.x = v; }
  action unused() { }
  @my_anno("x") table t1 { key = { hdr.h.x: exact; } actions = { set; nop; } const default_action = nop(); }
  table t2 {
    key = { hdr.h.x: ternary; }
    actions = { @tableonly set; @defaultonly NoAction; }
    default_action = NoAction();
  }
  apply { t1.apply(); t2.apply(); }
}
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  action mark() { hdr.h.x = 1; }
  table t3 { actions = { mark; } }
  apply { t3.apply(); nop(); }
}
${MAIN}`);
    const set = action('MyIngress.set');
    const nop = action('nop');
    assert.equal(
      text,
      `# proto-file: p4/config/v1/p4info.proto
# proto-message: p4.config.v1.P4Info

pkg_info {
  arch: "v1model"
}
tables {
  preamble {
    id: ${table('MyIngress.t1')}
    name: "MyIngress.t1"
    alias: "t1"
    annotations: "@my_anno(\\"x\\")"
  }
  match_fields {
    id: 1
    name: "hdr.h.x"
    bitwidth: 8
    match_type: EXACT
  }
  action_refs {
    id: ${set}
  }
  action_refs {
    id: ${nop}
  }
  const_default_action_id: ${nop}
  size: 1024
}
tables {
  preamble {
    id: ${table('MyIngress.t2')}
    name: "MyIngress.t2"
    alias: "t2"
  }
  match_fields {
    id: 1
    name: "hdr.h.x"
    bitwidth: 8
    match_type: TERNARY
  }
  action_refs {
    id: ${set}
    annotations: "@tableonly"
    scope: TABLE_ONLY
  }
  action_refs {
    id: 21257015
    annotations: "@defaultonly"
    scope: DEFAULT_ONLY
  }
  size: 1024
}
tables {
  preamble {
    id: ${table('MyEgress.t3')}
    name: "MyEgress.t3"
    alias: "t3"
  }
  action_refs {
    id: ${action('MyEgress.mark')}
  }
  action_refs {
    id: 21257015
    annotations: "@defaultonly"
    scope: DEFAULT_ONLY
  }
  size: 1024
}
actions {
  preamble {
    id: ${nop}
    name: "nop"
    alias: "nop"
  }
}
${NO_ACTION}
actions {
  preamble {
    id: ${set}
    name: "MyIngress.set"
    alias: "set"
    doc {
      brief: "Sets x"
    }
  }
  params {
    id: 1
    name: "v"
    bitwidth: 8
  }
}
actions {
  preamble {
    id: ${action('MyEgress.mark')}
    name: "MyEgress.mark"
    alias: "mark"
  }
}
type_info {
}
`,
    );
  });

  it('writes annotations of keys and parameters in p4info.proto order, before the width', () => {
    const text = p4info(`${HEAD}
control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  action a(@my_param bit<8> v) { hdr.h.x = v; }
  table t { key = { hdr.h.x: exact @my_key; } actions = { a; } default_action = a(1); }
  apply { t.apply(); }
}
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
${MAIN}`);
    assert.match(
      text,
      / {2}match_fields \{\n {4}id: 1\n {4}name: "hdr.h.x"\n {4}annotations: "@my_key"\n {4}bitwidth: 8\n {4}match_type: EXACT\n {2}\}/,
    );
    assert.match(
      text,
      / {2}params \{\n {4}id: 1\n {4}name: "v"\n {4}annotations: "@my_param"\n {4}bitwidth: 8\n {2}\}/,
    );
    // A default_action given in the program: no NoAction anywhere.
    assert.doesNotMatch(text, /NoAction|21257015/);
  });

  it('names a key by its expression with each literal as p4c prints a constant', () => {
    const text = p4info(`${HEAD}
control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  table t {
    key = { hdr.h.x & 0x0F: exact; hdr.h.x[7:4] ++ 4w0b0011: exact; hdr.h.x | 0_10: exact; hdr.h.x ^ 8w0XAB: exact; }
    actions = { NoAction; }
  }
  apply { t.apply(); }
}
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
${MAIN}`);
    // p4c (Util::toString): the written width and base, lower-case digits, no leading zeros or underscores.
    const names = [...text.matchAll(/match_fields \{\n {4}id: \d+\n {4}name: "([^"]*)"/g)].map((m) => m[1]);
    assert.deepEqual(names, ['hdr.h.x & 0xf', 'hdr.h.x[7:4] ++ 4w0b11', 'hdr.h.x | 10', 'hdr.h.x ^ 8w0xab']);
  });

  it("lists objects in the order of p4c's inlined pipeline: a nested control's where it is declared", () => {
    const r = compileP4({
      path: 'nested.p4',
      text: `${HEAD}
control Sub(inout headers hdr) {
  counter(4, CounterType.packets) hits;
  action set() { hdr.h.x = 2; }
  table t { key = { hdr.h.x: exact; } actions = { set; } }
  apply { t.apply(); hits.count(0); }
}
control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  Sub() first;
  action a() { hdr.h.x = 0; }
  table t0 { key = { hdr.h.x: exact; } actions = { a; } default_action = a(); }
  counter(4, CounterType.packets) own;
  apply { first.apply(hdr); t0.apply(); own.count(0); }
}
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  action b() { hdr.h.x = 1; }
  table te { key = { hdr.h.x: exact; } actions = { b; } default_action = b(); }
  @hidden table internal { key = { hdr.h.x: exact; } actions = { b; } default_action = b(); }
  apply { te.apply(); internal.apply(); }
}
${MAIN}`,
    });
    assert.ok(r.ok);
    // p4c's front-end inlines `first` into MyIngress in place of its declaration, ahead of t0 and own.
    assert.deepEqual(
      r.p4info.tables.map((t) => t.preamble.name),
      ['MyIngress.first.t', 'MyIngress.t0', 'MyEgress.te'],
    );
    assert.deepEqual(
      r.p4info.counters.map((c) => c.preamble.name),
      ['MyIngress.first.hits', 'MyIngress.own'],
    );
    // Sub's table has no default_action: NoAction, a top-level action used in what MyIngress inlines, is
    // copied to the front of MyIngress's declarations (LocalizeAllActions).
    assert.deepEqual(
      r.p4info.actions.map((a) => a.preamble.name),
      ['NoAction', 'MyIngress.first.set', 'MyIngress.a', 'MyEgress.b'],
    );
  });

  it("names a nested control's objects under its instance's @name, relative or absolute, as p4c does", () => {
    const text = (ann: string): string => `${HEAD}
control Sub(inout headers hdr) {
  action set() { hdr.h.x = 2; }
  table t { key = { hdr.h.x: exact; } actions = { set; } }
  apply { t.apply(); }
}
control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  ${ann} Sub() s_0;
  apply { s_0.apply(hdr); }
}
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
${MAIN}`;
    const tables = (ann: string): string[] => {
      const r = compileP4({ path: 'named.p4', text: text(ann) });
      assert.ok(r.ok, r.ok ? '' : r.diagnostics.map((d) => d.message).join('\n'));
      return [...r.p4info.tables, ...r.p4info.actions].map((x) => x.preamble.name);
    };
    assert.deepEqual(tables(''), ['MyIngress.s_0.t', 'NoAction', 'MyIngress.s_0.set']);
    assert.deepEqual(tables('@name("s")'), ['MyIngress.s.t', 'NoAction', 'MyIngress.s.set']);
    assert.deepEqual(tables('@name(".top")'), ['top.t', 'NoAction', 'top.set']);
  });

  it('lists the objects of a control only where it runs: not those of a template, with a directly invoked one', () => {
    // Outer runs only as MyIngress.o (and Sub as MyIngress.o.inner and MyIngress.Sub, applied directly):
    // Outer's own copy of Sub, made while checking Outer as a template, is not part of the pipeline.
    const r = compileP4({
      path: 'templates.p4',
      text: `${HEAD}
control Sub(inout headers hdr) {
  counter(4, CounterType.packets) hits;
  apply { hits.count(0); }
}
control Outer(inout headers hdr) {
  Sub() inner;
  apply { inner.apply(hdr); }
}
control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  Outer() o;
  apply { o.apply(hdr); Sub.apply(hdr); }
}
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
${MAIN}`,
    });
    assert.ok(r.ok, r.ok ? '' : r.diagnostics.map((d) => d.message).join('\n'));
    assert.deepEqual(r.p4info.counters.map((c) => c.preamble.name).sort(), [
      'MyIngress.Sub.hits',
      'MyIngress.o.inner.hits',
    ]);
  });
});

describe('P4Info: what p4c front-end removes', () => {
  it('leaves out a table no statement applies, or only a constant-false branch, and the actions only it lists', () => {
    const r = compileP4({
      path: 'unused.p4',
      text: `${HEAD}control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  action a() { hdr.h.x = 1; }
  action only_unused() { hdr.h.x = 2; }
  direct_counter(CounterType.packets) hits;
  table used { key = { hdr.h.x: exact; } actions = { a; } }
  table unused { key = { hdr.h.x: exact; } actions = { a; only_unused; } counters = hits; }
  table dead { key = { hdr.h.x: exact; } actions = { a; } }
  apply { used.apply(); if (false) { dead.apply(); } }
}
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
${MAIN}`,
    });
    assert.ok(r.ok, r.ok ? '' : r.diagnostics.map((d) => d.message).join('\n'));
    assert.deepEqual(
      r.p4info.tables.map((t) => t.preamble.name),
      ['MyIngress.used'],
    );
    assert.deepEqual(
      r.p4info.actions.map((x) => x.preamble.name),
      ['NoAction', 'MyIngress.a'],
    );
    assert.deepEqual(r.p4info.direct_counters, []);
  });
});

describe('P4Info: digests', () => {
  it('lists them as p4c meets the calls, control by control (actions, then apply), none from an unused action', () => {
    const r = compileP4({
      path: 'digests.p4',
      text: `${HEAD}struct d1_t { bit<8> x; } struct d2_t { bit<8> x; } struct d3_t { bit<8> x; } struct d4_t { bit<8> x; }
control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  action learn() { digest<d2_t>(1, { hdr.h.x }); }
  action never() { digest<d4_t>(1, { hdr.h.x }); }
  table t { key = { hdr.h.x: exact; } actions = { learn; } }
  apply { digest<d3_t>(1, { hdr.h.x }); t.apply(); }
}
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  apply { digest<d1_t>(1, { hdr.h.x }); }
}
${MAIN}`,
    });
    assert.ok(r.ok, r.ok ? '' : r.diagnostics.map((d) => d.message).join('\n'));
    assert.deepEqual(
      r.p4info.digests?.map((d) => d.preamble.name),
      ['d2_t', 'd3_t', 'd1_t'],
    );
  });
});

describe('P4Info: type_info', () => {
  const withIngress = (body: string): string =>
    `${HEAD}control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { ${body} }
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
${MAIN}`;

  it('is left out when only parameterless actions need describing, as in p4c, and written once a type may', () => {
    assert.doesNotMatch(p4info(withIngress('action a() { hdr.h.x = 1; } apply { a(); }')), /type_info/);
    for (const body of [
      'action a(bit<8> v) { hdr.h.x = v; } apply { a(1); }',
      'counter(4, CounterType.packets) c; apply { c.count(0); }',
      'action a() { } table t { actions = { a; } } apply { t.apply(); }',
    ])
      assert.match(p4info(withIngress(body)), /\ntype_info \{\n\}\n$/, body);
  });
});

describe('P4Info: parser value sets', () => {
  const program = (locals: string, top = ''): string => `#include <core.p4>
#include <v1model.p4>
header h_t { bit<32> da; bit<32> db; }
struct headers { h_t h; }
struct metadata { }
${top}
parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  ${locals}
  state start {
    pkt.extract(hdr.h);
    transition select(hdr.h.da, hdr.h.db[7:5]) { pairs: accept; default: next; }
  }
  state next { transition select(hdr.h.db) { words: accept; default: accept; } }
}
control VC(inout headers hdr, inout metadata meta) { apply { } }
control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control CC(inout headers hdr, inout metadata meta) { apply { } }
control D(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); } }
${MAIN}`;

  it('lists the value sets selects use, after the controller headers, with their match fields and size', () => {
    const text = p4info(
      program(
        `value_set<pair_t>(4) pairs;
  value_set<bit<32>>(16) words;
  value_set<bit<8>>(2) unused;
  @hidden value_set<bit<32>>(2) hidden;`,
        `struct pair_t {
  @match(ternary) bit<32> addr;
  @id(7) @match(range) @brief("the low bits") bit<3> low;
}`,
      ),
    );
    const valueSetId = (name: string): number => id(0x03, name);
    assert.equal(
      text,
      `# proto-file: p4/config/v1/p4info.proto
# proto-message: p4.config.v1.P4Info

pkg_info {
  arch: "v1model"
}
value_sets {
  preamble {
    id: ${valueSetId('P.pairs')}
    name: "P.pairs"
    alias: "pairs"
  }
  match {
    id: 1
    name: "addr"
    bitwidth: 32
    match_type: TERNARY
  }
  match {
    id: 7
    name: "low"
    bitwidth: 3
    match_type: RANGE
    doc {
      brief: "the low bits"
    }
  }
  size: 4
}
value_sets {
  preamble {
    id: ${valueSetId('P.words')}
    name: "P.words"
    alias: "words"
  }
  match {
    id: 1
    bitwidth: 32
    match_type: EXACT
  }
  size: 16
}
`,
    );
  });

  it('tells a controller whose P4Info lacks a value set that it describes another program', () => {
    const r = compileP4({
      path: 'pvs.p4',
      text: program(
        'value_set<bit<32>>(16) words; value_set<pair_t>(4) pairs;',
        'struct pair_t { bit<32> a; bit<3> b; }',
      ),
    });
    assert.ok(r.ok, r.ok ? '' : r.diagnostics.map((d) => d.message).join('\n'));
    const sent = parseP4InfoText(
      p4infoToText({
        ...r.p4info,
        value_sets: r.p4info.value_sets!.filter((v) => v.preamble.name !== 'P.pairs'),
      }),
    );
    assert.match(p4InfoMismatch(sent, r.p4info) ?? '', /^value_sets: the program has \d+:P\.pairs/);
  });
});
