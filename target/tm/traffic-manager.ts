// The traffic manager of one switch: an EgressPort per configured port. Ingress results are routed to their
// port's queues; a frame egress addresses to a different port (an egress-to-egress clone) is queued again at
// that port, at priority 0, without a second egress pass.
import {
  EgressPort,
  type EgressObserver,
  type PortConfig,
  type PortTally,
  type TransmitStart,
} from './egress-port.js';
import type { Enqueued, Frame } from './seam.js';
import type { Simulator } from './simulator.js';

export type PortTransmitStart = (port: number, frames: Frame[], startPs: number, endPs: number) => void;

export class TrafficManager {
  private readonly ports = new Map<number, EgressPort>();
  // Indexed by port number for the per-packet lookup (bmv2 ports are 9 bits).
  private readonly byNumber: (EgressPort | undefined)[] = [];
  /** Packets sent to a port that has no queues configured (nothing attached there). */
  unroutable = 0;
  /** Over all ports: packets queued or put on the wire (a caller can tell whether a packet got anywhere). */
  readonly tally: PortTally = { accepted: 0 };

  constructor(
    private readonly sim: Simulator,
    private readonly onTransmit: PortTransmitStart,
    /** Sees every packet right after egress ran for it (whether or not egress dropped it). */
    private readonly afterEgress?: EgressObserver,
  ) {}

  /** Configure a port; `onTransmit`, when given, replaces the manager-wide callback for this port. */
  addPort(port: number, config: PortConfig, onTransmit?: TransmitStart): EgressPort {
    if (this.ports.has(port)) throw new Error(`port ${port} configured twice`);
    if (!Number.isInteger(port) || port < 0 || port > 0xffff) throw new Error(`bad port number ${port}`);
    const start: TransmitStart =
      onTransmit ?? ((frames, from, to) => this.onTransmit(port, frames, from, to));
    const redirect = (f: Frame): void => {
      // A copy: the Frame object may be the pipeline's, reused by its next egress.
      const frames = [{ port: f.port, data: f.data }];
      this.enqueue({ egressPort: f.port, priority: 0, resume: () => frames });
    };
    const p = new EgressPort(this.sim, port, config, start, redirect, this.afterEgress, this.tally);
    this.ports.set(port, p);
    this.byNumber[port] = p;
    return p;
  }

  port(port: number): EgressPort | undefined {
    return this.ports.get(port);
  }

  allPorts(): EgressPort[] {
    return [...this.ports.values()].sort((a, b) => a.port - b.port);
  }

  /** False when the packet was tail-dropped or had nowhere to go. */
  enqueue(item: Enqueued): boolean {
    const p = this.byNumber[item.egressPort];
    if (p === undefined) {
      this.unroutable++;
      return false;
    }
    // Priorities beyond the port's queues are dropped, as bmv2 does ("Priority out of range").
    if (item.priority < 0 || item.priority >= p.config.queues) {
      this.unroutable++;
      return false;
    }
    return p.enqueue(item);
  }
}
