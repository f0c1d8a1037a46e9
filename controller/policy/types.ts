// The `policy:` section of a fabric file (configs/schemas/fabric.schema.json), and what it resolves to.

export type DscpPolicyFile =
  /** Tag the way MLT senders do: a model's layers spread over the data queues, DSCP 8q for queue q. */
  | { profile: string; reserveTopQueue?: boolean }
  /** DSCP -> priority, explicitly. */
  | { map: Record<string, number> };

export type ThresholdPolicyFile =
  /** The solver's optimum for a solve config (configs/schemas/solve.schema.json). */
  | { solve: string }
  /** DLCP's arithmetic thresholds: S = base·(1 + rank·step) from the top data queue down, L = buffer / P. */
  | { dlcp: { base: number; step: number }; bufferPackets: number; reserveTopQueue?: boolean }
  /** S and L per queue (model thresholds, see thresholds.ts). */
  | { queues: { queue: number; S: number; L: number }[] };

export interface LossFile {
  switch: string;
  port: number;
  /** Probability that a packet leaving this port is lost, 0..1. */
  rate: number;
}

export interface PolicyFile {
  /** Priority queues per port (simple_switch --priority-queues). Default 8. */
  queues?: number;
  dscp?: DscpPolicyFile;
  thresholds?: ThresholdPolicyFile;
  /** How a spray group picks among its paths. Default round-robin. */
  spray?: 'round-robin' | 'random';
  loss?: LossFile[];
}

/** A policy with every file it names read and every derived value computed. */
export interface ResolvedPolicy {
  queues: number;
  /** DSCP -> priority. */
  dscp: Map<number, number>;
  /** Model thresholds per queue; queues left out keep mlt.p4's default (never). */
  thresholds: Map<number, { S: number; L: number }>;
  spray: 'round-robin' | 'random';
  loss: LossFile[];
}
