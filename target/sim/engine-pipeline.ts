// The adapter between the v1model engine and the traffic manager. The engine already splits a packet's life
// where bmv2 does (runIngress -> queue -> runEgress), so the adapter only translates: virtual time to the
// engine's microsecond clock, the TM's queueing metadata to standard_metadata, egress-to-egress clones back
// into the queues, and recirculated packets back into ingress.
import { compileP4, formatDiagnostic } from '../frontend/index.js';
import { Switch, type EgressJob, type PendingIngress, type QueueInfo } from '../engine/index.js';
import type { Enqueued, Frame, QueueMetadata } from '../tm/seam.js';
import { toMicroseconds, type Picoseconds } from '../tm/time.js';
import type { CounterCell, PipelineHooks } from './pipeline.js';
import type { P4PipelineFactory, ProgrammablePipeline } from './scenario-run.js';

const NO_BYTES = new Uint8Array(0);

/** The result when ingress queues nothing: shared, and frozen so that no caller can add to it. */
const NOTHING: Enqueued[] = Object.freeze([]) as unknown as Enqueued[];

/** Rounds of resubmission allowed per packet before it is dropped (bmv2 has no limit; a loop would hang). */
const MAX_RESUBMITS = 16;

export class EnginePipeline implements ProgrammablePipeline {
  readonly description: string;
  private hooks: PipelineHooks | undefined;
  private readonly arrival: PendingIngress = { port: 0, data: NO_BYTES, instanceType: 0, owned: true };
  /** Handed to the engine for each egress, which reads it before returning. */
  private readonly queueInfo: Required<QueueInfo> = {
    enqQdepth: 0,
    deqQdepth: 0,
    enqTimestamp: 0,
    deqTimedelta: 0,
    egressTimestamp: 0,
  };

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

  ingress(port: number, data: Uint8Array, now: Picoseconds): Enqueued[] {
    // A frame off the wire belongs to the switch that received it (see Frame), so the engine may deparse into it.
    // One request object serves every packet: the engine reads it during runIngress and keeps none of it.
    const first = this.arrival;
    first.port = port;
    first.data = data;
    const out = this.runIngress(first, now);
    first.data = NO_BYTES;
    return out;
  }

  private runIngress(first: PendingIngress, now: Picoseconds): Enqueued[] {
    const sw = this.sw;
    sw.nowUs = toMicroseconds(now);
    // Built at its exact size (usually one packet): an empty array grown by push() takes room for 16.
    let out: Enqueued[] | undefined;
    let pending: PendingIngress | undefined = first;
    for (let round = 0; pending && round <= MAX_RESUBMITS; round++) {
      const r = sw.runIngress(pending);
      const jobs = r.jobs;
      for (let i = 0; i < jobs.length; i++) {
        const item = this.enqueued(jobs[i]!);
        if (out === undefined) out = [item];
        else out.push(item);
      }
      pending = r.again.length > 0 ? r.again[0] : undefined;
    }
    return out ?? NOTHING;
  }

  enqueued(job: EgressJob): Enqueued {
    return new EngineJob(job, this);
  }

  /** Egress for a dequeued job, with the traffic manager's queueing metadata. */
  egress(job: EgressJob, m: QueueMetadata): Frame[] {
    const sw = this.sw;
    sw.nowUs = toMicroseconds(m.deqTimePs);
    const q = this.queueInfo;
    q.enqQdepth = m.enqQdepth;
    q.deqQdepth = m.deqQdepth;
    q.enqTimestamp = m.enqTimestampUs;
    q.deqTimedelta = m.deqTimedeltaUs;
    q.egressTimestamp = sw.nowUs;
    const r = sw.runEgress(job, q);
    const hooks = this.hooks;
    // Clones and recirculations are rare: test the lengths before setting up any loop.
    if (hooks !== undefined && r.clones.length + r.again.length > 0) {
      for (const c of r.clones) hooks.enqueue(this.enqueued(c));
      for (const a of r.again) hooks.reingest(a.port, a.data);
    }
    return r.out;
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

/** One engine job waiting in a queue (a class rather than a closure per packet: cheaper on the hot path). */
class EngineJob implements Enqueued {
  readonly egressPort: number;
  readonly priority: number;

  constructor(
    private readonly job: EgressJob,
    private readonly pipeline: EnginePipeline,
  ) {
    this.egressPort = job.egressPort;
    this.priority = job.priority;
  }

  resume(meta: QueueMetadata): Frame[] {
    return this.pipeline.egress(this.job, meta);
  }
}
