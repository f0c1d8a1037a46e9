// `mlt experiment` on a tiny fabric: the report's numbers, the chart, and the command end to end.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  experimentChart,
  loadExperiment,
  runExperiment,
  type ExperimentReport,
} from '../experiment/index.js';
import { runInWorkers } from '../experiment/pool.js';
import { losslessSwitchHops, plannedRuns, runOne, SWITCH_HOP_BUDGET } from '../experiment/run.js';
import { ConfigError } from '../../config-file/index.js';
import { runCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mlt-experiment-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** 2 spines, 2 leaves of one worker and one server, ResNet50 at 0.1%. */
const TINY = `name: tiny
seed: 5
topology:
  spines: 2
  leaves: 2
  hostsPerLeaf: 2
  link: { rate: 100Gbps, delay: 3us }
workload:
  model: { profile: resnet50, scale: 0.001 }
  iterations: 3
transports:
  mlt: { lossBounds: [0, 0.1] }
  tcp: { rtoMin: 10ms }
lossyLink: { leaf: 0, spine: 0, lossRate: 0.2 }
`;

function write(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

/** Checks that the tags of an XML document nest properly (enough to catch a broken SVG). */
function assertWellFormed(xml: string): void {
  const stack: string[] = [];
  for (const m of xml.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, close, name, self] = m;
    if (self) continue;
    if (close) assert.equal(stack.pop(), name, `</${name}> closes <${stack[stack.length] ?? ''}>`);
    else stack.push(name!);
  }
  assert.deepEqual(stack, []);
}

describe('mlt experiment', function () {
  this.timeout(120_000);
  let report: ExperimentReport;

  before(async () => {
    report = await runExperiment(loadExperiment(write('tiny.yaml', TINY)));
  });

  it('runs every configuration, clean and lossy, and MLT once more on bmv2', () => {
    assert.deepEqual(
      report.runs.map((r) => r.label),
      [
        'baseline (commodity)',
        'baseline (commodity) lossy',
        'DLCP (commodity) p=0%',
        'DLCP (commodity) p=10%',
        'DLCP (commodity) lossy p=0%',
        'DLCP (commodity) lossy p=10%',
        'MLT (commodity) p=0%',
        'MLT (commodity) p=10%',
        'MLT (commodity) lossy p=0%',
        'MLT (commodity) lossy p=10%',
        'MLT (bmv2) p=0%',
        'MLT (bmv2) p=10%',
        'MLT (bmv2) lossy p=0%',
        'MLT (bmv2) lossy p=10%',
      ],
    );
    for (const r of report.runs) {
      assert.ok(r.complete, r.label);
      assert.equal(r.iterationsUs.length, 3);
      const sorted = [...r.iterationsUs].sort((a, b) => a - b);
      assert.equal(r.iterationP50Us, sorted[1]);
      assert.equal(r.iterationP99Us, sorted[2]);
      // The simulated time ends with the last iteration: three iterations back to back (no compute gap here).
      const iterations = r.iterationsUs.reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(r.simulatedUs - iterations) < 1e-6, `${r.label}: ${r.simulatedUs} us`);
    }
  });

  it('configures every switch through the controller over P4Runtime', () => {
    const pushed = (label: string): number => report.runs.find((r) => r.label === label)!.entriesPushed;
    const routing = pushed('baseline (commodity)');
    assert.ok(routing > 0);
    // DLCP and MLT add DSCP -> priority on 4 switches (8 each) and thresholds for 7 data queues on each of the
    // 12 switch ports (leaves: 2 hosts + 2 spines, spines: 2 leaves); the lossy link is one entry more.
    assert.equal(pushed('MLT (commodity) p=0%'), routing + 4 * 8 + 12 * 7);
    assert.equal(pushed('DLCP (commodity) p=0%'), routing + 4 * 8 + 12 * 7);
    assert.equal(pushed('MLT (bmv2) lossy p=0%'), routing + 4 * 8 + 12 * 7 + 1);
    assert.equal(pushed('baseline (commodity) lossy'), routing + 1);
  });

  it('reports the numbers the runs measured', () => {
    // ResNet50 at 0.1%: 102 KB of gradients, 71 packets of 1442 payload bytes, 83 with each layer rounded up.
    assert.equal(report.model.packetsPerWorker, 83);
    assert.deepEqual(
      report.layerGroups.map((g) => g.queue),
      [6, 5, 4, 3, 2, 1, 0],
    );
    const baseline = report.runs[0]!;
    // One worker per leaf pushes to both servers: nothing congests, nothing is lost, no timeout.
    assert.equal(baseline.timeouts, 0);
    for (const g of baseline.loss) assert.equal(g.importantLost + g.unimportantLost, 0);
    // Every packet crossed queue 0 (the baseline has one queue); the spines see only the cross-leaf half.
    assert.deepEqual(
      baseline.queueDelay.map((q) => q.queue),
      [0],
    );
    const sent = baseline.loss.reduce((s, g) => s + g.importantSent + g.unimportantSent, 0);
    assert.equal(sent, 2 * 2 * 83 * 3, 'two workers push and get back 83 packets, 3 times');
    // The lossy uplink (20%) costs the baseline a timeout each iteration at least, and MLT only round trips.
    const lossy = report.runs[1]!;
    assert.ok(lossy.timeouts >= 3);
    assert.ok(lossy.iterationP50Us >= 10_000, `${lossy.iterationP50Us} us`);
    const mltLossy = report.runs.find((r) => r.label === 'MLT (commodity) lossy p=0%')!;
    assert.ok(
      mltLossy.retransmissions > 0 && mltLossy.iterationP99Us < 1000,
      `${mltLossy.iterationP99Us} us`,
    );
    // MLT sprays packet by packet, round robin: both spines carry the same number of packets, and the bytes
    // differ only as far as small control frames and full data frames happen to alternate.
    const mlt = report.runs.find((r) => r.label === 'MLT (commodity) p=0%')!;
    assert.ok(mlt.spineBalance.up < 1.25 && mlt.spineBalance.down < 1.25, JSON.stringify(mlt.spineBalance));
    // The thresholds the report lists are the ones the solver and DLCP's sequence give.
    const dlcp = report.thresholds.filter((t) => t.configuration === 'dlcp');
    assert.deepEqual(
      dlcp.map((t) => t.S),
      [20, 30, 40, 50, 50, 50, 50],
    );
    assert.ok(dlcp.every((t) => t.L === 50 && t.installedL === 49));
  });

  it('draws the comparison as a well-formed SVG', async () => {
    const svg = await experimentChart(report);
    assert.match(svg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assertWellFormed(svg);
    for (const text of [
      'DLCP (commodity)',
      'MLT (bmv2)',
      'loss-tolerant bound p = 10%',
      'iteration time, ms',
      // The baseline has no loss-tolerant bound, so the chart says why it stands unchanged in both panels.
      'the same runs in each panel',
    ])
      assert.ok(svg.includes(text), text);
    assert.ok(!svg.includes('NaN'));
    // Bars and ticks are rect marks, written as paths `M x,y h WIDTH v HEIGHT ...`: each must have a width,
    // and the configurations must stand side by side (a band scale without a range puts them all at 0).
    const rects = [...svg.matchAll(/<g class="mark-rect[^>]*>(.*?)<\/g>/g)].flatMap((g) => [
      ...g[1]!.matchAll(/d="M(-?[\d.]+),-?[\d.]+h(-?[\d.]+)v/g),
    ]);
    assert.ok(rects.length >= 2 * report.runs.length, `${rects.length} bars and ticks`);
    assert.ok(
      rects.every((m) => Number(m[2]) > 1),
      'every bar and tick has a width',
    );
    assert.ok(new Set(rects.map((m) => m[1])).size >= 4, 'bars stand at different x positions');
  });

  it('gives the same report from runs on worker threads as from runs one after the other', async () => {
    const parallel = await runExperiment(loadExperiment(join(dir, 'tiny.yaml')), { jobs: 3 });
    const timeless = (r: ExperimentReport): unknown =>
      JSON.parse(JSON.stringify(r, (k, v: unknown) => (k === 'wallMs' || k === 'setupMs' ? undefined : v)));
    assert.deepEqual(timeless(parallel), timeless(report));
  });

  it('reports a run that fails on a worker thread with its own error, and stops the others', async () => {
    const exp = loadExperiment(join(dir, 'tiny.yaml'));
    const runs = plannedRuns(exp).slice(0, 8);
    runs[0] = { ...runs[0]!, configuration: 'mlt', lossBound: 1.5 };
    const events: string[] = [];
    await assert.rejects(
      runInWorkers({ exp, iterations: 1 }, runs, 2, {
        onRunStart: (i) => events.push(`start ${i}`),
        onRunDone: (i) => events.push(`done ${i}`),
      }),
      (err: Error) => /loss bound p must be in \[0, 1\)/.test(err.message) && /mlt\.ts/.test(err.stack ?? ''),
    );
    const seen = events.length;
    assert.ok(seen < 8 + 7, events.join(', '));
    // The other worker is stopped: nothing more is reported once the failure is.
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(events.length, seen, events.join(', '));
  });

  it('runs from the command line, with a table, JSON, a progress line per run and the chart', () => {
    const out = join(dir, 'results');
    const r = runCli([
      'experiment',
      join(dir, 'tiny.yaml'),
      '--iterations',
      '1',
      '--only',
      'MLT (commodity)',
      '--out',
      out,
      '--jobs',
      '2',
    ]);
    assert.equal(r.status, 0, r.stderr);
    // Two at a time: a line when each run starts, and its result on a line of its own, or on the same line when
    // nothing came in between.
    assert.equal(r.stderr.match(/^run \d\/4: MLT \(commodity\)[^:]* \.\.\./gm)?.length, 4, r.stderr);
    assert.equal(r.stderr.match(/ 1 iteration, p50 /g)?.length, 4, r.stderr);
    assert.match(r.stdout, /^Iteration time, ms/m);
    assert.match(r.stdout, /^MLT \(commodity\)\s+clean/m);
    assert.ok(existsSync(join(out, 'tiny.svg')));
    const j = runCli([
      'experiment',
      join(dir, 'tiny.yaml'),
      '--json',
      '--no-chart',
      '--iterations',
      '1',
      '--only',
      'baseline',
      '--jobs',
      '1',
    ]);
    assert.equal(j.status, 0, j.stderr);
    // One after the other: a run's line ends with its result.
    assert.equal(j.stderr.match(/^run \d\/2: baseline .*\.\.\. 1 iteration, /gm)?.length, 2, j.stderr);
    const parsed = JSON.parse(j.stdout) as ExperimentReport;
    assert.deepEqual(
      parsed.runs.map((x) => x.label),
      ['baseline (commodity)', 'baseline (commodity) lossy'],
    );
    assert.equal(readFileSync(join(out, 'tiny.svg'), 'utf8').slice(0, 4), '<svg');
  });

  it('stops a run after a number of switch-hops, reported incomplete, and runs it whole without the limit', async () => {
    // Big enough for several of the run's checks (one per 200,000 events).
    const exp = loadExperiment(
      write(
        'bigger.yaml',
        TINY.replace('scale: 0.001', 'scale: 0.3').replace('iterations: 3', 'iterations: 1'),
      ),
    );
    const spec = { configuration: 'mlt', model: 'commodity', lossy: false, lossBound: 0 } as const;
    const limited = await runOne(exp, spec, { switchHopLimit: 50_000 });
    const whole = await runOne(exp, spec);
    assert.ok(whole.complete);
    assert.equal(whole.stoppedBy, null);
    assert.equal(limited.complete, false);
    assert.equal(limited.stoppedBy, 'switch-hop limit');
    assert.ok(limited.switchHops >= 50_000, `${limited.switchHops}`);
    assert.ok(limited.switchHops < whole.switchHops, `${limited.switchHops} of ${whole.switchHops}`);
    assert.ok(limited.progress < 1);
  });

  it('gives up a run that cannot finish after its switch-hop budget, and says so', async () => {
    // Leaf 0's uplink to spine 0 drops everything. Round-robin spraying can send a missing packet into it on
    // every probe round, so without the budget the run would go on for 30 s of simulated time (hours).
    const exp = loadExperiment(write('dead-link.yaml', TINY.replace('lossRate: 0.2', 'lossRate: 1')));
    const spec = { configuration: 'mlt', model: 'commodity', lossy: true, lossBound: 0 } as const;
    const r = await runOne(exp, spec);
    assert.equal(r.complete, false);
    assert.equal(r.stoppedBy, 'switch-hop budget');
    const budget = SWITCH_HOP_BUDGET * losslessSwitchHops(exp, 3);
    assert.ok(r.switchHops >= budget && r.switchHops < 2 * budget, `${r.switchHops} hops, budget ${budget}`);
    const cli = runCli(['experiment', join(dir, 'dead-link.yaml'), '--no-chart', '--jobs', '1']);
    assert.equal(cli.status, 0, cli.stderr);
    assert.match(
      cli.stderr,
      /MLT \(commodity\) lossy p=0% \.\.\. 0 iterations, .*; given up after 20 times the switch-hops of a lossless run/,
    );
    assert.match(cli.stdout, /^MLT \(commodity\) +lossy +-\* +- /m);
  });

  it('rejects timers shorter than the base round trip, rtoMax below rtoMin, times beyond the clock and a buffer beyond 19 bits', () => {
    const cases: [string, string, RegExp][] = [
      [
        'mlt: { lossBounds: [0, 0.1] }',
        'mlt: { lossBounds: [0, 0.1], probeTimeout: 20us }',
        /transports\.mlt\.probeTimeout: 20us is shorter than the fabric's base round trip, 24\.500us/,
      ],
      [
        'tcp: { rtoMin: 10ms }',
        'tcp: { rtoMin: 0ms }',
        /transports\.tcp\.rtoMin: 0ms is shorter than the fabric's base round trip/,
      ],
      [
        'tcp: { rtoMin: 10ms }',
        'tcp: { rtoMin: 10ms, rtoMax: 1ms }',
        /transports\.tcp\.rtoMax: must be at least rtoMin \(10ms\)/,
      ],
      ['delay: 3us', 'delay: 1e30s', /topology\.link\.delay: 1e30s is beyond the simulator's clock/],
      [
        'iterations: 3',
        'iterations: 3\n  computeGap: 1e400s',
        /workload\.computeGap: 1e400s is beyond the simulator's clock/,
      ],
      [
        'rate: 100Gbps',
        'rate: 1bps',
        /topology\.link: the base round trip .* is beyond the simulator's clock/,
      ],
      // The solver's buffer: a billion packets ran it out of memory.
      [
        'workload:',
        'switch: { bufferPackets: 1000000000 }\nworkload:',
        /switch\.bufferPackets: must be <= 524287/,
      ],
    ];
    for (const [from, to, message] of cases) {
      const f = write('timers.yaml', TINY.replace(from, to));
      assert.throws(
        () => loadExperiment(f),
        (err: Error) => {
          assert.ok(err instanceof ConfigError, String(err));
          assert.match(err.message, /timers\.yaml:\d+:\d+: /);
          assert.match(err.message, message);
          return true;
        },
      );
    }
    // Just above the round trip is a timer that works.
    loadExperiment(write('timers.yaml', TINY.replace('tcp: { rtoMin: 10ms }', 'tcp: { rtoMin: 25us }')));
  });

  it('refuses an --out it cannot write before any run, and keeps the report when the chart fails after', () => {
    // A stack trace after every run had finished, before: the directory was made only once they were over.
    const file = write('not-a-dir', 'x');
    const r = runCli(['experiment', join(dir, 'tiny.yaml'), '--out', join(file, 'sub')]);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^error: --out .*not-a-dir\/sub: ENOTDIR/m);
    assert.doesNotMatch(r.stderr, /^run |internal error|\n\s+at /m);
    const out = join(dir, 'chart-is-a-dir');
    mkdirSync(join(out, 'tiny.svg'), { recursive: true });
    const late = runCli([
      'experiment',
      join(dir, 'tiny.yaml'),
      '--out',
      out,
      '--only',
      'baseline (commodity) lossy',
    ]);
    assert.equal(late.status, 1, late.stderr);
    assert.match(late.stdout, /^baseline \(commodity\) +lossy /m);
    assert.match(late.stderr, /error: cannot write the chart .*tiny\.svg: EISDIR/);
  });

  it('rejects a bad experiment file with its location and exit status 2', () => {
    const bad = write('bad.yaml', TINY.replace('hostsPerLeaf: 2', 'hostsPerLeaf: 2\n  serversPerLeaf: 2'));
    const r = runCli(['experiment', bad]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /bad\.yaml:\d+:\d+: .*topology\.serversPerLeaf.*hostsPerLeaf/);
    const typo = write('typo.yaml', TINY.replace('iterations: 3', 'iteration: 3'));
    const t = runCli(['experiment', typo]);
    assert.equal(t.status, 2);
    assert.match(t.stderr, /typo\.yaml:\d+:\d+/);
    assert.equal(t.stdout, '');
  });

  it('rejects a --jobs that is not a positive integer, and too many --iterations, with exit status 2, before any run', () => {
    for (const jobs of ['0', 'two']) {
      const r = runCli(['experiment', join(dir, 'tiny.yaml'), '--jobs', jobs, '--no-chart']);
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, new RegExp(`--jobs <n>' argument '${jobs}' is invalid`));
      assert.doesNotMatch(r.stderr, /^run /m);
    }
    // --iterations as the file allows it: at most 100000 (a billion ran until memory gave out).
    const r = runCli(['experiment', join(dir, 'tiny.yaml'), '--iterations', '100001', '--no-chart']);
    assert.equal(r.status, 2, r.stderr);
    assert.match(
      r.stderr,
      /--iterations <n>' argument '100001' is invalid\. expected an integer from 1 to 100000/,
    );
  });
});
