// The one place the solver turns a model threshold T into the value installed in p4/mlt.p4's queue_thresholds
// (compared with enq_qdepth), and back: the controller's convention (controller/convention/thresholds.ts, which
// says why T - 1), so that validation, `mlt sim`, `mlt push` and the demo install the same values.
export { installedThreshold as installedDepth, effectiveThreshold } from '../convention/thresholds.js';
