// Small pieces shared by the traffic-manager tests: a port whose departures are recorded, and packets whose
// egress is a plain function that records the queueing metadata it was given.
import { EgressPort, type PortConfig } from '../../tm/egress-port.js';
import type { Enqueued, QueueMetadata } from '../../tm/seam.js';
import { Simulator } from '../../tm/simulator.js';

export interface Departure {
  id: number;
  queueId: number;
  meta: QueueMetadata;
  start: number;
  end: number;
}

export interface Harness {
  sim: Simulator;
  port: EgressPort;
  departures: Departure[];
  /** Offer packet `id` of `bytes` bytes at the current time; egress drops it when `dropInEgress` is set. */
  offer(id: number, priority: number, bytes: number, dropInEgress?: boolean): boolean;
}

export function harness(config: Partial<PortConfig> = {}): Harness {
  const sim = new Simulator();
  const departures: Departure[] = [];
  // By the frame's bytes: a port that runs egress on admission keeps its own Frame objects around them.
  const pending = new Map<Uint8Array, { id: number; meta: QueueMetadata }>();
  const port = new EgressPort(sim, 1, { queues: 8, rateBps: 8e9, ...config }, (frames, start, end) => {
    for (const f of frames) {
      const p = pending.get(f.data)!;
      pending.delete(f.data);
      departures.push({ id: p.id, queueId: p.meta.queueId, meta: p.meta, start, end });
    }
  });
  const offer = (id: number, priority: number, bytes: number, dropInEgress = false): boolean => {
    const item: Enqueued = {
      egressPort: 1,
      priority,
      resume: (meta) => {
        if (dropInEgress) return [];
        const f = { port: 1, data: new Uint8Array(bytes) };
        pending.set(f.data, { id, meta: { ...meta } });
        return [f];
      },
    };
    return port.enqueue(item);
  };
  return { sim, port, departures, offer };
}
