// `mlt compile`, run as a user runs it.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './run-cli.js';
import { program } from '../../target/test/frontend/helpers.js';

describe('mlt compile', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-compile-'));
    writeFileSync(
      join(dir, 'good.p4'),
      program({
        top: '#include "defs.p4"\n#ifndef SIZE\n#error SIZE must be defined\n#endif',
        locals:
          'action a(bit<8> v) { meta.m8 = v; } table t { key = { hdr.ipv4.ttl : exact; } actions = { a; } size = SIZE; }',
        apply: 't.apply();',
      }),
    );
    writeFileSync(join(dir, 'defs.p4'), 'const bit<8> X = 1;\n');
    writeFileSync(join(dir, 'bad.p4'), program({ apply: 'meta.m8 = nope;\n        meta.m8 = meta.m16;' }));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the P4Info text to a file and exits 0', () => {
    const out = join(dir, 'good.p4info.txtpb');
    const r = runCli(['compile', join(dir, 'good.p4'), '--p4info', out, '-D', 'SIZE=300']);
    assert.equal(r.status, 0, r.stderr);
    const text = readFileSync(out, 'utf8');
    assert.match(text, /name: "MyIngress.t"/);
    assert.match(text, /size: 300/);
    // a, and NoAction: t has no default_action, so (as in p4c) NoAction is its @defaultonly default.
    assert.match(r.stdout, /ok \(1 tables, 2 actions/);
  });

  it('writes the P4Info to stdout with --p4info -', () => {
    const r = runCli(['compile', join(dir, 'good.p4'), '--p4info', '-', '-D', 'SIZE']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^# proto-file: p4\/config\/v1\/p4info.proto/);
    assert.match(r.stdout, /size: 1\n/);
  });

  it('exits 2 with file:line:col errors on stderr', () => {
    const r = runCli(['compile', join(dir, 'bad.p4')]);
    assert.equal(r.status, 2);
    const lines = r.stderr.trim().split('\n');
    assert.match(lines[0]!, /bad\.p4:\d+:\d+: error: undeclared name 'nope'$/);
    assert.match(lines[1]!, /bad\.p4:\d+:19: error: assignment: cannot convert bit<16> to bit<8>$/);
    assert.equal(lines[lines.length - 1], '2 errors');
  });

  it('exits 2 on #error when a required -D is missing', () => {
    const r = runCli(['compile', join(dir, 'good.p4')]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /good\.p4:\d+:1: error: #error SIZE must be defined/);
  });

  it('exits 2 for a missing file', () => {
    const r = runCli(['compile', join(dir, 'missing.p4')]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /cannot read .*missing\.p4: no such file/);
  });

  it('finds <includes> through -I', () => {
    writeFileSync(
      join(dir, 'uses_lib.p4'),
      program({ top: '#include <mylib.p4>', apply: 'meta.m8 = LIBVAL;' }),
    );
    const inc = mkdtempSync(join(tmpdir(), 'mlt-inc-'));
    writeFileSync(join(inc, 'mylib.p4'), 'const bit<8> LIBVAL = 3;\n');
    try {
      assert.equal(runCli(['compile', join(dir, 'uses_lib.p4')]).status, 2);
      const r = runCli(['compile', join(dir, 'uses_lib.p4'), '-I', inc]);
      assert.equal(r.status, 0, r.stderr);
    } finally {
      rmSync(inc, { recursive: true, force: true });
    }
  });
});
