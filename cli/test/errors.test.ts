// The CLI's one error path (issue 14): bad input is a message and exit 2, never a stack; anything else is
// an internal error printed with its stack, marked as a bug, exit 70.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../config-file/index.js';
import { PacketAborted } from '../../target/engine/index.js';
import { PROGRAM_PATH } from '../../target/test/p4runtime/harness.js';
import { EXIT_BAD_INPUT, EXIT_INTERNAL, reportError, UserInputError } from '../errors.js';
import { runCli } from './run-cli.js';

const STACK_LINE = /^\s+at /m;

describe('mlt: one error path at the CLI boundary', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-errors-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('maps user-input errors to exit 2 with their message and nothing else', () => {
    for (const e of [
      new UserInputError('bad thing'),
      new ConfigError([{ file: 'a.yaml', path: 'x', line: 3, col: 4, message: 'must be >= 1' }]),
      // The P4 program stopped a packet (assert, endless loop): the program's doing, not mlt's.
      new PacketAborted('assert at prog.p4:12 failed'),
    ]) {
      let out = '';
      assert.equal(
        reportError(e, (s) => (out += s)),
        EXIT_BAD_INPUT,
      );
      assert.match(out, /^error: /);
      assert.doesNotMatch(out, STACK_LINE);
    }
  });

  it('mlt stf on a program that aborts a packet: the test fails (exit 1) at that line, no stack', () => {
    const program = join(dir, 'abort.p4');
    const text = readFileSync(PROGRAM_PATH, 'utf8');
    const marked = text.replace(/apply \{/, 'apply { assert(false);');
    assert.notEqual(marked, text);
    writeFileSync(program, marked);
    const test = join(dir, 'abort.stf');
    writeFileSync(test, 'packet 0 000000000002 000000000001 0800 00\nexpect 1 00\n');
    const r = runCli(['stf', program, test]);
    assert.equal(r.status, 1, r.stderr);
    assert.match(
      r.stdout,
      /abort\.stf:1: the program aborted this packet \(assert at .*abort\.p4:\d+ failed\)/,
    );
    assert.doesNotMatch(r.stdout + r.stderr, STACK_LINE);
  });

  it('prints any other error as an internal error with its stack, exit 70', () => {
    let out = '';
    assert.equal(
      reportError(new TypeError('x is undefined'), (s) => (out += s)),
      EXIT_INTERNAL,
    );
    assert.match(out, /^internal error \(a bug in mlt; please report it/);
    assert.match(out, STACK_LINE);
  });

  it('usage errors exit 2: a non-loopback --grpc, an unknown option, a bad number', () => {
    for (const args of [
      ['target', '--p4', PROGRAM_PATH, '--grpc', '0.0.0.0:9559'],
      ['compile', PROGRAM_PATH, '--no-such-option'],
      ['target', '--p4', PROGRAM_PATH, '--device-id', '-1'],
    ]) {
      const r = runCli(args);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, STACK_LINE);
    }
  });

  it('a program or STF test that is a FIFO or a device exits 2 at once instead of blocking or reading forever', () => {
    // `mlt compile /dev/zero` and `mlt stf` of a FIFO once never returned; only `mlt target` was guarded.
    const fifo = join(dir, 'prog.p4');
    execFileSync('mkfifo', [fifo]);
    const program = fileURLToPath(new URL('../../p4/mlt.p4', import.meta.url));
    const test = fileURLToPath(new URL('../../bmv2-tests/spray.stf', import.meta.url));
    for (const args of [
      ['compile', fifo],
      ['stf', fifo, test],
      ['stf', program, fifo],
      ['target', '--p4', fifo, '--grpc', '127.0.0.1:0'],
      ['compile', '/dev/zero'],
      ['stf', program, '/dev/zero'],
    ]) {
      const r = runCli(args);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /cannot read (the STF test|\S+): not a regular file/, args.join(' '));
    }
  });

  it('mlt target --p4 compiles in the sandbox: a sibling header needs --include-dir', () => {
    const main = join(dir, 'main.p4');
    writeFileSync(join(dir, 'secret.h'), 'SECRET_CONTENT_99\n');
    writeFileSync(main, '#include "secret.h"\n#include <core.p4>\n');
    const r = runCli(['target', '--p4', main, '--grpc', '127.0.0.1:0']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /cannot include 'secret\.h'/);
    assert.doesNotMatch(r.stderr, /SECRET_CONTENT_99/);
    assert.doesNotMatch(r.stderr, STACK_LINE);
  });

  it('mlt solve refuses an alias bomb and a 5 MB file: exit 2, located, no stack, fast', () => {
    const bomb = join(dir, 'bomb.yaml');
    const levels = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i <= 9; i++)
      levels.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    writeFileSync(bomb, `${levels.join('\n')}\n`);
    const big = join(dir, 'big.yaml');
    writeFileSync(big, 'switch: { bufferPackets: 100 }\n' + '# padding\n'.repeat(520_000));
    for (const [file, what] of [
      [bomb, /bomb\.yaml:2:\d+: aliases expand too much/],
      [big, /big\.yaml: the file is \d+ bytes; config files are limited to/],
    ] as const) {
      const t0 = Date.now();
      const r = runCli(['solve', file]);
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, what);
      assert.doesNotMatch(r.stderr, STACK_LINE);
      assert.ok(Date.now() - t0 < 20_000);
    }
  });

  it('a reader that closes the pipe early ends the command quietly (no internal error)', () => {
    const entry = fileURLToPath(new URL('../mlt.ts', import.meta.url));
    const solve = fileURLToPath(new URL('../../configs/solve-resnet50.yaml', import.meta.url));
    const mlt = [process.execPath, '--import', 'tsx', '--conditions=development', entry];
    const quoted = [...mlt, 'solve', solve, '--json'].map((a) => `'${a}'`).join(' ');
    // `true` exits at once, so mlt writes its report into a pipe nobody reads.
    const r = spawnSync('bash', ['-c', `set -o pipefail; ${quoted} 2>"$0" | true`, join(dir, 'err')], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    const stderr = execFileSync('cat', [join(dir, 'err')], { encoding: 'utf8' });
    assert.doesNotMatch(stderr, /internal error/);
    assert.equal(r.status, 0, stderr);
  });

  it('commands report missing files as exit 2 without a stack', () => {
    const missing = join(dir, 'missing');
    for (const args of [
      ['stf', PROGRAM_PATH, `${missing}.stf`],
      ['compile', `${missing}.p4`],
      ['solve', `${missing}.yaml`],
      ['sim', `${missing}.yaml`],
    ]) {
      const r = runCli(args);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, STACK_LINE);
    }
  });
});
