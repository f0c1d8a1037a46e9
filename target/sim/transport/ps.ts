// Parameter-server training iterations over a host transport: every worker pushes each layer's gradients to the
// servers (incast), back layers first as backpropagation produces them; a server returns a layer's parameters to
// every worker (broadcast) once it has that layer from all workers; an iteration ends when every worker has all
// parameters back, and the next starts after the compute gap. What is measured is the iteration time.
//
// Layer j of P_j packets is sliced over the S servers: server s holds packets k ≡ s (mod S). A worker sends a
// layer's slices interleaved packet by packet, starting with server (w mod S) so that workers do not all hit the
// same server first; a server returns a layer's slice to the workers the same way.
import type { FrameContents } from '../../engine/packet.js';
import type { Fabric } from '../fabric.js';
import type { Picoseconds } from '../../tm/time.js';
import { HostStack } from './host-stack.js';
import { MltTransport, type MltMessage, type MltMessageSpec } from './mlt.js';
import { TransportStats } from './stats.js';
import { TcpTransport, type TcpConnection } from './tcp.js';
import { gradientBytesPerFrame, mix32 } from './wire.js';

export interface MltTransportSpec {
  kind: 'mlt';
  /** p, the loss-tolerant bound. */
  lossBound: number;
  probeTimeoutPs: Picoseconds;
  controlDscp: number;
}

export interface TcpTransportSpec {
  kind: 'tcp';
  rtoMinPs: Picoseconds;
  rtoMaxPs: Picoseconds;
  initialWindow: number;
  ackDscp: number;
  /** Source routes a connection may take between two hosts (one is picked per connection by hash). */
  paths: (src: string, dst: string) => readonly (readonly number[])[];
}

export interface PsSpec {
  workers: readonly string[];
  servers: readonly string[];
  /** Gradient bytes per layer, front (input side) to back. */
  layerBytes: readonly number[];
  /** DSCP each layer's packets carry (the sender's tagging; the switches map DSCP to a queue). */
  layerDscp: readonly number[];
  /** Layer group (for loss accounting) of each layer, 0..groups-1. */
  layerGroup: readonly number[];
  groups: number;
  /** θ: fraction of packets carrying small gradients (not ECN-capable). */
  smallFraction: number;
  /** Whole data frame size in bytes. */
  packetBytes: number;
  /**
   * What data frames carry between UDP and the trailer: zeros unless told `unwritten`, which is faster and
   * right when no switch program parses past UDP (see FrameSpec.payload).
   */
  payload?: FrameContents;
  iterations: number;
  /** Time between the end of an iteration and the start of the next (forward and backward compute). */
  computeGapPs: Picoseconds;
  seed: number;
  transport: MltTransportSpec | TcpTransportSpec;
}

export class PsWorkload {
  /** Duration of each finished iteration, from its first packet sent to the last worker complete. */
  readonly iterationPs: number[] = [];
  /** When the last iteration ended (undefined until then). */
  finishedPs: Picoseconds | undefined;
  readonly stats: TransportStats;
  private readonly stacks = new Map<string, HostStack>();
  private readonly mlt: MltTransport | undefined;
  private readonly tcp: TcpTransport | undefined;
  /** slices[j][s]: packets of layer j that server s holds. */
  private readonly slices: number[][];
  private readonly serverIndex = new Map<string, number>();
  private readonly workerIndex = new Map<string, number>();
  private readonly partsPerWorker: number;
  private saltCounter = 0;
  // The running iteration.
  private iteration = -1;
  private startedPs = 0;
  private arrived: Int32Array;
  private partsLeft: Int32Array;
  private workersLeft = 0;
  private pull: TcpConnection[][] = [];
  private pullLayersLeft: Int32Array;

  constructor(
    private readonly fabric: Fabric,
    readonly spec: PsSpec,
  ) {
    const m = spec.layerBytes.length;
    if (m === 0) throw new Error('the model has no layers');
    if (spec.layerDscp.length !== m || spec.layerGroup.length !== m)
      throw new Error('layerDscp and layerGroup need one entry per layer');
    if (spec.workers.length === 0 || spec.servers.length === 0) throw new Error('no workers or no servers');
    spec.servers.forEach((s, i) => this.serverIndex.set(s, i));
    spec.workers.forEach((w, i) => {
      if (this.serverIndex.has(w)) throw new Error(`host ${w} is both a worker and a server`);
      this.workerIndex.set(w, i);
    });
    const payload = gradientBytesPerFrame(spec.packetBytes);
    if (payload <= 0) throw new Error(`packets of ${spec.packetBytes} bytes carry no gradients`);
    const S = spec.servers.length;
    this.slices = spec.layerBytes.map((bytes) => {
      const p = Math.ceil(bytes / payload);
      return Array.from({ length: S }, (_, s) => Math.floor(p / S) + (s < p % S ? 1 : 0));
    });
    this.partsPerWorker = this.slices.reduce((n, row) => n + row.filter((x) => x > 0).length, 0);
    this.arrived = new Int32Array(m * S);
    this.partsLeft = new Int32Array(spec.workers.length);
    this.pullLayersLeft = new Int32Array(S);
    this.stats = new TransportStats(spec.groups);
    const stackOf = (h: string): HostStack => this.stack(h);
    const t = spec.transport;
    if (t.kind === 'mlt')
      this.mlt = new MltTransport(
        fabric,
        stackOf,
        {
          lossBound: t.lossBound,
          probeTimeoutPs: t.probeTimeoutPs,
          controlDscp: t.controlDscp,
          smallFraction: spec.smallFraction,
          packetBytes: spec.packetBytes,
          payload: spec.payload,
        },
        this.stats,
      );
    else
      this.tcp = new TcpTransport(
        fabric,
        stackOf,
        {
          rtoMinPs: t.rtoMinPs,
          rtoMaxPs: t.rtoMaxPs,
          initialWindow: t.initialWindow,
          ackDscp: t.ackDscp,
          smallFraction: spec.smallFraction,
          packetBytes: spec.packetBytes,
          payload: spec.payload,
          paths: t.paths,
        },
        this.stats,
      );
  }

  /** Packets per iteration that each worker pushes (and gets back). */
  get packetsPerWorker(): number {
    return this.slices.reduce((n, row) => n + row.reduce((a, b) => a + b, 0), 0);
  }

  /**
   * Iterations done so far, with the running one counted by the share of its transfers complete (each worker's
   * push of each slice to its server, and its return): a progress figure, not a time estimate.
   */
  get progress(): number {
    const done = this.iterationPs.length;
    if (this.iteration < 0 || done > this.iteration) return done;
    const total = this.partsPerWorker * this.spec.workers.length;
    const pushed = this.arrived.reduce((a, b) => a + b, 0);
    const returned = total - this.partsLeft.reduce((a, b) => a + b, 0);
    return done + (pushed + returned) / (2 * total);
  }

  get finished(): boolean {
    return this.iterationPs.length === this.spec.iterations;
  }

  /** Schedule the first iteration at `atPs`. */
  start(atPs: Picoseconds = 0): void {
    if (this.spec.iterations > 0) this.fabric.sim.at(atPs, () => this.startIteration());
  }

  private stack(host: string): HostStack {
    let s = this.stacks.get(host);
    if (!s) {
      s = new HostStack(this.fabric.host(host), this.fabric.sim);
      this.stacks.set(host, s);
    }
    return s;
  }

  private salt(): number {
    return mix32((Math.imul(this.spec.seed, 0x2545f491) ^ ++this.saltCounter) >>> 0);
  }

  private startIteration(): void {
    const spec = this.spec;
    this.iteration++;
    this.startedPs = this.fabric.sim.now;
    this.arrived.fill(0);
    this.partsLeft.fill(this.partsPerWorker);
    this.workersLeft = spec.workers.length;
    const S = spec.servers.length;
    const M = spec.layerBytes.length;
    if (this.mlt) {
      for (let w = 0; w < spec.workers.length; w++)
        for (let j = M - 1; j >= 0; j--) {
          const batch: MltMessageSpec[] = [];
          for (let k = 0; k < S; k++) {
            const s = (w + k) % S;
            const n = this.slices[j]![s]!;
            if (n > 0) batch.push(this.message(spec.workers[w]!, spec.servers[s]!, n, j));
          }
          this.mlt.send(batch, this.pushDone);
        }
      return;
    }
    const tcp = this.tcp!;
    this.pull = spec.servers.map((s) =>
      spec.workers.map((w) => tcp.open(s, w, this.salt(), this.pullDelivered)),
    );
    for (let s = 0; s < S; s++) {
      this.pullLayersLeft[s] = this.slices.filter((row) => row[s]! > 0).length;
      if (this.pullLayersLeft[s] === 0) for (const c of this.pull[s]!) c.close();
    }
    for (let w = 0; w < spec.workers.length; w++)
      for (let k = 0; k < S; k++) {
        const s = (w + k) % S;
        const c = tcp.open(spec.workers[w]!, spec.servers[s]!, this.salt(), this.pushDelivered);
        for (let j = M - 1; j >= 0; j--)
          c.append(this.slices[j]![s]!, j, spec.layerDscp[j]!, spec.layerGroup[j]!);
        c.close();
      }
  }

  private message(src: string, dst: string, packets: number, layer: number): MltMessageSpec {
    return {
      src,
      dst,
      packets,
      layer,
      dscp: this.spec.layerDscp[layer]!,
      group: this.spec.layerGroup[layer]!,
      salt: this.salt(),
    };
  }

  /** Server s has layer j from one more worker; with all of them it sends the layer back. */
  private layerArrived(s: number, j: number): void {
    const spec = this.spec;
    const W = spec.workers.length;
    if (++this.arrived[j * spec.servers.length + s]! < W) return;
    const n = this.slices[j]![s]!;
    if (this.mlt) {
      const batch: MltMessageSpec[] = [];
      for (let k = 0; k < W; k++)
        batch.push(this.message(spec.servers[s]!, spec.workers[(s + k) % W]!, n, j));
      this.mlt.send(batch, this.pullDone);
      return;
    }
    const last = --this.pullLayersLeft[s]! === 0;
    for (let k = 0; k < W; k++) {
      const c = this.pull[s]![(s + k) % W]!;
      c.append(n, j, spec.layerDscp[j]!, spec.layerGroup[j]!);
      if (last) c.close();
    }
  }

  private partReturned(worker: string, now: Picoseconds): void {
    const w = this.workerIndex.get(worker)!;
    if (--this.partsLeft[w]! > 0) return;
    if (--this.workersLeft > 0) return;
    this.iterationPs.push(now - this.startedPs);
    if (this.iteration + 1 < this.spec.iterations)
      this.fabric.sim.after(this.spec.computeGapPs, () => this.startIteration());
    else this.finishedPs = now;
  }

  private readonly pushDone = (m: MltMessage): void => {
    this.layerArrived(this.serverIndex.get(m.spec.dst)!, m.spec.layer);
  };

  private readonly pullDone = (m: MltMessage, now: Picoseconds): void => {
    this.partReturned(m.spec.dst, now);
  };

  private readonly pushDelivered = (c: TcpConnection, layer: number): void => {
    this.layerArrived(this.serverIndex.get(c.dst.name)!, layer);
  };

  private readonly pullDelivered = (c: TcpConnection, _layer: number, now: Picoseconds): void => {
    this.partReturned(c.dst.name, now);
  };
}
