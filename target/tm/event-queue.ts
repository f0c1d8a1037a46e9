// A binary min-heap of timed events. Ties on time are broken by insertion order, so a run is a pure function of
// its inputs: two events scheduled for the same picosecond always fire in the order they were scheduled.
import type { Picoseconds } from './time.js';

export type EventAction = () => void;
/** An action with one argument: scheduling a shared function with a value avoids a closure per event. */
export type EventHandler<T> = (arg: T) => void;

export class EventQueue {
  // Parallel arrays rather than one object per event: the heap is the hottest structure of a fabric run.
  private times: number[] = [];
  private seqs: number[] = [];
  private actions: EventHandler<unknown>[] = [];
  private args: unknown[] = [];
  private nextSeq = 0;
  /** The argument of the event last returned by pop(). */
  poppedArg: unknown = undefined;

  get size(): number {
    return this.times.length;
  }

  /** Time of the earliest event, or undefined when empty. */
  peekTime(): Picoseconds | undefined {
    return this.times[0];
  }

  push<T>(time: Picoseconds, action: EventHandler<T>, arg?: T): void {
    const times = this.times;
    const seqs = this.seqs;
    const actions = this.actions;
    const args = this.args;
    const seq = this.nextSeq++;
    let i = times.length;
    times.push(time);
    seqs.push(seq);
    actions.push(action as EventHandler<unknown>);
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
    actions[i] = action as EventHandler<unknown>;
    args[i] = arg;
  }

  /** Remove the earliest event; the caller reads its time with peekTime() first and its argument from poppedArg. */
  pop(): EventHandler<unknown> | undefined {
    const times = this.times;
    const n = times.length;
    if (n === 0) return undefined;
    const seqs = this.seqs;
    const actions = this.actions;
    const args = this.args;
    const top = actions[0]!;
    this.poppedArg = args[0];
    const lastTime = times.pop()!;
    const lastSeq = seqs.pop()!;
    const lastAction = actions.pop()!;
    const lastArg = args.pop();
    const size = n - 1;
    if (size === 0) return top;
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
      actions[i] = actions[child]!;
      args[i] = args[child];
      i = child;
    }
    times[i] = lastTime;
    seqs[i] = lastSeq;
    actions[i] = lastAction;
    args[i] = lastArg;
    return top;
  }
}
