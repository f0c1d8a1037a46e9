// A host's network stack: hands the NIC one frame at a time at line rate, taken from the transports' senders
// in turn, and dispatches received frames to the transport they belong to by their kind (UDP port).
//
// Senders are pulled, not pushed: a frame is built only when the wire can take it, so a worker with a 100 MB
// gradient holds a few counters instead of 70,000 frames, and a sender decides at the last moment what to send
// (a retransmission, the next packet of another message, nothing because its window is full).
import type { Simulator } from '../../tm/simulator.js';
import { serializationPs, type Picoseconds } from '../../tm/time.js';
import { freeFrame } from '../../engine/packet.js';
import type { HostNode } from '../nodes.js';
import { kindOf } from './wire.js';

export interface PacketSource {
  /** The frame to send now, or undefined when nothing is ready (the source calls HostStack.wake later). */
  next(now: Picoseconds): Uint8Array | undefined;
  /** True once the source will never send again: the stack forgets it. */
  readonly finished: boolean;
}

/** Handles one received frame of its kind; the frame is recycled after the handler returns. */
export type FrameHandler = (data: Uint8Array, now: Picoseconds) => void;

export class HostStack {
  private sources: PacketSource[] = [];
  private rr = 0;
  /** Small control frames (probes, bitmaps, stops, ACKs): sent before any data, in order. */
  private readonly urgent: Uint8Array[] = [];
  private urgentHead = 0;
  private busy = false;
  private readonly handlers = new Map<number, FrameHandler>();
  private readonly rateBps: number;
  private readonly overhead: number;
  private readonly pumpHandler = (): void => {
    this.busy = false;
    this.pump();
  };
  /** Frames received of a kind no transport handles. */
  unhandled = 0;

  constructor(
    readonly host: HostNode,
    private readonly sim: Simulator,
  ) {
    if (!host.nic) throw new Error(`host ${host.name} is not connected`);
    this.rateBps = host.nic.config.rateBps;
    this.overhead = host.nic.config.framingOverheadBytes ?? 0;
    host.transport = (data) => this.receive(data);
  }

  on(kind: number, handler: FrameHandler): void {
    this.handlers.set(kind, handler);
  }

  add(source: PacketSource): void {
    this.sources.push(source);
    this.wake();
  }

  /** Queue a control frame ahead of all data. */
  sendControl(frame: Uint8Array): void {
    this.urgent.push(frame);
    this.wake();
  }

  /** A source has something to send: start the wire if it is idle. */
  wake(): void {
    if (!this.busy) this.pump();
  }

  private pump(): void {
    // Busy while choosing, too: a sender that queues a control frame from next() (a probe after its last
    // packet) must not start the wire before the frame it is returning.
    this.busy = true;
    const frame = this.take();
    if (frame === undefined) {
      this.busy = false;
      return;
    }
    this.host.send(frame);
    this.sim.after(serializationPs(frame.length + this.overhead, this.rateBps), this.pumpHandler);
  }

  private take(): Uint8Array | undefined {
    if (this.urgentHead < this.urgent.length) {
      const f = this.urgent[this.urgentHead++]!;
      if (this.urgentHead === this.urgent.length) {
        this.urgent.length = 0;
        this.urgentHead = 0;
      }
      return f;
    }
    const now = this.sim.now;
    let sources = this.sources;
    const n = sources.length;
    let finished = 0;
    for (let i = 0; i < n; i++) {
      const idx = (this.rr + i) % n;
      const s = sources[idx]!;
      if (s.finished) {
        finished++;
        continue;
      }
      const f = s.next(now);
      if (f !== undefined) {
        this.rr = idx + 1;
        return f;
      }
      if (s.finished) finished++;
    }
    if (finished > 0) {
      sources = sources.filter((s) => !s.finished);
      this.sources = sources;
      this.rr = 0;
    }
    return undefined;
  }

  private receive(data: Uint8Array): void {
    const handler = this.handlers.get(kindOf(data));
    if (handler === undefined) this.unhandled++;
    else handler(data, this.sim.now);
    freeFrame(data);
  }
}
