// Constructs real v1model programs use, each of which must compile.
import { ok, program, type Fragment } from './helpers.js';

const programs: Record<string, Fragment> = {
  notzero: { apply: 'meta.m8 = ~0; meta.m32 = 1 << meta.m8;' },
  lookaheadHdr: {
    start: 'transition select(packet.lookahead<ethernet_t>().etherType) { 0x800: accept; default: reject; }',
  },
  sliceParen: { apply: 'meta.m8 = (hdr.ipv4.src >> 8)[7:0];' },
  digest: {
    top: 'struct d_t { bit<48> a; bit<9> p; }',
    apply: 'digest<d_t>(1, { hdr.ethernet.src, standard_metadata.ingress_port });',
  },
  clone3: {
    apply:
      'clone3(CloneType.I2E, 100, meta); resubmit(meta); recirculate(standard_metadata); clone(CloneType.I2E, 5);',
  },
  random: { apply: 'random(meta.m8, 0, 100); random<bit<16>>(meta.m16, 1, 2);' },
  truncate: { apply: 'truncate(64); truncate((bit<32>)64);' },
  errCompare: {
    apply: 'if (standard_metadata.parser_error == error.PacketTooShort) { mark_to_drop(standard_metadata); }',
  },
  boolVar: { apply: 'bool b = hdr.ipv4.isValid(); if (!b) { exit; } bit<1> x = (bit<1>)b; b = (bool)x;' },
  ternaryInf: { apply: 'meta.m8 = hdr.ipv4.isValid() ? 1 : 2;' },
  intParam: {
    locals:
      'action a(int<8> d) { meta.m8 = (bit<8>)((int<8>)meta.m8 + d); } table t { actions = { a; } default_action = a(-3); }',
    apply: 't.apply();',
  },
  // bmv2 takes a second lpm key once a ternary (or optional, or range) key has made the table ternary.
  twoLpmAfterTernary: {
    locals: 'table t { key = { meta.m8: lpm; meta.m16: optional; meta.m32: lpm; } actions = { NoAction; } }',
    apply: 't.apply();',
  },
  // A new type compares with == and != and is cast to its base type for anything else.
  newTypeCompareCast: {
    top: 'type bit<8> N8;',
    meta: 'N8 n;',
    apply:
      'if (meta.n == (N8)3 || meta.n != meta.n) { meta.m8 = (bit<8>)meta.n + 1; meta.n = (N8)(meta.m8 << 1); }',
  },
  // An untyped literal takes a new type; values of one new type move freely, through ternaries and functions.
  newTypeLiterals: {
    top: 'type bit<8> N8; N8 same(in N8 x) { return x; } T gen<T>(in T x) { return x; }',
    meta: 'N8 n; N8 o;',
    apply:
      'meta.n = 7; meta.o = meta.m8 == 1 ? meta.n : 5; meta.o = same(meta.n); meta.o = gen(meta.n); meta.o = gen<N8>(3);',
  },
  miss: {
    locals: 'table t { key = { meta.m8 : exact; } actions = { NoAction; } }',
    apply: 'if (t.apply().miss) { meta.m8 = 1; }',
  },
  keywordsAsNames: {
    // p4c's grammar lets these keywords stand as names (its nonTypeName); `default` and the like it does not
    // (see target/test/programs/errors/action_named_reserved_word.p4).
    top: 'header kw_t { bit<8> type; bit<8> priority; bit<8> key; bit<8> entries; bit<8> state; bit<8> actions; }',
    meta: 'kw_t kw;',
    locals:
      'action entries(bit<8> type) { meta.kw.priority = type; } table key { actions = { entries; } default_action = entries(1); }',
    apply: 'key.apply(); meta.kw.state = meta.kw.type;',
  },
  listAsName: {
    // `list` is a type only before `<` (list<T>, P4_16 v1.2.4): programs that name a variable `list` still parse.
    apply: 'bit<8> list = meta.m8; if (list < 3) { meta.m8 = (list) + 1; }',
  },
  defaultNoParens: {
    locals: 'action a() {} table t { actions = { a; } default_action = a; }',
    apply: 't.apply();',
  },
  stackIdx: {
    top: 'header h_t { bit<8> x; }',
    meta: 'h_t[4] hs;',
    apply:
      'meta.hs[meta.m8].x = 1; meta.m8 = meta.hs[1].x; meta.hs.push_front(1); meta.m32 = meta.hs.lastIndex;',
  },
  localConstInAction: { locals: 'action a() { const bit<8> K = 3; meta.m8 = K; }' },
  nestedIf: {
    apply: 'if (meta.m8 == 1) { meta.m8 = 2; } else if (meta.m8 == 2) { meta.m8 = 3; } else { return; }',
  },
  funcOut: { top: 'void inc(inout bit<8> x) { x = x + 1; }', apply: 'inc(meta.m8);' },
  keyMask: {
    locals:
      'action a() {} table t { key = { hdr.ipv4.dst & 0xFFFF0000 : exact @name("masked"); meta.m8[3:0] : ternary; } actions = { a; } }',
    apply: 't.apply();',
  },
  lpmConst: {
    locals:
      'action a(bit<9> p) { standard_metadata.egress_spec = p; } table t { key = { hdr.ipv4.dst : lpm; } actions = { a; } const entries = { 0x0a000000 &&& 0xff000000 : a(1); 0x0a010000 &&& 0xffff0000 : a(2); } }',
    apply: 't.apply();',
  },
  entriesSingleParen: {
    locals:
      'action a() {} table t { key = { meta.m8 : exact; } actions = { a; } const entries = { (1) : a(); 2 : a(); } }',
  },
  serEnumSwitch: {
    top: 'enum bit<2> Op { ADD = 0, SUB = 1 }',
    apply: 'Op o = (Op)meta.m8[1:0]; switch (o) { Op.ADD: { meta.m8 = 1; } Op.SUB: { meta.m8 = 2; } }',
  },
  plainEnum: {
    top: 'enum Mode { A, B }',
    meta: 'Mode mode;',
    apply: 'if (meta.mode == Mode.A) { meta.mode = Mode.B; }',
  },
  hdrAssign: {
    top: 'header h_t { bit<8> x; }',
    meta: 'h_t a; h_t b;',
    apply: 'meta.a = meta.b; meta.a = { 5 }; meta.a.setValid();',
  },
  minSize: {
    apply: 'meta.m32 = (bit<32>)hdr.ipv4.minSizeInBytes(); meta.m16 = (bit<16>)ethernet_t.minSizeInBits();',
  },
  annotations: {
    locals: '@hidden @brief("x") action a() {} @pragma foo table t { actions = { a; } @name("s") size = 4; }',
  },
  optionalMatch: {
    locals:
      'action a() {} table t { key = { meta.m8 : optional; } actions = { a; } const entries = { 5 : a(); _ : a(); } }',
  },
  concatSigned: { apply: 'int<16> s = (int<8>)meta.m8 ++ meta.m8;' },
  rangeSelect: {
    start:
      'packet.extract(hdr.ethernet); transition select(hdr.ethernet.etherType) { 0 .. 0x5DC: accept; default: reject; }',
  },
  valueSetStruct: {
    top: 'struct vs_t { bit<16> t; }',
    states: 'value_set<vs_t>(4) pvs;',
    start:
      'packet.extract(hdr.ethernet); transition select(hdr.ethernet.etherType) { pvs: accept; default: reject; }',
  },
  parserIf: {
    start:
      'packet.extract(hdr.ethernet); if (hdr.ethernet.etherType == 0x800) { packet.extract(hdr.ipv4); } transition accept;',
  },
  castChain: { apply: 'meta.m16 = (bit<16>)(int<16>)(int<8>)meta.m8; meta.m8 = (bit<8>)(meta.m16 >> 8);' },
  verifyAdv: {
    start:
      'packet.extract(hdr.ethernet); verify(hdr.ethernet.etherType != 0, error.NoMatch); packet.advance(32); transition accept;',
  },
  meterExec: {
    locals:
      'meter(4, MeterType.packets) m; direct_meter<bit<2>>(MeterType.bytes) dm; action a() { dm.read(meta.m8[1:0]); } table t { actions = { a; } meters = dm; }',
    apply: 'm.execute_meter(0, meta.m8); t.apply();',
  },
  exitAction: { locals: 'action a() { exit; }', apply: 'a();' },
  longShift: { apply: 'meta.m32 = meta.m32 >> 3 << 2;' },
  generic: { top: 'struct p_t { bit<8> a; } ', apply: 'p_t p = { a = 1 }; meta.m8 = p.a;' },
  namedAction: { locals: 'action a(bit<8> x, bit<8> y) { meta.m8 = x - y; }', apply: 'a(y = 1, x = 2);' },
  hashTuple: {
    apply: 'hash(meta.m16, HashAlgorithm.identity, 16w0, { hdr.ipv4.src, hdr.ipv4.proto }, 32w65535);',
  },
  egressSpecCompare: { apply: 'if (standard_metadata.egress_spec == 511) { return; }' },
  checksumPayload: {
    apply:
      'update_checksum_with_payload(hdr.ipv4.isValid(), { hdr.ipv4.src, hdr.ipv4.dst, 8w0, hdr.ipv4.proto }, hdr.ipv4.csum, HashAlgorithm.csum16);',
  },
};

describe('front-end: accepted constructs', () => {
  for (const [name, fragment] of Object.entries(programs)) {
    it(name, () => {
      ok(program(fragment));
    });
  }

  it('explicit package type arguments and varbit extract sized from a lookahead', () => {
    const text = program({
      top: 'header ihl_only_h { bit<4> version; bit<4> ihl; } header opt_t { bit<8> k; varbit<320> options; } typedef tuple<bit<4>, bit<4>, bit<8>, varbit<56>> myTuple1;',
      meta: 'opt_t opt;',
      start:
        'packet.extract(meta.opt, (bit<32>)(8 * (4 * (bit<9>) (packet.lookahead<ihl_only_h >().ihl) - 20))); transition accept;',
    }).replace('V1Switch(', 'V1Switch<headers, metadata>(');
    ok(text);
  });
});
