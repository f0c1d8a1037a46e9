// What the fabric needs from a switch's packet pipeline: the traffic-manager seam, plus (optionally) a way to
// read the program's own counters for the report, since some drop causes are known only to the program.
import type { Enqueued, PipelineSeam } from '../tm/seam.js';

export interface CounterCell {
  /** Fully qualified control-plane name, e.g. `MyEgress.dropped_at_l`. */
  name: string;
  index: number;
  packets: number;
  bytes: number;
}

/** What a switch offers its pipeline for packets that egress creates: clones to queue, packets to recirculate. */
export interface PipelineHooks {
  enqueue(item: Enqueued): void;
  /** Run a recirculated packet through ingress again. `recirculated` is the pipeline's own account of it (for
   *  a v1model pipeline its instance type, preserved metadata and how often it went round), handed back to
   *  the pipeline's ingress untouched. */
  reingest(port: number, data: Uint8Array, recirculated: unknown): void;
}

export interface SimPipeline extends PipelineSeam {
  /** A short description for reports, e.g. `p4/mlt.p4` or `builtin router`. */
  readonly description: string;
  /** The non-zero cells of every indirect counter of the program. */
  readCounters?(): CounterCell[];
  /** Names of the program's indirect counters (including those still at zero). */
  counterNames?(): string[];
  /**
   * The packets of one cell, by the counter's last name component: what `readCounters()` reports for that
   * name and index (the last such counter with a non-zero cell wins), or undefined when no such cell is
   * non-zero. Lets a report read the few cells it needs instead of every cell of every counter.
   */
  counterPackets?(shortName: string, index: number): number | undefined;
  /** Called once by the switch that runs this pipeline. */
  attach?(hooks: PipelineHooks): void;
}
