// The one place that turns a model threshold T into the value installed in p4/mlt.p4's queue_thresholds
// (compared with enq_qdepth), and back. Kept alone so that the controller's convention can replace it.

/**
 * The enq_qdepth threshold that implements a model threshold T.
 *
 * The `paper` and `exact` models count a queue's packets including the one in service; the switch compares
 * enq_qdepth, the packets waiting in the queue when this one arrives, which leaves out the packet on the
 * wire. While the wire carries a packet of this queue, n = enq_qdepth + 1, so "n >= T" is "enq_qdepth >=
 * T - 1"; while the port is idle, n = enq_qdepth = 0 and both tests agree for every T >= 2 (0 >= T - 1 fails).
 * T = 0 is 0 (always true in both). T = 1 ("admit only into an idle queue") cannot be expressed: enq_qdepth
 * is 0 both when the port is idle and when one packet is on the wire. It is installed as 1, i.e. model
 * threshold 2, and predictions use 2 (`effectiveThreshold`).
 *
 * For a lower-priority queue the wire may be busy with a higher queue's packet; then n = enq_qdepth, and the
 * shift by one is off by one. The per-queue models have no such state (they give each queue a server of rate
 * μ_i), so there is no exact translation; the shift is the one that is exact for the top data queue. The
 * `port` model has the state: it predicts the installed value itself, whatever this function returns.
 */
export function installedDepth(T: number): number {
  return T <= 1 ? T : T - 1;
}

/** The model threshold the installed `installedDepth(T)` implements. */
export function effectiveThreshold(T: number): number {
  return T === 1 ? 2 : T;
}
