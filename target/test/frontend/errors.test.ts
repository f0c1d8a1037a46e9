// Programs the front-end must reject, each with the location and wording of the first error.
import assert from 'node:assert/strict';
import { compileText, fails, locate, program, type Fragment } from './helpers.js';

interface Case {
  name: string;
  fragment: Fragment;
  /** Text at the expected error location (the first occurrence, searched after `after` if given). */
  at: string;
  after?: string;
  message: string | RegExp;
}

const cases: Case[] = [
  {
    name: 'undeclared name',
    fragment: { apply: 'meta.m8 = nope;' },
    at: 'nope',
    message: "undeclared name 'nope'",
  },
  {
    name: 'unknown field',
    fragment: { apply: 'hdr.ipv4.nosuch = 1;' },
    at: 'nosuch',
    message: "header ipv4_t has no field 'nosuch'",
  },
  {
    name: 'unknown type',
    fragment: { top: 'struct s_t { mystery_t x; }' },
    at: 'mystery_t',
    message: "unknown type 'mystery_t'",
  },
  {
    name: 'width mismatch in assignment',
    fragment: { apply: 'meta.m8 = meta.m16;' },
    at: 'meta.m16',
    message: 'cannot convert bit<16> to bit<8>',
  },
  {
    name: 'width mismatch in a binary operation',
    fragment: { apply: 'meta.m16 = meta.m8 + meta.m16;' },
    at: 'meta.m8 +',
    message: /width mismatch between bit<8> and bit<16>/,
  },
  {
    name: 'signed and unsigned mixed',
    fragment: { apply: 'int<8> s = 1; meta.m8 = meta.m8 + s;' },
    at: 'meta.m8 + s',
    message: /cannot mix signed and unsigned/,
  },
  {
    name: 'bool assigned to bit',
    fragment: { apply: 'meta.m8 = true;' },
    at: 'true',
    message: 'cannot convert bool to bit<8>',
  },
  {
    name: 'a generic struct used without type arguments',
    fragment: { top: 'struct Pair<T> { T a; T b; }', apply: 'Pair p;' },
    at: 'Pair p',
    message: "generic type 'Pair' needs type arguments: Pair<T>",
  },
  {
    name: 'a generic header with too many type arguments',
    fragment: { top: 'header G<T> { T v; }', apply: 'G<bit<8>, bit<8>> g;' },
    at: 'G<bit<8>, bit<8>> g',
    message: 'G takes 1 type argument, not 2',
  },
  {
    name: 'a generic struct that holds itself',
    fragment: { top: 'struct S<T> { T v; S<T> next; }', apply: 'S<bit<8>> s;' },
    at: 'S<bit<8>> s',
    message: "'S_bit8' cannot hold a field of its own type, in S<bit<8>> (at test.p4:6:",
  },
  {
    name: 'a generic struct whose fields specialize it without end',
    fragment: { top: 'struct S<T> { S<tuple<T>> next; }', apply: 'S<bit<8>> s;' },
    at: 'S<bit<8>> s',
    message: /^generic types specialized more than 32 levels deep.*, in S<tuple<tuple</,
  },
  {
    name: 'a generic header specialized with a type that a header cannot hold',
    fragment: { top: 'header G<T> { T v; }', apply: 'G<G<bit<8>>> g;' },
    at: 'G<G<bit<8>>> g',
    message:
      "header field 'v' has type G_bit8, which is not allowed in a header, in G<G_bit8> (at test.p4:6:",
  },
  {
    name: 'a generic function specialized with a type its body cannot hold',
    fragment: { top: 'void w<T>(in T x) { tuple<T> t = { x }; }', apply: 'w(meta.m8); w(5);' },
    at: 'w(5)',
    message: 'a tuple element cannot have type int, in w<int> (at test.p4:6:',
  },
  {
    name: 'a generic function whose body specializes it without end',
    fragment: { top: 'void g<T>(in T x) { g<tuple<T>>({ x }); }', apply: 'g(meta.m8);' },
    at: 'g(meta.m8)',
    message: /^generic functions specialized more than 32 levels deep.*, in g<tuple<tuple</,
  },
  {
    name: 'a variable of arbitrary-precision int type',
    fragment: { apply: 'int y = 5; meta.m8 = (bit<8>)y;' },
    at: 'int y',
    message: "'y' cannot be a variable of type int",
  },
  {
    name: 'a variable of string type',
    fragment: { locals: 'action a() { string s; }', apply: 'a();' },
    at: 'string s',
    message: "'s' cannot be a variable of type string",
  },
  {
    name: 'the size of a struct holding an error',
    fragment: { top: 'struct E { error e; }', apply: 'E x; meta.m8 = (bit<8>)x.minSizeInBits();' },
    at: 'x.minSizeInBits()',
    message: 'E has no size in bits',
  },
  {
    name: 'a static_assert that fails',
    fragment: { top: 'const bool OK = static_assert(1 == 2, "one is not two");' },
    at: 'static_assert(1 == 2',
    message: 'static_assert failed: one is not two',
  },
  {
    name: 'a static_assert on a run-time value',
    fragment: { apply: 'static_assert(meta.m8 == 1);' },
    at: 'meta.m8 == 1',
    message: 'the condition of static_assert must be known at compile time',
  },
  {
    name: 'a value set whose elements are not the select key',
    fragment: {
      parserLocals: 'value_set<bit<16>>(4) pvs;',
      start:
        'packet.extract(hdr.ethernet); transition select(hdr.ethernet.etherType, hdr.ethernet.dst) { pvs: accept; default: accept; }',
    },
    at: 'pvs: accept',
    message: 'value set pvs holds bit<16>, which cannot match a key of type (bit<16>, bit<48>)',
  },
  {
    name: 'a struct value set in one place of a tuple keyset',
    fragment: {
      top: 'struct pair_t { bit<16> t; bit<48> d; }',
      parserLocals: 'value_set<pair_t>(4) pvs;',
      start:
        'packet.extract(hdr.ethernet); transition select(hdr.ethernet.etherType, hdr.ethernet.dst) { (pvs, 1): accept; default: accept; }',
    },
    at: 'pvs, 1',
    message: 'value set pvs holds pair_t, which cannot match a key of type bit<16>',
  },
  {
    name: 'a value set P4Runtime cannot describe',
    fragment: {
      top: 'struct flagged_t { bit<16> t; bool f; }',
      parserLocals: 'value_set<flagged_t>(4) pvs;',
      start:
        'packet.extract(hdr.ethernet); transition select(hdr.ethernet.etherType, hdr.ethernet.dst == 0) { pvs: accept; default: accept; }',
    },
    at: 'pvs;',
    message: 'value set pvs: P4Runtime describes a value set of bit<W> or of a struct of bit<W> fields only',
  },
  {
    name: "arithmetic on a value of a new type (p4c: '+' cannot be applied to it)",
    fragment: { top: 'type bit<8> N8;', meta: 'N8 n;', apply: 'meta.m8 = (bit<8>)(meta.n + 1);' },
    at: 'meta.n + 1',
    message: "'+' cannot be applied to 'meta.n' of type N8 (a new type: cast it to bit<8> first)",
  },
  {
    name: 'an implicit conversion from a bit<W> to a new type over it',
    fragment: { top: 'type bit<8> N8;', meta: 'N8 n;', apply: 'meta.n = meta.m8;' },
    at: 'meta.m8;',
    message: 'assignment: cannot convert bit<8> to N8 implicitly; cast it',
  },
  {
    name: 'an implicit conversion from a new type to its base type',
    fragment: { top: 'type bit<8> N8;', meta: 'N8 n;', apply: 'meta.m8 = meta.n;' },
    at: 'meta.n;',
    message: 'assignment: cannot convert N8 to bit<8> implicitly; cast it',
  },
  {
    name: 'a new type as a shift amount',
    fragment: { top: 'type bit<8> N8;', meta: 'N8 n;', apply: 'meta.m8 = meta.m8 << meta.n;' },
    at: 'meta.n;',
    message: "'<<' cannot be applied to 'meta.n' of type N8 (a new type: cast it to bit<8> first)",
  },
  {
    name: "a table applied in an argument of another table's action",
    fragment: {
      locals: `action a(in bool b) { meta.m8 = (bit<8>)(bit<1>)b; }
        table u { key = { meta.m8: exact; } actions = { NoAction; } }
        table t { key = { meta.m16: exact; } actions = { a(u.apply().hit); } }`,
      apply: 't.apply();',
    },
    at: 'u.apply().hit',
    message: "a table cannot be applied in an argument of action 'a' in a table property",
  },
  {
    name: 'two lpm keys with only exact keys between them (bmv2 cannot match them)',
    fragment: {
      locals:
        'action a() { } table t { key = { meta.m8: lpm; meta.m16: exact; meta.m32: lpm; } actions = { a; } }',
      apply: 't.apply();',
    },
    at: 'lpm; } actions',
    message:
      "table 't' has more than one lpm key, which bmv2 cannot match (a second one is allowed only after a ternary, optional or range key)",
  },
  {
    name: 'a selector key on a table without an action selector',
    fragment: {
      locals:
        'action a() { } table t { key = { meta.m8: exact; meta.m16: selector; } actions = { a; } implementation = action_profile(32w8); }',
      apply: 't.apply();',
    },
    at: 'selector; }',
    message:
      "table 't': a 'selector' key needs an action_selector implementation (implementation is an action_profile)",
  },
  {
    name: 'an implementation that is not an action profile',
    fragment: {
      locals:
        'counter(8, CounterType.packets) c; action a() { } table t { key = { meta.m8: exact; } actions = { a; } implementation = c; }',
      apply: 't.apply();',
    },
    at: 'c; }',
    message: "table property 'implementation' of table 't' must be an action_profile or action_selector",
  },
  {
    name: 'two match keys of one name (a selector key may repeat one: it is no match field)',
    fragment: {
      locals:
        'action a() { } table t { key = { meta.m8: exact; meta.m8: selector; meta.m8: ternary; } actions = { a; } implementation = action_selector(HashAlgorithm.crc16, 32w64, 32w16); }',
      apply: 't.apply();',
    },
    at: 'meta.m8: ternary',
    message: "key name 'meta.m8' is used twice in table 't' (control-plane names must differ)",
  },
  {
    name: 'a @field_list index naming no member of its enum',
    fragment: {
      top: 'enum bit<8> FieldLists { resubmit_FL = 1 }',
      meta: '@field_list(FieldLists.recirculate_FL) bit<8> kept;',
    },
    at: 'recirculate_FL)',
    message: "enum FieldLists has no member 'recirculate_FL'",
  },
  {
    name: 'a direct meter constructed in place as a table counter',
    fragment: {
      locals:
        'action a() { } table t { key = { meta.m8: exact; } actions = { a; } counters = direct_meter<bit<2>>(MeterType.packets); }',
      apply: 't.apply();',
    },
    at: 'direct_meter<',
    message:
      "table property 'counters' must name or construct a direct_counter, not construct a direct_meter",
  },
  {
    name: 'a direct counter constructed in place with an argument of the wrong type',
    fragment: {
      locals:
        'action a() { } table t { key = { meta.m8: exact; } actions = { a; } counters = direct_counter(3); }',
      apply: 't.apply();',
    },
    at: '3)',
    message: "argument 'type' of direct_counter: cannot convert int to CounterType",
  },
  {
    name: 'an action selector with a size of the wrong type',
    fragment: {
      locals:
        'action a() { } table t { key = { meta.m8: selector; } actions = { a; } implementation = action_selector(HashAlgorithm.crc16, true, 32w16); }',
      apply: 't.apply();',
    },
    at: 'true',
    message: "argument 'size' of action_selector: cannot convert bool to bit<32>",
  },
  {
    name: 'entries in an indirect table',
    fragment: {
      locals:
        'action a() { } table t { key = { meta.m8: exact; } actions = { a; } implementation = action_profile(32w8); const entries = { 1: a(); } }',
      apply: 't.apply();',
    },
    at: '1: a()',
    message:
      "table 't' has an action_profile implementation and cannot list entries (entries of an indirect table point at members and groups, which only the control plane creates)",
  },
  {
    name: 'a digest of a header type',
    fragment: { top: 'header h_t { bit<8> a; }', meta: 'h_t h;', apply: 'digest<h_t>(1, meta.h);' },
    at: 'digest<h_t>',
    message:
      "digest<h_t>: the type of a digest's data must be a struct type (p4c's bmv2 back end refuses any other)",
  },
  {
    name: 'a digest whose struct holds a header stack',
    fragment: { top: 'struct s_t { ethernet_t[2] e; }', meta: 's_t s;', apply: 'digest<s_t>(1, meta.s);' },
    at: 'digest<s_t>',
    message:
      "digest<s_t>: a digest's data can hold only bit<W>, int<W>, bool, enum and error fields, in structs and headers",
  },
  {
    name: 'default values in a comparison',
    fragment: {
      top: 'struct S { bit<8> a; bit<8> b; }',
      apply: 'S s = { 1, 2 }; if (s == { a = 1, ... }) { }',
    },
    at: '... }) { }',
    message: "'...' (default values) can only stand in an initializer or on the right of an assignment",
  },
  {
    name: 'a default value as a call argument',
    fragment: { top: 'bit<8> id(in bit<8> x) { return x; }', apply: 'meta.m8 = id(...);' },
    at: '...);',
    message: "'...' (default values) can only stand in an initializer or on the right of an assignment",
  },
  {
    name: 'a default value returned',
    fragment: { top: 'bit<8> zero() { return ...; }' },
    at: '...; }',
    message: "'...' (default values) can only stand in an initializer or on the right of an assignment",
  },
  {
    name: "'{#}' where no header type is expected",
    fragment: { apply: 'bit<8> y = {#};' },
    at: '{#};',
    message: "'{#}' is an invalid header or header union, not a value of type bit<8>",
  },
  {
    name: "'{#}' compared with '{#}'",
    fragment: { apply: 'if ({#} == {#}) { }' },
    at: '{#}) { }',
    message: "'{#}' needs a header or header union type from its context",
  },
  {
    name: 'a header stack initialized with fewer elements than it holds',
    fragment: { apply: 'ethernet_t[2] s = { hdr.ethernet };' },
    at: '{ hdr.ethernet };',
    message: "initializer of 's': cannot convert tuple<ethernet_t> to ethernet_t[2]",
  },
  {
    name: 'a header stack initialized with values that are not its headers',
    fragment: { apply: 'ethernet_t[1] s = { 1 };' },
    at: '1 };',
    message: "initializer of 's': cannot convert int to ethernet_t",
  },
  {
    name: 'a call mixing named and positional arguments',
    fragment: {
      top: 'bit<8> add(in bit<8> x, in bit<8> k = 3) { return x + k; }',
      apply: 'meta.m8 = add(meta.m8, k = 1);',
    },
    at: 'meta.m8, k = 1',
    message: 'the arguments of add(...) are either all named or all positional, not a mix',
  },
  {
    name: "'...' before the end of a brace expression",
    fragment: { apply: 'tuple<bit<8>, bit<8>> t = { ..., 1 };' },
    at: ', 1 }',
    message: "'...' must come last in a brace expression",
  },
  {
    name: 'a default value for a varbit field',
    fragment: { top: 'header V { bit<8> a; varbit<16> v; }', apply: 'V h = { a = 1, ... };' },
    at: '... };',
    message: "'...' cannot stand for a varbit<16>: a varbit has no default value",
  },
  {
    name: 'a default value for a struct that holds a varbit',
    fragment: { top: 'struct W { bit<8> a; varbit<16> v; }', apply: 'W w = ...;' },
    at: '...;',
    message: "'...' cannot give W a default value: it holds a varbit<16>, which has none",
  },
  {
    name: "'...' in a brace expression of a scalar type",
    fragment: { apply: 'meta.m8 = { ... };' },
    at: '... };',
    message: "'...' in a brace expression needs a tuple, struct or header type from its context",
  },
  {
    name: 'type arguments for a type that takes none',
    fragment: { top: 'struct S { bit<8> v; }', apply: 'S<bit<8>> s;' },
    at: 'S<bit<8>> s',
    message: "type 'S' takes no type arguments",
  },
  {
    name: 'an arbitrary-precision int as a struct field',
    fragment: { top: 'struct S { int v; }' },
    at: 'int v',
    message: 'a struct field cannot have type int',
  },
  {
    name: 'a generic struct given a type that a struct cannot hold',
    fragment: { top: 'struct Pair<T> { T a; T b; }', apply: 'Pair<string> p;' },
    at: 'Pair<string> p',
    message: 'a struct field cannot have type string, in Pair<string> (at test.p4:6:18)',
  },
  {
    name: 'an extern in a tuple',
    fragment: { top: 'struct S { tuple<bit<8>, packet_in> t; }' },
    at: 'packet_in>',
    message: 'a tuple element cannot have type packet_in',
  },
  {
    // Each typedef doubles the type: walked path by path, the 40th would take hours.
    name: 'a type made too large through typedefs',
    fragment: {
      top:
        'typedef tuple<bit<8>, bit<8>> T0; ' +
        Array.from({ length: 40 }, (_, i) => `typedef tuple<T${i}, T${i}> T${i + 1};`).join(' ') +
        ' struct S { T40 t; }',
      apply: 'S s;',
    },
    at: 'tuple<T17, T17> T18',
    message: /^tuple<tuple<.*\.\.\. is too large: 524288 fields \(at most 262144\)$/,
  },
  {
    // p4c would inline 2^41 calls; the engine would make them for every packet.
    name: 'functions that each call the next twice, 40 deep',
    fragment: {
      top:
        'bit<8> f0(in bit<8> x) { return x + 1; } ' +
        Array.from(
          { length: 40 },
          (_, i) => `bit<8> f${i + 1}(in bit<8> x) { return f${i}(x) + f${i}(x); }`,
        ).join(' '),
      apply: 'meta.m8 = f40(meta.m8);',
    },
    at: 'f20(in',
    message: /^function 'f20' makes 2097151 calls once its calls are expanded \(at most 1048576\)/,
  },
  {
    name: 'controls handed to controls that apply them twice, 30 deep',
    fragment: {
      top:
        'control inc_t(inout bit<8> x); control One(inout bit<8> x) { apply { x = x + 1; } } ' +
        'control Twice(inout bit<8> x)(inc_t c) { apply { c.apply(x); c.apply(x); } }',
      locals: 'One() t0; ' + Array.from({ length: 30 }, (_, i) => `Twice(t${i}) t${i + 1};`).join(' '),
      apply: 't30.apply(meta.m8);',
    },
    at: 'Twice(inout',
    message: /^control 'Twice' \(instance MyIngress\.t20\) makes 2097151 calls/,
  },
  {
    name: 'two control instances compared',
    fragment: {
      top: 'control Inc(inout bit<8> x) { apply { x = x + 1; } }',
      locals: 'Inc() a; Inc() b;',
      apply: 'if (a == b) { exit; }',
    },
    at: 'a == b',
    message: "'==' cannot compare values of type Inc",
  },
  {
    name: 'two extern instances compared',
    fragment: { locals: 'register<bit<8>>(1) r;', apply: 'if (r != r) { exit; }' },
    at: 'r != r',
    message: "'!=' cannot compare values of type register<bit<8>>",
  },
  {
    name: 'non-bool condition',
    fragment: { apply: 'if (meta.m8) { exit; }' },
    at: 'meta.m8)',
    message: 'condition must be bool',
  },
  {
    name: 'assignment to an in parameter',
    fragment: { locals: 'action a(in bit<8> v) { v = 1; }', apply: 'a(meta.m8);' },
    at: 'v = 1',
    message: "cannot assign to 'v': it is an 'in' parameter",
  },
  {
    name: 'assignment to action data',
    fragment: { locals: 'action a(bit<8> v) { v = 1; }' },
    at: 'v = 1',
    message: /read-only/,
  },
  {
    name: 'assignment to a constant',
    fragment: { top: 'const bit<8> C = 1;', apply: 'C = 2;' },
    at: 'C = 2',
    message: "cannot assign to constant 'C'",
  },
  {
    name: 'too many arguments to an action',
    fragment: { locals: 'action a(bit<8> v) { meta.m8 = v; }', apply: 'a(1, 2);' },
    at: 'a(1, 2)',
    message: /wrong number of arguments to action 'a': expected 1, got 2/,
  },
  {
    name: 'too few arguments to an extern method',
    fragment: { locals: 'register<bit<8>>(4) r;', apply: 'r.read(meta.m8);' },
    at: 'r.read',
    message: /wrong number of arguments to register.read/,
  },
  {
    name: 'unknown extern method',
    fragment: { locals: 'register<bit<8>>(4) r;', apply: 'r.frob();' },
    at: 'frob',
    message: "extern register has no method 'frob'",
  },
  {
    name: 'a struct field called as a method',
    fragment: { apply: 'standard_metadata.egress_spec();' },
    at: 'egress_spec',
    message: "'standard_metadata.egress_spec' is a field: it cannot be called",
  },
  {
    name: 'a header field called as a method',
    fragment: { apply: 'hdr.ipv4.ttl();' },
    at: 'ttl',
    after: 'apply',
    message: "'hdr.ipv4.ttl' is a field: it cannot be called",
  },
  {
    name: 'an untyped constant in the data of hash',
    fragment: { apply: 'hash(meta.m16, HashAlgorithm.crc16, 16w0, { meta.m8, 5 }, 16w100);' },
    at: '5 }',
    message: 'an untyped constant in the data of hash has no width: give it one, e.g. 8w1',
  },
  {
    name: 'a header union in the data of a checksum',
    fragment: {
      top: 'header_union u_t { ethernet_t e; }',
      meta: 'u_t u;',
      apply: 'update_checksum(true, { meta.u }, meta.m16, HashAlgorithm.csum16);',
    },
    at: 'meta.u }',
    message: 'update_checksum: its data cannot hold header_union u_t',
  },
  {
    name: 'a header union in the data of log_msg',
    fragment: {
      top: 'header_union u_t { ethernet_t e; }',
      meta: 'u_t u;',
      apply: 'log_msg("u={}", { meta.m8, meta.u });',
    },
    at: 'meta.u }',
    message: 'log_msg: its data cannot hold header_union u_t',
  },
  {
    name: 'a second default label in a switch',
    fragment: {
      apply:
        'switch (meta.m8) { 1: { meta.m16 = 1; } default: { meta.m16 = 2; } default: { meta.m16 = 3; } }',
    },
    at: 'default: { meta.m16 = 3',
    message: "a switch label follows the 'default' label",
  },
  {
    name: 'a label after the default label of a switch',
    fragment: { apply: 'switch (meta.m8) { default: { meta.m16 = 2; } 7: { meta.m16 = 3; } }' },
    at: '7:',
    message: "a switch label follows the 'default' label",
  },
  {
    name: 'a struct that holds itself',
    fragment: { top: 'struct s_t { bit<8> a; s_t inner; }' },
    at: 's_t inner',
    message: "'s_t' cannot hold a field of its own type",
  },
  {
    name: 'a header union that holds itself',
    fragment: { top: 'header_union u_t { ethernet_t e; u_t again; }' },
    at: 'u_t again',
    message: "'u_t' cannot hold a field of its own type",
  },
  {
    name: 'a type used as a value',
    fragment: { apply: 'meta.m8 = meta.m8 | +int | meta.m8;' },
    at: 'int',
    after: 'apply',
    message: 'int is a type, not a value',
  },
  {
    name: "'_' for an in parameter",
    fragment: { locals: 'register<bit<8>>(4) r;', apply: 'r.write(_, meta.m8);' },
    at: '_,',
    message: "'_' can be passed only for an out parameter; 'index' of register.write is an in parameter",
  },
  {
    name: 'a variable of an extern type',
    fragment: { locals: 'counter cells;', apply: 'cells.count(0);' },
    at: 'counter cells',
    message:
      "'cells' cannot be a variable of extern type counter: declare an instance, as counter(...) cells;",
  },
  {
    name: 'out argument that is not an lvalue',
    fragment: { locals: 'register<bit<8>>(4) r;', apply: 'r.read(meta.m8 + 1, 0);' },
    at: 'meta.m8 + 1',
    message: /cannot be assigned/,
  },
  {
    name: 'slice out of range',
    fragment: { apply: 'meta.m8 = meta.m16[16:9];' },
    at: 'meta.m16[16:9]',
    message: /slice \[16:9\] is out of range for bit<16>/,
  },
  {
    name: 'concatenation of an untyped literal',
    fragment: { apply: 'meta.m16 = meta.m8 ++ 1;' },
    at: '1;',
    after: 'meta.m8 ++',
    message: /'\+\+' needs operands with a width/,
  },
  {
    name: 'signed shift amount',
    fragment: { apply: 'int<8> s = 1; meta.m8 = meta.m8 << s;' },
    at: 's;',
    after: '<<',
    message: /shift amount must be unsigned/,
  },
  {
    name: 'default action missing from the actions list',
    fragment: { locals: 'action a() {} action b() {} table t { actions = { a; } default_action = b(); }' },
    at: 'b();',
    after: 'default_action',
    message: "default action 'b' is not in the actions list of table 't'",
  },
  {
    name: 'table action that is not an action',
    fragment: { locals: 'table t { actions = { nothing_here; } }' },
    at: 'nothing_here',
    message: "'nothing_here' is not an action",
  },
  {
    name: 'unknown match kind',
    fragment: { locals: 'action a() {} table t { key = { meta.m8 : fuzzy; } actions = { a; } }' },
    at: 'fuzzy',
    message: "unknown match kind 'fuzzy'",
  },
  {
    name: 'an empty range in a const entry',
    fragment: {
      locals:
        'action a() {} table t { key = { meta.m8 : range; } actions = { a; } const entries = { 8w255 .. 8w10 : a(); } }',
    },
    at: '8w255',
    message: "range key 'meta.m8': 255 .. 10 is an empty range",
  },
  {
    name: 'a range in a const entry of a ternary key',
    fragment: {
      locals:
        'action a() {} table t { key = { meta.m8 : ternary; } actions = { a; } const entries = { 1 .. 3 : a(); } }',
    },
    at: '1 .. 3',
    message: "ternary key 'meta.m8' cannot match a range",
  },
  {
    name: 'a mask in a const entry of a range key',
    fragment: {
      locals:
        'action a() {} table t { key = { meta.m8 : range; } actions = { a; } const entries = { 1 &&& 3 : a(); } }',
    },
    at: '1 &&& 3',
    message: "range key 'meta.m8' cannot match a mask",
  },
  {
    name: 'more const entries than the table size',
    fragment: {
      locals:
        'action a() {} table t { key = { meta.m8 : exact; } actions = { a; } size = 1; const entries = { 1 : a(); 2 : a(); } }',
    },
    at: '1;',
    message: "table 't' lists 2 entries, more than its size 1",
  },
  {
    name: 'non-constant action data in a const entry',
    fragment: {
      locals:
        'action a(bit<8> v) { meta.m8 = v; } table t { key = { meta.m8 : exact; } actions = { a; } const entries = { 1 : a(meta.m8); } }',
    },
    at: 'meta.m8); }',
    message: /must be a compile-time constant/,
  },
  {
    name: 'keyset wider than the select expression',
    fragment: {
      start:
        'packet.extract(hdr.ethernet); transition select(hdr.ipv4.ttl) { 16w1: accept; default: reject; }',
    },
    at: '16w1',
    message: 'cannot convert bit<16> to bit<8>',
  },
  {
    name: 'unknown parser state',
    fragment: { start: 'transition nowhere;' },
    at: 'nowhere',
    message: "unknown parser state 'nowhere'",
  },
  {
    name: 'duplicate declaration',
    fragment: { locals: 'action a() {} action a() {}' },
    at: 'a() {}',
    after: 'action a() {} action ',
    message: "redeclaration of 'a'",
  },
  {
    name: 'duplicate header field',
    fragment: { top: 'header h_t { bit<8> x; bit<8> x; }' },
    at: 'x; }',
    message: "duplicate field 'x'",
  },
  {
    name: 'missing semicolon',
    fragment: { apply: 'meta.m8 = 1 meta.m16 = 2;' },
    at: 'meta.m16 = 2',
    message: "expected ';'",
  },
  {
    name: 'switch label that is not an action of the table',
    fragment: {
      locals: 'action a() {} action b() {} table t { actions = { a; } }',
      apply: 'switch (t.apply().action_run) { b: { } }',
    },
    at: 'b: {',
    message: "'b' is not an action of table 't'",
  },
  {
    name: 'apply of a table inside an action',
    fragment: { locals: 'action a() {} table t { actions = { a; } } action b() { t.apply(); }' },
    at: 't.apply(); }',
    message: 'tables cannot be applied inside an action',
  },
  {
    name: 'stack index out of bounds',
    fragment: { top: 'header h_t { bit<8> x; }', meta: 'h_t[2] hs;', apply: 'meta.hs[2].x = 1;' },
    at: '2].x',
    message: 'index 2 is out of bounds',
  },
  {
    name: 'enum member that does not exist',
    fragment: { top: 'enum E { A, B }', apply: 'E e = E.C;' },
    at: 'C;',
    message: "enum E has no member 'C'",
  },
  {
    name: 'unknown error',
    fragment: { start: 'verify(false, error.Nope); transition accept;' },
    at: 'Nope',
    message: "unknown error 'error.Nope'",
  },
  {
    name: 'non-constant const declaration',
    fragment: { apply: 'const bit<8> K = meta.m8;' },
    at: 'meta.m8;',
    message: 'is not a compile-time constant',
  },
  {
    name: 'cast between unrelated types',
    fragment: { top: 'header h_t { bit<8> x; }', meta: 'h_t h;', apply: 'meta.m8 = (bit<8>)meta.h;' },
    at: '(bit<8>)meta.h',
    message: 'cannot cast h_t to bit<8>',
  },
  {
    name: 'a lpm key that is not a bit type',
    fragment: {
      top: 'header h_t { bit<8> x; }',
      meta: 'h_t h;',
      locals: 'action a() {} table t { key = { meta.h : exact; } actions = { a; } }',
    },
    at: 'meta.h :',
    message: /cannot be matched/,
  },
  {
    name: 'extract of a non-header',
    fragment: { start: 'packet.extract(meta.m8); transition accept;' },
    at: 'meta.m8)',
    message: 'extract needs a header, not bit<8>',
  },
  {
    name: 'two-argument extract of a fixed-size header',
    fragment: { start: 'packet.extract(hdr.ethernet, 32); transition accept;' },
    at: 'hdr.ethernet, 32',
    message: 'has no varbit field',
  },
  {
    name: 'a compound assignment to a target with a call',
    fragment: {
      top: 'bit<1> f() { return 0; }',
      locals: 'ethernet_t[2] st;',
      apply: 'st[f()].etherType += 1;',
    },
    at: 'st[f()]',
    message: 'the target of a compound assignment cannot contain a call',
  },
  {
    name: 'a compound operator split by a space',
    fragment: { apply: 'meta.m8 + = 1;' },
    at: '= 1',
    message: /syntax error/,
  },
  {
    name: "'default' assigned as a value",
    fragment: { apply: 'meta.m8 = default;' },
    at: 'default;',
    message: "'default' is not a value: it stands only for a label, a keyset or an out argument",
  },
  {
    name: "'_' as a variable's initializer",
    fragment: { apply: 'bit<8> y = _;' },
    at: '_;',
    message: "'_' is not a value: it stands only for a label, a keyset or an out argument",
  },
  {
    name: "'default' inside a list assigned to a header",
    fragment: { apply: 'hdr.ethernet = { 1, default, 2 };' },
    at: 'default,',
    message: /'default' is not a value/,
  },
  {
    name: 'break outside a loop',
    fragment: { apply: 'if (meta.m8 == 1) { break; }' },
    at: 'break',
    message: 'break is only allowed inside a for loop',
  },
  {
    name: 'continue outside a loop',
    fragment: { apply: 'continue;' },
    at: 'continue',
    message: 'continue is only allowed inside a for loop',
  },
  {
    name: 'a for loop in a parser state',
    fragment: {
      start: 'for (bit<8> i = 0; i < 2; i = i + 1) { } packet.extract(hdr.ethernet); transition accept;',
    },
    at: 'for',
    message: 'a for loop is not allowed in a parser: loop through states instead',
  },
  {
    name: 'a loop condition that is not bool',
    fragment: { apply: 'for (bit<8> i = 0; i; i = i + 1) { }' },
    at: 'i; i',
    message: 'loop condition must be bool, not bit<8>',
  },
  {
    name: 'a for-in loop over a header',
    fragment: { apply: 'for (ethernet_t e in hdr.ethernet) { }' },
    at: 'hdr.ethernet)',
    after: 'ethernet_t e in ',
    message: 'a for-in loop walks a range (from .. to), a header stack or a list, not ethernet_t',
  },
  {
    name: 'a for-in variable of another type than the stack',
    fragment: { locals: 'ethernet_t[2] st;', apply: 'for (bit<8> e in st) { }' },
    at: 'bit<8> e',
    message: 'the variable of a loop over a stack of ethernet_t must have that type, not bit<8>',
  },
  {
    name: 'a list element of another type than the variable',
    fragment: { apply: 'for (bit<8> i in {1, meta.m16}) { }' },
    at: 'meta.m16}',
    message: /cannot convert bit<16> to bit<8>/,
  },
  {
    name: 'a list<T> of another type than the variable',
    fragment: { apply: 'for (bit<8> i in (list<bit<16>>){1, 2}) { }' },
    at: '(list',
    message: 'a list<bit<16>> cannot be walked by a bit<8> variable',
  },
  {
    name: 'list<T> outside a for-in loop',
    fragment: { apply: 'tuple<bit<8>> t = (list<bit<8>>){1};' },
    at: 'list<bit<8>>)',
    message: 'this target supports list<T> only in a cast of the list a for-in loop walks',
  },
  {
    name: 'a direct invocation of a control with constructor parameters',
    fragment: {
      top: 'control Scaled(inout bit<8> x)(bit<8> k) { apply { x = x * k; } }',
      apply: 'Scaled.apply(meta.m8);',
    },
    at: 'Scaled.apply',
    message: "'Scaled' has constructor parameters: instantiate it to apply it",
  },
  {
    name: 'a constructor argument read from the packet',
    fragment: {
      top: 'control Scale(inout bit<8> x)(bit<8> k) { apply { x = x * k; } }',
      locals: 'Scale(meta.m8 + 1) s;',
    },
    at: 'meta.m8 + 1',
    message:
      "constructor argument 'meta.m8 + 1' is not known at compile time: 'meta' has a value only while a packet is processed",
  },
  {
    name: 'a variable as a constructor argument',
    fragment: {
      top: 'control Scale(inout bit<8> x)(bit<8> k) { apply { x = x * k; } }',
      locals: 'bit<8> v = 2; Scale(v) s;',
    },
    at: 'v) s',
    message: "constructor argument 'v' is not known at compile time",
  },
  {
    name: 'a control of another signature as a constructor argument',
    fragment: {
      top:
        'control inc_t(inout bit<8> x); control Wide(inout bit<16> x) { apply { } } ' +
        'control Use(inout bit<8> x)(inc_t c) { apply { c.apply(x); } }',
      locals: 'Wide() w; Use(w) u;',
    },
    at: 'x',
    after: 'control Wide(inout bit<16> ',
    message: "parameter 'x' of Wide has type bit<16> but inc_t needs bit<8>",
  },
  {
    name: 'a control type name where an instance is expected',
    fragment: {
      top:
        'control Inc(inout bit<8> x) { apply { x = x + 1; } } ' +
        'control Use(inout bit<8> x)(Inc c) { apply { c.apply(x); } }',
      locals: 'Use(Inc) u;',
    },
    at: 'Inc) u',
    message: "argument 'c' of Use must be an instance, not the control type Inc: write Inc()",
  },
  {
    name: 'a missing block constructor argument',
    fragment: {
      top:
        'control Inc(inout bit<8> x) { apply { x = x + 1; } } ' +
        'control Use(inout bit<8> x)(Inc c) { apply { c.apply(x); } }',
      locals: 'Use() u;',
    },
    at: 'u;',
    message: "missing argument for parameter 'c' of Use",
  },
  {
    name: 'a parser parameter applied in a control',
    fragment: {
      top: 'parser sub_t(inout bit<8> x); control Use(inout bit<8> x)(sub_t s) { apply { s.apply(x); } }',
    },
    at: 's.apply',
    message: 'a parser cannot be applied in a control',
  },
  {
    name: 'a parser applied directly in a control',
    fragment: {
      top: 'parser Sub(packet_in p) { state start { transition accept; } }',
      apply: 'Sub.apply();',
    },
    at: 'Sub.apply',
    message: 'a parser cannot be instantiated or applied in a control',
  },
  {
    name: 'a control applied directly in a parser',
    fragment: {
      top: 'control Inc(inout bit<8> x) { apply { x = x + 1; } }',
      start: 'Inc.apply(meta.m8); transition accept;',
    },
    at: 'Inc.apply',
    message: 'a control cannot be instantiated or applied in a parser',
  },
  {
    name: 'a bool variable over a range',
    fragment: { apply: 'for (bool b in 0 .. 1) { }' },
    at: 'bool b',
    message: 'the variable of a loop over a range must be bit<W> or int<W>, not bool',
  },
  {
    name: 'a range bound of another width',
    fragment: { apply: 'for (bit<8> i in 0 .. meta.m16) { }' },
    at: 'meta.m16)',
    message: /cannot convert bit<16> to bit<8>/,
  },
  {
    name: 'a loop variable used after its loop',
    fragment: { apply: 'for (bit<8> i = 0; i < 2; i = i + 1) { } meta.m8 = i;' },
    at: 'i;',
    after: 'meta.m8 = ',
    message: "undeclared name 'i'",
  },
  // What p4c's own must-reject programs (testdata/p4_16_errors) check, rewritten for v1model.
  {
    name: 'a default action binding another directional argument than its actions list',
    fragment: {
      locals: `bit<8> y;
        action a(inout bit<8> b, bit<8> d) { b = d; }
        table t { actions = { a(meta.m8); } default_action = a(y, 0); }`,
      apply: 't.apply();',
    },
    at: 'y, 0',
    message: "default action 'a': argument 'y' does not match 'meta.m8' that the actions list binds",
  },
  {
    name: 'entries in a table without a key',
    fragment: {
      locals: 'action a() { } table t { actions = { a; } default_action = a; entries = { _ : a(); } }',
      apply: 't.apply();',
    },
    at: '_ : a()',
    message: "table 't' has no key, so it cannot have entries",
  },
  {
    name: 'verify in a control',
    fragment: { apply: 'verify(meta.m8 == 1, error.NoMatch);' },
    at: 'verify(',
    message: 'verify may only be called in a parser',
  },
  {
    name: 'two switch labels of one value',
    fragment: { apply: 'switch (meta.m8) { 8w0: { } 8w1: { } 1: { } }' },
    at: '1: { } }',
    message: "duplicate switch label '1'",
  },
  {
    name: 'a division by a negative number',
    fragment: { apply: 'meta.m8 = meta.m8 / -1;' },
    at: 'meta.m8 / -1',
    message: "'/' is not defined on negative numbers (-1)",
  },
  {
    name: 'a remainder of a negative number',
    fragment: { apply: 'meta.m8 = -5 % meta.m8;' },
    at: '-5 % meta.m8',
    message: "'%' is not defined on negative numbers (-5)",
  },
  {
    name: 'a select range whose end is below its start',
    fragment: {
      start:
        'packet.extract(hdr.ethernet); transition select(hdr.ethernet.etherType) { 0x0806 .. 0x0800: accept; default: reject; }',
    },
    at: '0x0806 ..',
    message: 'range 2054 .. 2048: its end is less than its start',
  },
  {
    name: 'a signed select range whose end is below its start',
    fragment: {
      start:
        'packet.extract(hdr.ethernet); transition select((int<8>)hdr.ethernet.etherType[7:0]) { -5 .. 3: accept; 3 .. -5: reject; default: reject; }',
    },
    at: '3 .. -5',
    message: 'range 3 .. -5: its end is less than its start',
  },
  {
    name: 'two tables under one control-plane name (a control applied twice, its table named absolutely)',
    fragment: {
      top: 'control C(inout bit<8> x) { @name(".t0") table t0 { key = { x: exact; } actions = { NoAction; } } apply { t0.apply(); } }',
      locals: 'C() c1; C() c2;',
      apply: 'c1.apply(meta.m8); c2.apply(meta.m8);',
    },
    at: 't0 {',
    message: "name 't0' is used for multiple table objects in the P4Info",
  },
  {
    name: '_ as the name of a field',
    fragment: { top: 'struct s_t { bit<8> _; }' },
    at: '_; }',
    message: "expected field name but found '_' (the don't-care, not a name)",
  },
  {
    name: 'a header stack of negative size',
    fragment: { apply: 'ethernet_t[-2] s;' },
    at: '-2]',
    message: 'header stack size -2 is negative',
  },
  {
    name: 'two parameters of one name in a package type',
    fragment: { top: 'control C_t(); package P_t(C_t c, C_t c);' },
    at: 'c);',
    message: "duplicate parameter 'c'",
  },
  {
    name: 'two type parameters of one name',
    fragment: { top: 'void f<T, T>(in T a) { }' },
    at: 'f<T',
    message: "duplicate type parameter 'T'",
  },
  {
    name: 'a parameter named like a type parameter',
    fragment: { top: 'extern void f<p>(in bit<8> p);' },
    at: 'p);',
    message: "parameter 'p' has the name of a type parameter",
  },
  {
    name: 'an out parameter with a default value',
    fragment: { top: 'extern void f(out bit<32> x = 0);' },
    at: '0);',
    message: "out parameter 'x' cannot have a default value",
  },
  {
    name: 'an @optional parameter with a default value',
    fragment: { top: 'extern void f(@optional in bit<32> y = 0);' },
    at: '0);',
    message: "@optional parameter 'y' cannot have a default value",
  },
  {
    name: "an action's out parameter with a default value",
    fragment: { locals: 'action a(out bit<8> x = 1) { x = 2; }', apply: 'a(meta.m8);' },
    at: '1) {',
    message: "out parameter 'x' cannot have a default value",
  },
  {
    name: 'two extern methods of one name and number of parameters',
    fragment: { top: 'extern E { E(); void put(in bit<8> b); void put(in bit<16> b); }' },
    at: 'put(in bit<16>',
    message: "method 'put' of E is declared twice with 1 parameter: a call could not tell them apart",
  },
  {
    name: 'a constructor with a return type',
    fragment: { top: 'extern E { E(); void E(); }' },
    at: 'E(); }',
    after: 'E(); void ',
    message: 'constructor E cannot have a return type',
  },
  {
    name: 'a table property given twice',
    fragment: {
      locals: 'table t { key = { meta.m8: exact; } key = { meta.m16: exact; } actions = { NoAction; } }',
      apply: 't.apply();',
    },
    at: 'key = { meta.m16',
    message: "table 't' has its 'key' property twice",
  },
  {
    name: "'type' over a tuple",
    fragment: { top: 'type tuple<bit<1>> T_t;' },
    at: 'type tuple',
    message: "'type' can only be applied to bit<W>, int<W> or bool, not tuple<bit<1>>",
  },
  {
    name: 'a string parameter with a direction',
    fragment: { top: 'extern void say(in string s);' },
    at: 's);',
    message: "parameter 's' of type string cannot have a direction (in)",
  },
  {
    name: 'an entry priority in a table of exact and lpm keys',
    fragment: {
      locals:
        'action a() { } table t { key = { meta.m8: exact; } actions = { a; } entries = { priority = 3: 1 : a(); } }',
      apply: 't.apply();',
    },
    at: 'priority = 3',
    message: "table 't' matches only exact and lpm keys, which take no priority, but an entry sets one",
  },
  {
    name: 'a later entry with a priority, the first without',
    fragment: {
      locals:
        'action a() { } table t { key = { meta.m8: ternary; } actions = { a; } entries = { 1 &&& 1 : a(); priority = 3: 2 &&& 2 : a(); } }',
      apply: 't.apply();',
    },
    at: '1 &&& 1',
    message: "table 't': the first entry needs a priority, since another entry has one",
  },
  {
    name: 'entry priorities that priority_delta takes below zero',
    fragment: {
      locals:
        'action a() { } table t { key = { meta.m8: ternary; } actions = { a; } priority_delta = 10; entries = { priority = 12: 1 &&& 1 : a(); 2 &&& 2 : a(); 3 &&& 3 : a(); } }',
      apply: 't.apply();',
    },
    at: '2 &&& 2',
    message: "table 't': the priority after this entry's (2) less priority_delta (10) would be negative",
  },
  {
    name: 'a register of structs (bmv2 registers hold bit<W> or int<W>)',
    fragment: { top: 'struct cell_t { bit<8> f; }', locals: 'register<cell_t>(16) r;' },
    at: 'r;',
    message: 'bmv2 registers hold bit<W> or int<W> values, not cell_t',
  },
  {
    name: 'a table listing two actions under one control-plane name',
    fragment: {
      locals: `@name(".foo") action a1() { meta.m8 = 1; } @name(".foo") action a2() { meta.m8 = 2; }
        table t { key = { meta.m8: exact; } actions = { a1; a2; } }`,
      apply: 't.apply();',
    },
    at: 'a2() {',
    message: "table t lists actions a1 and a2, which share the control-plane name 'foo'",
  },
  {
    name: 'a cast of an untyped constant shifted by a run-time amount',
    fragment: { apply: 'const int five = 5; meta.m8 = (bit<8>)(five >> meta.m8);' },
    at: 'five >> meta.m8',
    message: "'>>': an untyped left operand needs a constant shift amount",
  },
  {
    name: 'a function that does not return a value on every path',
    fragment: { top: 'bit<8> mx(in bit<8> l, in bit<8> r) { if (l > r) { return l; } }' },
    at: 'mx(',
    message: 'function mx does not return a value on every path',
  },
  {
    name: 'an action called from a function',
    fragment: { top: 'action act() { } void f() { act(); }' },
    at: 'act(); }',
    message: 'actions cannot be called from a function',
  },
  {
    name: 'a table without an actions property',
    fragment: { locals: 'table t { key = { meta.m8: exact; } }', apply: 't.apply();' },
    at: 't {',
    after: 'table ',
    message: "table 't' has no actions property",
  },
  {
    name: 'an action listed twice in a table',
    fragment: {
      locals: 'action a() { } table t { key = { meta.m8: exact; } actions = { a; a; } }',
      apply: 't.apply();',
    },
    at: 'a; }',
    after: 'actions = { a; ',
    message: "action 'a' is listed twice in table 't'",
  },
  {
    name: 'an extern as an action parameter',
    fragment: { top: 'extern E { E(); void call(); }', locals: 'action a(E e) { e.call(); }' },
    at: 'e) {',
    after: 'action a(E ',
    message: "action parameter 'e' cannot be an extern (E)",
  },
  {
    name: 'an extern parameter with a direction',
    fragment: { top: 'extern E { E(); } control C(in E x);' },
    at: 'x);',
    message: "parameter 'x' of type E cannot have a direction (in)",
  },
];

describe('front-end: rejected programs', () => {
  for (const c of cases) {
    it(c.name, () => {
      const text = program(c.fragment);
      const e = fails(text);
      const want = locate(text, c.at, c.after);
      assert.deepEqual({ line: e.line, col: e.col }, want, `${e.line}:${e.col}: ${e.message}`);
      if (typeof c.message === 'string') assert.ok(e.message.includes(c.message), e.message);
      else assert.match(e.message, c.message);
    });
  }

  it('reports a type cut short at the end of the file, at its start (the fuzz found it crashed the parser)', () => {
    const e = fails('__proto__ [');
    assert.deepEqual([e.line, e.col, e.message], [1, 1, "syntax error: unexpected '__proto__' at top level"]);
  });

  it('reports several independent errors in one run', () => {
    const text = program({ apply: 'meta.m8 = nope1; meta.m8 = nope2; meta.m8 = meta.m16;' });
    const r = compileText(text);
    const errors = r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    assert.equal(errors.length, 3, errors.join('\n'));
  });

  it("reports an error in a parser's state after one in its local declarations", () => {
    const text = program({
      parserLocals: 'bit<8> z = hdr.nope1;',
      start: 'packet.extract(hdr.nope2); transition accept;',
    });
    const r = compileText(text);
    const errors = r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    assert.deepEqual(errors, ["struct headers has no field 'nope1'", "struct headers has no field 'nope2'"]);
  });

  it('reports an error in a control once, however many instances check it', () => {
    const text = program({
      top: 'control Bad(inout bit<8> x) { apply { x = nope; } }',
      locals: 'Bad() a; Bad() b;',
      apply: 'a.apply(meta.m8); b.apply(meta.m8);',
    });
    const r = compileText(text);
    const errors = r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    assert.deepEqual(errors, ["undeclared name 'nope'"]);
  });

  it('refuses a V1MODEL_VERSION p4c does not know, and takes the ones it does', () => {
    const at = (version: string): string =>
      program({}).replace(
        '#include <v1model.p4>',
        `#define V1MODEL_VERSION ${version}\n#include <v1model.p4>`,
      );
    const e = fails(at('20000101'));
    assert.match(e.message, /20000101: unknown v1model version .*20180101 to 20200408/);
    for (const known of ['20180101', '20200408']) {
      const r = compileText(at(known));
      assert.ok(r.ok, r.diagnostics.map((d) => d.message).join('\n'));
    }
  });

  it('reports #error at its own line', () => {
    const text = program({}).replace('#include <v1model.p4>', '#include <v1model.p4>\n#error stop here');
    const e = fails(text);
    assert.equal(e.line, 3);
    assert.equal(e.col, 1);
    assert.match(e.message, /#error stop here/);
  });
});

describe('front-end: the V1Switch package must fit', () => {
  const base = program({ top: 'struct other_t { bit<8> z; }' });
  const check = (text: string, at: string, after: string | undefined, message: RegExp): void => {
    const e = fails(text);
    assert.deepEqual({ line: e.line, col: e.col }, locate(text, at, after), e.message);
    assert.match(e.message, message);
  };

  it('rejects a block whose metadata type differs from the parser', () => {
    const text = base.replace(
      'control MyIngress(inout headers hdr, inout metadata meta',
      'control MyIngress(inout headers hdr, inout other_t meta',
    );
    check(
      text,
      'meta,',
      'control MyIngress(inout headers hdr, inout other_t ',
      /parameter 'meta' of MyIngress has type other_t but Ingress needs metadata/,
    );
  });

  it('rejects blocks passed in the wrong order', () => {
    const text = base.replace(
      'V1Switch(MyParser(), MyVerifyChecksum(), MyIngress()',
      'V1Switch(MyParser(), MyIngress(), MyVerifyChecksum()',
    );
    check(
      text,
      'MyIngress()',
      'V1Switch(MyParser(), ',
      /MyIngress has 3 parameters but V1Switch expects a control with 2 \(VerifyChecksum\)/,
    );
  });

  it('rejects a parameter direction that differs from the architecture', () => {
    const text = base.replace('control MyEgress(inout headers hdr', 'control MyEgress(in headers hdr');
    check(
      text,
      'hdr',
      'control MyEgress(in headers ',
      /parameter 'hdr' of MyEgress must be 'inout' to match Egress/,
    );
  });

  it("rejects a control passed to one of main's blocks", () => {
    const text = base
      .replace(
        'control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t standard_metadata)',
        'control inc_t(inout bit<8> x); control Inc(inout bit<8> x) { apply { x = x + 1; } }\n$&(inc_t c)',
      )
      .replace('MyIngress()', 'MyIngress(Inc())');
    check(
      text,
      'Inc())',
      'V1Switch(',
      /does not support passing a control or parser to one of main's blocks/,
    );
  });

  it('rejects a missing block', () => {
    const text = base.replace(', MyDeparser()) main', ') main');
    check(text, 'main;', undefined, /missing argument for parameter 'dep' of V1Switch/);
  });

  it('requires the package instance to be named main', () => {
    const e = fails(base.replace(') main;', ') mymain;'));
    assert.match(e.message, /no package instantiation named 'main'/);
  });
});
