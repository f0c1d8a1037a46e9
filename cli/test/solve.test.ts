import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './run-cli.js';

interface SolveJson {
  model: string;
  method: string;
  objective: number;
  queues: {
    queue: number;
    role: string;
    layers: number[];
    rho: number | null;
    S: number;
    L: number;
    lossSmall: number;
    lossLarge: number;
    cost: number;
  }[];
}

describe('mlt solve', function () {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-solve-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  this.timeout(120_000); // each case spawns the CLI, slow on a loaded machine
  it('prints the documented JSON with --json', () => {
    const r = runCli(['solve', 'configs/solve-resnet50.yaml', '--json', '--model', 'paper']);
    assert.equal(r.status, 0, r.stderr);
    const s = JSON.parse(r.stdout) as SolveJson;
    assert.equal(s.model, 'paper');
    assert.ok(s.method === 'greedy' || s.method === 'dp');
    assert.deepEqual(
      s.queues.map((q) => q.queue),
      [7, 6, 5, 4, 3, 2, 1, 0],
    );
    assert.equal(s.queues[0]!.role, 'control');
    assert.ok(s.queues.slice(1).every((q) => q.role === 'data'));
    assert.deepEqual(
      s.queues.flatMap((q) => q.layers),
      Array.from({ length: 18 }, (_, i) => i),
    );
    for (const q of s.queues) {
      for (const key of ['rho', 'S', 'L', 'lossSmall', 'lossLarge', 'cost'] as const)
        assert.equal(typeof q[key], 'number', `${key} of queue ${q.queue}`);
      assert.ok(q.S <= q.L);
    }
    const data = s.queues.filter((q) => q.role === 'data');
    assert.ok(data.reduce((a, q) => a + q.L, 0) <= 350);
    const sum = data.reduce((a, q) => a + q.cost, 0);
    assert.ok(Math.abs(sum - s.objective) <= 1e-12 * Math.max(1, s.objective));
  });

  it('the exact model and the dp method give the same optimum as auto', () => {
    const auto = JSON.parse(runCli(['solve', 'configs/solve-inline.yaml', '--json']).stdout) as SolveJson;
    const dp = JSON.parse(
      runCli(['solve', 'configs/solve-inline.yaml', '--json', '--method', 'dp']).stdout,
    ) as SolveJson;
    assert.equal(auto.model, 'exact');
    assert.equal(dp.method, 'dp');
    assert.ok(Math.abs(auto.objective - dp.objective) <= 1e-9 * dp.objective);
  });

  it('prints a table by default', () => {
    const r = runCli(['solve', 'configs/solve-inline.yaml']);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.match(lines[0]!, /optimal thresholds, method (greedy|dp), exact model, objective /);
    assert.match(lines[1]!, /^queue\s+role\s+layers\s+rho\s+S\s+L\s+loss small\s+loss large\s+cost$/);
    assert.match(lines[2]!, /^\s*3\s+control\s/);
    assert.equal(lines.length, 6);
  });

  it('evaluates the DLCP policy', () => {
    const r = runCli([
      'solve',
      'configs/solve-inline.yaml',
      '--json',
      '--policy',
      'dlcp',
      '--base',
      '4',
      '--step',
      '0.5',
    ]);
    assert.equal(r.status, 0, r.stderr);
    const s = JSON.parse(r.stdout) as SolveJson;
    assert.equal(s.method, 'dlcp');
    assert.deepEqual(
      s.queues.slice(1).map((q) => [q.S, q.L]),
      [
        [4, 20],
        [6, 20],
        [8, 20],
      ],
    );
    const missing = runCli(['solve', 'configs/solve-inline.yaml', '--policy', 'dlcp']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /needs --base T and --step d/);
    const stray = runCli(['solve', 'configs/solve-inline.yaml', '--base', '4']);
    assert.equal(stray.status, 2);
    assert.match(stray.stderr, /only apply with --policy dlcp/);
  });

  it('exits 2 with the config error on a bad config', () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'switch: { bufferPackets: -3 }\ntraffic: { load: 1 }\nmodel: { profile: vgg16 }\n');
    const r = runCli(['solve', bad]);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.trim(), `${bad}:1:26: switch.bufferPackets: must be >= 0`);
    const absent = runCli(['solve', join(dir, 'nope.yaml')]);
    assert.equal(absent.status, 2);
    assert.match(absent.stderr, /nope\.yaml: cannot read: no such file/);
  });

  it('rejects unknown option values as usage errors', () => {
    const r = runCli(['solve', 'configs/solve-inline.yaml', '--model', 'fluid']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /Allowed choices are paper, exact, port/);
  });

  it('solves under the port model, and says why the separable-only methods do not apply', () => {
    const r = runCli(['solve', 'configs/solve-validate-small.yaml', '--model', 'port', '--json']);
    assert.equal(r.status, 0, r.stderr);
    const s = JSON.parse(r.stdout) as SolveJson & { notes: string[] };
    assert.equal(s.model, 'port');
    assert.equal(s.method, 'local');
    const data = s.queues.filter((q) => q.role === 'data');
    assert.ok(data.reduce((a, q) => a + q.L, 0) <= 12);
    assert.ok(Math.abs(data.reduce((a, q) => a + q.cost, 0) - s.objective) < 1e-12);
    assert.match(s.notes.join('\n'), /local search from 4 starts/);
    const dp = runCli(['solve', 'configs/solve-validate-small.yaml', '--model', 'port', '--method', 'dp']);
    assert.equal(dp.status, 2);
    assert.match(dp.stderr, /--method dp needs a cost that is separable across queues/);
    const big = runCli(['solve', 'configs/solve-resnet50.yaml', '--model', 'port', '--port-engine', 'chain']);
    assert.equal(big.status, 2);
    assert.match(big.stderr, /the full port chain would have \d+ states/);
  });
});
