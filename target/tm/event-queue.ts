// The pending events of a run, ordered by time; ties on time are broken by insertion order, so a run is a pure
// function of its inputs: two events scheduled for the same picosecond always fire in the order they were
// scheduled.
//
// Fabric runs schedule many events for the very same picosecond (equal frame sizes at equal rates keep whole
// groups of ports in lockstep: the benchmark has about 70 events per distinct time). So events go into
// FIFO buckets, one per time, and only the buckets sit in a binary heap ordered by (time, creation order). A
// small direct-mapped table remembers the newest bucket of each recent time; an event joins that bucket, or
// starts a new one when the table has forgotten it (a collision), in which case the newer bucket of the same
// time simply fires after the older one. Either way events fire in (time, scheduling order), exactly the order
// of a plain heap of events, at far fewer comparisons when times repeat.
import type { Picoseconds } from './time.js';

export type EventAction = () => void;
/** An action with one argument: scheduling a shared function with a value avoids a closure per event. */
export type EventHandler<T> = (arg: T) => void;

const NOOP: EventHandler<unknown> = () => undefined;

/** The time -> newest bucket table has 2^SLOT_BITS slots. */
const SLOT_BITS = 10;

/** Events scheduled for one picosecond, in scheduling order; `head` is the next to fire. */
class Bucket {
  time = 0;
  /** Creation order: the tie-break between two buckets of the same time. */
  seq = 0;
  head = 0;
  count = 0;
  readonly actions: EventHandler<unknown>[] = [];
  readonly args: unknown[] = [];
}

function slotOf(time: number): number {
  // `| 0` keeps the low 32 bits of the integer picoseconds; the multiply spreads round numbers over the table.
  return Math.imul(time | 0, 0x9e3779b1) >>> (32 - SLOT_BITS);
}

export class EventQueue {
  // Binary min-heap of the open buckets, with their times and sequence numbers in parallel arrays so that
  // sifting compares numbers without loading the buckets.
  private readonly heapTimes: number[] = [];
  private readonly heapSeqs: number[] = [];
  private readonly heap: Bucket[] = [];
  private readonly newest: (Bucket | undefined)[] = new Array<Bucket | undefined>(1 << SLOT_BITS).fill(
    undefined,
  );
  private readonly spare: Bucket[] = [];
  private nextSeq = 0;
  private n = 0;
  /** The argument of the event last returned by pop(). */
  poppedArg: unknown = undefined;

  get size(): number {
    return this.n;
  }

  /** Time of the earliest event, or undefined when empty. */
  peekTime(): Picoseconds | undefined {
    return this.heapTimes[0];
  }

  push<T>(time: Picoseconds, action: EventHandler<T>, arg?: T): void {
    const slot = slotOf(time);
    let b = this.newest[slot];
    if (b === undefined || b.time !== time) {
      b = this.open(time);
      this.newest[slot] = b;
    }
    const i = b.count++;
    if (i < b.actions.length) {
      b.actions[i] = action as EventHandler<unknown>;
      b.args[i] = arg;
    } else {
      b.actions.push(action as EventHandler<unknown>);
      b.args.push(arg);
    }
    this.n++;
  }

  /** Remove the earliest event; the caller reads its time with peekTime() first and its argument from poppedArg. */
  pop(): EventHandler<unknown> | undefined {
    const b = this.heap[0];
    if (b === undefined) return undefined;
    const i = b.head++;
    const action = b.actions[i]!;
    this.poppedArg = b.args[i];
    // Drop the references at once: buckets are reused, and an argument (a frame) should not outlive its event.
    b.actions[i] = NOOP;
    b.args[i] = undefined;
    this.n--;
    if (b.head === b.count) this.close(b);
    return action;
  }

  /** A new bucket for `time`, pushed on the heap. */
  private open(time: number): Bucket {
    const b = this.spare.pop() ?? new Bucket();
    const seq = this.nextSeq++;
    b.time = time;
    b.seq = seq;
    b.head = 0;
    b.count = 0;
    const times = this.heapTimes;
    const seqs = this.heapSeqs;
    const heap = this.heap;
    let i = times.length;
    times.push(time);
    seqs.push(seq);
    heap.push(b);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pt = times[parent]!;
      if (pt < time || (pt === time && seqs[parent]! < seq)) break;
      times[i] = pt;
      seqs[i] = seqs[parent]!;
      heap[i] = heap[parent]!;
      i = parent;
    }
    times[i] = time;
    seqs[i] = seq;
    heap[i] = b;
    return b;
  }

  /** Retire the earliest bucket, now empty. */
  private close(b: Bucket): void {
    const slot = slotOf(b.time);
    if (this.newest[slot] === b) this.newest[slot] = undefined;
    this.spare.push(b);
    const times = this.heapTimes;
    const seqs = this.heapSeqs;
    const heap = this.heap;
    const lastTime = times.pop()!;
    const lastSeq = seqs.pop()!;
    const lastBucket = heap.pop()!;
    const size = times.length;
    if (size === 0) return;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      const right = child + 1;
      if (
        right < size &&
        (times[right]! < times[child]! || (times[right] === times[child] && seqs[right]! < seqs[child]!))
      )
        child = right;
      const ct = times[child]!;
      if (ct > lastTime || (ct === lastTime && seqs[child]! > lastSeq)) break;
      times[i] = ct;
      seqs[i] = seqs[child]!;
      heap[i] = heap[child]!;
      i = child;
    }
    times[i] = lastTime;
    seqs[i] = lastSeq;
    heap[i] = lastBucket;
  }
}
