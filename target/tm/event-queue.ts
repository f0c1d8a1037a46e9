// The pending events of a run, ordered by time; ties on time are broken by scheduling order, so a run is a pure
// function of its inputs: two events scheduled for the same picosecond always fire in the order they were
// scheduled. Every event gets a sequence number when it is scheduled, and the order is (time, sequence).
//
// Most events of a fabric run come in streams whose times never go back: the frames arriving at the far end of
// one link, or timers that all wait the same delay. A stream is a lane (EventLane): a FIFO of which only the
// head sits in the heap; when it fires, the lane's next event takes its place there. With a lane per
// link the heap holds a few hundred entries instead of every frame in flight and every pending timer (tens of
// thousands at MLT §6.2's scale, where sifting through it cost a fifth of the run). The order is unchanged: a
// lane's head is its earliest event, so the heap's minimum is still the earliest event of all.
import type { Picoseconds } from './time.js';

export type EventAction = () => void;
/** An action with one argument: scheduling a shared function with a value avoids a closure per event. */
export type EventHandler<T> = (arg: T) => void;

export class EventQueue {
  // Binary min-heap on (time, seq), in parallel arrays so that sifting compares numbers without loading the
  // actions.
  private readonly times: number[] = [];
  private readonly seqs: number[] = [];
  private readonly actions: EventHandler<unknown>[] = [];
  private readonly args: unknown[] = [];
  private nextSeq = 0;
  /** Events pending in the heap and in lanes. */
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
    this.insert(time, this.nextSeq++, action as EventHandler<unknown>, arg);
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
    const action = this.actions[0]!;
    if (action === laneHead) {
      // A lane's event: its next one (if any) takes the head's place in one sift instead of a pop and a push.
      const lane = this.args[0] as EventLane<unknown>;
      this.poppedArg = lane.shift();
      if (lane.pending > 0) this.replaceTop(lane.headTime(), lane.headSeq());
      else this.removeTop(size);
      return lane.handler;
    }
    this.poppedArg = this.args[0];
    this.removeTop(size);
    return action;
  }

  /** @internal A sequence number for a lane's event, which counts as pending from now. */
  takeSeq(): number {
    this.n++;
    return this.nextSeq++;
  }

  /** @internal Put an event with a given sequence number on the heap. */
  insert(time: number, seq: number, action: EventHandler<unknown>, arg: unknown): void {
    const times = this.times;
    const seqs = this.seqs;
    const actions = this.actions;
    const args = this.args;
    let i = times.length;
    times.push(time);
    seqs.push(seq);
    actions.push(action);
    args.push(arg);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pt = times[parent]!;
      if (pt < time || (pt === time && seqs[parent]! < seq)) break;
      times[i] = pt;
      seqs[i] = seqs[parent]!;
      actions[i] = actions[parent]!;
      args[i] = args[parent];
      i = parent;
    }
    times[i] = time;
    seqs[i] = seq;
    actions[i] = action;
    args[i] = arg;
  }

  /** The top entry keeps its action and argument (a lane) under a new, later key: sift it down. */
  private replaceTop(time: number, seq: number): void {
    const times = this.times;
    const seqs = this.seqs;
    const actions = this.actions;
    const args = this.args;
    const action = actions[0]!;
    const arg = args[0];
    const n = times.length;
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
      actions[i] = actions[child]!;
      args[i] = args[child];
      i = child;
    }
    times[i] = time;
    seqs[i] = seq;
    actions[i] = action;
    args[i] = arg;
  }

  private removeTop(size: number): void {
    const times = this.times;
    const seqs = this.seqs;
    const actions = this.actions;
    const args = this.args;
    const lastTime = times.pop()!;
    const lastSeq = seqs.pop()!;
    const lastAction = actions.pop()!;
    const lastArg = args.pop();
    const n = size - 1;
    if (n === 0) return;
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
      if (ct > lastTime || (ct === lastTime && seqs[child]! > lastSeq)) break;
      times[i] = ct;
      seqs[i] = seqs[child]!;
      actions[i] = actions[child]!;
      args[i] = args[child];
      i = child;
    }
    times[i] = lastTime;
    seqs[i] = lastSeq;
    actions[i] = lastAction;
    args[i] = lastArg;
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
    const seq = q.takeSeq();
    if (this.count === 0) {
      this.lastTime = time;
      this.append(time, seq, arg);
      q.insert(time, seq, laneHead, this);
      return;
    }
    if (time < this.lastTime) {
      q.insert(time, seq, this.handler as EventHandler<unknown>, arg);
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

/** Marks a lane's head on the heap; pop() fires the lane's own handler instead. */
function laneHead(): void {
  throw new Error('a lane head is fired through EventQueue.pop()');
}
