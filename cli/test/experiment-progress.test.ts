// What `mlt experiment` prints while its runs go, on a terminal and in a log, with a clock the test moves.
import assert from 'node:assert/strict';
import { ExperimentProgress, type ProgressOutput } from '../experiment/progress.js';
import type { RunResult } from '../experiment/run.js';

const CLEAR_LINE = '\r\x1b[K';

class Recorder implements ProgressOutput {
  text = '';
  constructor(
    readonly isTTY: boolean,
    readonly columns?: number,
  ) {}
  write(t: string): void {
    this.text += t;
  }
  /** What a terminal shows once every redraw is done: each line as last drawn. */
  get screen(): string[] {
    return this.text.split('\n').map((l) => {
      const k = l.lastIndexOf(CLEAR_LINE);
      return k < 0 ? l : l.slice(k + CLEAR_LINE.length);
    });
  }
}

function result(label: string): RunResult {
  return {
    label,
    iterationsUs: [800, 900],
    iterationP50Us: 800,
    iterationP99Us: 900,
    entriesPushed: 344,
    switchHops: 1000,
    wallMs: 1500,
    stoppedBy: null,
  } as RunResult;
}

describe('mlt experiment progress lines', () => {
  let t = 0;
  const clock = (): number => t;
  beforeEach(() => {
    t = 0;
  });

  it('in a log, one run at a time: a line per run, finished by its result', () => {
    const out = new Recorder(false);
    const p = new ExperimentProgress(out, 2, clock);
    p.start(0, 2, 'baseline (commodity)');
    p.progress(0, 1);
    t = 1500;
    p.done(0, result('baseline (commodity)'));
    p.start(1, 2, 'MLT (bmv2)');
    p.done(1, result('MLT (bmv2)'));
    p.finish();
    assert.equal(
      out.text,
      'run 1/2: baseline (commodity) ... 2 iterations, p50 0.800 ms, p99 0.900 ms, 344 entries pushed, ' +
        '1000 switch-hops in 1.5 s\n' +
        'run 2/2: MLT (bmv2) ... 2 iterations, p50 0.800 ms, p99 0.900 ms, 344 entries pushed, ' +
        '1000 switch-hops in 1.5 s\n',
    );
  });

  it('in a log, runs at once: a line when each starts and one when each ends', () => {
    const out = new Recorder(false);
    const p = new ExperimentProgress(out, 2, clock);
    p.start(0, 3, 'A');
    p.start(1, 3, 'B');
    p.done(1, result('B'));
    p.start(2, 3, 'C');
    p.done(0, result('A'));
    p.done(2, result('C'));
    assert.deepEqual(
      out.text.split('\n').map((l) => l.replace(/ 2 iterations.*/, ' <result>')),
      [
        'run 1/3: A ...',
        // Nothing came between B's start and its end: its line is finished in place.
        'run 2/3: B ... <result>',
        'run 3/3: C ...',
        'run 1/3: A: <result>',
        'run 3/3: C: <result>',
        '',
      ],
    );
  });

  it('in a log, says how far a long run is, now and then', () => {
    const out = new Recorder(false);
    const p = new ExperimentProgress(out, 3, clock);
    p.start(0, 1, 'MLT (commodity) p=0%');
    for (t = 1000; t <= 70_000; t += 1000) p.progress(0, (3 * t) / 100_000);
    p.done(0, result('MLT (commodity) p=0%'));
    const lines = out.text.split('\n');
    assert.deepEqual(lines.slice(0, 3), [
      'run 1/1: MLT (commodity) p=0% ...',
      'run 1/1: MLT (commodity) p=0%: 30% of 3 iterations after 30 s',
      'run 1/1: MLT (commodity) p=0%: 60% of 3 iterations after 60 s',
    ]);
    assert.match(lines[3]!, /^run 1\/1: MLT \(commodity\) p=0%: 2 iterations, p50/);
    assert.equal(lines.length, 5);
  });

  it('on a terminal, a status line of the runs under way, and a line per run that ended', () => {
    const out = new Recorder(true, 200);
    const p = new ExperimentProgress(out, 4, clock);
    p.start(0, 2, 'A');
    p.start(1, 2, 'B');
    t = 6000;
    p.progress(0, 1);
    assert.equal(
      out.screen.at(-1),
      'running: run 1/2 A 25% of 4 iterations after 6 s; run 2/2 B 0% of 4 iterations after 6 s',
    );
    t = 6100;
    p.progress(1, 2);
    // Redrawn at most four times a second.
    assert.match(out.screen.at(-1)!, /run 2\/2 B 0%/);
    t = 6400;
    p.progress(1, 2);
    assert.match(out.screen.at(-1)!, /run 2\/2 B 50% of 4 iterations after 6 s$/);
    p.done(0, result('A'));
    assert.deepEqual(out.screen.slice(-2), [
      'run 1/2: A: 2 iterations, p50 0.800 ms, p99 0.900 ms, 344 entries pushed, 1000 switch-hops in 1.5 s',
      'running: run 2/2 B 50% of 4 iterations after 6 s',
    ]);
    p.done(1, result('B'));
    p.finish();
    assert.deepEqual(out.screen.slice(-2), [
      'run 2/2: B: 2 iterations, p50 0.800 ms, p99 0.900 ms, 344 entries pushed, 1000 switch-hops in 1.5 s',
      '',
    ]);
  });

  it('cuts the status line to the terminal width', () => {
    const out = new Recorder(true, 30);
    const p = new ExperimentProgress(out, 8, clock);
    p.start(0, 14, 'MLT (commodity) lossy p=10%');
    assert.equal(out.screen.at(-1), 'running: run 1/14 MLT (commo…');
    assert.equal([...out.screen.at(-1)!].length, 29);
  });
});
