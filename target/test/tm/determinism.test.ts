import assert from 'node:assert/strict';
import { Rng } from '../../tm/random.js';
import type { SwitchModelName } from '../../tm/switch-model.js';
import { PS_PER_US } from '../../tm/time.js';
import { harness } from './helpers.js';

/** A random mix of priorities, sizes and egress drops over one port; returns the full departure log. */
function run(seed: number, model: SwitchModelName): string {
  const h = harness({ model, bufferPackets: 40 });
  const rng = new Rng(seed);
  let t = 0;
  for (let i = 0; i < 5000; i++) {
    t += Math.round(rng.exponential(0.8 * PS_PER_US));
    const priority = rng.nextInt(8);
    const bytes = 64 + rng.nextInt(1437);
    const drop = rng.nextFloat() < 0.05;
    h.sim.at(t, () => h.offer(i, priority, bytes, drop));
  }
  h.sim.run();
  const stats = h.port.queueStats.map((q) => [q.enqueued, q.tailDropped, q.egressDropped, q.framesOut]);
  return JSON.stringify({ departures: h.departures, stats });
}

describe('tm determinism', () => {
  for (const model of ['bmv2', 'commodity'] as const)
    it(`gives identical results for the same seed and different ones for another (${model})`, () => {
      const a = run(11, model);
      assert.equal(run(11, model), a);
      assert.notEqual(run(12, model), a);
      assert.ok(JSON.parse(a).departures.length > 3000);
    });
});
