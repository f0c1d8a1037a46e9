// The discrete-event loop: a clock that only moves when the next event fires. Nothing here sleeps or reads
// the wall clock, so a run takes as long as its events take to compute, not as long as the time it simulates.
import { EventQueue, type EventAction, type EventHandler, type EventLane } from './event-queue.js';
import type { Picoseconds } from './time.js';

export interface RunOptions {
  /** Stop before the first event later than this time; the clock is left at `until`. */
  until?: Picoseconds;
  /** Called about every `progressEvery` events with the current virtual time (for progress lines). */
  onProgress?: (now: Picoseconds, events: number) => void;
  progressEvery?: number;
}

export class Simulator {
  private readonly queue = new EventQueue();
  private clock: Picoseconds = 0;
  private stopped = false;
  /** Events executed since the simulator was created. */
  eventsRun = 0;

  get now(): Picoseconds {
    return this.clock;
  }

  get pending(): number {
    return this.queue.size;
  }

  /** Schedule at an absolute time; scheduling in the past is a bug in the caller, so it throws. */
  at(time: Picoseconds, action: EventAction): void {
    if (time < this.clock) throw new Error(`event scheduled in the past: ${time} < ${this.clock}`);
    this.queue.push(time, action);
  }

  after(delay: Picoseconds, action: EventAction): void {
    this.at(this.clock + delay, action);
  }

  /** Schedule `action(arg)`: one shared handler for many events instead of a closure each. */
  atWith<T>(time: Picoseconds, action: EventHandler<T>, arg: T): void {
    if (time < this.clock) throw new Error(`event scheduled in the past: ${time} < ${this.clock}`);
    this.queue.push(time, action, arg);
  }

  /**
   * A stream of events whose times never decrease (arrivals over one link, timers of one fixed delay), each
   * handled by `handler`: cheaper to keep than as many separate events, and fired in the same order. Times in
   * the past throw, as at().
   */
  lane<T>(handler: EventHandler<T>): SimLane<T> {
    return new SimLane(this, this.queue.lane(handler));
  }

  /** Stop the current run() after the event being executed. */
  stop(): void {
    this.stopped = true;
  }

  /** Run events in time order until none is left, `until` is passed, or stop() is called. */
  run(options: RunOptions = {}): void {
    const until = options.until ?? Number.POSITIVE_INFINITY;
    const every = options.progressEvery ?? 100_000;
    const queue = this.queue;
    this.stopped = false;
    let sinceProgress = 0;
    for (;;) {
      const t = queue.peekTime();
      if (t === undefined || t > until) break;
      const action = queue.pop()!;
      this.clock = t;
      action(queue.poppedArg);
      this.eventsRun++;
      if (this.stopped) return;
      if (options.onProgress && ++sinceProgress >= every) {
        sinceProgress = 0;
        options.onProgress(this.clock, this.eventsRun);
      }
    }
    if (until !== Number.POSITIVE_INFINITY && this.clock < until) this.clock = until;
  }
}

/** A lane of a simulator's events (see Simulator.lane). */
export class SimLane<T> {
  constructor(
    private readonly sim: Simulator,
    private readonly lane: EventLane<T>,
  ) {}

  /** Schedule the lane's handler with `arg` at `time`. */
  at(time: Picoseconds, arg: T): void {
    if (time < this.sim.now) throw new Error(`event scheduled in the past: ${time} < ${this.sim.now}`);
    this.lane.at(time, arg);
  }
}
