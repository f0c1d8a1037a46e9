import assert from 'node:assert/strict';
import { PS_PER_US } from '../../tm/time.js';
import { EgressPort } from '../../tm/egress-port.js';
import { TrafficManager } from '../../tm/traffic-manager.js';
import { Simulator } from '../../tm/simulator.js';
import { SWITCH_MODELS, type SwitchModelName } from '../../tm/switch-model.js';
import { harness, type Harness } from './helpers.js';

// At 8 Gb/s one byte takes 1 ns, so a 1000-byte packet occupies the wire for exactly 1 us.
const US = PS_PER_US;

describe('tm/egress-port', () => {
  /** The offers of the hand-computed timelines below (1000 bytes = 1 us on the wire). */
  const timeline = (h: Harness): ((id: number) => number[]) => {
    // t=0: A, B, C into queue 2. A goes straight to the wire; B waits first in line, C behind it.
    h.offer(1, 2, 1000);
    h.offer(2, 2, 1000);
    h.offer(3, 2, 1000);
    // t=1.5us (B on the wire since 1us): D into queue 2 behind C; E into queue 5, empty.
    h.sim.at(1.5 * US, () => {
      h.offer(4, 2, 1000);
      h.offer(5, 5, 1000);
    });
    h.sim.run();
    // E (queue 5) overtakes C and D when the wire frees at 2us.
    assert.deepEqual(
      h.departures.map((d) => d.id),
      [1, 2, 5, 3, 4],
    );
    const byId = new Map(h.departures.map((d) => [d.id, d]));
    // [enq_qdepth, deq_qdepth, enq_timestamp, deq_timedelta, start, end]
    return (id) => {
      const d = byId.get(id)!;
      return [
        d.meta.enqQdepth,
        d.meta.deqQdepth,
        d.meta.enqTimestampUs,
        d.meta.deqTimedeltaUs,
        d.start / US,
        d.end / US,
      ];
    };
  };

  it('follows the bmv2 model by default: depths of the whole port, egress after the wait', () => {
    const h = harness();
    assert.deepEqual(h.port.queueing, SWITCH_MODELS.bmv2);
    const row = timeline(h);
    assert.deepEqual(row(1), [0, 0, 0, 0, 0, 1]);
    assert.deepEqual(row(2), [0, 1, 0, 1, 1, 2]);
    // E finds C and D waiting in queue 2: simple_switch counts them (it sums the port's priority queues), and
    // two are still there when E leaves.
    assert.deepEqual(row(5), [2, 2, 1, 1, 2, 3]);
    assert.deepEqual(row(3), [1, 1, 0, 3, 3, 4]);
    assert.deepEqual(row(4), [1, 0, 1, 3, 4, 5]);
    const q2 = h.port.queueStats[2]!;
    assert.equal(q2.enqueued, 4);
    assert.equal(q2.framesOut, 4);
    assert.equal(q2.bytesOut, 4000);
    assert.equal(q2.maxDepth, 2);
    assert.equal(q2.delays.max(), 3 * US);
    assert.equal(h.port.portStats.busyPs, 5 * US);
  });

  it("counts only the packet's own queue with qdepth overridden to queue", () => {
    const row = timeline(harness({ depthScope: 'queue' }));
    assert.deepEqual(row(1), [0, 0, 0, 0, 0, 1]);
    assert.deepEqual(row(2), [0, 1, 0, 1, 1, 2]);
    assert.deepEqual(row(5), [0, 0, 1, 1, 2, 3]);
    assert.deepEqual(row(3), [1, 1, 0, 3, 3, 4]);
    assert.deepEqual(row(4), [1, 0, 1, 3, 4, 5]);
  });

  it("follows the commodity model: own queue's depth, egress on admission, nothing measured as waited", () => {
    const h = harness({ model: 'commodity' });
    assert.deepEqual(h.port.queueing, SWITCH_MODELS.commodity);
    const row = timeline(h);
    // Egress ran as each packet was admitted: deq_qdepth = enq_qdepth, deq_timedelta = 0; the wire is the same.
    assert.deepEqual(row(1), [0, 0, 0, 0, 0, 1]);
    assert.deepEqual(row(2), [0, 0, 0, 0, 1, 2]);
    assert.deepEqual(row(5), [0, 0, 1, 0, 2, 3]);
    assert.deepEqual(row(3), [1, 1, 0, 0, 3, 4]);
    assert.deepEqual(row(4), [1, 1, 1, 0, 4, 5]);
  });

  it('bmv2: each priority queue holds 64 packets, and the port has no limit of its own', () => {
    const h = harness();
    // The first packet goes straight to the wire; then every queue fills to 64 and refuses the rest.
    const accepted = [h.offer(0, 1, 1000)];
    for (let q = 0; q < 8; q++)
      for (let i = 0; i < 70; i++) accepted.push(h.offer(1000 * q + i + 1, q, 1000));
    assert.equal(accepted.filter((a) => a).length, 1 + 8 * 64);
    assert.equal(h.port.depth, 8 * 64);
    assert.deepEqual(
      h.port.queueStats.map((s) => s.tailDropped),
      new Array<number>(8).fill(6),
    );
    // The depth a packet sees is the port's: the last packet admitted to queue 7 found 7 * 64 + 63 waiting.
    h.sim.run();
    const last = h.departures.find((d) => d.id === 7000 + 64)!;
    assert.equal(last.meta.enqQdepth, 7 * 64 + 63);
  });

  it('commodity: the queues share a buffer of 1000 packets, with no limit per queue', () => {
    const h = harness({ model: 'commodity' });
    const accepted = [h.offer(0, 1, 1000)];
    for (let i = 0; i < 600; i++) accepted.push(h.offer(i + 1, 0, 1000));
    for (let i = 0; i < 400; i++) accepted.push(h.offer(1000 + i, 7, 1000));
    assert.ok(accepted.every((a) => a));
    assert.equal(h.port.depth, 1000);
    assert.equal(h.offer(5000, 3, 1000), false);
    assert.equal(h.port.queueStats[3]!.tailDropped, 1);
  });

  it('tail-drops at a per-queue capacity while other queues still accept', () => {
    const h = harness({ queueCapacity: 3, bufferPackets: 100 });
    const accepted = [0, 1, 2, 3, 4].map((i) => h.offer(i, 1, 1000));
    // The first goes straight to the wire, so the queue holds 1..3 and refuses 4.
    assert.deepEqual(accepted, [true, true, true, true, false]);
    assert.equal(h.offer(10, 4, 1000), true);
    assert.equal(h.port.queueStats[1]!.tailDropped, 1);
  });

  it('under commodity a packet egress drops never takes buffer space; under bmv2 it waits its turn', () => {
    const burst = (model: SwitchModelName) => {
      const sim = new Simulator();
      const depths: number[] = [];
      const port = new EgressPort(sim, 1, { model, queues: 1, rateBps: 8e9 }, () => undefined);
      // A threshold of 3 on enq_qdepth, as p4/mlt.p4 applies S to unimportant packets.
      for (let i = 0; i < 40; i++)
        port.enqueue({
          egressPort: 1,
          priority: 0,
          resume: (m) => {
            depths.push(m.enqQdepth);
            return m.enqQdepth >= 3 ? [] : [{ port: 1, data: new Uint8Array(1000) }];
          },
        });
      sim.run();
      return { stats: port.queueStats[0]!, depths };
    };
    const late = burst('bmv2');
    const early = burst('commodity');
    // At dequeue, the packets doomed by the threshold pile up behind the survivors.
    assert.equal(late.stats.maxDepth, 39);
    assert.equal(late.stats.framesOut, 4);
    assert.equal(early.stats.maxDepth, 3);
    assert.equal(early.stats.framesOut, 4);
    assert.equal(early.stats.egressDropped, 36);
    assert.equal(early.stats.enqueued, 40);
  });

  it('serves strictly by priority: a saturated low queue does not delay the high queue', () => {
    const h = harness({ queueCapacity: 100_000 });
    // Queue 0 is offered twice the line rate; queue 7 a light stream of small packets.
    for (let i = 0; i < 4000; i++) h.sim.at(i * 0.5 * US, () => h.offer(i, 0, 1000));
    for (let i = 0; i < 200; i++) h.sim.at(i * 10 * US + 0.25 * US, () => h.offer(100_000 + i, 7, 100));
    h.sim.run();
    const high = h.departures.filter((d) => d.queueId === 7);
    assert.equal(high.length, 200);
    for (const d of high) {
      // A high packet can only wait for the low packet already on the wire (at most 1us), never for the queue.
      assert.ok(
        d.meta.deqTimePs - d.meta.enqTimePs <= 1 * US,
        `waited ${d.meta.deqTimePs - d.meta.enqTimePs}`,
      );
      const arrived = (d.id - 100_000) * 10 * US + 0.25 * US;
      assert.ok(d.start - arrived <= 1 * US, `on the wire ${d.start - arrived} after arriving`);
    }
    // bmv2 reports the port's depth: the high packets see the low queue's backlog, though they never wait for it.
    assert.ok(high[high.length - 1]!.meta.enqQdepth > 1000);
    const low = h.port.queueStats[0]!;
    assert.ok(low.maxDepth > 1500, `low queue should build up, max ${low.maxDepth}`);
  });

  it('tail-drops once the shared buffer is full and counts per queue', () => {
    const h = harness({ model: 'commodity', bufferPackets: 10 });
    const accepted: boolean[] = [];
    // 15 packets at t=0 in queue 3, then 5 in queue 6: one goes on the wire, 10 wait, the rest are dropped.
    for (let i = 0; i < 15; i++) accepted.push(h.offer(i, 3, 1000));
    for (let i = 0; i < 5; i++) accepted.push(h.offer(100 + i, 6, 1000));
    assert.deepEqual(
      accepted.map((a) => (a ? 1 : 0)),
      [...new Array<number>(11).fill(1), ...new Array<number>(9).fill(0)],
    );
    assert.equal(h.port.depth, 10);
    assert.equal(h.port.queueStats[3]!.tailDropped, 4);
    assert.equal(h.port.queueStats[6]!.tailDropped, 5);
    // Once a packet leaves, exactly one slot opens.
    h.sim.run({ until: 1 * US });
    assert.equal(h.offer(200, 6, 1000), true);
    assert.equal(h.offer(201, 6, 1000), false);
    h.sim.run();
    assert.equal(h.departures.length, 12);
    // Packet 1 went on the wire at 1us when the first left; 200 (queue 6) overtakes the rest of queue 3.
    assert.deepEqual(
      h.departures.slice(0, 4).map((d) => d.id),
      [0, 1, 200, 2],
    );
  });

  it('frees the wire at once when egress drops a packet', () => {
    const h = harness();
    h.offer(1, 0, 1000);
    h.offer(2, 0, 1000, true);
    h.offer(3, 0, 1000);
    h.sim.run();
    assert.deepEqual(
      h.departures.map((d) => [d.id, d.start / US]),
      [
        [1, 0],
        [3, 1],
      ],
    );
    assert.equal(h.port.queueStats[0]!.egressDropped, 1);
  });

  it('adds preamble and inter-frame gap when asked', () => {
    const h = harness({ framingOverheadBytes: 20 });
    h.offer(1, 0, 980);
    h.sim.run();
    assert.equal(h.departures[0]!.end, 1 * US);
    assert.equal(h.port.portStats.bytesOut, 980);
  });

  it('hands a transmission to the link when it begins, and counts wire time up to a cut-off', () => {
    const h = harness();
    h.offer(1, 0, 1000);
    // The frame is on its way (start 0, end 1us) before any event has run.
    assert.deepEqual(
      h.departures.map((d) => [d.id, d.start / US, d.end / US]),
      [[1, 0, 1]],
    );
    assert.equal(h.port.portStats.framesOut, 1);
    assert.equal(h.port.busyUntil(0.25 * US), 0.25 * US);
    assert.equal(h.port.busyUntil(5 * US), 1 * US);
  });

  it('schedules the end of a transmission only when packets wait behind it', () => {
    const h = harness();
    // Three packets spaced wider than their transmissions: the port is idle each time, so the only events are
    // the three offers themselves.
    for (const [i, t] of [0, 2, 4].entries()) h.sim.at(t * US, () => h.offer(i, 0, 1000));
    h.sim.run();
    assert.equal(h.sim.eventsRun, 3);
    // Two packets back to back: the second waits, so the first one's end is an event.
    const g = harness();
    g.offer(1, 0, 1000);
    g.offer(2, 0, 1000);
    g.sim.run();
    assert.equal(g.sim.eventsRun, 1);
    assert.deepEqual(
      g.departures.map((d) => [d.id, d.start / US]),
      [
        [1, 0],
        [2, 1],
      ],
    );
  });

  it('gives an idle port the same metadata and statistics whether or not the packet waited', () => {
    // Packet 1 finds the port idle (no trip through its queue); packet 2, offered at 1us as packet 1 ends,
    // finds it idle too; packet 3 at 1.5us waits behind packet 2.
    const h = harness();
    h.offer(1, 3, 1000);
    h.sim.at(1 * US, () => h.offer(2, 3, 1000));
    h.sim.at(1.5 * US, () => h.offer(3, 3, 1000));
    h.sim.run();
    const rows = h.departures.map((d) => [d.id, d.meta.enqQdepth, d.meta.deqQdepth, d.meta.deqTimedeltaUs]);
    assert.deepEqual(rows, [
      [1, 0, 0, 0],
      [2, 0, 0, 0],
      [3, 0, 0, 1],
    ]);
    const q = h.port.queueStats[3]!;
    assert.deepEqual([q.enqueued, q.dequeued, q.maxDepth, q.delays.count], [3, 3, 1, 3]);
    h.port.account();
    // Only packet 3 waited: 0.5us at depth 1.
    assert.equal(q.depthArea, 0.5 * US);
  });

  it('drops priorities the port does not have and packets for unconfigured ports', () => {
    const sim = new Simulator();
    const out: number[] = [];
    const tm = new TrafficManager(sim, (port) => out.push(port));
    tm.addPort(1, { queues: 1, rateBps: 1e9, bufferPackets: 4 });
    const frame = { port: 1, data: new Uint8Array(64) };
    assert.equal(tm.enqueue({ egressPort: 1, priority: 1, resume: () => [frame] }), false);
    assert.equal(tm.enqueue({ egressPort: 2, priority: 0, resume: () => [frame] }), false);
    assert.equal(tm.enqueue({ egressPort: 1, priority: 0, resume: () => [frame] }), true);
    sim.run();
    assert.deepEqual(out, [1]);
    assert.equal(tm.unroutable, 2);
  });
});
