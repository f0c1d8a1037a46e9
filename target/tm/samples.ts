// Exact order statistics of a stream of numbers (queueing delays): samples are kept in a growable typed array
// and sorted once when a report asks, so p50/p99/max are exact rather than histogram approximations.
//
// Queueing delays are integer picoseconds below 2^32 (4.3 ms), and at MLT §6.2's scale there are about 10^8 of
// them: kept as 32-bit integers they take half the memory of doubles. The first sample that is not such an
// integer (a negative, a fraction, a longer delay) turns the store into doubles, so every value stays exact.
const EMPTY = new Uint32Array(0);

/** A store of samples: 32-bit unsigned integers while every sample is one, doubles otherwise. */
export type SampleArray = Uint32Array | Float64Array;

/** The 1-based nearest rank of percentile q (in [0, 100]) among n > 0 values: the smallest rank whose share
 *  of the values reaches q, and at least 1. */
export function nearestRank(q: number, n: number): number {
  return Math.min(n, Math.max(1, Math.ceil((q / 100) * n)));
}

export class Samples {
  // Allocated on first use: a fabric has thousands of queues and most stay idle.
  private data: SampleArray = EMPTY;
  private n = 0;
  // Zeros are only counted until someone reads the samples: a packet that finds its port idle waits exactly 0,
  // and on a lightly loaded fabric that is most packets. Counting them leaves the array (one per queue,
  // scattered in memory, cold in the cache) untouched on the hot path.
  private zeros = 0;
  private sorted = true;
  private total = 0;

  get count(): number {
    return this.n + this.zeros;
  }

  add(value: number): void {
    if (value === 0) {
      this.zeros++;
      return;
    }
    // `>>> 0` keeps a value unchanged only if it is an integer in [0, 2^32).
    if (value >>> 0 !== value && this.data instanceof Uint32Array) this.widen();
    if (this.n === this.data.length) this.grow(this.n + 1);
    if (this.n > 0 && value < this.data[this.n - 1]!) this.sorted = false;
    this.data[this.n++] = value;
    this.total += value;
  }

  mean(): number {
    const n = this.count;
    return n === 0 ? 0 : this.total / n;
  }

  /** Nearest-rank percentile (q in [0, 100]); 0 for an empty set. */
  percentile(q: number): number {
    const count = this.count;
    if (count === 0) return 0;
    this.sortStored();
    const rank = nearestRank(q, count);
    // The counted zeros sit between the stored negatives and positives, which need not be written out.
    const z = this.zeros;
    if (z === 0) return this.data[rank - 1]!;
    const negatives = this.firstPositive();
    if (rank <= negatives) return this.data[rank - 1]!;
    return rank <= negatives + z ? 0 : this.data[rank - z - 1]!;
  }

  /** The samples in no particular order (a view: valid until the next add). */
  values(): SampleArray {
    this.settle();
    return this.data.subarray(0, this.n);
  }

  /** The samples in ascending order (a view: valid until the next add). */
  sortedValues(): SampleArray {
    this.sort();
    return this.data.subarray(0, this.n);
  }

  max(): number {
    return this.percentile(100);
  }

  /** The counted zeros written out as samples, so that every reader sees one plain array. */
  private settle(): void {
    const z = this.zeros;
    if (z === 0) return;
    this.zeros = 0;
    if (this.n + z > this.data.length) this.grow(this.n + z);
    this.data.fill(0, this.n, this.n + z);
    if (this.n > 0 && this.data[this.n - 1]! > 0) this.sorted = false;
    this.n += z;
  }

  private sort(): void {
    this.settle();
    this.sortStored();
  }

  private sortStored(): void {
    if (!this.sorted) {
      this.data.subarray(0, this.n).sort();
      this.sorted = true;
    }
  }

  /** In the sorted stored values (no zeros among them), the index of the first positive one. */
  private firstPositive(): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.data[mid]! < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private grow(atLeast: number): void {
    let size = Math.max(64, this.data.length * 2);
    while (size < atLeast) size *= 2;
    const bigger = this.data instanceof Uint32Array ? new Uint32Array(size) : new Float64Array(size);
    bigger.set(this.data.subarray(0, this.n));
    this.data = bigger;
  }

  /** From 32-bit integers to doubles, for a sample that is not such an integer. */
  private widen(): void {
    const wide = new Float64Array(Math.max(64, this.data.length));
    wide.set(this.data.subarray(0, this.n));
    this.data = wide;
  }
}

/** Several stores' samples in one array: 32-bit integers when every store holds them, doubles otherwise. */
export function concatSamples(lists: readonly SampleArray[]): SampleArray {
  const n = lists.reduce((sum, l) => sum + l.length, 0);
  const all = lists.every((l) => l instanceof Uint32Array) ? new Uint32Array(n) : new Float64Array(n);
  let o = 0;
  for (const l of lists) {
    all.set(l, o);
    o += l.length;
  }
  return all;
}

/**
 * The k-th smallest of a[lo..hi] (quickselect with a median-of-three pivot), leaving a[lo..k-1] no greater and
 * a[k+1..hi] no smaller than a[k]. Expected time linear in the length.
 */
export function selectKth(a: SampleArray, k: number, lo: number, hi: number): number {
  while (hi > lo) {
    const mid = (lo + hi) >> 1;
    // Median of three into a[mid], then Hoare partition around it.
    if (a[mid]! < a[lo]!) swap(a, mid, lo);
    if (a[hi]! < a[lo]!) swap(a, hi, lo);
    if (a[hi]! < a[mid]!) swap(a, hi, mid);
    const pivot = a[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

function swap(a: SampleArray, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}
