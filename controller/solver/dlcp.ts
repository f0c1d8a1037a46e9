// DLCP's switch setting (seeds/002 §4.2), for comparison with the optimum under the same model.
import type { Thresholds } from './types.js';

export interface DlcpParams {
  /** T: the highest data queue's threshold in packets. */
  base: number;
  /** d: each lower queue's threshold grows by T·d. */
  step: number;
}

/**
 * DLCP sets ECN marking (= small-gradient drop) thresholds T·(1, 1+d, ..., 1+(P-1)d) from the
 * highest data queue down and leaves the rest to the switch buffer. Under the constraint Σ L_i <= B
 * the fair reading is a static equal split of the buffer, L_i = floor(B/P), with S_i capped at L_i.
 * Returned highest data queue first.
 */
export function dlcpThresholds(dataQueues: number, buffer: number, params: DlcpParams): Thresholds[] {
  const L = Math.floor(buffer / dataQueues);
  const result: Thresholds[] = [];
  for (let rank = 0; rank < dataQueues; rank++) {
    const S = Math.max(0, Math.round(params.base * (1 + rank * params.step)));
    result.push({ S: Math.min(S, L), L });
  }
  return result;
}
