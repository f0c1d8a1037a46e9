// Named switch models: what the queueing metadata of a port counts, where packets are refused, and when egress
// runs. Real switches differ here, and per-queue thresholds mean different things on each, so a scenario names
// the model it assumes and every report says which one ran.
//
// - `bmv2` (the default) is simple_switch with --priority-queues N: enq_qdepth (before the push) and deq_qdepth
//   (after the pop) count the whole egress port, summed over its priority queues; each priority queue has its
//   own capacity (64 packets unless set_queue_depth changes it) and there is no shared port buffer; egress runs
//   when the packet leaves its queue, so a packet egress drops has waited and taken a place in the queue.
// - `commodity` is the switch MLT configures and the threshold solver models: enq_qdepth counts the packet's
//   own priority queue, thresholds act on admission (egress runs as the packet is enqueued, with deq_qdepth =
//   enq_qdepth and deq_timedelta = 0), so a dropped packet never occupies the buffer; the port's queues share
//   one buffer.

export type SwitchModelName = 'bmv2' | 'commodity';

export const DEFAULT_SWITCH_MODEL: SwitchModelName = 'bmv2';

/** The queueing behaviour of a port, every aspect a model fixes. */
export interface Queueing {
  /** What enq_qdepth / deq_qdepth count: the packet's own priority queue, or every queue of the port. */
  depthScope: 'queue' | 'port';
  /** When egress runs: as the packet leaves its queue, or as it is admitted. */
  egressAt: 'dequeue' | 'enqueue';
  /** Packets one priority queue may hold before tail drop; Infinity for no limit. */
  queueCapacity: number;
  /** Packets the port may hold across its queues (the packet on the wire not counted); Infinity for no limit. */
  bufferPackets: number;
}

/** bmv2 simple_switch's default capacity of each priority queue (its `set_queue_depth` changes it). */
export const BMV2_QUEUE_CAPACITY = 64;

/** The commodity model's shared port buffer when a scenario does not size it. */
export const COMMODITY_BUFFER_PACKETS = 1000;

export const SWITCH_MODELS: Readonly<Record<SwitchModelName, Readonly<Queueing>>> = {
  bmv2: {
    depthScope: 'port',
    egressAt: 'dequeue',
    queueCapacity: BMV2_QUEUE_CAPACITY,
    bufferPackets: Number.POSITIVE_INFINITY,
  },
  commodity: {
    depthScope: 'queue',
    egressAt: 'enqueue',
    queueCapacity: Number.POSITIVE_INFINITY,
    bufferPackets: COMMODITY_BUFFER_PACKETS,
  },
};

/** A model with some of its aspects overridden (undefined fields keep the model's). */
export function resolveQueueing(model: SwitchModelName, overrides: Partial<Queueing> = {}): Queueing {
  const base = SWITCH_MODELS[model];
  return {
    depthScope: overrides.depthScope ?? base.depthScope,
    egressAt: overrides.egressAt ?? base.egressAt,
    queueCapacity: overrides.queueCapacity ?? base.queueCapacity,
    bufferPackets: overrides.bufferPackets ?? base.bufferPackets,
  };
}

/**
 * How a port's behaviour departs from its model's: a different depth scope or egress timing, or a kind of limit
 * the model does not have (a shared buffer under bmv2, a per-queue capacity under commodity). The size of the
 * model's own limit is a parameter of the model, not a departure from it.
 */
export function departuresFrom(model: SwitchModelName, q: Queueing): Partial<Queueing> {
  const base = SWITCH_MODELS[model];
  const out: Partial<Queueing> = {};
  if (q.depthScope !== base.depthScope) out.depthScope = q.depthScope;
  if (q.egressAt !== base.egressAt) out.egressAt = q.egressAt;
  if (!Number.isFinite(base.queueCapacity) && Number.isFinite(q.queueCapacity))
    out.queueCapacity = q.queueCapacity;
  if (!Number.isFinite(base.bufferPackets) && Number.isFinite(q.bufferPackets))
    out.bufferPackets = q.bufferPackets;
  return out;
}

/**
 * One line for a report: what the depths count, where packets are tail-dropped, when egress runs. Sizes appear
 * for the limits a departure added; the model's own limit is named by its kind.
 */
export function describeModel(model: SwitchModelName, departures: Partial<Queueing> = {}): string {
  const base = SWITCH_MODELS[model];
  const scope = departures.depthScope ?? base.depthScope;
  const egressAt = departures.egressAt ?? base.egressAt;
  const limits: string[] = [];
  if (departures.queueCapacity !== undefined)
    limits.push(`its priority queue holds ${departures.queueCapacity} packets`);
  else if (Number.isFinite(base.queueCapacity)) limits.push('its priority queue is full');
  if (departures.bufferPackets !== undefined)
    limits.push(`the port holds ${departures.bufferPackets} packets`);
  else if (Number.isFinite(base.bufferPackets)) limits.push("the port's shared buffer is full");
  return [
    `enq_qdepth/deq_qdepth count ${scope === 'port' ? 'the whole egress port' : "the packet's own queue"}`,
    limits.length === 0 ? 'no tail drop' : `tail drop when ${limits.join(' or ')}`,
    egressAt === 'dequeue' ? 'egress after the wait' : 'egress on admission',
  ].join('; ');
}
