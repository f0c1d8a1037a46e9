// What the transports count, end to end: gradient packets sent and received per layer group and importance
// (every transmission, retransmissions included, so loss = 1 − received/sent is the network's loss rate as the
// packets saw it), and the recovery work each transport did.
import { mix32 } from './wire.js';

export class TransportStats {
  /** Index group·2 + (important ? 1 : 0). */
  readonly sent: Float64Array;
  readonly received: Float64Array;
  /** Data packets sent again (MLT: after a bitmap; TCP-like: after a timeout). */
  retransmissions = 0;
  /** MLT probes sent, and those re-sent because no bitmap came back in time. */
  probes = 0;
  probeTimeouts = 0;
  /** TCP-like retransmission timeouts. */
  timeouts = 0;
  /** Control frames: probes, bitmaps, stops, ACKs. */
  controlFrames = 0;

  constructor(readonly groups: number) {
    this.sent = new Float64Array(groups * 2);
    this.received = new Float64Array(groups * 2);
  }
}

/**
 * Whether packet `seq` of a message carries large gradients (important, sent ECN-capable): a fixed draw per
 * packet, so a retransmission carries the same gradients as the original. `threshold` = θ·2^32.
 */
export function isImportant(salt: number, seq: number, threshold: number): boolean {
  return mix32((salt ^ Math.imul(seq + 1, 0x9e3779b1)) >>> 0) >= threshold;
}

/**
 * A timer that fires `action` at `deadline` however often the deadline moves, with one pending event at a
 * time in the common case (deadlines that only move later, as a TCP retransmission timer does on each ACK).
 */
export class LazyTimer {
  deadline = Number.POSITIVE_INFINITY;
  private pendingAt = -1;
  private readonly fire = (): void => {
    const now = this.sim.now;
    if (now !== this.pendingAt) return; // superseded by an earlier event
    this.pendingAt = -1;
    if (this.deadline === Number.POSITIVE_INFINITY) return;
    if (now < this.deadline) {
      this.pendingAt = this.deadline;
      this.sim.at(this.deadline, this.fire);
      return;
    }
    this.deadline = Number.POSITIVE_INFINITY;
    this.action();
  };

  constructor(
    private readonly sim: { readonly now: number; at(t: number, a: () => void): void },
    private readonly action: () => void,
  ) {}

  arm(deadline: number): void {
    this.deadline = deadline;
    if (this.pendingAt < 0 || deadline < this.pendingAt) {
      this.pendingAt = deadline;
      this.sim.at(deadline, this.fire);
    }
  }

  disarm(): void {
    this.deadline = Number.POSITIVE_INFINITY;
  }

  get armed(): boolean {
    return this.deadline !== Number.POSITIVE_INFINITY;
  }
}
