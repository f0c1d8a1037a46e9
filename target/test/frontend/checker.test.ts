import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type {
  AssignStmt,
  BlockStmt,
  CallStmt,
  CheckedProgram,
  ConstDecl,
  ControlDecl,
  Expr,
  HeaderTypeDecl,
  IfStmt,
  InstanceDecl,
  ParserDecl,
  Stmt,
  SwitchStmt,
  TableDecl,
} from '../../frontend/index.js';
import { compileText, ok, program } from './helpers.js';

const kitchenSinkPath = fileURLToPath(new URL('./p4/kitchen_sink.p4', import.meta.url));

function table(p: CheckedProgram, name: string): TableDecl {
  const t = p.tables.find((x) => x.controlPlaneName === name);
  assert.ok(t, `table ${name}`);
  return t;
}

function constOf(p: CheckedProgram, name: string): ConstDecl {
  const d = p.program.decls.find((x): x is ConstDecl => x.kind === 'const' && x.name === name);
  assert.ok(d, `const ${name}`);
  return d;
}

function header(p: CheckedProgram, name: string): HeaderTypeDecl {
  const d = p.program.decls.find((x): x is HeaderTypeDecl => x.kind === 'header' && x.name === name);
  assert.ok(d);
  return d;
}

function applyStmts(c: ControlDecl): Stmt[] {
  return c.apply.stmts;
}

function intConst(e: Expr | undefined): bigint | undefined {
  return e?.constValue?.kind === 'int' ? e.constValue.value : undefined;
}

describe('front-end: v1model package and layouts', () => {
  it('resolves V1Switch main to the six blocks and the H, M and standard_metadata structs', () => {
    const p = ok(program({}));
    assert.equal(p.main.parser.name, 'MyParser');
    assert.equal(p.main.verifyChecksum.name, 'MyVerifyChecksum');
    assert.equal(p.main.ingress.name, 'MyIngress');
    assert.equal(p.main.egress.name, 'MyEgress');
    assert.equal(p.main.computeChecksum.name, 'MyComputeChecksum');
    assert.equal(p.main.deparser.name, 'MyDeparser');
    assert.equal(p.main.headersType.name, 'headers');
    assert.equal(p.main.metadataType.name, 'metadata');
    assert.equal(p.main.standardMetadataType.name, 'standard_metadata_t');
    assert.equal(p.main.blockNames.ingress, 'MyIngress');
  });

  it('gives standard_metadata_t the fields and widths of v1model.p4', () => {
    const p = ok(program({}));
    const widths = Object.fromEntries(
      p.main.standardMetadataType.fields.map((f) => [
        f.name,
        f.type.kind === 'bit' ? f.type.width : f.type.kind,
      ]),
    );
    assert.deepEqual(widths, {
      ingress_port: 9,
      egress_spec: 9,
      egress_port: 9,
      instance_type: 32,
      packet_length: 32,
      enq_timestamp: 32,
      enq_qdepth: 19,
      deq_timedelta: 32,
      deq_qdepth: 19,
      ingress_global_timestamp: 48,
      egress_global_timestamp: 48,
      mcast_grp: 16,
      egress_rid: 16,
      checksum_error: 1,
      parser_error: 'error',
      priority: 3,
    });
  });

  it('lays out header fields with bit offsets and widths, typedefs resolved', () => {
    const p = ok(
      program({ top: 'typedef bit<48> mac_t; header h_t { mac_t a; bit<4> b; int<12> c; bool d; }' }),
    );
    const h = header(p, 'h_t');
    assert.deepEqual(
      h.fields.map((f) => [f.name, f.offset, f.width, f.type.kind]),
      [
        ['a', 0, 48, 'bit'],
        ['b', 48, 4, 'bit'],
        ['c', 52, 12, 'int'],
        ['d', 64, 1, 'bool'],
      ],
    );
    assert.equal(h.bitWidth, 65);
    assert.equal(header(p, 'ipv4_t').bitWidth, 160);
  });

  it('numbers errors as bmv2 does: core.p4 first, then the program', () => {
    const p = ok(program({ top: 'error { MyErr, Other }' }));
    assert.deepEqual(p.errors.slice(0, 7), [
      'NoError',
      'PacketTooShort',
      'NoMatch',
      'StackOutOfBounds',
      'HeaderTooShort',
      'ParserTimeout',
      'ParserInvalidArgument',
    ]);
    assert.deepEqual(p.errors.slice(7), ['MyErr', 'Other']);
    assert.deepEqual(p.matchKinds, ['exact', 'ternary', 'lpm', 'range', 'optional', 'selector']);
  });
});

describe('front-end: constants and width inference', () => {
  const src = program({
    top: `
      const bit<8> A = 8w200 + 8w100;          // wraps to 44
      const bit<8> SAT = 8w200 |+| 8w100;      // saturates to 255
      const bit<8> SUB = 8w5 |-| 8w9;          // saturates to 0
      const int<8> NEG = -8s128 - 1;           // wraps to 127
      const int<8> SSAT = 8s100 |+| 8s100;     // 127
      const bit<4> SL = 16w0xABCD[11:8];       // 0xB
      const bit<12> CAT = 4w0xA ++ 8w0x5B;     // 0xA5B
      const bit<16> SHL = 16w1 << 15;
      const bit<8> SHR = 8w0x80 >> 7;
      const bit<8> LIT = 0b1010_1010;
      const bit<8> OCT = 0o17;
      const bit<8> TRUNC = (bit<8>)16w0x1234;  // 0x34
      const bit<16> SEXT = (bit<16>)(int<16>)(int<8>)8w0xFE;  // 0xFFFE
      const int<4> S4 = 4s3;
      const bool B = 3 > 2 && (8w1 != 8w2);
      const bit<32> BIG = 2 * (1 << 20) + 7;   // infint arithmetic, then converted
      const bit<8> NEGLIT = -1;                // 255
      const bit<8> TERN = B ? 8w1 : 8w2;
      enum bit<8> Color { RED = 1, GREEN = 2 + 3 }
      const bit<8> ENUMCAST = (bit<8>)Color.GREEN;
    `,
  });

  const expected: Record<string, bigint> = {
    A: 44n,
    SAT: 255n,
    SUB: 0n,
    NEG: 127n,
    SSAT: 127n,
    SL: 0xbn,
    CAT: 0xa5bn,
    SHL: 0x8000n,
    SHR: 1n,
    LIT: 0xaan,
    OCT: 15n,
    TRUNC: 0x34n,
    SEXT: 0xfffen,
    S4: 3n,
    BIG: 2097159n,
    NEGLIT: 255n,
    TERN: 1n,
    ENUMCAST: 5n,
  };
  for (const [name, value] of Object.entries(expected)) {
    it(`folds ${name} to ${value}`, () => {
      const p = ok(src);
      const c = constOf(p, name);
      assert.deepEqual(c.constValue, { kind: 'int', value });
    });
  }

  it('folds booleans', () => {
    const p = ok(src);
    assert.deepEqual(constOf(p, 'B').constValue, { kind: 'bool', value: true });
  });

  it('gives an untyped literal the width of the other operand', () => {
    const p = ok(program({ apply: 'hdr.ipv4.ttl = hdr.ipv4.ttl - 1; meta.m32 = 5;' }));
    const [a, b] = applyStmts(p.main.ingress) as AssignStmt[];
    assert.ok(a && b);
    assert.equal(a.rhs.kind, 'binary');
    if (a.rhs.kind !== 'binary') return;
    assert.deepEqual(a.rhs.type, { kind: 'bit', width: 8 });
    assert.deepEqual(a.rhs.right.type, { kind: 'bit', width: 8 });
    assert.deepEqual(b.rhs.type, { kind: 'bit', width: 32 });
    assert.deepEqual(b.rhs.constValue, { kind: 'int', value: 5n });
  });

  it('types concatenation, slices and casts', () => {
    const p = ok(
      program({
        apply:
          'meta.m16 = hdr.ipv4.ttl ++ hdr.ipv4.proto; meta.m8 = hdr.ipv4.src[15:8]; meta.m32 = (bit<32>)hdr.ipv4.ttl; hdr.ipv4.src[7:0] = 8w1;',
      }),
    );
    const s = applyStmts(p.main.ingress) as AssignStmt[];
    assert.deepEqual(s[0]!.rhs.type, { kind: 'bit', width: 16 });
    assert.deepEqual(s[1]!.rhs.type, { kind: 'bit', width: 8 });
    const sl = s[1]!.rhs;
    assert.ok(sl.kind === 'slice' && sl.hiValue === 15 && sl.loValue === 8);
    assert.deepEqual(s[2]!.rhs.type, { kind: 'bit', width: 32 });
    assert.equal(s[3]!.lhs.kind, 'slice');
  });

  it('resolves names to their declarations', () => {
    const p = ok(program({ apply: 'bit<8> x = meta.m8; x = x + 1; hdr.ipv4.ttl = x;' }));
    const [decl, assign] = applyStmts(p.main.ingress);
    assert.ok(decl?.kind === 'decl' && assign?.kind === 'assign');
    const lhs = assign.lhs;
    assert.ok(lhs.kind === 'name');
    assert.equal(lhs.ref, decl.decl);
    const init = decl.decl.kind === 'variable' ? decl.decl.init : undefined;
    assert.ok(init?.kind === 'member' && init.expr.kind === 'name');
    assert.equal(init.expr.ref, p.main.ingress.params[1]);
    assert.equal(init.memberKind, 'field');
  });
});

describe('front-end: tables', () => {
  const src = program({
    top: 'const bit<8> K = 7;',
    locals: `
      direct_counter(CounterType.packets_and_bytes) hits;
      action set(bit<8> v, bit<16> w) { meta.m8 = v; meta.m16 = w; }
      action bump(inout bit<32> x) { x = x + 1; }
      @name("renamed") action other() { }
      @name(".global_drop") action dropit() { mark_to_drop(standard_metadata); }
      table t_exact {
        key = { hdr.ipv4.ttl : exact; hdr.ipv4.src : lpm @name("src_prefix"); }
        actions = { set; bump(meta.m32); @defaultonly NoAction; }
        default_action = set(K, 300);
        size = 77;
        counters = hits;
      }
      table t_const {
        key = { hdr.ipv4.proto : ternary; hdr.ipv4.ttl : range; meta.m16 : exact; }
        actions = { set; other; dropit; }
        const default_action = other();
        const entries = {
          (0x06 &&& 0xff, 1 .. 10, 5) : set(1, 2);
          (_, _, 0x10) : other();
          @priority(50) (0x11, 20 .. 30, 7) : dropit();
        }
      }
      table t_nodefault { key = { meta.m8 : exact; } actions = { other; } }
    `,
    apply: 't_exact.apply(); t_const.apply(); t_nodefault.apply();',
  });

  it('evaluates keys, names and widths', () => {
    const t = table(ok(src), 'MyIngress.t_exact');
    assert.deepEqual(
      t.keyDecls.map((k) => [k.name, k.width, k.matchKindName]),
      [
        ['hdr.ipv4.ttl', 8, 'exact'],
        ['src_prefix', 32, 'lpm'],
      ],
    );
    assert.equal(t.size, 77);
    assert.equal(t.directCounter?.name, 'hits');
    assert.equal(t.directCounter?.controlPlaneName, 'MyIngress.hits');
  });

  it('binds directional arguments in the actions list', () => {
    const t = table(ok(src), 'MyIngress.t_exact');
    const bump = t.actionRefs[1]!;
    assert.equal(bump.action?.name, 'bump');
    assert.equal(bump.args?.length, 1);
    assert.equal(bump.args?.[0]?.kind, 'member');
    assert.ok(t.actionRefs[2]!.annotations.some((a) => a.name === 'defaultonly'));
  });

  it('folds default action arguments to the parameter types', () => {
    const t = table(ok(src), 'MyIngress.t_exact');
    assert.equal(t.defaultAction?.action?.controlPlaneName, 'MyIngress.set');
    assert.deepEqual(
      t.defaultAction?.args?.map((a) => [intConst(a), a.type]),
      [
        [7n, { kind: 'bit', width: 8 }],
        [300n, { kind: 'bit', width: 16 }],
      ],
    );
    assert.equal(t.defaultActionIsConst, false);
  });

  it('evaluates const entries with masks, ranges, wildcards and bmv2 priorities (@priority or the position, lowest first)', () => {
    const t = table(ok(src), 'MyIngress.t_const');
    assert.equal(t.entriesAreConst, true);
    assert.equal(t.defaultActionIsConst, true);
    const e = t.entryDecls;
    assert.deepEqual(e[0]!.keys, [
      { kind: 'mask', value: 6n, mask: 0xffn },
      { kind: 'range', low: 1n, high: 10n },
      { kind: 'value', value: 5n },
    ]);
    assert.deepEqual(e[1]!.keys, [{ kind: 'default' }, { kind: 'default' }, { kind: 'value', value: 16n }]);
    assert.deepEqual(e[2]!.keys, [
      { kind: 'value', value: 0x11n },
      { kind: 'range', low: 20n, high: 30n },
      { kind: 'value', value: 7n },
    ]);
    assert.deepEqual(
      e.map((x) => x.priority),
      [50, 49, 1],
    );
    assert.equal(e[0]!.action.action?.name, 'set');
    assert.deepEqual(e[0]!.action.args?.map(intConst), [1n, 2n]);
  });

  it('numbers entries by priority_delta and renumbers smallest-wins tables so that higher wins', () => {
    const entries = (props: string): (number | undefined)[] => {
      const p = ok(
        program({
          locals: `action a() {} table t { key = { meta.m8 : ternary; } actions = { a; } ${props}
            entries = { 1 &&& 1 : a(); 2 &&& 2 : a(); 4 &&& 4 : a(); } }`,
        }),
      );
      return table(p, 'MyIngress.t').entryDecls.map((e) => e.priority);
    };
    assert.deepEqual(entries(''), [3, 2, 1]);
    assert.deepEqual(entries('priority_delta = 10;'), [21, 11, 1]);
    assert.deepEqual(entries('largest_priority_wins = false;'), [3, 2, 1]);
  });

  it('gives an entry without a priority the one after the entry before it, once some entries have one (p4c)', () => {
    const entries = (props: string, list: string): (number | undefined)[] => {
      const p = ok(
        program({
          locals: `action a() {} table t { key = { meta.m8 : ternary; } actions = { a; } ${props}
            entries = { ${list} } }`,
        }),
      );
      return table(p, 'MyIngress.t').entryDecls.map((e) => e.priority);
    };
    const list = 'priority = 40: 1 &&& 1 : a(); 2 &&& 2 : a(); priority = 25: 4 &&& 4 : a(); 8 &&& 8 : a();';
    assert.deepEqual(entries('priority_delta = 10;', list), [40, 30, 25, 15]);
    // Smallest wins: raw 40, 50, 25, 35, stored so that higher wins.
    assert.deepEqual(entries('priority_delta = 10; largest_priority_wins = false;', list), [11, 1, 26, 16]);
  });

  it('ignores, with a warning, a selector key on a table without an implementation, as p4c does for bmv2', () => {
    const r = compileText(
      program({
        locals: 'action a() { } table t { key = { meta.m8: exact; meta.m16: selector; } actions = { a; } }',
        apply: 't.apply();',
      }),
    );
    assert.ok(r.ok);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.severity, d.message]),
      [['warning', "table 't': a 'selector' key without an action_selector implementation is ignored"]],
    );
    assert.deepEqual(
      r.p4info.tables[0]!.match_fields.map((f) => f.name),
      ['meta.m8'],
    );
  });

  it('takes const on single entries and priority = (expression), as P4_16 v1.2.4 writes them', () => {
    const p = ok(
      program({
        top: 'const bit<8> BASE = 20;',
        locals: `action a() {} table t { key = { meta.m8 : ternary; } actions = { a; }
          entries = { const priority = (BASE + 10): 1 &&& 1 : a(); 2 &&& 2 : a(); const 4 &&& 4 : a(); } }`,
      }),
    );
    const t = table(p, 'MyIngress.t');
    assert.deepEqual(
      t.entryDecls.map((e) => [e.priority, e.isConst]),
      [
        [30, true],
        [29, false],
        [28, true],
      ],
    );
    assert.equal(t.entriesAreConst, false);
  });

  it('honours @name on actions, absolute and relative', () => {
    const p = ok(src);
    const names = p.actions.map((a) => a.controlPlaneName);
    assert.ok(names.includes('MyIngress.renamed'));
    assert.ok(names.includes('global_drop'));
    assert.ok(names.includes('NoAction'));
  });

  it('defaults a table without default_action to NoAction()', () => {
    const t = table(ok(src), 'MyIngress.t_nodefault');
    assert.equal(t.defaultAction?.action?.name, 'NoAction');
    assert.equal(t.size, 1024);
  });

  it('resolves switch on action_run to the table actions', () => {
    const p = ok(
      program({
        locals: 'action a() {} action b() {} table t { key = { meta.m8 : exact; } actions = { a; b; } }',
        apply:
          'switch (t.apply().action_run) { a: { meta.m8 = 1; } default: { meta.m8 = 2; } } if (t.apply().hit) { exit; }',
      }),
    );
    const sw = applyStmts(p.main.ingress)[0] as SwitchStmt;
    assert.equal(sw.switchKind, 'action_run');
    assert.deepEqual(
      sw.cases.map((c) => c.actions?.map((a) => a?.name)),
      [['a'], [undefined]],
    );
    const iff = applyStmts(p.main.ingress)[1] as IfStmt;
    assert.ok(iff.cond.kind === 'member' && iff.cond.memberKind === 'table_hit');
    const call = iff.cond.expr;
    assert.ok(call.kind === 'call' && call.target?.kind === 'table_apply');
  });
});

describe('front-end: externs and calls', () => {
  const src = program({
    locals: `
      register<bit<32>>(1024) r;
      counter(64, CounterType.bytes) c;
      meter(8, MeterType.packets) mt;
      action a(bit<9> port) { standard_metadata.egress_spec = port; }
    `,
    apply: `
      r.read(meta.m32, 3);
      c.count((bit<32>)standard_metadata.ingress_port);
      hdr.ipv4.setInvalid();
      a(5);
      hash(meta.m16, HashAlgorithm.crc16, 16w0, { hdr.ipv4.src, hdr.ipv4.dst }, 32w65536);
      mark_to_drop(standard_metadata);
      mark_to_drop();
    `,
  });

  it('evaluates constructor arguments and type arguments of instances', () => {
    const p = ok(src);
    const byName = new Map(p.externInstances.map((i) => [i.name, i]));
    const r = byName.get('r') as InstanceDecl;
    assert.ok(r.type.kind === 'extern' && r.type.decl.name === 'register');
    assert.deepEqual(r.type.kind === 'extern' ? r.type.typeArgs : [], [{ kind: 'bit', width: 32 }]);
    assert.deepEqual(intConst(r.ctorArgs?.[0]), 1024n);
    const c = byName.get('c')!;
    assert.deepEqual(
      c.ctorArgs?.[1]?.constValue && c.ctorArgs[1].constValue.kind === 'enum'
        ? c.ctorArgs[1].constValue.member
        : '',
      'bytes',
    );
    assert.equal(c.controlPlaneName, 'MyIngress.c');
    assert.ok(byName.has('mt'));
  });

  it('resolves call targets and coerces arguments to parameter types', () => {
    const p = ok(src);
    const calls = (applyStmts(p.main.ingress) as CallStmt[]).map((s) => s.call);
    assert.ok(calls[0]!.target?.kind === 'extern_method' && calls[0]!.target.method === 'read');
    assert.deepEqual(calls[0]!.args?.[1]?.type, { kind: 'bit', width: 32 });
    assert.ok(calls[1]!.target?.kind === 'extern_method' && calls[1]!.target.extern.name === 'counter');
    assert.ok(calls[2]!.target?.kind === 'builtin' && calls[2]!.target.name === 'setInvalid');
    assert.ok(calls[3]!.target?.kind === 'action' && calls[3]!.target.decl.name === 'a');
    assert.deepEqual(calls[3]!.args?.[0]?.type, { kind: 'bit', width: 9 });
    assert.ok(calls[4]!.target?.kind === 'extern_function' && calls[4]!.target.decl.name === 'hash');
    assert.deepEqual(calls[4]!.typeArgValues?.[0], { kind: 'bit', width: 16 });
    assert.ok(calls[5]!.target?.kind === 'extern_function' && calls[5]!.target.decl.params.length === 1);
    assert.ok(calls[6]!.target?.kind === 'extern_function' && calls[6]!.target.decl.params.length === 0);
  });
});

describe('front-end: parsers', () => {
  it('resolves transitions and evaluates select keysets', () => {
    const p = ok(
      program({
        top: 'header hop_t { bit<1> bos; bit<15> port; }',
        meta: 'hop_t[4] hops;',
        start: `packet.extract(hdr.ethernet);
          transition select(hdr.ethernet.etherType, hdr.ethernet.src[7:0]) {
            (0x0800, _): parse_ipv4;
            (0x8100 &&& 0xEFFF, 1 .. 5): reject;
            default: accept;
          }`,
        states: `state parse_ipv4 { packet.extract(hdr.ipv4); meta.hops.push_front(1); transition select(hdr.ipv4.proto) { 6: accept; } }`,
      }),
    );
    const parser: ParserDecl = p.main.parser;
    const start = parser.states.find((s) => s.name === 'start')!;
    assert.equal(start.transition.kind, 'select');
    if (start.transition.kind !== 'select') return;
    const [c0, c1, c2] = start.transition.cases;
    assert.deepEqual(c0!.keyset, [{ kind: 'value', value: 0x800n }, { kind: 'default' }]);
    assert.equal(
      c0!.next,
      parser.states.find((s) => s.name === 'parse_ipv4'),
    );
    assert.deepEqual(c1!.keyset, [
      { kind: 'mask', value: 0x8100n & 0xefffn, mask: 0xefffn },
      { kind: 'range', low: 1n, high: 5n },
    ]);
    assert.equal(c1!.next, 'reject');
    assert.deepEqual(c2!.keyset, [{ kind: 'default' }, { kind: 'default' }]);
    assert.equal(c2!.next, 'accept');
  });

  it('handles stacks, lookahead, varbit extract, verify and value_set', () => {
    const p = ok(
      program({
        top: 'header hop_t { bit<1> bos; bit<15> port; } header opt_t { varbit<64> data; } error { Bad }',
        meta: 'hop_t[3] hops; opt_t opt;',
        start: 'packet.extract(hdr.ethernet); transition parse_hop;',
        states: `
          value_set<bit<8>>(4) vs;
          state parse_hop {
            packet.extract(meta.hops.next);
            verify(meta.hops.last.port != 0, error.Bad);
            bit<8> peek = packet.lookahead<bit<8>>();
            transition select(peek) { vs: parse_opt; 0 &&& 0x80: parse_hop; default: accept; }
          }
          state parse_opt { packet.extract(meta.opt, 32); packet.advance(8); transition accept; }`,
      }),
    );
    const st = p.main.parser.states.find((s) => s.name === 'parse_hop')!;
    const ext = st.stmts[0] as CallStmt;
    const arg = ext.call.args?.[0];
    assert.ok(arg?.kind === 'member' && arg.memberKind === 'stack_next');
    assert.ok(st.transition.kind === 'select' && st.transition.cases[0]!.keyset?.[0]?.kind === 'value_set');
    assert.equal(p.valueSets[0]?.size, 4);
    const verify = st.stmts[1] as CallStmt;
    assert.deepEqual(verify.call.args?.[1]?.constValue, { kind: 'error', name: 'Bad', code: 7 });
    const peek = st.stmts[2];
    assert.ok(peek?.kind === 'decl' && peek.decl.kind === 'variable');
    assert.deepEqual(peek.decl.init?.type, { kind: 'bit', width: 8 });
  });
});

describe('front-end: the kitchen-sink program', () => {
  const text = readFileSync(kitchenSinkPath, 'utf8');

  it('compiles', () => {
    ok(text);
  });

  it('folds constants defined through macros, slices, concatenation and saturation', () => {
    const p = ok(text);
    assert.deepEqual(constOf(p, 'HOPS').constValue, { kind: 'int', value: 4n });
    assert.deepEqual(constOf(p, 'FOLDED').constValue, { kind: 'int', value: 54n });
    assert.deepEqual(constOf(p, 'SLICED').constValue, { kind: 'int', value: 0xbn });
    assert.deepEqual(constOf(p, 'CONCAT').constValue, { kind: 'int', value: 0xa5bn });
    assert.deepEqual(constOf(p, 'NEG').constValue, { kind: 'int', value: -3n });
    assert.deepEqual(constOf(p, 'FLAG').constValue, { kind: 'bool', value: true });
  });

  it('resolves the header stack, union and serializable enum', () => {
    const p = ok(text);
    const hops = p.main.headersType.fields.find((f) => f.name === 'hops')!;
    assert.ok(hops.type.kind === 'stack' && hops.type.size === 4);
    const u = p.main.headersType.fields.find((f) => f.name === 'u')!;
    assert.equal(u.type.kind, 'header_union');
    const color = p.types.get('Color');
    assert.ok(color?.kind === 'enum');
    assert.deepEqual(color.kind === 'enum' ? color.decl.members.map((m) => m.value) : [], [1n, 2n, 16n]);
    const ipv4 = header(p, 'ipv4_t');
    assert.equal(ipv4.varbitField?.name, 'options');
    assert.equal(ipv4.bitWidth, 160);
  });

  it('resolves nested control application', () => {
    const p = ok(text);
    const stmts = applyStmts(p.main.ingress);
    const call = stmts.find(
      (s): s is CallStmt => s.kind === 'call' && s.call.target?.kind === 'control_apply',
    );
    assert.ok(call);
    assert.equal(call.call.target?.kind === 'control_apply' ? call.call.target.decl.name : '', 'Helper');
  });

  it('types a value switch with fall-through labels', () => {
    const p = ok(text);
    const iff = applyStmts(p.main.ingress).find(
      (s): s is IfStmt => s.kind === 'if' && s.cond.kind === 'unary',
    )!;
    const sw = (iff.then as BlockStmt).stmts[0] as SwitchStmt;
    assert.equal(sw.switchKind, 'value');
    assert.deepEqual(
      sw.cases.map((c) => c.labels.map((l) => (l.kind === 'dontcare' ? 'default' : intConst(l)))),
      [[6n, 17n], ['default']],
    );
  });

  it('lists controller headers', () => {
    const p = ok(text);
    assert.deepEqual(
      p.controllerHeaders.map((h) => [h.name, h.decl.name]),
      [['packet_in', 'packet_in_t']],
    );
  });
});
