// Named types in the P4Info, by the rules of p4c's P4RuntimeSerializer and TypeSpecConverter: a match field,
// action parameter or controller header field of a new type (`type`) carries its type_name, type_info.new_types
// describes each new type the P4Info refers to (sorted by name, as protobuf's text format writes maps), and
// @p4runtime_translation gives the controller's width (0 for a string) instead of the data plane's.
// Serializable enums are described with their members' values, plain enums by their members.
import assert from 'node:assert/strict';
import { parseP4InfoText } from 'p4runtime-ts';
import { p4infoToText } from '../../compiler/index.js';
import { p4InfoMismatch } from '../../p4runtime/p4info-wire.js';
import { fails, locate, ok, okP4Info, program } from '../frontend/helpers.js';

const TYPES = `
  type bit<9> Port_t;
  typedef Port_t PortAlias_t;
  type int<8> Delta_t;
  type bool Flag_t;
  @p4runtime_translation("example.org/Name_t", string) type bit<16> Name_t;
  @p4runtime_translation("example.org/Wide_t", bit<64>) type bit<32> Wide_t;
  @p4runtime_translation("example.org/Mac_t", 32) type bit<48> Mac_t;
  type bit<7> Unused_t;
  @controller_header("packet_out") header out_t { Port_t port; Mac_t mac; bit<7> pad; }
  struct learn_t { Port_t port; Wide_t wide; bit<8> x; }`;

const prog = program({
  top: TYPES,
  meta: 'Port_t port; Mac_t mac;',
  locals: `
    register<Port_t>(8) ports;
    action fwd(PortAlias_t port, Delta_t d, Flag_t f, Name_t n, Wide_t w) {
      standard_metadata.egress_spec = (bit<9>)port;
    }
    table t {
      key = { meta.port: exact; meta.mac: ternary; hdr.ipv4.dst: lpm; }
      actions = { fwd; NoAction; }
    }`,
  apply: `t.apply();
    ports.write(0, meta.port);
    digest<learn_t>(1, { meta.port, (Wide_t)hdr.ipv4.src, 8w1 });`,
});

describe('P4Info: user-defined types (`type`)', () => {
  const p = okP4Info(prog);

  it('names the new type of match fields, action parameters and controller header fields', () => {
    const t = p.tables[0]!;
    assert.deepEqual(
      t.match_fields.map((f) => [f.name, f.bitwidth, f.type_name?.name]),
      [
        ['meta.port', 9, 'Port_t'],
        ['meta.mac', 32, 'Mac_t'],
        ['hdr.ipv4.dst', 32, undefined],
      ],
    );
    const fwd = p.actions.find((a) => a.preamble.name === 'MyIngress.fwd')!;
    // A typedef of a new type is that type; a string translation has no width.
    assert.deepEqual(
      fwd.params.map((x) => [x.name, x.bitwidth, x.type_name?.name]),
      [
        ['port', 9, 'Port_t'],
        ['d', 8, 'Delta_t'],
        ['f', 1, 'Flag_t'],
        ['n', 0, 'Name_t'],
        ['w', 64, 'Wide_t'],
      ],
    );
    assert.deepEqual(
      p.controller_packet_metadata[0]!.metadata.map((m) => [m.name, m.bitwidth, m.type_name?.name]),
      [
        ['port', 9, 'Port_t'],
        ['mac', 32, 'Mac_t'],
        ['pad', 7, undefined],
      ],
    );
  });

  it('describes registers and digest fields of a new type as new_type, and every new type used in type_info', () => {
    assert.deepEqual(p.registers[0]!.type_spec, { new_type: { name: 'Port_t' } });
    assert.deepEqual(
      p.type_info?.structs?.['learn_t']?.members.map((m) => m.type_spec),
      [
        { new_type: { name: 'Port_t' } },
        { new_type: { name: 'Wide_t' } },
        { bitstring: { bit: { bitwidth: 8 } } },
      ],
    );
    assert.deepEqual(p.type_info?.new_types, {
      Port_t: { original_type: { bitstring: { bit: { bitwidth: 9 } } } },
      Mac_t: { translated_type: { uri: 'example.org/Mac_t', sdn_bitwidth: 32 } },
      Delta_t: { original_type: { bitstring: { int: { bitwidth: 8 } } } },
      Flag_t: { original_type: { bool: {} } },
      Name_t: { translated_type: { uri: 'example.org/Name_t', sdn_string: {} } },
      Wide_t: { translated_type: { uri: 'example.org/Wide_t', sdn_bitwidth: 64 } },
    });
  });

  it('writes type_info after the structs, new types sorted by name, and reads back as the same P4Info', () => {
    const text = p4infoToText(p);
    const keys = [...text.matchAll(/^ {2}(\w+) \{\n {4}key: "(\w+)"/gm)].map((m) => `${m[1]}:${m[2]}`);
    assert.deepEqual(keys, [
      'structs:learn_t',
      'new_types:Delta_t',
      'new_types:Flag_t',
      'new_types:Mac_t',
      'new_types:Name_t',
      'new_types:Port_t',
      'new_types:Wide_t',
    ]);
    assert.match(text, /match_type: EXACT\n {4}type_name \{\n {6}name: "Port_t"\n {4}\}/);
    assert.match(text, /translated_type \{\n {8}uri: "example.org\/Name_t"\n {8}sdn_string \{\n {8}\}/);
    const back = parseP4InfoText(text);
    assert.equal(p4InfoMismatch(back, p), undefined);
    assert.equal(back.tables[0]!.match_fields[0]!.type_name?.name, 'Port_t');
    assert.equal(back.type_info?.new_types['Wide_t']?.translated_type?.sdn_bitwidth, 64);
  });

  it('refuses a value set of a new type, as p4c does', () => {
    const text = program({
      top: 'type bit<16> Ether_t;',
      parserLocals: 'value_set<Ether_t>(4) types;',
      start:
        'packet.extract(hdr.ethernet); transition select((Ether_t)hdr.ethernet.etherType) { types: accept; default: accept; }',
    });
    const e = fails(text);
    assert.deepEqual({ line: e.line, col: e.col }, locate(text, 'types;'));
    assert.match(e.message, /value set types: P4Runtime describes a value set of bit<W>/);
  });

  it('refuses a translated type over anything but bit<W> once the P4Info refers to it', () => {
    const text = program({
      top: '@p4runtime_translation("example.org/S_t", 32) type int<8> S_t;',
      locals: 'action a(S_t s) { } table t { actions = { a; } }',
      apply: 't.apply();',
    });
    const e = fails(text);
    assert.deepEqual({ line: e.line, col: e.col }, locate(text, 'type int<8>'));
    assert.match(e.message, /S_t: P4Runtime translates only a type over bit<W>/);
    // Not referred to by the P4Info: nothing to translate, no error.
    ok(program({ top: '@p4runtime_translation("example.org/S_t", 32) type int<8> S_t;' }));
  });

  it('rejects a malformed @p4runtime_translation', () => {
    for (const args of ['"u"', '32, "u"', '"u", bit<0>', '"u", bool', '"u", 0']) {
      const text = program({ top: `@p4runtime_translation(${args}) type bit<8> T;` });
      const e = fails(text);
      assert.deepEqual({ line: e.line, col: e.col }, locate(text, '@p4runtime_translation'), args);
      assert.match(
        e.message,
        /@p4runtime_translation takes a URI string and the type the controller uses/,
        args,
      );
    }
  });

  it('describes serializable enums with their values, and plain enum parameters by name only', () => {
    const e = okP4Info(
      program({
        top: `enum bit<16> Kind_t { A = 10, B = 0xab00, C = 0x275c } enum Colour_t { RED, GREEN }
          header k_t { Kind_t kind; }`,
        meta: 'Kind_t kind;',
        locals: `action set(Kind_t k, Colour_t c) { meta.kind = k; }
          table t { key = { meta.kind: exact; } actions = { set; } }`,
        apply: 't.apply();',
      }),
    );
    assert.deepEqual(
      e.tables[0]!.match_fields.map((f) => [f.bitwidth, f.type_name]),
      [[16, undefined]],
    );
    assert.deepEqual(
      e.actions
        .find((a) => a.preamble.name === 'MyIngress.set')!
        .params.map((x) => [x.bitwidth, x.type_name]),
      [
        [16, undefined],
        [0, { name: 'Colour_t' }],
      ],
    );
    assert.deepEqual(e.type_info?.enums, { Colour_t: { members: [{ name: 'RED' }, { name: 'GREEN' }] } });
    const text = p4infoToText(e);
    // Member values as P4Runtime bytes, escaped as protobuf's text format escapes them; a zero width is left out.
    assert.match(
      text,
      /serializable_enums \{\n {4}key: "Kind_t"\n {4}value \{\n {6}underlying_type \{\n {8}bitwidth: 16\n {6}\}\n {6}members \{\n {8}name: "A"\n {8}value: "\\000\\n"\n {6}\}\n {6}members \{\n {8}name: "B"\n {8}value: "\\253\\000"\n {6}\}\n {6}members \{\n {8}name: "C"\n {8}value: "\\'\\\\"/,
    );
    assert.match(text, /name: "c"\n {4}type_name \{\n {6}name: "Colour_t"/);
    assert.equal(p4InfoMismatch(parseP4InfoText(text), e), undefined);
  });
});
