// The adapter between the v1model engine and the traffic manager. The engine already splits a packet's life
// where bmv2 does (runIngress -> queue -> runEgress), so the adapter only translates: virtual time to the
// engine's microsecond clock, the TM's queueing metadata to standard_metadata, egress-to-egress clones back
// into the queues, and recirculated packets back into ingress.
import { compileP4, formatDiagnostic } from '../compiler/index.js';
import {
  Switch,
  type EgressJob,
  type EgressSide,
  type PendingIngress,
  type QueueInfo,
} from '../engine/index.js';
import type { Enqueued, Frame, IngressSink, QueueMetadata } from '../tm/seam.js';
import { toMicroseconds, type Picoseconds } from '../tm/time.js';
import type { CounterCell, PipelineHooks } from './pipeline.js';
import type { P4PipelineFactory, ProgrammablePipeline } from './scenario-run.js';

const NO_BYTES = new Uint8Array(0);

/** Egress made no frame: shared, and frozen so that no caller can add to it. */
const NO_FRAMES: Frame[] = Object.freeze([]) as unknown as Frame[];

// Nothing here is allocated per packet in the common case (one packet in, one job, one frame out): the request,
// the job list, the egress side results and the returned frame are reused; the engine reuses a job with its
// packet state, and the job's wrapper for the traffic manager rides along in userData. These scratch objects are
// shared by every switch of a fabric, so that they stay in the cache as packets move from switch to switch: each
// is done with before anything it calls can reach another pipeline (see ingress and egress).
const arrival: PendingIngress = { port: 0, data: NO_BYTES, instanceType: 0, owned: true };
const jobList: EgressJob[] = [];
const egressSide: EgressSide = { clones: [], again: [] };
const outFrame: Frame = { port: 0, data: NO_BYTES };
const outFrames: Frame[] = [outFrame];
/** Handed to the engine for each egress, which reads it before running anything else. */
const queueInfo: Required<QueueInfo> = {
  enqQdepth: 0,
  deqQdepth: 0,
  enqTimestamp: 0,
  deqTimedelta: 0,
  egressTimestamp: 0,
};

export class EnginePipeline implements ProgrammablePipeline {
  readonly description: string;
  private hooks: PipelineHooks | undefined;

  constructor(
    readonly sw: Switch,
    name: string,
  ) {
    this.description = name;
  }

  get controlPlane(): Switch {
    return this.sw;
  }

  attach(hooks: PipelineHooks): void {
    this.hooks = hooks;
  }

  ingress(
    port: number,
    data: Uint8Array,
    now: Picoseconds,
    enqueue: IngressSink,
    recirculated?: unknown,
  ): void {
    const sw = this.sw;
    const jobs = jobList;
    // A recirculated packet comes back as egress made it (instance type, preserved metadata, its depth); a
    // frame off the wire belongs to the switch that received it (see Frame), so the engine may deparse into it.
    let pending = recirculated as PendingIngress | undefined;
    if (pending === undefined) {
      pending = arrival;
      pending.port = port;
      pending.data = data;
    }
    // Each resubmission is one deeper, and the engine drops a packet past its limit: the loop ends.
    while (pending) {
      sw.nowUs = toMicroseconds(now);
      const again = sw.ingressInto(pending, jobs);
      pending = again.length > 0 ? again[0] : undefined;
    }
    arrival.data = NO_BYTES;
    // The sink may run egress at once, which may recirculate into ingress again: the job list is emptied
    // before anything is handed over.
    if (jobs.length === 1) {
      enqueue(this.enqueued(jobs.pop()!));
    } else if (jobs.length > 1) {
      const all = jobs.splice(0, jobs.length);
      for (const j of all) enqueue(this.enqueued(j));
    }
  }

  enqueued(job: EgressJob): Enqueued {
    let item = job.userData as EngineJob | undefined;
    if (item === undefined) job.userData = item = new EngineJob(job, this);
    // Switches running the same program share packet states, and so jobs and their wrappers.
    item.pipeline = this;
    item.egressPort = job.egressPort;
    item.priority = job.priority;
    return item;
  }

  /** Egress for a dequeued job, with the traffic manager's queueing metadata. */
  egress(job: EgressJob, m: QueueMetadata): Frame[] {
    const sw = this.sw;
    const port = job.egressPort;
    sw.nowUs = toMicroseconds(m.deqTimePs);
    const q = queueInfo;
    q.enqQdepth = m.enqQdepth;
    q.deqQdepth = m.deqQdepth;
    q.enqTimestamp = m.enqTimestampUs;
    q.deqTimedelta = m.deqTimedeltaUs;
    q.egressTimestamp = sw.nowUs;
    const side = egressSide;
    const data = sw.egressInto(job, q, side);
    // Clones and recirculations are rare: test the lengths before setting up any loop. They may run egress and
    // ingress again at once, so the results are read first and the frame is filled in after.
    const hooks = this.hooks;
    if (hooks !== undefined && side.clones.length + side.again.length > 0) {
      const { clones, again } = side;
      for (const c of clones) hooks.enqueue(this.enqueued(c));
      for (const a of again) hooks.reingest(a.port, a.data, a);
    }
    if (data === null) return NO_FRAMES;
    outFrame.port = port;
    outFrame.data = data;
    return outFrames;
  }

  counterNames(): string[] {
    return this.sw.p4info.counters.map((c) => c.preamble.name);
  }

  counterPackets(shortName: string, index: number): number | undefined {
    let packets: number | undefined;
    for (const c of this.sw.p4info.counters) {
      const name = c.preamble.name;
      if (name.slice(name.lastIndexOf('.') + 1) !== shortName || !(index >= 0 && index < c.size)) continue;
      const data = this.sw.readCounter(c.preamble.id, index)[0]!.data;
      if (data.packets !== 0n || data.bytes !== 0n) packets = Number(data.packets);
    }
    return packets;
  }

  readCounters(): CounterCell[] {
    const cells: CounterCell[] = [];
    for (const c of this.sw.p4info.counters)
      for (const { index, data } of this.sw.readCounter(c.preamble.id))
        if (data.packets !== 0n || data.bytes !== 0n)
          cells.push({
            name: c.preamble.name,
            index,
            packets: Number(data.packets),
            bytes: Number(data.bytes),
          });
    return cells;
  }
}

/** Compile once, then make an independent Switch (own tables, counters, registers, random stream) per switch. */
export function engineFactory(queues: number): P4PipelineFactory {
  return (sourceFile) => {
    const r = compileP4({ path: sourceFile });
    if (!r.ok)
      throw new Error(r.diagnostics.map(formatDiagnostic).join('\n') || `cannot compile ${sourceFile}`);
    return (seed) =>
      new EnginePipeline(new Switch(r.program, r.p4info, { seed, priorityQueues: queues }), sourceFile);
  };
}

/** An engine job as the traffic manager queues it: made once per job, and reused with it (see EgressJob.userData). */
class EngineJob implements Enqueued {
  egressPort = 0;
  priority = 0;

  constructor(
    private readonly job: EgressJob,
    public pipeline: EnginePipeline,
  ) {}

  resume(meta: QueueMetadata): Frame[] {
    return this.pipeline.egress(this.job, meta);
  }
}
