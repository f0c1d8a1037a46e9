// The v1model switch: bmv2 simple_switch's packet pipeline around the generated code. The control plane it
// extends is switch-control.ts; the generated code's runtime helpers are preamble.ts and its cache compiled.ts.
//
// Per packet (simple_switch's ingress_thread / egress_thread):
//   parse -> verifyChecksum -> ingress -> [I2E clone, resubmit, multicast or unicast, drop on port 511]
//   -> (traffic manager seam: runIngress returns EgressJobs, runEgress consumes one)
//   -> egress (egress_spec reset to 0 first) -> [E2E clone, drop on 511] -> computeChecksum -> deparse
//   -> recirculate, or out of egress_port (truncated if asked).
// Priority queues: with `priorityQueues` = N (default 8, like bmv2 --priority-queues 8) a packet leaves ingress
// into queue `standard_metadata.priority`; a priority >= N is dropped ("Priority out of range"), so with N = 1
// (bmv2's default of one queue per port) every packet of priority 1 or more is dropped.
// Meters and direct meters are bmv2's trTCM (meter.ts) on the virtual clock `nowUs`.
// Parser value sets match by the P4Runtime specification's rules (value-set.ts).
// Action profiles and selectors run as bmv2 runs them (action-profile.ts).
// digest() reports its fields as they are when ingress ends, the last call winning, to `onDigest` (digest.ts).
// Simplifications, each deliberate: header/struct arguments passed inout are aliased rather than copied in
// and out (visible only with aliasing or `exit` inside the callee); chains of resubmissions, recirculations
// and E2E clones stop after MAX_ROUNDS; assert()/assume() failures abort the packet with an exception (bmv2
// aborts the whole switch).
import { formatDiagnostic, compileP4, type CheckedProgram } from '../compiler/index.js';
import type { OutputPacket } from './control-plane-api.js';
import type { P4Info } from '../p4info/types.js';
import { compiled, type Blocks, type Compiled } from './compiled.js';
import { digestValue, type DigestSink, type DigestStruct } from './digest.js';
import { attachMeters } from './meter.js';
import { PacketWriter, inPlaceFrame } from './packet.js';
import { clone_, getPath, setPath, type CloneReq, type EgressJob, type PktState } from './packet-state.js';
import { runtimePreamble } from './preamble.js';
import { EXIT, REJECT, ParserError, makeRandom, makeRuntime, type Obj } from './runtime.js';
import { SwitchControlPlane, type MirrorSession } from './switch-control.js';

export { ControlPlaneError } from './control-plane-api.js';
export { allocFrame } from './packet.js';
export { PacketAborted } from './runtime.js';
export type { EgressJob } from './packet-state.js';
export type { DigestHeader, DigestSample, DigestSink, DigestStruct, DigestValue } from './digest.js';
export type { OutputPacket } from './control-plane-api.js';
export type { MirrorSession } from './switch-control.js';

export interface SwitchOptions {
  seed?: number;
  cpuPort?: number;
  log?: (line: string) => void;
  /** Priority queues per egress port (bmv2 --priority-queues); default 8. */
  priorityQueues?: number;
}

/** standard_metadata.instance_type values of bmv2 simple_switch. */
export const InstanceType = {
  NORMAL: 0,
  INGRESS_CLONE: 1,
  EGRESS_CLONE: 2,
  COALESCED: 3,
  RECIRC: 4,
  REPLICATION: 5,
  RESUBMIT: 6,
} as const;

export const DROP_PORT = 511;

/** Queueing metadata egress sees (standard_metadata); all 0 on an idle switch. */
export interface QueueInfo {
  enqQdepth: number;
  deqQdepth: number;
  enqTimestamp: number;
  deqTimedelta: number;
  /** egress_global_timestamp, microseconds. */
  egressTimestamp?: number;
}

export interface IngressResult {
  jobs: EgressJob[];
  /** Packets to run through ingress again (resubmit). */
  again: PendingIngress[];
}

/** What egress makes besides the frame out of egress_port: both lists are usually empty. */
export interface EgressSide {
  /** E2E clones, to be queued for egress like any other job. */
  clones: EgressJob[];
  /** Recirculated packets, to be run through ingress again. */
  again: PendingIngress[];
}

export interface EgressResult extends EgressSide {
  out: OutputPacket[];
}

export interface PendingIngress {
  port: number;
  data: Uint8Array;
  instanceType: number;
  /** The caller hands the buffer over and does not read it afterwards: the engine may rewrite it and return
   *  a view of it as the output frame. It never changes the payload bytes, only those of the headers it
   *  parsed and, for a frame made by allocFrame (the engine makes its copied output frames with it), the
   *  headroom in front of the frame, so headers that grow are written in place too. Only when the packet
   *  leaves as one frame (no I2E/E2E clone, no multicast, no truncate); otherwise, and without the flag, the
   *  input is never written and every output frame is a fresh copy. */
  owned?: boolean;
  preserved?: { paths: string[]; meta: Obj };
  /** The length the packet had when it first arrived, if not data's: bmv2 keeps it through resubmission and
   *  recirculation, and its counters and meters count it. */
  ingressLength?: number;
  /** PktState.st.depth of the packet this one is a resubmission or recirculation of, plus one. */
  depth?: number;
}

/** The empty list of a result (most packets have no clones, resubmits or recirculations): one shared,
 *  frozen array instead of a fresh one per packet; a caller that tried to add to it would fail loudly. */
const NONE: never[] = Object.freeze([]) as unknown as never[];

/** A packet's `st` with nothing asked for yet (no clone, resubmit, recirculation, truncation or digest). */
function freshRequests(len: number, inlen: number, depth: number): PktState['st'] {
  return { clone: null, resubmit: null, recirculate: null, truncate: 0, digest: null, len, inlen, depth };
}

const IDLE: QueueInfo = { enqQdepth: 0, deqQdepth: 0, enqTimestamp: 0, deqTimedelta: 0 };

const NO_BYTES = new Uint8Array(0);

/** Finished packet states kept for reuse, per program: enough for a burst, small enough not to matter. */
const MAX_FREE_STATES = 256;

/** Deparsing happens one packet at a time, and never re-enters: one growable buffer serves every packet of
 *  every switch (one buffer, warm in the cache, rather than one per switch). */
const WRITER = new PacketWriter(2048);

/** Resubmissions, recirculations and E2E clones one after another, counted from the packet that arrived,
 *  before the engine drops the next one (bmv2 has no limit). */
const MAX_ROUNDS = 64;
/** Pipeline passes (ingress or egress) allowed per injected packet beyond its own ingress and egress: a bound
 *  on the work and the memory of one packet whose clones multiply. */
const MAX_PASSES = 1 << 14;

/** A v1model switch running one program: the pipeline, with the control plane it extends. */
export class Switch extends SwitchControlPlane {
  private readonly code: Compiled;
  private readonly rt: unknown;
  private readonly logMsg: (msg: string, values: unknown[]) => void;
  private readonly log: (line: string) => void;
  private readonly priorityQueues: number;
  /** Virtual time in microseconds, for ingress/egress_global_timestamp. */
  nowUs = 0;
  /** Where the digests of digest() calls go (a P4Runtime server's digest lists); without one they are
   *  dropped, as the STF runner of bmv2 drops them. */
  onDigest: DigestSink | undefined = undefined;
  /** The jobs of the packet in ingress (runIngress copies them out). */
  private readonly jobScratch: EgressJob[] = [];
  /** States of finished packets, reset and reused by newState: a packet's ~20 objects (headers, stack
   *  entries, metadata) are not allocated anew, and those of queued packets do not age into the old
   *  generation only to die there. Shared by every switch running the same code (a state holds nothing of
   *  its switch): in a fabric, where consecutive packets are on different switches, the state a packet gets
   *  is the one the last packet left, still in the cache. */
  private readonly freeStates: PktState[];

  constructor(program: CheckedProgram, p4info: P4Info, options: SwitchOptions = {}) {
    super(program, p4info);
    this.log = options.log ?? (() => {});
    this.priorityQueues = options.priorityQueues ?? 8;
    attachMeters(this.externs, this);
    this.rt = makeRuntime(makeRandom(options.seed ?? 1));
    const sob = program.errors.indexOf('StackOutOfBounds');
    this.logMsg = (msg: string, values: unknown[]): void => {
      let i = 0;
      this.log(msg.replace(/\{\}/g, () => (i < values.length ? String(values[i++]) : '{}')));
    };
    this.code = compiled(runtimePreamble(sob) + this.generated.source);
    this.freeStates = this.code.freeStates;
  }

  /** The program's blocks, switched to this switch's tables, externs and random stream. */
  private get blocks(): Blocks {
    const c = this.code;
    if (c.current !== this) {
      c.current = this;
      c.blocks.use(this.rt, this.tables, this.externs, this.logMsg, this.valueSets);
    }
    return c.blocks;
  }

  /** Runs one packet through the whole pipeline (queues are immediate) and returns what leaves, in order. */
  processPacket(ingressPort: number, data: Uint8Array): OutputPacket[] {
    const first = this.runIngress({ port: ingressPort, data, instanceType: InstanceType.NORMAL });
    if (first.again.length === 0 && first.jobs.length <= 1) {
      // The common case: one unicast packet (or a drop), no clones, no recirculation.
      if (first.jobs.length === 0) return [];
      const e = this.runEgress(first.jobs[0], IDLE);
      // What processPacket returns is the caller's to keep and change: never the shared empty list.
      if (e.clones.length === 0 && e.again.length === 0) return e.out === NONE ? [] : e.out;
      return this.finish([...e.out], e.clones, e.again);
    }
    return this.finish([], first.jobs, first.again);
  }

  private finish(out: OutputPacket[], firstJobs: EgressJob[], firstAgain: PendingIngress[]): OutputPacket[] {
    // Each generation of resubmissions, recirculations and E2E clones is one deeper (tooDeep ends them), but
    // a clone session to a multicast group multiplies every generation: MAX_PASSES bounds the whole.
    let passes = 0;
    const jobs = firstJobs.slice();
    const pending = firstAgain.slice();
    while (jobs.length > 0 || pending.length > 0) {
      if (++passes > MAX_PASSES) {
        this.log(`packet dropped: it made more than ${MAX_PASSES} pipeline passes`);
        break;
      }
      // Every queued egress job first, breadth first, then the next packet back into ingress.
      if (jobs.length > 0) {
        const e = this.runEgress(jobs.shift() as EgressJob, IDLE);
        out.push(...e.out);
        jobs.push(...e.clones);
        pending.push(...e.again);
      } else {
        const r = this.runIngress(pending.shift() as PendingIngress);
        pending.push(...r.again);
        jobs.push(...r.jobs);
      }
    }
    return out;
  }

  private newState(
    port: number,
    data: Uint8Array,
    instanceType: number,
    preserved?: PendingIngress['preserved'],
    ingressLength = data.length,
    depth = 0,
  ): PktState {
    const b = this.blocks;
    let s = this.freeStates.pop();
    if (s) {
      // Everything as a fresh state would have it.
      b.resetHeaders(s.hdr);
      b.resetMeta(s.meta);
      b.resetStandardMetadata(s.sm);
      s.pkt.buf = data;
      s.pkt.bit = 0;
      s.pkt.nbits = data.length * 8;
      const st = s.st;
      st.clone = null;
      st.resubmit = null;
      st.recirculate = null;
      st.truncate = 0;
      st.digest = null;
      st.len = data.length;
      st.inlen = ingressLength;
      st.depth = depth;
      s.owned = false;
      s.recyclable = true;
    } else
      s = {
        hdr: b.newHeaders(),
        meta: b.newMeta(),
        sm: b.newStandardMetadata(),
        pkt: { buf: data, bit: 0, nbits: data.length * 8 },
        out: WRITER,
        st: freshRequests(data.length, ingressLength, depth),
        owned: false,
        recyclable: true,
        job: undefined,
      };
    const sm = s.sm;
    sm.ingress_port = port;
    sm.packet_length = data.length;
    sm.instance_type = instanceType;
    // bit<48> values are plain numbers in the engine (see bits.ts).
    sm.ingress_global_timestamp = timestamp48(this.nowUs);
    if (preserved) for (const p of preserved.paths) setPath(s.meta, p, getPath(preserved.meta, p));
    return s;
  }

  /** Hands the digest the packet's ingress asked for to the sink, if one is set (see digest.ts). */
  private learn(st: PktState['st']): void {
    const req = st.digest!;
    st.digest = null;
    const sink = this.onDigest;
    if (!sink) return;
    const info = this.generated.digests[req.id]!;
    sink({ name: info.name, data: digestValue(req.read(), info.type) as DigestStruct });
  }

  /** A finished packet's state back to the pool, unless something else may still read it. */
  private release(s: PktState): void {
    if (!s.recyclable || this.freeStates.length >= MAX_FREE_STATES) return;
    s.recyclable = false; // released once, even if a caller ran the same job twice
    s.pkt.buf = NO_BYTES; // do not keep the frame (or the slab it was carved from) alive
    this.freeStates.push(s);
  }

  private parse(s: PktState): void {
    try {
      this.blocks.parser();
    } catch (e) {
      if (e instanceof ParserError) s.sm.parser_error = e.code;
      else if (e !== REJECT) throw e;
    }
  }

  // Each top-level block runs in its own try: `exit` ends just that block. (One method per block keeps the
  // calls monomorphic, which matters on the per-packet path.)
  private runVerify(b: Blocks): void {
    try {
      b.verify();
    } catch (e) {
      if (e !== EXIT) throw e;
    }
  }

  private runIngressBlock(b: Blocks): void {
    try {
      b.ingress();
    } catch (e) {
      if (e !== EXIT) throw e;
    }
  }

  private runEgressBlock(b: Blocks): void {
    try {
      b.egress();
    } catch (e) {
      if (e !== EXIT) throw e;
    }
  }

  private runCompute(b: Blocks): void {
    try {
      b.compute();
    } catch (e) {
      if (e !== EXIT) throw e;
    }
  }

  private runDeparser(b: Blocks): void {
    try {
      b.deparser();
    } catch (e) {
      if (e !== EXIT) throw e;
    }
  }

  /** Parser, checksum verification and ingress for one packet; what the traffic manager should queue. */
  runIngress(p: PendingIngress): IngressResult {
    // Collected in a reused array and copied out at their exact size: an empty array grown by push() would
    // take room for 16 jobs, for each packet.
    const scratch = this.jobScratch;
    const again = this.ingressInto(p, scratch);
    const jobs = scratch.length === 0 ? NONE : scratch.length === 1 ? [scratch[0]!] : scratch.slice();
    // Emptied by pop(): setting length = 0 would give the backing store up, and the next push reallocate it.
    while (scratch.length > 0) scratch.pop();
    return { jobs, again };
  }

  /** runIngress without a result object: the jobs are appended to `jobs` (the caller's, usually reused), and
   *  the packets to run through ingress again (resubmit) are returned (usually a shared empty list). */
  ingressInto(p: PendingIngress, jobs: EgressJob[]): PendingIngress[] {
    const b = this.blocks;
    const s = this.newState(p.port, p.data, p.instanceType, p.preserved, p.ingressLength, p.depth);
    b.set(s);
    this.parse(s);
    this.runVerify(b);
    this.runIngressBlock(b);
    const sm = s.sm;
    const clone = s.st.clone;
    if (clone && clone.type === 0) {
      const session = this.mirror.get(clone.session);
      if (session !== undefined) {
        const c = this.newState(
          p.port,
          p.data,
          InstanceType.INGRESS_CLONE,
          { paths: clone.fields ?? [], meta: s.meta },
          s.st.inlen,
          s.st.depth,
        );
        b.set(c);
        this.parse(c);
        // simple_switch gives an ingress clone the length the packet arrived with.
        c.st.len = p.data.length;
        this.mirrorOut(c, session, jobs);
        b.set(s);
      }
    }
    // simple_switch learns here: after an ingress clone, before resubmit, multicast and the drop check.
    if (s.st.digest !== null) this.learn(s.st);
    if (s.st.resubmit) {
      if (this.tooDeep(s, 'resubmitted')) return NONE;
      const again: PendingIngress[] = [
        {
          port: p.port,
          data: p.data,
          instanceType: InstanceType.RESUBMIT,
          preserved: { paths: s.st.resubmit, meta: s.meta },
          ingressLength: s.st.inlen,
          depth: s.st.depth + 1,
        },
      ];
      return again;
    }
    const grp = sm.mcast_grp as number;
    if (grp !== 0) {
      s.sm.instance_type = InstanceType.REPLICATION;
      this.replicate(s, grp, jobs);
      // Every job so far (an I2E clone too) goes through admission, in place.
      let k = 0;
      for (let i = 0; i < jobs.length; i++) if (this.admit(jobs[i])) jobs[k++] = jobs[i];
      jobs.length = k;
      return NONE;
    }
    const spec = sm.egress_spec as number;
    if (spec === DROP_PORT) {
      this.release(s);
      return NONE;
    }
    // The only job, with nothing else (an I2E clone) reading the input: it may take the buffer over.
    s.owned = p.owned === true && jobs.length === 0;
    const job = this.job(s, spec);
    if (this.admit(job)) jobs.push(job);
    else this.release(s);
    return NONE;
  }

  /** bmv2's multicast(): a copy of `s` for each replica of group `mgid`, with egress_rid set to the
   *  replica's (on `s` too, which is left with the last one), queued for the replica's port. An unknown group
   *  replicates to nothing. */
  private replicate(s: PktState, mgid: number, jobs: EgressJob[]): void {
    for (const r of this.mcastGroups.get(mgid) ?? []) {
      s.sm.egress_rid = r.rid;
      const c: PktState = {
        ...s,
        hdr: clone_(s.hdr),
        meta: clone_(s.meta),
        sm: clone_(s.sm),
        st: { ...s.st, clone: null },
        owned: false,
        // Replicas share s.pkt.
        recyclable: false,
        job: undefined,
      };
      jobs.push(this.job(c, r.port));
    }
  }

  /** Queue a clone the way simple_switch does for its mirroring session: one copy per replica of the
   *  session's multicast group, then the clone itself to the session's port. */
  private mirrorOut(c: PktState, session: MirrorSession, jobs: EgressJob[]): void {
    if (session.mgid !== undefined) {
      // The copies share c's packet, so c cannot be reused while they are queued.
      c.recyclable = false;
      this.replicate(c, session.mgid, jobs);
    }
    if (session.port !== undefined) {
      c.sm.egress_port = session.port;
      jobs.push(this.job(c, session.port));
    }
  }

  /** The job for a state: made once per state and reused with it, since a state has at most one job queued
   *  at a time (clones and replicas get states of their own). A job is consumed by runEgress, which may hand
   *  its state, and so the job, to a later packet. */
  private job(s: PktState, port: number): EgressJob {
    let j = s.job;
    if (j === undefined)
      j = s.job = { egressPort: 0, priority: 0, instanceType: 0, state: s, userData: undefined };
    j.egressPort = port;
    j.priority = s.sm.priority as number;
    j.instanceType = s.sm.instance_type as number;
    return j;
  }

  /** True, with a log line, when `s` may not make another generation (see MAX_ROUNDS). */
  private tooDeep(s: PktState, what: string): boolean {
    if (s.st.depth < MAX_ROUNDS) return false;
    this.log(`packet dropped: ${what} ${MAX_ROUNDS} times already`);
    return true;
  }

  private admit(j: EgressJob): boolean {
    if (j.priority < this.priorityQueues) return true;
    this.log(`Priority out of range (${j.priority}), dropping packet`);
    return false;
  }

  /** Egress, checksum update and deparsing of one dequeued packet. The job is consumed: its state may serve a
   *  later packet afterwards, so a job is run through egress at most once. */
  runEgress(job: EgressJob, q: QueueInfo): EgressResult {
    const res: EgressResult = { out: NONE, clones: NONE, again: NONE };
    const data = this.egress(job, q, res);
    if (data) res.out = [{ port: job.egressPort, data }];
    return res;
  }

  /** runEgress without a result object: returns the frame leaving job.egressPort (null if none) and sets
   *  `side` (the caller's, usually reused) to the E2E clones and recirculated packets (usually a shared empty
   *  list each). */
  egressInto(job: EgressJob, q: QueueInfo, side: EgressSide): Uint8Array | null {
    side.clones = NONE;
    side.again = NONE;
    return this.egress(job, q, side);
  }

  private egress(job: EgressJob, q: QueueInfo, res: EgressSide): Uint8Array | null {
    const b = this.blocks;
    const s = job.state as PktState;
    const sm = s.sm;
    sm.egress_port = job.egressPort;
    sm.egress_spec = 0;
    sm.packet_length = s.st.len;
    sm.enq_qdepth = q.enqQdepth;
    sm.deq_qdepth = q.deqQdepth;
    sm.enq_timestamp = q.enqTimestamp >>> 0;
    sm.deq_timedelta = q.deqTimedelta >>> 0;
    sm.egress_global_timestamp = timestamp48(q.egressTimestamp ?? this.nowUs);
    s.st.clone = null;
    b.set(s);
    this.runEgressBlock(b);
    const clone = s.st.clone as CloneReq | null;
    if (clone && clone.type === 1) {
      const session = this.mirror.get(clone.session);
      if (session !== undefined && !this.tooDeep(s, 'cloned egress to egress')) {
        const c: PktState = {
          ...s,
          hdr: clone_(s.hdr),
          meta: this.blocks.newMeta(),
          sm: this.blocks.newStandardMetadata(),
          out: WRITER,
          st: freshRequests(s.st.len, s.st.inlen, s.st.depth + 1),
          owned: false,
          // The clone shares s.pkt: neither may be reused while the other is queued.
          recyclable: false,
          job: undefined,
        };
        s.recyclable = false;
        for (const pth of clone.fields ?? []) setPath(c.meta, pth, getPath(s.meta, pth));
        c.sm.ingress_port = sm.ingress_port;
        c.sm.instance_type = InstanceType.EGRESS_CLONE;
        const clones: EgressJob[] = [];
        this.mirrorOut(c, session, clones);
        if (clones.length > 0) res.clones = clones;
        b.set(s);
      }
    }
    if ((sm.egress_spec as number) === DROP_PORT) {
      this.release(s);
      return null;
    }
    this.runCompute(b);
    const from = Math.min(s.pkt.bit >> 3, s.pkt.buf.length);
    // An owned buffer that no E2E clone shares takes the headers in place, in front of the payload.
    const owned = s.owned && res.clones === NONE && s.st.truncate === 0;
    let data = owned ? this.deparseInPlace(b, s, from) : null;
    if (data === null) {
      s.out.reset();
      this.runDeparser(b);
      data = (owned ? s.out.finishInPlace(s.pkt.buf, from) : null) ?? s.out.finish(s.pkt.buf, from);
    }
    if (s.st.truncate > 0 && data.length > s.st.truncate) data = data.slice(0, s.st.truncate);
    if (s.st.recirculate) {
      if (this.tooDeep(s, 'recirculated')) return null;
      res.again = [
        {
          port: sm.ingress_port as number,
          data,
          instanceType: InstanceType.RECIRC,
          preserved: { paths: s.st.recirculate, meta: s.meta },
          ingressLength: s.st.inlen,
          depth: s.st.depth + 1,
        },
      ];
      return null;
    }
    this.release(s);
    return data;
  }

  /** The owned input frame with the deparsed headers written straight into their place in front of the
   *  payload, when the deparser's output size is known beforehand and fits; otherwise null (nothing run). */
  private deparseInPlace(b: Blocks, s: PktState, from: number): Uint8Array | null {
    const bits = b.deparsedBits();
    if (bits < 0 || (bits & 7) !== 0) return null;
    const frame = inPlaceFrame(s.pkt.buf, from, bits >> 3);
    if (frame === null) return null;
    const w = s.out;
    w.writeInto(frame);
    try {
      this.runDeparser(b);
    } finally {
      w.restore();
    }
    if (w.bit !== bits) throw new Error(`deparser wrote ${w.bit} bits, ${bits} expected`);
    return frame;
  }
}

/** A bit<48> timestamp from microseconds; the modulo (a slow floating-point one) only once it wraps. */
function timestamp48(us: number): number {
  const t = Math.floor(us);
  return t < 2 ** 48 && t >= 0 ? t : t % 2 ** 48;
}

/** Compile a P4 file with the front-end and build a Switch; throws an Error listing the formatted diagnostics. */
export function loadSwitch(p4Path: string, options: SwitchOptions & { includeDirs?: string[] } = {}): Switch {
  const r = compileP4({ path: p4Path }, { includeDirs: options.includeDirs });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n') || `cannot compile ${p4Path}`);
  return new Switch(r.program, r.p4info, options);
}
