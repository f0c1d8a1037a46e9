// STF syntax: every command form, wildcards, and located errors.
import assert from 'node:assert/strict';
import { parseNumber, parseStf, StfSyntaxError } from '../../stf/parser.js';

describe('stf/parser', () => {
  it('parses add with priority, ternary, lpm (both forms), range and an entry handle', () => {
    const [a, b, c] = parseStf(
      [
        '# comment',
        'add MyIngress.acl 10 hdr.ipv4.dscp:0x2e&&&0x3f hdr.ipv4.dstAddr:0x0a****** MyIngress.set_prio(p:3, q:0x10) = H1',
        'add MyIngress.route hdr.ipv4.dstAddr:0x0a000000/8 MyIngress.fwd(port:2)  # trailing comment',
        'add t meta.port:100..200 NoAction()',
      ].join('\n'),
    );
    assert.equal(a.kind, 'add');
    if (a.kind !== 'add' || b.kind !== 'add' || c.kind !== 'add') return;
    assert.equal(a.line, 2);
    assert.equal(a.priority, 10);
    assert.equal(a.handle, 'H1');
    assert.equal(a.table, 'MyIngress.acl');
    assert.deepEqual(a.keys[0].value.kind, 'ternary');
    const lpmish = a.keys[1].value;
    assert.equal(lpmish.kind, 'number');
    if (lpmish.kind === 'number') {
      assert.equal(lpmish.num.value, 0x0a000000n);
      assert.equal(lpmish.num.careMask, 0xff000000n);
      assert.equal(lpmish.num.bits, 32);
    }
    assert.deepEqual(a.action, {
      name: 'MyIngress.set_prio',
      args: [
        { name: 'p', value: { value: 3n, text: '3' } },
        { name: 'q', value: { value: 16n, careMask: undefined, bits: 8, text: '0x10' } },
      ],
    });
    assert.equal(b.priority, undefined);
    assert.deepEqual(b.keys[0].value.kind === 'lpm' && b.keys[0].value.prefixLen, 8);
    assert.equal(c.keys[0].value.kind, 'range');
  });

  it('parses packet, expect with wildcards and $, and the other commands', () => {
    const cmds = parseStf(
      [
        'packet 0 0102 03 04',
        'expect 1 01** 0304 $',
        'expect 2',
        'wait',
        'setdefault MyIngress.t MyIngress.drop()',
        'check_counter MyIngress.c(3) bytes == 128',
        'check_counter MyIngress.dc(H1) packets >= 1',
        'register_write MyIngress.r 2 0x10',
        'register_read MyIngress.r 2 16',
        'mirroring_add 5 3',
        'mc_mgrp_create 1',
        'mc_node_create 0 1 2',
        'mc_node_associate 1 0',
      ].join('\n'),
    );
    assert.deepEqual(cmds[0], { kind: 'packet', line: 1, port: 0, data: Uint8Array.of(1, 2, 3, 4) });
    assert.deepEqual(cmds[1], {
      kind: 'expect',
      line: 2,
      port: 1,
      pattern: { nibbles: '01**0304', exact: true },
    });
    assert.deepEqual(cmds[2], { kind: 'expect', line: 3, port: 2, pattern: undefined });
    assert.equal(cmds[3].kind, 'wait');
    assert.equal(cmds[4].kind, 'setdefault');
    assert.deepEqual(cmds[5], {
      kind: 'check_counter',
      line: 6,
      counter: 'MyIngress.c',
      index: 3,
      field: 'bytes',
      op: '==',
      value: 128n,
    });
    assert.equal(cmds[6].kind === 'check_counter' && cmds[6].index, 'H1');
    assert.deepEqual(cmds[7], {
      kind: 'register_write',
      line: 8,
      register: 'MyIngress.r',
      index: 2,
      value: 16n,
    });
    assert.deepEqual(cmds[8], {
      kind: 'register_read',
      line: 9,
      register: 'MyIngress.r',
      index: 2,
      value: 16n,
    });
    assert.deepEqual(cmds[11], { kind: 'mc_node_create', line: 12, rid: 0, ports: [1, 2] });
  });

  it("reads names in double quotes, as P4Testgen's STF back end writes them", () => {
    const [a, d, r, k, odd] = parseStf(
      [
        'add "ingress.acl" 3 "hdr.h.isValid()":0x1 "hdr.h.f":0b10** "ingress.set"("port":0x001,"v":0x2)',
        'setdefault "ingress.t" "ingress.drop"()',
        'register_write "ingress.r" 0 7',
        'check_counter "ingress.c"(1) packets == 2  # a comment',
        'setdefault "ingress.#t()" "NoAction"()',
      ].join('\n'),
    );
    assert.deepEqual(a?.kind === 'add' && [a.table, a.priority, a.keys.map((x) => x.name), a.action.name], [
      'ingress.acl',
      3,
      ['hdr.h.isValid()', 'hdr.h.f'],
      'ingress.set',
    ]);
    assert.deepEqual(a?.kind === 'add' && a.action.args.map((x) => [x.name, x.value.value]), [
      ['port', 1n],
      ['v', 2n],
    ]);
    assert.deepEqual(d?.kind === 'setdefault' && [d.table, d.action.name], ['ingress.t', 'ingress.drop']);
    assert.equal(r?.kind === 'register_write' && r.register, 'ingress.r');
    assert.equal(k?.kind === 'check_counter' && k.counter, 'ingress.c');
    // `#` and parentheses inside quotes belong to the name (p4c allows any @name).
    assert.equal(odd?.kind === 'setdefault' && odd.table, 'ingress.#t()');
  });

  it('numbers: decimal, hex, binary with wildcards', () => {
    assert.equal(parseNumber('42', 1).value, 42n);
    assert.equal(parseNumber('0b10*1', 1).careMask, 0b1101n);
    assert.throws(() => parseNumber('0xZZ', 7), /line 7/);
  });

  it('reads a lone last hex digit of packet data as a byte of its own value, as p4c does', () => {
    const [c] = parseStf('packet 0 01 2');
    assert.deepEqual(c?.kind === 'packet' ? [...c.data] : undefined, [0x01, 0x02]);
  });

  it('reports errors with their line numbers', () => {
    const bad = (text: string, line: number, re: RegExp): void => {
      assert.throws(
        () => parseStf(text),
        (e: unknown) => e instanceof StfSyntaxError && e.line === line && re.test(e.message),
      );
    };
    bad('wait\nfrobnicate 1', 2, /unknown command/);
    bad('packet x 00', 1, /bad port/);
    bad('\n\npacket 0 0g', 3, /bad packet data/);
    bad('add t k:1 act(p=3)', 1, /bad action argument/);
    bad('add t k:1', 1, /missing ACTION/);
    bad('expect 1 01xx', 1, /bad expected packet data/);
    bad('check_counter c', 1, /usage/);
  });
});
