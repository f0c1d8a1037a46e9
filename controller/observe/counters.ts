// Reading mlt.p4's counters back (p4/mlt.p4 header: per (port, queue) at index port*8 + queue; per port at
// index port) and turning two readings into rates.
import type { P4RuntimeClient } from 'p4runtime-ts';

export const QUEUE_COUNTERS = {
  forwarded: 'MLTEgress.queue_forwarded',
  ceMarked: 'MLTEgress.queue_ecn_marked',
  droppedAtS: 'MLTEgress.queue_dropped_unimportant',
  droppedAtL: 'MLTEgress.queue_dropped_at_limit',
} as const;

export const PORT_COUNTERS = {
  lost: 'MLTEgress.port_loss_dropped',
  tx: 'MLTEgress.port_tx',
} as const;

const QUEUES_PER_PORT = 8;

export interface QueueCounts {
  port: number;
  queue: number;
  forwarded: number;
  ceMarked: number;
  droppedAtS: number;
  droppedAtL: number;
}

export interface PortCounts {
  port: number;
  /** Lost on the lossy link. */
  lost: number;
  txPackets: number;
  bytesOut: number;
}

export interface CounterSnapshot {
  /** Milliseconds (Date.now()) when the reading finished. */
  at: number;
  /** Only (port, queue) pairs and ports with a non-zero counter. */
  queues: QueueCounts[];
  ports: PortCounts[];
}

/** One reading of every counter cell (each counter is one wildcard Read). */
export async function readCounters(client: P4RuntimeClient): Promise<CounterSnapshot> {
  const queues = new Map<number, QueueCounts>();
  const ports = new Map<number, PortCounts>();
  const queueAt = (index: number): QueueCounts => {
    let q = queues.get(index);
    if (!q) {
      q = {
        port: Math.floor(index / QUEUES_PER_PORT),
        queue: index % QUEUES_PER_PORT,
        forwarded: 0,
        ceMarked: 0,
        droppedAtS: 0,
        droppedAtL: 0,
      };
      queues.set(index, q);
    }
    return q;
  };
  const portAt = (port: number): PortCounts => {
    let p = ports.get(port);
    if (!p) ports.set(port, (p = { port, lost: 0, txPackets: 0, bytesOut: 0 }));
    return p;
  };
  for (const [field, name] of Object.entries(QUEUE_COUNTERS) as [keyof typeof QUEUE_COUNTERS, string][])
    for (const c of await client.readCounters(name))
      if (c.data.packets !== 0n) queueAt(c.index)[field] = Number(c.data.packets);
  for (const c of await client.readCounters(PORT_COUNTERS.lost))
    if (c.data.packets !== 0n) portAt(c.index).lost = Number(c.data.packets);
  for (const c of await client.readCounters(PORT_COUNTERS.tx))
    if (c.data.packets !== 0n || c.data.bytes !== 0n) {
      const p = portAt(c.index);
      p.txPackets = Number(c.data.packets);
      p.bytesOut = Number(c.data.bytes);
    }
  const byKey = <T extends { port: number; queue?: number }>(a: T, b: T): number =>
    a.port - b.port || (a.queue ?? 0) - (b.queue ?? 0);
  return { at: Date.now(), queues: [...queues.values()].sort(byKey), ports: [...ports.values()].sort(byKey) };
}

/** Per-second rates between two readings, for every row of the later one. */
export function counterRates(before: CounterSnapshot, after: CounterSnapshot): CounterSnapshot {
  const seconds = Math.max(1e-3, (after.at - before.at) / 1000);
  const rate = (a: number, b: number | undefined): number => (a - (b ?? 0)) / seconds;
  const q0 = new Map(before.queues.map((q) => [`${q.port}/${q.queue}`, q]));
  const p0 = new Map(before.ports.map((p) => [p.port, p]));
  return {
    at: after.at,
    queues: after.queues.map((q) => {
      const b = q0.get(`${q.port}/${q.queue}`);
      return {
        port: q.port,
        queue: q.queue,
        forwarded: rate(q.forwarded, b?.forwarded),
        ceMarked: rate(q.ceMarked, b?.ceMarked),
        droppedAtS: rate(q.droppedAtS, b?.droppedAtS),
        droppedAtL: rate(q.droppedAtL, b?.droppedAtL),
      };
    }),
    ports: after.ports.map((p) => {
      const b = p0.get(p.port);
      return {
        port: p.port,
        lost: rate(p.lost, b?.lost),
        txPackets: rate(p.txPackets, b?.txPackets),
        bytesOut: rate(p.bytesOut, b?.bytesOut),
      };
    }),
  };
}
