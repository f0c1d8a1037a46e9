// The threshold convention, once for every command (push, `mlt sim`, `mlt solve --validate`, the demo). It
// sits in a folder of its own so that both the policy (controller/policy) and the solver's validation
// (controller/solver/install.ts) import it; the policy module re-exports it.
//
// A model threshold T (the solver's, DLCP's, or S and L written in a fabric file) is a queue length that
// counts the packet in service: "drop or mark when n >= T packets are in the queue". mlt.p4 compares
// standard_metadata.enq_qdepth, the packets waiting when this one is enqueued, which leaves out the packet
// on the wire. While the wire carries a packet of this queue n = enq_qdepth + 1, so "n >= T" is
// "enq_qdepth >= T - 1"; while the port is idle both are 0 and agree for every T >= 2. Hence T - 1.
// T = 0 stays 0 (always true in both). T = 1 ("admit only into an idle queue") cannot be told apart from
// "one packet on the wire" by enq_qdepth, and is installed as 1 (model threshold 2).
// For a lower-priority queue the wire may carry a higher queue's packet, so the shift can be one too many;
// the model gives each queue its own server and has no such state, so no translation is exact for every
// queue, and this one is exact for the top data queue, where the thresholds matter most.
// A threshold that never triggers (Infinity, or larger than 32 bits) is 0xFFFFFFFF, mlt.p4's default.

export const THRESHOLD_NEVER = 0xffffffff;

/** The enq_qdepth value to install for a model threshold T (packets). */
export function installedThreshold(T: number): number {
  if (!Number.isFinite(T) || T >= THRESHOLD_NEVER) return THRESHOLD_NEVER;
  const t = Math.max(0, Math.round(T));
  return t <= 1 ? t : t - 1;
}

/** The model threshold that `installedThreshold(T)` implements (differs only for T = 1). */
export function effectiveThreshold(T: number): number {
  return T === 1 ? 2 : T;
}
