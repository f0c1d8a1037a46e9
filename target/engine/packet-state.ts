// The state of one packet in the pipeline (headers, metadata, input and output buffers, pending clone,
// resubmit and recirculation requests), the job that carries it from ingress to egress, and the copying of
// preserved metadata fields between states.
import type { DigestReq } from './digest.js';
import type { PacketWriter } from './packet.js';
import { clone, type Obj } from './runtime.js';

/** A packet between ingress and egress: what the traffic manager queues. */
export interface EgressJob {
  egressPort: number;
  priority: number;
  instanceType: number;
  /** Opaque pipeline state (headers, metadata) carried to egress. */
  readonly state: unknown;
  /** The caller's: the engine never reads it, and it stays with the job when the job is reused for a later
   *  packet (a traffic manager can keep its own wrapper of the job there instead of making one per packet). */
  userData: unknown;
}

export interface PktState {
  hdr: Obj;
  meta: Obj;
  sm: Obj;
  pkt: { buf: Uint8Array; bit: number; nbits: number };
  out: PacketWriter;
  st: {
    clone: CloneReq | null;
    resubmit: string[] | null;
    recirculate: string[] | null;
    truncate: number;
    /** The last digest() call's, read when ingress ends. */
    digest: DigestReq | null;
    /**
     * bmv2's packet length register: the length the packet arrived with, plus the bytes of each header
     * setValid() made valid and minus those setInvalid() made invalid; egress reads it as packet_length.
     */
    len: number;
    /** The length the packet had when it first arrived (bmv2's ingress_length, kept by its clones,
     *  resubmissions and recirculations): what counters and meters count. */
    inlen: number;
    /** How many resubmissions, recirculations and E2E clones lie between this packet and the one that
     *  arrived: bmv2 follows them without end, the engine for MAX_ROUNDS (index.ts). */
    depth: number;
  };
  /** pkt.buf was handed over (PendingIngress.owned) and no other job shares it: egress may deparse into it. */
  owned: boolean;
  /** Made by newState and shared with nothing (not a replica or clone sharing `pkt`, no preserved metadata
   *  handed on): once its packet is done the whole object graph can serve the next packet. */
  recyclable: boolean;
  /** The job that carries this state to egress, made once and reused with the state (see job()). */
  job: EgressJob | undefined;
}

export interface CloneReq {
  type: number;
  session: number;
  fields: string[] | null;
}

export const clone_ = <T>(v: T): T => clone(v);

export function getPath(o: Obj, path: string): unknown {
  let cur: unknown = o;
  for (const k of path.split('.')) cur = (cur as Obj | undefined)?.[k];
  return clone(cur);
}

export function setPath(o: Obj, path: string, v: unknown): void {
  const ks = path.split('.');
  let cur = o;
  for (let i = 0; i < ks.length - 1; i++) cur = cur[ks[i]] as Obj;
  if (v !== undefined) cur[ks[ks.length - 1]] = v;
}
