// End-to-end: `mlt sim` as a user runs it (a child process on the CLI entry point, by path, not by import).
import assert from 'node:assert/strict';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { readPcap } from '../../target/pcap/index.js';
import { runCli } from './run-cli.js';

const example = fileURLToPath(new URL('../../configs/scenarios/incast-builtin.yaml', import.meta.url));
const mlt = runCli;

describe('mlt sim', function () {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-sim-cli-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** Writes a scenario of these lines, runs `mlt sim` on it, and expects it refused with status 2. */
  function refused(name: string, lines: string[]): { file: string; stderr: string } {
    const file = join(dir, name);
    writeFileSync(file, [...lines, ''].join('\n'));
    const r = mlt(['sim', file]);
    assert.equal(r.status, 2, r.stderr);
    return { file, stderr: r.stderr };
  }

  this.timeout(120_000);

  it('prints identical JSON on two runs and a table by default', () => {
    const a = mlt(['sim', example, '--json']);
    assert.equal(a.status, 0, a.stderr);
    const b = mlt(['sim', example, '--json']);
    assert.equal(b.stdout, a.stdout);
    const report = JSON.parse(a.stdout) as { traffic: { sent: number; received: number; lost: number }[] };
    assert.equal(report.traffic[0]!.sent, 15 * 200);
    assert.equal(report.traffic[0]!.sent - report.traffic[0]!.received, report.traffic[0]!.lost);
    const other = mlt(['sim', example, '--json', '--seed', '8']);
    assert.equal(other.status, 0, other.stderr);
    assert.equal((JSON.parse(other.stdout) as { seed: number }).seed, 8);
    // Seeds are 32 bits, as in the file: a larger one used to round silently.
    const huge = mlt(['sim', example, '--seed', '4294967296']);
    assert.equal(huge.status, 2, huge.stderr);
    assert.match(huge.stderr, /expected an integer from 0 to 4294967295/);
    const t = mlt(['sim', example]);
    assert.equal(t.status, 0, t.stderr);
    assert.match(t.stdout, /^Queues/m);
    assert.match(t.stdout, /^Links/m);
    assert.match(t.stdout, /switch-hops\/s/);
  });

  it('exits with status 2 and a located message for a bad scenario', () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'duration: 1ms\ntopology: {}\npipeline: { builtin: {} }\ntraffic: []\n');
    const r = mlt(['sim', file]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /bad\.yaml:2:\d+: topology: /);
    assert.equal(r.stdout, '');
    const endless = join(dir, 'endless.yaml');
    writeFileSync(endless, readFileSync(example, 'utf8').replace('duration: 400us', 'duration: 1e30s'));
    const e = mlt(['sim', endless]);
    assert.equal(e.status, 2);
    assert.match(e.stderr, /endless\.yaml:\d+:\d+: duration: 1e30s is beyond the simulator's clock/);
  });

  it("numbers a scenario's table entries as its file does, after the fabric's entries are added", () => {
    // The fabric's policy adds hundreds of entries ahead of the file's own; an error once named the first of
    // the file's entries tables[377], with no line.
    const small = fileURLToPath(new URL('../../configs/fabrics/small.yaml', import.meta.url));
    const { stderr } = refused('fabric-bad-entry.yaml', [
      'duration: 10us',
      'switch: { model: commodity }',
      `fabric: ${JSON.stringify(small)}`,
      'tables:',
      '  - { table: MLTIngress.dscp_to_priority, match: { hdr.ipv4.dscp: 8 }, action: MLTIngress.set_priority, params: { priority: 1 } }',
      '  - { table: MLTIngress.nope, action: NoAction }',
      'traffic: []',
    ]);
    assert.match(
      stderr,
      /fabric-bad-entry\.yaml:6:5: tables\[1\]: unknown table 'MLTIngress\.nope' \(on spine0\)/,
    );
  });

  it('stops with status 2 when a host offers more than its link carries for longer than a burst', () => {
    // Before the NIC's bound the frames piled up without end: gigabytes within seconds, then out of memory.
    const { stderr, file } = refused('outrun.yaml', [
      'duration: 1s',
      'topology: { leafSpine: { spines: 1, leaves: 1, hostsPerLeaf: 2, link: { rate: 10Gbps } } }',
      'pipeline: { builtin: {} }',
      'traffic: [{ kind: flow, src: h0.0, dst: h0.1, rate: 1e300 }]',
    ]);
    assert.match(
      stderr,
      /outrun\.yaml: host h0\.0: 65536 frames are waiting for its NIC: its traffic offers more than its link carries \(10 Gb\/s\) for longer than a burst/,
    );
    assert.doesNotMatch(stderr, /internal error|\n\s+at /);
    // A burst far beyond the link's rate, but of bounded size, is queued and sent at the link's pace.
    writeFileSync(file, readFileSync(file, 'utf8').replace('rate: 1e300', 'rate: 1e300, packets: 50000'));
    const burst = mlt(['sim', file, '--json']);
    assert.equal(burst.status, 0, burst.stderr);
    const report = JSON.parse(burst.stdout) as { traffic: { sent: number; received: number }[] };
    assert.equal(report.traffic[0]!.received, 50000);
  });

  it('--thresholds installs the solver thresholds, and the scenario entries win', () => {
    const scenario = fileURLToPath(new URL('../../configs/scenarios/mlt-thresholds.yaml', import.meta.url));
    const solveConfig = fileURLToPath(new URL('../../configs/solve-resnet50.yaml', import.meta.url));
    type Q = { switch: string; port: number; queue: number; droppedUnimportant: number; ecnMarked: number };
    const plain = mlt(['sim', scenario, '--json']);
    const solved = mlt(['sim', scenario, '--json', '--thresholds', solveConfig]);
    assert.equal(plain.status, 0, plain.stderr);
    assert.equal(solved.status, 0, solved.stderr);
    const pick = (out: string): Q =>
      (JSON.parse(out) as { queues: Q[] }).queues.find((q) => q.switch === 'leaf1' && q.port === 1)!;
    assert.deepEqual(pick(solved.stdout), pick(plain.stdout));
    assert.ok(pick(plain.stdout).droppedUnimportant > 0);
    const bad = mlt(['sim', scenario, '--thresholds', '/nonexistent/solve.yaml']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /nonexistent\/solve\.yaml/);
  });

  it('--pcap writes every switch port it used, and the report stays the same', () => {
    const caps = join(dir, 'caps');
    const r = mlt(['sim', example, '--json', '--pcap', caps]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, mlt(['sim', example, '--json']).stdout);
    const files = readdirSync(caps).sort();
    assert.match(r.stderr, new RegExp(`captures: ${files.length} file\\(s\\) in `));
    assert.ok(
      files.every((f) => /^[a-z0-9]+-eth\d+_(in|out)\.pcap$/.test(f)),
      files.join(' '),
    );
    // What the receiver's switch port sent: every packet the report says arrived (hosts drop nothing).
    const report = JSON.parse(r.stdout) as { traffic: { received: number }[] };
    const total = files
      .filter((f) => f.endsWith('_out.pcap'))
      .reduce((n, f) => n + readPcap(readFileSync(join(caps, f))).length, 0);
    assert.ok(
      total >= report.traffic[0]!.received,
      `${total} frames out, ${report.traffic[0]!.received} received`,
    );

    const bad = mlt(['sim', example, '--pcap', example]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^error: --pcap .*incast-builtin\.yaml: EEXIST/);

    // Every capture file on a full disk (/dev/full): the first write that fails is reported, and closing the
    // others, which fail too, neither hides it nor turns it into an internal error.
    const full = join(dir, 'full');
    mkdirSync(full);
    for (const f of files) symlinkSync('/dev/full', join(full, f));
    const nospace = mlt(['sim', example, '--pcap', full]);
    assert.equal(nospace.status, 2, nospace.stderr);
    assert.match(nospace.stderr, /^error: --pcap .*full: .*\.pcap: ENOSPC/);
    assert.doesNotMatch(nospace.stderr, /internal error/);
  });
});
