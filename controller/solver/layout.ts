// Maps layers to priority queues and derives each data queue's load under strict priority (docs/threshold-model.md).
import type { SolveProblem } from './types.js';

export interface DataQueue {
  /** bmv2 queue id. */
  queue: number;
  /** 0 = highest data queue. */
  rank: number;
  layers: number[];
  /** λ_i/μ: this queue's share of the port's traffic times the port load. */
  arrival: number;
  /** μ_i/μ: the service left over by the higher data queues. */
  service: number;
  /** λ_i/μ_i; 0 with no traffic, Infinity with traffic but no service. */
  rho: number;
  /** Σ f^S_j and Σ f^L_j over the queue's layers. */
  costSmall: number;
  costLarge: number;
}

export interface QueueLayout {
  /** The reserved control queue's id, if any. */
  control: number | null;
  /** Data queues, highest priority first. */
  data: DataQueue[];
}

/** Data-queue rank of layer j of M over P data queues: floor(j·P/M), so front layers get the top queues. */
export function layerRank(j: number, layerCount: number, dataQueues: number): number {
  return Math.floor((j * dataQueues) / layerCount);
}

export function layoutQueues(p: SolveProblem): QueueLayout {
  const dataCount = p.reserveControlQueue ? p.queues - 1 : p.queues;
  if (dataCount < 1) throw new RangeError('at least one data queue is needed');
  const topData = p.reserveControlQueue ? p.queues - 2 : p.queues - 1;
  const totalSize = p.layers.reduce((sum, l) => sum + l.size, 0);

  const data: DataQueue[] = [];
  for (let rank = 0; rank < dataCount; rank++)
    data.push({
      queue: topData - rank,
      rank,
      layers: [],
      arrival: 0,
      service: 0,
      rho: 0,
      costSmall: 0,
      costLarge: 0,
    });
  p.layers.forEach((layer, j) => {
    const q = data[layerRank(j, p.layers.length, dataCount)]!;
    q.layers.push(j);
    q.arrival += totalSize > 0 ? (p.load * layer.size) / totalSize : 0;
    q.costSmall += layer.lossCostSmall;
    q.costLarge += layer.lossCostLarge;
  });

  // Strict priority: each queue is served only while all higher ones are idle, so it gets
  // μ·Π_{higher k}(1 - min(ρ_k, 1)); once a higher queue is saturated nothing is left.
  let service = 1;
  for (const q of data) {
    q.service = service;
    q.rho = q.arrival === 0 ? 0 : service === 0 ? Infinity : q.arrival / service;
    service *= 1 - Math.min(q.rho, 1);
  }
  return { control: p.reserveControlQueue ? p.queues - 1 : null, data };
}
