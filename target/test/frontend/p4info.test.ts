import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileText, locate, ok, program } from './helpers.js';
import { buildP4Info } from '../../p4info/build.js';
import { IdAllocator, jenkinsOneAtATime, shortestUniqueSuffixes } from '../../p4info/ids.js';
import { p4infoToText } from '../../p4info/text.js';
import type { P4Info } from '../../p4info/types.js';

const kitchenSink = readFileSync(fileURLToPath(new URL('./p4/kitchen_sink.p4', import.meta.url)), 'utf8');

function info(text: string): P4Info {
  return buildP4Info(ok(text)).p4info;
}

/** The p4lang tutorials' basic.p4 tables and actions, whose P4Info ids p4c publishes. */
const basicLike = program({
  top: 'typedef bit<9> egressSpec_t; typedef bit<48> macAddr_t;',
  locals: `
    action drop() { mark_to_drop(standard_metadata); }
    action ipv4_forward(macAddr_t dstAddr, egressSpec_t port) {
      standard_metadata.egress_spec = port;
      hdr.ethernet.src = hdr.ethernet.dst;
      hdr.ethernet.dst = dstAddr;
      hdr.ipv4.ttl = hdr.ipv4.ttl - 1;
    }
    table ipv4_lpm {
      key = { hdr.ipv4.dst: lpm; }
      actions = { ipv4_forward; drop; NoAction; }
      size = 1024;
      default_action = drop();
    }`,
  apply: 'if (hdr.ipv4.isValid()) { ipv4_lpm.apply(); }',
});

describe('P4Info: ids', () => {
  it('hashes names with Jenkins one-at-a-time, 24 bits under the type prefix (matches p4c for basic.p4)', () => {
    const p = info(basicLike);
    const ids = Object.fromEntries([...p.actions, ...p.tables].map((x) => [x.preamble.name, x.preamble.id]));
    assert.deepEqual(ids, {
      NoAction: 21257015,
      'MyIngress.drop': 25652968,
      'MyIngress.ipv4_forward': 28792405,
      'MyIngress.ipv4_lpm': 37375156,
    });
  });

  it('computes the reference Jenkins hash', () => {
    // Values of the one-at-a-time hash as published for the test vector "a" and the empty string.
    assert.equal(jenkinsOneAtATime('a'), 0xca2e9442);
    assert.equal(jenkinsOneAtATime(''), 0);
  });

  it('puts the type prefix on @id values and keeps ids already prefixed', () => {
    const p = info(kitchenSink);
    const byName = new Map(
      [...p.actions, ...p.tables, ...p.direct_counters].map((x) => [x.preamble.name, x.preamble.id]),
    );
    assert.equal(byName.get('MyIngress.set_prio_alias'), 0x0100000a);
    assert.equal(byName.get('MyIngress.fwd_tbl'), 0x02000033);
    assert.equal(byName.get('MyIngress.acl_hits'), 0x13000007);
  });

  it('probes past an id that is already taken, in sorted name order', () => {
    const a = new IdAllocator();
    const h = jenkinsOneAtATime('zeta') & 0xffffff;
    a.add({ prefix: 1, name: 'explicit', explicit: h });
    a.add({ prefix: 1, name: 'zeta' });
    a.finish();
    assert.equal(a.get(1, 'explicit'), ((1 << 24) | h) >>> 0);
    assert.equal(a.get(1, 'zeta'), ((1 << 24) | ((h + 1) & 0xffffff)) >>> 0);
  });

  it('rejects duplicate and wrongly prefixed @id values', () => {
    const dupText = program({
      locals: '@id(5) action a() {} @id(5) action b() {} table t { actions = { a; b; } }',
      apply: 't.apply();',
    });
    const dup = compileText(dupText);
    assert.equal(dup.ok, false);
    assert.match(
      dup.diagnostics[0]!.message,
      /@id 16777221 is assigned to multiple declarations \(MyIngress.b\)/,
    );
    const at = locate(dupText, 'b() {}');
    assert.deepEqual([dup.diagnostics[0]!.line, dup.diagnostics[0]!.col], [at.line, at.col]);
    const bad = compileText(
      program({ locals: '@id(0x02000001) action a() {} table t { actions = { a; } }', apply: 't.apply();' }),
    );
    assert.equal(bad.ok, false);
    assert.match(bad.diagnostics[0]!.message, /wrong 8-bit prefix/);
  });

  it('gives the shortest unique suffix as alias', () => {
    const m = shortestUniqueSuffixes(['MyIngress.t', 'MyEgress.t', 'MyIngress.u', 'NoAction']);
    assert.deepEqual([...m.values()], ['MyIngress.t', 'MyEgress.t', 'u', 'NoAction']);
  });
});

describe('P4Info: tables, actions and externs', () => {
  it('lists actions under one control-plane name once, warning when they are distinct declarations (p4c rejects them)', () => {
    const text = program({
      top: `action foo() { }
        control C(inout bit<8> x) {
          @name(".foo") action local_foo() { x = 1; }
          @name(".shared") action own() { x = 2; }
          table t { key = { x: exact; } actions = { local_foo; own; } }
          apply { t.apply(); } }`,
      locals: 'C() c1; C() c2; table u { actions = { foo; } default_action = foo; }',
      apply: 'c1.apply(meta.m8); c2.apply(meta.m8); u.apply();',
    });
    const r = compileText(text);
    assert.ok(r.ok);
    const names = r.p4info.actions.map((a) => a.preamble.name);
    assert.deepEqual(
      names.filter((n) => n === 'foo' || n === 'shared'),
      ['foo', 'shared'],
    );
    // `own` in two instances of C is one declaration: no warning. `local_foo` is a second action named foo.
    const warnings = r.diagnostics.filter((d) => d.severity === 'warning');
    assert.equal(warnings.length, 1, warnings.map((w) => w.message).join('\n'));
    assert.deepEqual([warnings[0]!.line, warnings[0]!.col], Object.values(locate(text, 'local_foo()')));
    assert.match(warnings[0]!.message, /control-plane name 'foo' is also that of action foo .*p4c rejects/);
  });

  it('describes match fields, action refs with scopes, const default, direct counters and const tables', () => {
    const p = info(kitchenSink);
    const t = (n: string) => p.tables.find((x) => x.preamble.name === n)!;
    const dscp = t('MyIngress.dscp_to_prio');
    assert.deepEqual(dscp.match_fields, [{ id: 1, name: 'dscp', bitwidth: 6, match_type: 'EXACT' }]);
    assert.equal(dscp.size, 64);
    assert.deepEqual(dscp.action_refs[1], {
      id: 21257015,
      scope: 'DEFAULT_ONLY',
      annotations: ['@defaultonly'],
    });
    const fwd = t('MyIngress.fwd_tbl');
    assert.deepEqual(
      fwd.match_fields.map((m) => [m.name, m.bitwidth, m.match_type]),
      [
        ['hdr.ipv4.dstAddr', 32, 'LPM'],
        ['hdr.ipv4.$valid$', 1, 'EXACT'],
      ],
    );
    const drop = p.actions.find((a) => a.preamble.name === 'MyIngress.drop')!;
    assert.equal(fwd.const_default_action_id, drop.preamble.id);
    const acl = t('MyIngress.acl');
    assert.deepEqual(
      acl.match_fields.map((m) => m.match_type),
      ['TERNARY', 'RANGE', 'OPTIONAL'],
    );
    assert.equal(acl.action_refs[1]!.scope, 'TABLE_ONLY');
    assert.equal(acl.is_const_table, true);
    assert.deepEqual(acl.direct_resource_ids, [p.direct_counters[0]!.preamble.id]);
    assert.equal(p.direct_counters[0]!.direct_table_id, acl.preamble.id);
    assert.equal(p.direct_counters[0]!.spec.unit, 'PACKETS');
    assert.equal(t('MyIngress.by_mode').is_const_table, undefined);
    assert.equal(t('MyIngress.by_mode').has_initial_entries, true);
  });

  it('names direct counters and meters constructed in place by their @name, or by their property', () => {
    // The form ngsdn-tutorial's programs use; p4c names the instance by the property's @name as written.
    const p = info(
      program({
        locals: `
          action fwd(bit<9> port) { standard_metadata.egress_spec = port; }
          table l2 {
            key = { hdr.ethernet.dst: exact; }
            actions = { fwd; NoAction; }
            @name("l2_exact_table_counter") counters = direct_counter(CounterType.packets_and_bytes);
            @name(".l2_meter") meters = direct_meter<bit<2>>(MeterType.bytes);
          }
          table acl {
            key = { hdr.ethernet.src: ternary; }
            actions = { NoAction; }
            counters = direct_counter(CounterType.packets);
          }`,
        apply: 'l2.apply(); acl.apply();',
      }),
    );
    const table = (n: string) => p.tables.find((x) => x.preamble.name === n)!;
    assert.deepEqual(
      p.direct_counters.map((c) => [c.preamble.name, c.spec.unit, c.direct_table_id]),
      [
        ['l2_exact_table_counter', 'BOTH', table('MyIngress.l2').preamble.id],
        ['counters', 'PACKETS', table('MyIngress.acl').preamble.id],
      ],
    );
    assert.deepEqual(
      p.direct_meters.map((m) => [m.preamble.name, m.spec.unit, m.direct_table_id]),
      [['l2_meter', 'BYTES', table('MyIngress.l2').preamble.id]],
    );
    assert.deepEqual(table('MyIngress.l2').direct_resource_ids, [
      p.direct_counters[0]!.preamble.id,
      p.direct_meters[0]!.preamble.id,
    ]);
  });

  it('lists the actions tables or statements use, not unreferenced ones', () => {
    const p = info(
      program({
        locals:
          'action used_by_table() {} action called() {} action unused() {} table t { actions = { used_by_table; } }' +
          ' action inner() {} action outer() { inner(); } action both() { called(); }',
        apply: 't.apply(); called(); outer(); both();',
      }),
    );
    // t has no default_action, so p4c's front-end gives it NoAction, a top-level action it lists first. An
    // action only other actions call is inlined into them by p4c's front-end, and so not listed.
    assert.deepEqual(
      p.actions.map((a) => a.preamble.name),
      ['NoAction', 'MyIngress.used_by_table', 'MyIngress.called', 'MyIngress.outer', 'MyIngress.both'],
    );
  });

  it('honours @name on action parameters', () => {
    const p = info(
      program({
        locals:
          'action a(@name("port") bit<9> p) { standard_metadata.egress_spec = p; } table t { actions = { a; } }',
        apply: 't.apply();',
      }),
    );
    assert.equal(p.actions.find((a) => a.preamble.name === 'MyIngress.a')!.params[0]!.name, 'port');
  });

  it('lists action-data parameters only, with ids and widths', () => {
    const p = info(kitchenSink);
    const fwd = p.actions.find((a) => a.preamble.name === 'MyIngress.fwd')!;
    assert.deepEqual(fwd.params, [
      { id: 1, name: 'port', bitwidth: 9 },
      { id: 2, name: 'dst', bitwidth: 48 },
    ]);
  });

  it('describes counters, meters, registers and controller headers', () => {
    const p = info(kitchenSink);
    assert.deepEqual(
      p.counters.map((c) => [c.preamble.name, c.spec.unit, c.size]),
      [['MyIngress.port_pkts', 'BOTH', 64]],
    );
    assert.deepEqual(
      p.meters.map((m) => [m.preamble.name, m.spec.unit, m.size]),
      [['MyIngress.m', 'BYTES', 16]],
    );
    assert.deepEqual(
      p.registers.map((r) => [r.preamble.name, r.type_spec, r.size]),
      [['MyIngress.rr', { bitstring: { bit: { bitwidth: 32 } } }, 8]],
    );
    // Named after the annotation, numbered after the header type, as p4c does.
    assert.deepEqual(p.controller_packet_metadata[0]!.preamble, {
      id: ((0x04 << 24) | (jenkinsOneAtATime('packet_in_t') & 0xffffff)) >>> 0,
      name: 'packet_in',
      alias: 'packet_in',
      annotations: ['@controller_header("packet_in")'],
    });
    assert.deepEqual(
      p.controller_packet_metadata[0]!.metadata.map((m) => [m.id, m.name, m.bitwidth]),
      [
        [1, 'ingress_port', 9],
        [2, '_pad', 7],
      ],
    );
    assert.equal(p.pkg_info.arch, 'v1model');
  });

  it('digest structs named like Object.prototype members are type_info keys of their own', () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const p = info(
        program({
          top: `struct ${name} { bit<9> port; }`,
          locals: `action learn() { digest<${name}>(1, { standard_metadata.ingress_port }); } table t { actions = { learn; } }`,
          apply: 't.apply();',
        }),
      );
      const structs = p.type_info!.structs!;
      assert.deepEqual(Object.keys(structs), [name]);
      assert.ok(Object.hasOwn(structs, name));
      assert.deepEqual(structs[name]!.members, [
        { name: 'port', type_spec: { bitstring: { bit: { bitwidth: 9 } } } },
      ]);
      assert.deepEqual(p.digests![0]!.type_spec, { struct: { name } });
    }
  });

  it("names a digest of a generic struct after its specialization, as p4c's SpecializeGenericTypes does", () => {
    const p = info(
      program({
        top: 'struct learn_t<T> { T src; bit<9> port; }',
        locals:
          'action learn() { digest<learn_t<bit<48>>>(1, { hdr.ethernet.src, standard_metadata.ingress_port }); } table t { actions = { learn; } }',
        apply: 't.apply();',
      }),
    );
    assert.deepEqual(p.digests![0]!.type_spec, { struct: { name: 'learn_t_bit48' } });
    assert.deepEqual(Object.keys(p.type_info!.structs!), ['learn_t_bit48']);
  });

  it('describes digests by their struct type, with the type in type_info', () => {
    const p = info(
      program({
        top: 'struct learn_t { bit<48> src; bit<9> port; bool flag; }',
        locals:
          'action learn() { digest<learn_t>(1, { hdr.ethernet.src, standard_metadata.ingress_port, true }); } table t { actions = { learn; } }',
        apply: 't.apply();',
      }),
    );
    assert.deepEqual(p.digests, [
      {
        preamble: {
          id: ((0x17 << 24) | (jenkinsOneAtATime('learn_t') & 0xffffff)) >>> 0,
          name: 'learn_t',
          alias: 'learn_t',
        },
        type_spec: { struct: { name: 'learn_t' } },
      },
    ]);
    assert.deepEqual(p.type_info, {
      structs: {
        learn_t: {
          members: [
            { name: 'src', type_spec: { bitstring: { bit: { bitwidth: 48 } } } },
            { name: 'port', type_spec: { bitstring: { bit: { bitwidth: 9 } } } },
            { name: 'flag', type_spec: { bool: {} } },
          ],
        },
      },
    });
    const text = p4infoToText(p);
    assert.match(text, /digests \{\n {2}preamble \{\n {4}id: \d+\n {4}name: "learn_t"/);
    assert.match(
      text,
      /type_info \{\n {2}structs \{\n {4}key: "learn_t"\n {4}value \{\n {6}members \{\n {8}name: "src"/,
    );
    assert.equal(info(basicLike).digests, undefined);
  });

  it('describes a header inside a digest struct in type_info.headers, as p4c does', () => {
    const p = info(
      program({
        top: 'struct learn_t { ethernet_t eth; bit<9> port; }',
        locals:
          'action learn() { digest<learn_t>(1, { hdr.ethernet, standard_metadata.ingress_port }); } table t { actions = { learn; } }',
        apply: 't.apply();',
      }),
    );
    assert.deepEqual(p.type_info, {
      structs: {
        learn_t: {
          members: [
            { name: 'eth', type_spec: { header: { name: 'ethernet_t' } } },
            { name: 'port', type_spec: { bitstring: { bit: { bitwidth: 9 } } } },
          ],
        },
      },
      headers: {
        ethernet_t: {
          members: [
            { name: 'dst', type_spec: { bit: { bitwidth: 48 } } },
            { name: 'src', type_spec: { bit: { bitwidth: 48 } } },
            { name: 'etherType', type_spec: { bit: { bitwidth: 16 } } },
          ],
        },
      },
    });
    assert.match(
      p4infoToText(p),
      /headers \{\n {4}key: "ethernet_t"\n {4}value \{\n {6}members \{\n {8}name: "dst"/,
    );
  });

  it('names the objects of a top-level block after its control, also when passed as a named instance', () => {
    const text = program({
      locals: 'action a() {} table t { actions = { a; } }',
      apply: 't.apply();',
    }).replace(
      'V1Switch(MyParser(), MyVerifyChecksum(), MyIngress()',
      'MyIngress() ig;\nV1Switch(MyParser(), MyVerifyChecksum(), ig',
    );
    const p = info(text);
    assert.deepEqual(
      p.tables.map((t) => t.preamble.name),
      ['MyIngress.t'],
    );
  });

  it('names objects of nested control instances under the instance path', () => {
    const p = info(
      program({
        top: `control Sub(inout bit<8> v) {
                counter(4, CounterType.packets) hits;
                action set(bit<8> x) { v = x; }
                table t { key = { v : exact; } actions = { set; } }
                apply { t.apply(); hits.count(0); } }`,
        locals: 'Sub() first; Sub() second;',
        apply: 'first.apply(meta.m8); second.apply(meta.m8);',
      }),
    );
    assert.deepEqual(
      p.tables.map((t) => t.preamble.name),
      ['MyIngress.first.t', 'MyIngress.second.t'],
    );
    assert.deepEqual(
      p.counters.map((c) => c.preamble.name),
      ['MyIngress.first.hits', 'MyIngress.second.hits'],
    );
    assert.ok(p.actions.some((a) => a.preamble.name === 'MyIngress.second.set'));
    assert.equal(p.tables[0]!.preamble.alias, 'first.t');
  });
});

describe('P4Info: text format', () => {
  it('writes protobuf text like p4c, enums bare and strings quoted', () => {
    const text = p4infoToText(info(basicLike));
    assert.match(text, /^pkg_info \{\n {2}arch: "v1model"\n\}$/m);
    assert.match(
      text,
      /tables \{\n {2}preamble \{\n {4}id: 37375156\n {4}name: "MyIngress.ipv4_lpm"\n {4}alias: "ipv4_lpm"\n {2}\}\n {2}match_fields \{\n {4}id: 1\n {4}name: "hdr.ipv4.dst"\n {4}bitwidth: 32\n {4}match_type: LPM\n {2}\}/,
    );
    assert.match(text, /size: 1024\n\}/);
    assert.match(text, /params \{\n {4}id: 2\n {4}name: "port"\n {4}bitwidth: 9\n {2}\}/);
  });
});
