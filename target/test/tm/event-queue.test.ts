import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EventQueue } from '../../tm/event-queue.js';
import { Simulator } from '../../tm/simulator.js';

interface Step {
  /** Events to schedule, each `delay` after the current time, on the heap (lane -1) or on lane 0, 1 or 2. */
  events: { lane: number; delay: number }[];
  /** Then fire this many. */
  pops: number;
}

/** Steps whose events go to the heap or to lanes 0..maxLane, with delays of 0, a few, or up to 2^40. */
function step(maxLane: number): fc.Arbitrary<Step> {
  const event = fc.record({
    lane: fc.integer({ min: -1, max: maxLane }),
    delay: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 2 ** 40 })),
  });
  return fc.record({ events: fc.array(event, { maxLength: 6 }), pops: fc.integer({ min: 0, max: 4 }) });
}

/** Run the steps on a queue and on a model (a list sorted by time, then scheduling order): same firing order. */
function checkAgainstModel(steps: Step[]): void {
  const fired: number[] = [];
  const record = (x: number): void => {
    fired.push(x);
  };
  const q = new EventQueue();
  const lanes = [q.lane(record), q.lane(record), q.lane(record)];
  const pending: { t: number; i: number }[] = [];
  const expected: number[] = [];
  let now = 0;
  let next = 0;
  const popOne = (): void => {
    pending.sort((a, b) => a.t - b.t || a.i - b.i);
    const e = pending.shift()!;
    expected.push(e.i);
    assert.equal(q.peekTime(), e.t);
    now = e.t;
    q.pop()!(q.poppedArg);
  };
  for (const s of steps) {
    for (const e of s.events) {
      const i = next++;
      pending.push({ t: now + e.delay, i });
      if (e.lane < 0) q.push(now + e.delay, record, i);
      else lanes[e.lane]!.at(now + e.delay, i);
    }
    assert.equal(q.size, pending.length);
    for (let k = 0; k < s.pops && pending.length > 0; k++) popOne();
  }
  while (pending.length > 0) popOne();
  assert.equal(q.size, 0);
  assert.equal(q.peekTime(), undefined);
  assert.deepEqual(fired, expected);
}

describe('tm/event-queue', () => {
  it('pops in time order, ties in insertion order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }), (times) => {
        const q = new EventQueue();
        const fired: number[] = [];
        times.forEach((t, i) => q.push(t, () => fired.push(i)));
        while (q.size > 0) q.pop()!(q.poppedArg);
        const expected = times.map((t, i) => ({ t, i })).sort((a, b) => a.t - b.t || a.i - b.i);
        assert.deepEqual(
          fired,
          expected.map((e) => e.i),
        );
      }),
    );
  });

  it('keeps (time, scheduling order) with interleaved pushes and pops over widely spread times', () => {
    // Times far apart and many of them collide in the queue's table of recent times; times in the past of the
    // last pop are never pushed, as in a simulation.
    fc.assert(fc.property(fc.array(step(-1), { maxLength: 200 }), checkAgainstModel), { numRuns: 300 });
  });

  it('fires lane events and plain events together in (time, scheduling order), lane times out of order too', () => {
    // Each event goes on the heap or on one of three lanes (a lane mostly gets non-decreasing times, but not
    // always).
    fc.assert(fc.property(fc.array(step(2), { maxLength: 150 }), checkAgainstModel), { numRuns: 300 });
  });

  it('an event for a time a lane event was scheduled for after it does not jump ahead of that lane event', () => {
    // Events of one time are grouped: the first alone, later ones in a bucket. A lane event in between must
    // still fire between them.
    const q = new EventQueue();
    const fired: string[] = [];
    const note = (x: string): void => {
      fired.push(x);
    };
    const lane = q.lane(note);
    q.push(10, note, 'a');
    q.push(10, note, 'b');
    lane.at(10, 'lane 1');
    q.push(10, note, 'c');
    q.push(10, note, 'd');
    lane.at(10, 'lane 2');
    q.push(10, note, 'e');
    q.push(5, note, 'first');
    while (q.size > 0) q.pop()!(q.poppedArg);
    assert.deepEqual(fired, ['first', 'a', 'b', 'lane 1', 'c', 'd', 'lane 2', 'e']);
  });

  it('a simulator lane refuses times in the past and keeps its events pending until they fire', () => {
    const sim = new Simulator();
    const seen: string[] = [];
    const note = (x: string): void => {
      seen.push(`${x}@${sim.now}`);
    };
    const lane = sim.lane(note);
    lane.at(20, 'a');
    lane.at(20, 'b');
    sim.at(20, () => seen.push(`plain@${sim.now}`));
    lane.at(40, 'c');
    assert.equal(sim.pending, 4);
    sim.run({ until: 30 });
    assert.deepEqual(seen, ['a@20', 'b@20', 'plain@20']);
    assert.equal(sim.pending, 1);
    assert.throws(() => lane.at(25, 'late'), /past/);
    sim.run();
    assert.deepEqual(seen, ['a@20', 'b@20', 'plain@20', 'c@40']);
    assert.equal(sim.pending, 0);
  });

  it('simulator advances the clock to each event and stops at `until`', () => {
    const sim = new Simulator();
    const seen: number[] = [];
    sim.at(50, () => {
      seen.push(sim.now);
      sim.after(25, () => seen.push(sim.now));
    });
    sim.at(10, () => seen.push(sim.now));
    sim.at(500, () => seen.push(sim.now));
    sim.run({ until: 100 });
    assert.deepEqual(seen, [10, 50, 75]);
    assert.equal(sim.now, 100);
    assert.equal(sim.pending, 1);
    assert.throws(() => sim.at(99, () => undefined), /past/);
    sim.run();
    assert.deepEqual(seen, [10, 50, 75, 500]);
  });

  it('passes each event its own argument to a shared handler', () => {
    const sim = new Simulator();
    const got: string[] = [];
    const handler = (x: string): void => {
      got.push(`${x}@${sim.now}`);
    };
    sim.atWith(30, handler, 'c');
    sim.atWith(10, handler, 'a');
    sim.at(20, () => got.push(`plain@${sim.now}`));
    sim.atWith(30, handler, 'd');
    sim.run();
    assert.deepEqual(got, ['a@10', 'plain@20', 'c@30', 'd@30']);
  });
});
