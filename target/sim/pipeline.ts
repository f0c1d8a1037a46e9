// What the fabric needs from a switch's packet pipeline: the traffic-manager seam, plus (optionally) a way to
// read the program's own counters for the report, since some drop causes are known only to the program.
import type { PipelineSeam } from '../tm/seam.js';

export interface CounterCell {
  /** Fully qualified control-plane name, e.g. `MyEgress.dropped_at_l`. */
  name: string;
  index: number;
  packets: number;
  bytes: number;
}

export interface SimPipeline extends PipelineSeam {
  /** A short description for reports, e.g. `p4/mlt.p4` or `builtin router`. */
  readonly description: string;
  /** Every cell of every indirect counter of the program. */
  readCounters?(): CounterCell[];
}
