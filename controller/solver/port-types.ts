// The strict-priority port as the switch runs it, in the switch's own terms (enq_qdepth limits).
import type { QueueLosses } from './models.js';

/** One data queue of the port, highest priority first in every list. */
export interface PortQueue {
  /** λ_k/μ: arrivals of this queue per mean service time of the port. */
  arrival: number;
  /** Installed enq_qdepth limits: a small (non-ECT) packet is admitted iff the queue holds fewer than `s`
   *  waiting packets, a large (ECT) one iff fewer than `l`; 0 <= s <= l. */
  s: number;
  l: number;
}

export interface PortInstance {
  queues: PortQueue[];
  /** θ: fraction of each queue's packets that are small (unimportant). */
  theta: number;
  /** The port's buffer in waiting packets (tail drop when the port holds this many). */
  buffer: number;
}

export type PortLosses = QueueLosses[];
