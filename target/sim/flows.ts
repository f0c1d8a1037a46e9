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
  /** One-way delay of every received frame, in picoseconds. */
  readonly latency = new Samples();
  firstSentPs = Number.POSITIVE_INFINITY;
  lastReceivedPs = 0;

  constructor(
    readonly id: number,
    readonly name: string,
    readonly src: string,
    readonly dst: string,
  ) {}
}

export class FlowRegistry {
  private readonly flows: FlowStats[] = [];

  create(name: string, src: string, dst: string): FlowStats {
    const f = new FlowStats(this.flows.length, name, src, dst);
    this.flows.push(f);
    return f;
  }

  get(id: number): FlowStats | undefined {
    return this.flows[id];
  }

  all(): readonly FlowStats[] {
    return this.flows;
  }
}
