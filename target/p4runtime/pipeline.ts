// What the P4Runtime server needs from a pipeline: a control-plane face, the data-plane entry point for
// packet I/O, and the P4Info compiled from the same source. A loader turns a device config (P4 source
// text for this target) into one; engine-loader.ts is the real one.
import type { ControlPlane, OutputPacket } from '../engine/control-plane-api.js';
import type { DigestSink, MirrorSession } from '../engine/index.js';
import type { P4Info } from '../p4info/types.js';

export interface PipelineDevice extends ControlPlane {
  processPacket(ingressPort: number, data: Uint8Array): OutputPacket[];
  /** The device's clock in microseconds (timestamps, meters), when it has one; the server sets it. */
  nowUs?: number;
  /** Packet replication engine, when the device has one: clone sessions (to a port or to a multicast
   *  group's replicas, see MirrorSession) and multicast groups. */
  setMirrorSession?(session: number, target: number | MirrorSession | undefined): void;
  setMulticastGroup?(group: number, replicas: { port: number; rid: number }[] | undefined): void;
  /** Where the device reports the digests of digest() calls; the server sets it. */
  onDigest?: DigestSink | undefined;
}

export interface LoadedPipeline {
  p4info: P4Info;
  device: PipelineDevice;
}

/** The config could not be realised (compile errors); the message lists the diagnostics. */
export class PipelineLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PipelineLoadError';
  }
}

export type PipelineLoader = (source: string, name: string) => LoadedPipeline;
