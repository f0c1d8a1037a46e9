// `mlt stf` exit status: 0 on pass, 1 on a failed expectation (with the diff), 2 when a file cannot be used.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from './run-cli.js';

const PROGRAM = fileURLToPath(new URL('../../p4/mlt.p4', import.meta.url));
const PASSING = fileURLToPath(new URL('../../bmv2-tests/ipv4-routing.stf', import.meta.url));

describe('mlt stf', function () {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-stf-cli-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  this.timeout(120_000);

  it('exits 0 on pass, 1 on fail with the diff, 2 on load errors', () => {
    const r0 = runCli(['stf', PROGRAM, PASSING]);
    assert.equal(r0.status, 0, r0.stderr + r0.stdout);
    assert.match(r0.stdout, /PASS/);

    const failing = join(dir, 'fail.stf');
    // A non-IPv4 frame is counted and dropped by mlt.p4, so expecting it on port 5 must fail.
    writeFileSync(failing, 'packet 0 000000000002 000000000001 0806 00\nexpect 5 00\n');
    const r1 = runCli(['stf', PROGRAM, failing]);
    assert.equal(r1.status, 1, r1.stderr);
    assert.match(r1.stdout, /FAIL[\s\S]*port 5/);

    const r2 = runCli(['stf', join(dir, 'missing.p4'), PASSING]);
    assert.equal(r2.status, 2);
    assert.match(r2.stderr, /error:/);
  });

  it('warns on stderr, with the line, when a file changes state after a packet; the exit status stays', () => {
    const late = join(dir, 'late.stf');
    writeFileSync(
      late,
      'packet 0 000000000002 000000000001 0806 00\nsetdefault MLTIngress.other_ethertype MLTIngress.drop_non_ip()\n',
    );
    const r = runCli(['stf', PROGRAM, late]);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /PASS/);
    assert.match(r.stderr, /late\.stf:2: warning: 'setdefault' after the first packet \(line 1\)/);
    const clean = runCli(['stf', PROGRAM, PASSING]);
    assert.equal(clean.stderr, '');
  });
});
