// What `mlt experiment` tells the user while its runs go: a line per run, and for runs that take long (at the
// paper's scale one iteration is minutes), how far they are.
//
// On a terminal, the runs under way share a status line at the bottom, redrawn in place, and each run leaves
// one line when it ends. Elsewhere (a log, CI) nothing is redrawn: a run's line is written when it starts and
// finished when it ends, when nothing came in between (one run at a time), and a long run adds a line now and
// then to say how far it is.
import { PS_PER_S } from '../../target/tm/time.js';
import { MAX_SIMULATED_PS_PER_ITERATION, SWITCH_HOP_BUDGET, type RunResult, type StopReason } from './run.js';

/** Where the lines go: stderr, or a test's recorder. */
export interface ProgressOutput {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  /** The terminal's width; the status line is cut to it. */
  readonly columns?: number;
}

/** How a run's line says why it ended before its last iteration. */
const STOPPED: Record<StopReason, string> = {
  'simulated time': `given up at its bound of simulated time (${MAX_SIMULATED_PS_PER_ITERATION / PS_PER_S} s per iteration)`,
  'switch-hop budget': `given up after ${SWITCH_HOP_BUDGET} times the switch-hops of a lossless run`,
  'switch-hop limit': 'stopped at the switch-hop limit',
  'wall time': 'stopped at the wall-time limit',
  abandoned: 'abandoned',
};

/** How long a run goes before its progress is shown, and how often it is shown in a log. */
const QUIET_MS = 5_000;
const LOG_EVERY_MS = 30_000;
/** The least time between two redraws of the status line. */
const REDRAW_MS = 250;
const CLEAR_LINE = '\r\x1b[K';

interface Running {
  label: string;
  started: number;
  done: number;
  logged: number;
}

export class ExperimentProgress {
  private readonly running = new Map<number, Running>();
  /** The experiment's run count, for the "run i/n" names (every start() gives it). */
  private total = 0;
  /** The run whose start line is still open, to be finished by its result. */
  private open: number | undefined;
  private statusShown = false;
  private lastDraw = 0;

  constructor(
    private readonly out: ProgressOutput,
    private readonly iterations: number,
    private readonly now: () => number = Date.now,
  ) {}

  start(index: number, total: number, label: string): void {
    const t = this.now();
    this.total = total;
    this.running.set(index, { label, started: t, done: 0, logged: t });
    if (this.out.isTTY) {
      this.drawStatus(true);
      return;
    }
    this.closeOpenLine();
    this.out.write(`${this.name(index, label)} ...`);
    this.open = index;
  }

  progress(index: number, iterationsDone: number): void {
    const r = this.running.get(index);
    if (r === undefined) return;
    r.done = iterationsDone;
    const t = this.now();
    if (t - r.started < QUIET_MS) return;
    if (this.out.isTTY) {
      this.drawStatus(false);
      return;
    }
    if (t - r.logged < LOG_EVERY_MS) return;
    r.logged = t;
    this.closeOpenLine();
    this.out.write(`${this.name(index, r.label)}: ${this.howFar(r, t)}\n`);
  }

  done(index: number, result: RunResult): void {
    this.running.delete(index);
    const summary =
      `${plural(result.iterationsUs.length, 'iteration')}, p50 ${(result.iterationP50Us / 1000).toFixed(3)} ms, ` +
      `p99 ${(result.iterationP99Us / 1000).toFixed(3)} ms, ${result.entriesPushed} entries pushed, ` +
      `${result.switchHops} switch-hops in ${(result.wallMs / 1000).toFixed(1)} s` +
      (result.stoppedBy === null ? '' : `; ${STOPPED[result.stoppedBy]}`);
    if (this.open === index) {
      this.out.write(` ${summary}\n`);
      this.open = undefined;
      return;
    }
    this.clearStatus();
    this.closeOpenLine();
    this.out.write(`${this.name(index, result.label)}: ${summary}\n`);
    if (this.out.isTTY) this.drawStatus(true);
  }

  /** Leave the terminal on a fresh line (before an error message, say). */
  finish(): void {
    this.clearStatus();
    this.closeOpenLine();
  }

  private name(index: number, label: string): string {
    return `run ${index + 1}/${this.total}: ${label}`;
  }

  private howFar(r: Running, t: number): string {
    const pct = Math.min(100, Math.floor((100 * r.done) / this.iterations));
    return `${pct}% of ${plural(this.iterations, 'iteration')} after ${Math.round((t - r.started) / 1000)} s`;
  }

  private closeOpenLine(): void {
    if (this.open === undefined) return;
    this.out.write('\n');
    this.open = undefined;
  }

  private clearStatus(): void {
    if (!this.statusShown) return;
    this.out.write(CLEAR_LINE);
    this.statusShown = false;
  }

  private drawStatus(force: boolean): void {
    const t = this.now();
    if (!force && t - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = t;
    const parts = [...this.running].map(
      ([i, r]) =>
        `run ${i + 1}/${this.total} ${r.label}${t - r.started < QUIET_MS ? '' : ` ${this.howFar(r, t)}`}`,
    );
    let line = parts.length === 0 ? '' : `running: ${parts.join('; ')}`;
    const width = this.out.columns;
    if (width !== undefined && width > 1 && line.length > width - 1) line = `${line.slice(0, width - 2)}…`;
    this.out.write(`${CLEAR_LINE}${line}`);
    this.statusShown = line.length > 0;
  }
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
