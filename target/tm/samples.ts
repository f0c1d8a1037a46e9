// Exact order statistics of a stream of numbers (queueing delays): samples are kept in a growable typed array
// and sorted once when a report asks, so p50/p99/max are exact rather than histogram approximations.
const EMPTY = new Float64Array(0);

export class Samples {
  // Allocated on first use: a fabric has thousands of queues and most stay idle.
  private data = EMPTY;
  private n = 0;
  private sorted = true;
  private total = 0;

  get count(): number {
    return this.n;
  }

  add(value: number): void {
    if (this.n === this.data.length) {
      const bigger = new Float64Array(Math.max(64, this.data.length * 2));
      bigger.set(this.data);
      this.data = bigger;
    }
    if (this.n > 0 && value < this.data[this.n - 1]!) this.sorted = false;
    this.data[this.n++] = value;
    this.total += value;
  }

  mean(): number {
    return this.n === 0 ? 0 : this.total / this.n;
  }

  /** Nearest-rank percentile (q in [0, 100]); 0 for an empty set. */
  percentile(q: number): number {
    if (this.n === 0) return 0;
    this.sort();
    const rank = Math.min(this.n, Math.max(1, Math.ceil((q / 100) * this.n)));
    return this.data[rank - 1]!;
  }

  /** The samples in no particular order (a view: valid until the next add). */
  values(): Float64Array {
    return this.data.subarray(0, this.n);
  }

  /** The samples in ascending order (a view: valid until the next add). */
  sortedValues(): Float64Array {
    this.sort();
    return this.data.subarray(0, this.n);
  }

  max(): number {
    return this.percentile(100);
  }

  private sort(): void {
    if (!this.sorted) {
      this.data.subarray(0, this.n).sort();
      this.sorted = true;
    }
  }
}
