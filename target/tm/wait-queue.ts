// One priority queue of an egress port: the packets waiting (a pipeline's packet, or a frame ready for the
// wire), with the time and depth at which each was enqueued. A ring of parallel arrays (power-of-two capacity,
// index by mask) rather than a FIFO of small objects: no allocation per packet, and nothing for the garbage
// collector to promote when queues are long.
import type { Enqueued } from './seam.js';
import type { Picoseconds } from './time.js';

/** A packet whose egress is still to run, or the bytes of a frame that only waits for the wire. */
export type Waiting = Enqueued | Uint8Array;

export class WaitQueue {
  private items: (Waiting | undefined)[];
  private times: Float64Array;
  private depths: Float64Array;
  private mask: number;
  private head = 0;
  private count = 0;
  /** Enqueue time and depth of the packet last returned by shift(). */
  shiftedTime: Picoseconds = 0;
  shiftedDepth = 0;

  constructor(initialCapacity = 16) {
    let cap = 2;
    while (cap < initialCapacity) cap *= 2;
    this.items = new Array<Waiting | undefined>(cap).fill(undefined);
    this.times = new Float64Array(cap);
    this.depths = new Float64Array(cap);
    this.mask = cap - 1;
  }

  get length(): number {
    return this.count;
  }

  push(item: Waiting, time: Picoseconds, depth: number): void {
    if (this.count > this.mask) this.grow();
    const i = (this.head + this.count) & this.mask;
    this.items[i] = item;
    this.times[i] = time;
    this.depths[i] = depth;
    this.count++;
  }

  /** The oldest packet (its enqueue time and depth in shiftedTime / shiftedDepth); the caller checks length. */
  shift(): Waiting {
    const i = this.head;
    const item = this.items[i]!;
    this.items[i] = undefined;
    this.shiftedTime = this.times[i]!;
    this.shiftedDepth = this.depths[i]!;
    this.head = (i + 1) & this.mask;
    this.count--;
    return item;
  }

  private grow(): void {
    const cap = this.items.length;
    const items = new Array<Waiting | undefined>(cap * 2).fill(undefined);
    const times = new Float64Array(cap * 2);
    const depths = new Float64Array(cap * 2);
    for (let k = 0; k < this.count; k++) {
      const i = (this.head + k) & this.mask;
      items[k] = this.items[i];
      times[k] = this.times[i]!;
      depths[k] = this.depths[i]!;
    }
    this.items = items;
    this.times = times;
    this.depths = depths;
    this.mask = cap * 2 - 1;
    this.head = 0;
  }
}
