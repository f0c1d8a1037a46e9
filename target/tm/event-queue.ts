// The pending events of a run, ordered by time; ties on time are broken by scheduling order, so a run is a pure
// function of its inputs: two events scheduled for the same picosecond always fire in the order they were
// scheduled.
//
// Two things make a fabric run's events cheap to keep in that order:
// - Most events come in streams whose times never go back: the frames arriving at the far end of one link, or
//   timers that all wait the same delay. A stream is a lane (EventLane): a FIFO of which only the head sits in
//   the heap; when it fires, the lane's next event takes its place there. With a lane per link the heap holds a
//   few hundred entries instead of every frame in flight and every pending timer (tens of thousands at MLT
//   §6.2's scale, where sifting through them cost a fifth of the run).
// - Fabrics in lockstep schedule dozens of other events for the very same picosecond. The first event of a
//   time goes on the heap by itself; later ones go into a FIFO bucket of that time, and only the bucket sits in
//   the heap: an event joins the newest bucket of its time, found in a small direct-mapped table, or opens one.
// The heap orders events, lane heads and buckets by (time, sequence number): an event on its own or in a lane
// takes a number when it is scheduled, a bucket when it is opened. An event may join a bucket only if nothing
// else was scheduled for that time since the bucket's last event (a lane event for that time closes the bucket
// to later ones, as does a table collision): so events fire in exactly the order of a plain heap of (time,
// scheduling order).
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
  // Binary min-heap of events, lane heads and buckets on (time, seq), in parallel arrays so that sifting compares
  // numbers without loading the entries. `kinds` holds an event's action, or laneHead or bucketHead; `entries`
  // the event's argument, the lane or the bucket.
  private readonly times: number[] = [];
  private readonly seqs: number[] = [];
  private readonly kinds: EventHandler<unknown>[] = [];
  private readonly entries: unknown[] = [];
  private readonly newest: (Bucket | undefined)[] = new Array<Bucket | undefined>(1 << SLOT_BITS).fill(
    undefined,
  );
  /** Per table slot, the time of the last event that went on the heap by itself (see push). */
  private readonly alone = new Float64Array(1 << SLOT_BITS).fill(-1);
  private readonly spare: Bucket[] = [];
  private nextSeq = 0;
  /** Events pending in buckets and in lanes. */
  private n = 0;
  /** The argument of the event last returned by pop(). */
  poppedArg: unknown = undefined;

  get size(): number {
    return this.n;
  }

  /** Time of the earliest event, or undefined when empty. */
  peekTime(): Picoseconds | undefined {
    return this.times[0];
  }

  push<T>(time: Picoseconds, action: EventHandler<T>, arg?: T): void {
    this.n++;
    const slot = slotOf(time);
    let b = this.newest[slot];
    if (b === undefined || b.time !== time) {
      if (this.alone[slot] !== time) {
        // The first event of its time (as far as the table knows) goes on the heap by itself: most events of a
        // run that is not in lockstep are.
        this.alone[slot] = time;
        this.insert(time, this.nextSeq++, action as EventHandler<unknown>, arg);
        return;
      }
      b = this.open(time, this.nextSeq++);
      this.newest[slot] = b;
    }
    append(b, action as EventHandler<unknown>, arg);
  }

  /** A new lane: a stream of events whose times never decrease, each handled by `handler` (see EventLane). */
  lane<T>(handler: EventHandler<T>): EventLane<T> {
    return new EventLane(this, handler);
  }

  /** Remove the earliest event; the caller reads its time with peekTime() first and its argument from poppedArg. */
  pop(): EventHandler<unknown> | undefined {
    const size = this.times.length;
    if (size === 0) return undefined;
    this.n--;
    if (this.kinds[0] === laneHead) {
      // A lane's event: its next one (if any) takes the head's place in one sift instead of a pop and a push.
      const lane = this.entries[0] as EventLane<unknown>;
      this.poppedArg = lane.shift();
      if (lane.pending > 0) this.replaceTop(lane.headTime(), lane.headSeq());
      else this.removeTop(size);
      return lane.handler;
    }
    if (this.kinds[0] !== bucketHead) {
      const action = this.kinds[0]!;
      this.poppedArg = this.entries[0];
      this.removeTop(size);
      return action;
    }
    const b = this.entries[0] as Bucket;
    const i = b.head++;
    const action = b.actions[i]!;
    this.poppedArg = b.args[i];
    // Drop the references at once: buckets are reused, and an argument (a frame) should not outlive its event.
    b.actions[i] = NOOP;
    b.args[i] = undefined;
    if (b.head === b.count) {
      const slot = slotOf(b.time);
      if (this.newest[slot] === b) this.newest[slot] = undefined;
      this.spare.push(b);
      this.removeTop(size);
    }
    return action;
  }

  /** @internal A lane event is scheduled for `time`: its sequence number. No bucket of that time takes later
   *  events, which must fire after this one. */
  takeSeq(time: number): number {
    this.n++;
    const slot = slotOf(time);
    const b = this.newest[slot];
    if (b !== undefined && b.time === time) this.newest[slot] = undefined;
    return this.nextSeq++;
  }

  /** @internal A lane's head goes on the heap under its own sequence number. */
  insertLane(time: number, seq: number, lane: EventLane<unknown>): void {
    this.insert(time, seq, laneHead, lane);
  }

  /** @internal A lane event that came earlier than the lane's last one: on its own, under its number. */
  insertAlone(time: number, seq: number, action: EventHandler<unknown>, arg: unknown): void {
    this.insert(time, seq, action, arg);
  }

  /** A new bucket for `time`, on the heap. */
  private open(time: number, seq: number): Bucket {
    const b = this.spare.pop() ?? new Bucket();
    b.time = time;
    b.head = 0;
    b.count = 0;
    this.insert(time, seq, bucketHead, b);
    return b;
  }

  private insert(time: number, seq: number, kind: EventHandler<unknown>, entry: unknown): void {
    const times = this.times;
    const seqs = this.seqs;
    const kinds = this.kinds;
    const entries = this.entries;
    let i = times.length;
    times.push(time);
    seqs.push(seq);
    kinds.push(kind);
    entries.push(entry);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pt = times[parent]!;
      if (pt < time || (pt === time && seqs[parent]! < seq)) break;
      times[i] = pt;
      seqs[i] = seqs[parent]!;
      kinds[i] = kinds[parent]!;
      entries[i] = entries[parent];
      i = parent;
    }
    times[i] = time;
    seqs[i] = seq;
    kinds[i] = kind;
    entries[i] = entry;
  }

  /** The top entry keeps its kind and entry (a lane) under a new, later key: sift it down. */
  private replaceTop(time: number, seq: number): void {
    this.siftDown(time, seq, this.kinds[0]!, this.entries[0], this.times.length);
  }

  private removeTop(size: number): void {
    const time = this.times.pop()!;
    const seq = this.seqs.pop()!;
    const kind = this.kinds.pop()!;
    const entry = this.entries.pop();
    if (size > 1) this.siftDown(time, seq, kind, entry, size - 1);
  }

  /** Put (time, seq, kind, entry) at the root of a heap of n entries and sift it down. */
  private siftDown(time: number, seq: number, kind: EventHandler<unknown>, entry: unknown, n: number): void {
    const times = this.times;
    const seqs = this.seqs;
    const kinds = this.kinds;
    const entries = this.entries;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      const right = child + 1;
      if (
        right < n &&
        (times[right]! < times[child]! || (times[right] === times[child] && seqs[right]! < seqs[child]!))
      )
        child = right;
      const ct = times[child]!;
      if (ct > time || (ct === time && seqs[child]! > seq)) break;
      times[i] = ct;
      seqs[i] = seqs[child]!;
      kinds[i] = kinds[child]!;
      entries[i] = entries[child];
      i = child;
    }
    times[i] = time;
    seqs[i] = seq;
    kinds[i] = kind;
    entries[i] = entry;
  }
}

function append(b: Bucket, action: EventHandler<unknown>, arg: unknown): void {
  const i = b.count++;
  if (i < b.actions.length) {
    b.actions[i] = action;
    b.args[i] = arg;
  } else {
    b.actions.push(action);
    b.args.push(arg);
  }
}

/**
 * A FIFO of events whose times never decrease, all handled by one function, such as the frames arriving over one
 * link. Only its head waits in the queue's heap. An event earlier than the lane's last one is still fired in
 * order: it goes to the heap as an ordinary event.
 */
export class EventLane<T> {
  /** (time, seq) of each pending event, side by side: one cache line holds both. */
  private slots = new Float64Array(32);
  private args: (T | undefined)[] = new Array<T | undefined>(16).fill(undefined);
  private mask = 15;
  private head = 0;
  private count = 0;
  private lastTime = 0;

  constructor(
    private readonly queue: EventQueue,
    readonly handler: EventHandler<T>,
  ) {}

  /** Schedule `handler(arg)` at `time`. */
  at(time: Picoseconds, arg: T): void {
    const q = this.queue;
    const seq = q.takeSeq(time);
    if (this.count === 0) {
      this.lastTime = time;
      this.append(time, seq, arg);
      q.insertLane(time, seq, this as EventLane<unknown>);
      return;
    }
    if (time < this.lastTime) {
      q.insertAlone(time, seq, this.handler as EventHandler<unknown>, arg);
      return;
    }
    this.lastTime = time;
    this.append(time, seq, arg);
  }

  private append(time: number, seq: number, arg: T): void {
    if (this.count > this.mask) this.grow();
    const i = (this.head + this.count) & this.mask;
    this.slots[2 * i] = time;
    this.slots[2 * i + 1] = seq;
    this.args[i] = arg;
    this.count++;
  }

  /** @internal Events waiting in the lane. */
  get pending(): number {
    return this.count;
  }

  /** @internal The head's time and sequence number (the lane is not empty). */
  headTime(): number {
    return this.slots[2 * this.head]!;
  }

  /** @internal */
  headSeq(): number {
    return this.slots[2 * this.head + 1]!;
  }

  /** @internal Remove the head and return its argument. */
  shift(): T {
    const i = this.head;
    const arg = this.args[i] as T;
    this.args[i] = undefined;
    this.head = (i + 1) & this.mask;
    this.count--;
    return arg;
  }

  private grow(): void {
    const cap = this.mask + 1;
    const slots = new Float64Array(cap * 4);
    const args = new Array<T | undefined>(cap * 2).fill(undefined);
    for (let k = 0; k < this.count; k++) {
      const i = (this.head + k) & this.mask;
      slots[2 * k] = this.slots[2 * i]!;
      slots[2 * k + 1] = this.slots[2 * i + 1]!;
      args[k] = this.args[i];
    }
    this.slots = slots;
    this.args = args;
    this.mask = cap * 2 - 1;
    this.head = 0;
  }
}

/** Mark a heap entry as a lane's head or a bucket; pop() fires the events they hold instead. */
function laneHead(): void {
  throw new Error('a lane head is fired through EventQueue.pop()');
}

function bucketHead(): void {
  throw new Error('a bucket is fired through EventQueue.pop()');
}
