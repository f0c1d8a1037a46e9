// Per-flow bookkeeping at the edges: what each generator sent and what its receiver got, by the trailer that
// generators put in every frame. This is how losses and ECN marks are measured end to end.
import { Samples } from '../tm/samples.js';

export class FlowStats {
  sent = 0;
  sentBytes = 0;
  received = 0;
  receivedBytes = 0;
  /** Frames that arrived with ECN = CE. */
  ceMarked = 0;
  firstSentPs = Number.POSITIVE_INFINITY;
  lastReceivedPs = 0;
  private own: Samples | undefined;

  constructor(
    readonly id: number,
    readonly name: string,
    readonly src: string,
    readonly dst: string,
    /** The registry that logs this flow's latencies (see FlowRegistry.logLatency); none for a standalone flow. */
    private readonly registry?: FlowRegistry,
  ) {}

  /** One-way delay of every received frame, in picoseconds, in the order they arrived. */
  get latency(): Samples {
    if (this.registry) return this.registry.latencyOf(this.id);
    return (this.own ??= new Samples());
  }
}

export class FlowRegistry {
  private readonly flows: FlowStats[] = [];
  private readonly latencies: Samples[] = [];
  // Latencies as they arrive, in one log for all flows, handed to each flow's samples when someone reads them.
  // Appending to one sequential log is much cheaper than to thousands of per-flow arrays scattered in memory
  // (each receive would touch a different one, cold in the cache); the order per flow is the arrival order
  // either way, so the samples, their sums and their percentiles are the same.
  private logFlow = new Int32Array(1024);
  private logPs = new Float64Array(1024);
  private logged = 0;

  create(name: string, src: string, dst: string): FlowStats {
    const f = new FlowStats(this.flows.length, name, src, dst, this);
    this.flows.push(f);
    this.latencies.push(new Samples());
    return f;
  }

  get(id: number): FlowStats | undefined {
    return this.flows[id];
  }

  all(): readonly FlowStats[] {
    return this.flows;
  }

  /** Record a received frame's one-way delay for flow `id` (an id this registry created). */
  logLatency(id: number, ps: number): void {
    const n = this.logged;
    if (n === this.logFlow.length) this.growLog();
    this.logFlow[n] = id;
    this.logPs[n] = ps;
    this.logged = n + 1;
  }

  /** The latencies of flow `id` so far (the log is handed over to the flows' samples first). */
  latencyOf(id: number): Samples {
    const n = this.logged;
    if (n > 0) {
      this.logged = 0;
      const ids = this.logFlow;
      const ps = this.logPs;
      for (let i = 0; i < n; i++) this.latencies[ids[i]!]!.add(ps[i]!);
    }
    return this.latencies[id]!;
  }

  private growLog(): void {
    const ids = new Int32Array(this.logFlow.length * 2);
    ids.set(this.logFlow);
    const ps = new Float64Array(this.logPs.length * 2);
    ps.set(this.logPs);
    this.logFlow = ids;
    this.logPs = ps;
  }
}
