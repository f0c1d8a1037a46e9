// Annotations in the P4Info as p4c writes them: structured annotations (P4_16 §18.2, `@a[...]`) as
// structured_annotations, expression lists and key-value lists of string, integer and boolean values, on
// preambles, match fields, parameters and controller header fields; actions only a constant-false branch
// calls are left out, as p4c's front-end removes that branch.
import assert from 'node:assert/strict';
import { parseP4InfoText } from 'p4runtime-ts';
import { p4infoToText } from '../../compiler/index.js';
import { p4InfoMismatch } from '../../p4runtime/p4info-wire.js';
import { fails, locate, okP4Info, program } from '../frontend/helpers.js';

const prog = program({
  top: '@controller_header("packet_in") header in_t { @Field[kind = "port"] bit<9> port; bit<7> pad; }',
  locals: `
    @Sai[name = "vip", order = 0, neg = -3, big = 9223372036854775807, on = false, empty = ""]
    action set(@Val[type = "sai_uint32_t"] bit<32> v) { meta.m32 = v; }
    @Tags["a", 1, true] @plain("x")
    table t {
      key = { meta.m32: exact @Key[id = 7]; }
      actions = { @Ref[] set; }
    }`,
  apply: 't.apply();',
});

describe('P4Info: structured annotations', () => {
  const p = okP4Info(prog);

  it('writes them as structured_annotations, the others as annotation strings', () => {
    const t = p.tables[0]!;
    assert.deepEqual(t.preamble.annotations, ['@plain("x")']);
    assert.deepEqual(t.preamble.structured_annotations, [
      {
        name: 'Tags',
        expression_list: { expressions: [{ string_value: 'a' }, { int64_value: '1' }, { bool_value: true }] },
      },
    ]);
    assert.deepEqual(t.match_fields[0]!.structured_annotations, [
      { name: 'Key', kv_pair_list: { kv_pairs: [{ key: 'id', value: { int64_value: '7' } }] } },
    ]);
    assert.deepEqual(t.action_refs[0]!.structured_annotations, [
      { name: 'Ref', expression_list: { expressions: [] } },
    ]);
    const set = p.actions.find((a) => a.preamble.name === 'MyIngress.set')!;
    assert.deepEqual(set.preamble.structured_annotations?.[0], {
      name: 'Sai',
      kv_pair_list: {
        kv_pairs: [
          { key: 'name', value: { string_value: 'vip' } },
          { key: 'order', value: { int64_value: '0' } },
          { key: 'neg', value: { int64_value: '-3' } },
          { key: 'big', value: { int64_value: '9223372036854775807' } },
          { key: 'on', value: { bool_value: false } },
          { key: 'empty', value: { string_value: '' } },
        ],
      },
    });
    assert.equal(set.params[0]!.structured_annotations?.[0]?.name, 'Val');
    assert.equal(p.controller_packet_metadata[0]!.metadata[0]!.structured_annotations?.[0]?.name, 'Field');
  });

  it('writes a oneof\'s default values (0, false, "") and int64 values unquoted, as protobuf\'s text format', () => {
    const text = p4infoToText(p);
    for (const line of [
      'int64_value: 0',
      'int64_value: -3',
      'int64_value: 9223372036854775807',
      'bool_value: false',
      'string_value: ""',
    ])
      assert.ok(text.includes(`\n${' '.repeat(12)}${line}\n`), line);
    assert.match(
      text,
      /name: "meta\.m32"\n {4}bitwidth: 32\n {4}match_type: EXACT\n {4}structured_annotations \{/,
    );
    assert.equal(p4InfoMismatch(parseP4InfoText(text), p), undefined);
  });

  it('refuses values P4Runtime cannot carry, and a key given twice, at the value', () => {
    for (const [ann, at, message] of [
      [
        '@A[k = 1 + 1]',
        '1 + 1',
        /key k: a value P4Runtime can carry must be a string, a boolean or an integer/,
      ],
      ['@A[9223372036854775808]', '9223372036854775808', /within int64/],
      ['@A[k = 1, k = 2]', 'k = 2', /key k is given twice/],
    ] as const) {
      const text = program({
        locals: `${ann} action a() {} table t { actions = { a; } }`,
        apply: 't.apply();',
      });
      const e = fails(text);
      assert.deepEqual({ line: e.line, col: e.col }, locate(text, at), ann);
      assert.match(e.message, message, ann);
    }
    const bad = program({
      locals: '@A[k = 1 j] action a() {} table t { actions = { a; } }',
      apply: 't.apply();',
    });
    assert.match(fails(bad).message, /expected ',' or '\]' in a structured annotation/);
  });

  it('leaves out an action only a constant-false branch calls, as p4c removes the branch', () => {
    const q = okP4Info(
      program({
        top: 'const bool DEBUG = false;',
        locals:
          'action live() { meta.m8 = 1; } action dead() { meta.m8 = 2; } action other() { meta.m8 = 3; }',
        apply:
          'if (DEBUG) { dead(); } else { live(); } if (!DEBUG) { } else { dead(); } if (true) { other(); }',
      }),
    );
    assert.deepEqual(
      q.actions.map((a) => a.preamble.name),
      ['MyIngress.live', 'MyIngress.other'],
    );
  });
});
