// `mlt stf` exit status: 0 on pass, 1 on a failed expectation (with the diff), 2 when a file cannot be used.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPcap } from '../../target/pcap/index.js';
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

  it("--pcap writes what the test sent and what came out, per port, as p4c's runner leaves them", () => {
    const test = join(dir, 'two-ports.stf');
    // One frame routed out of port 1 (ipv4-routing.stf's first), and a non-IPv4 frame that mlt.p4 drops: port 0
    // sends two, port 1 sends one.
    writeFileSync(
      test,
      [
        'add MLTIngress.ipv4_route hdr.ipv4.dst_addr:0x0a01**** MLTIngress.route_to_port(port:1)',
        'packet 0 000000000002 000000000001 0800 4500 0020 0001 0000 4011 66c9 0a000001 0a010002 10002000 000c0000 00112233',
        'packet 0 000000000002 000000000001 0806 00',
        'expect 1 000000000002 000000000001 0800 4500 0020 0001 0000 3f11 67c9 0a000001 0a010002 10002000 000c0000 00112233$',
      ].join('\n'),
    );
    const caps = join(dir, 'caps');
    const r = runCli(['stf', PROGRAM, test, '--pcap', caps]);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.match(r.stderr, /captures: 2 file\(s\) in /);
    assert.deepEqual(readdirSync(caps).sort(), ['pcap0_in.pcap', 'pcap1_out.pcap']);
    const sent = readPcap(readFileSync(join(caps, 'pcap0_in.pcap')));
    assert.equal(sent.length, 2);
    assert.deepEqual(
      sent.map((f) => f.timeNs),
      [0, 1000],
    );
    assert.equal(Buffer.from(sent[1]!.data).toString('hex'), '000000000002000000000001080600');
    const out = readPcap(readFileSync(join(caps, 'pcap1_out.pcap')));
    assert.equal(out.length, 1);
    assert.equal(out[0]!.timeNs, 0, 'stamped with the packet that produced it');
    const routed =
      '000000000002 000000000001 0800 4500 0020 0001 0000 3f11 67c9 0a000001 0a010002 10002000 000c0000 00112233';
    assert.equal(Buffer.from(out[0]!.data).toString('hex'), routed.replace(/ /g, ''));

    const bad = runCli(['stf', PROGRAM, test, '--pcap', join(dir, 'two-ports.stf')]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /error: --pcap .*two-ports\.stf: EEXIST/);
  });
});
