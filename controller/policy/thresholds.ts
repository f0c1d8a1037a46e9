// How policy values become mlt.p4 parameters: thresholds by the convention of
// controller/convention/thresholds.ts (re-exported here), loss probabilities as 32-bit rates.
export { effectiveThreshold, installedThreshold, THRESHOLD_NEVER } from '../convention/thresholds.js';

/** mlt.p4's lossy-link rate for a loss probability p: floor(p * 2^32), saturated at 0xFFFFFFFF (always). */
export function lossRateValue(p: number): number {
  if (!(p > 0)) return 0;
  return Math.min(0xffffffff, Math.floor(p * 2 ** 32));
}
