import { strict as assert } from 'node:assert';
import { layerRank, layoutQueues, solve, type SolveProblem } from '../../solver/index.js';
import { assertClose } from './reference.js';

const layer = (size: number, j: number) => ({
  name: `l${j}`,
  size,
  lossCostSmall: 0.01 * (j + 1),
  lossCostLarge: 0.5 * (j + 1),
});

function problem(overrides: Partial<SolveProblem>): SolveProblem {
  return {
    queues: 4,
    reserveControlQueue: false,
    bufferPackets: 20,
    load: 0.9,
    smallFraction: 0.5,
    layers: [10, 20, 30, 40].map(layer),
    ...overrides,
  };
}

describe('queue layout and strict-priority service', () => {
  it('maps layer j of M to rank floor(j·P/M), front layers to the highest queue id', () => {
    assert.deepEqual(
      Array.from({ length: 10 }, (_, j) => layerRank(j, 10, 7)),
      [0, 0, 1, 2, 2, 3, 4, 4, 5, 6],
    );
    const l = layoutQueues(problem({ queues: 8, reserveControlQueue: true, layers: [1, 2, 3].map(layer) }));
    assert.equal(l.control, 7);
    assert.deepEqual(
      l.data.map((q) => [q.queue, q.layers]),
      [
        [6, [0]],
        [5, []],
        [4, [1]],
        [3, []],
        [2, [2]],
        [1, []],
        [0, []],
      ],
    );
    const open = layoutQueues(problem({}));
    assert.equal(open.control, null);
    assert.deepEqual(
      open.data.map((q) => q.queue),
      [3, 2, 1, 0],
    );
  });

  it('splits the load by layer size and gives each queue what the higher ones leave', () => {
    const l = layoutQueues(problem({ load: 0.9 }));
    // λ_i/μ = 0.09, 0.18, 0.27, 0.36; μ_i = μ − Σ higher λ.
    const lambdas = [0.09, 0.18, 0.27, 0.36];
    let left = 1;
    l.data.forEach((q, i) => {
      assertClose(q.arrival, lambdas[i]!, 1e-12);
      assertClose(q.service, left, 1e-12);
      assertClose(q.rho, lambdas[i]! / left, 1e-12);
      left -= lambdas[i]!;
    });
    assertClose(l.data[0]!.costSmall, 0.01, 1e-12);
    assertClose(l.data[3]!.costLarge, 2, 1e-12);
  });

  it('a saturated higher queue starves the ones below it: loss 1 whatever their thresholds', () => {
    // The first layer carries 60% of a 2.0 load: ρ = 1.2 at the top, nothing left below.
    const p = problem({ load: 2, layers: [60, 20, 10, 10].map(layer) });
    const l = layoutQueues(p);
    assertClose(l.data[0]!.rho, 1.2, 1e-12);
    assert.deepEqual(
      l.data.slice(1).map((q) => [q.service, q.rho]),
      [
        [0, Infinity],
        [0, Infinity],
        [0, Infinity],
      ],
    );
    for (const model of ['paper', 'exact'] as const) {
      const s = solve(p, { model });
      for (const q of s.queues.slice(1)) {
        assert.equal(q.lossSmall, 1);
        assert.equal(q.lossLarge, 1);
      }
      // They get no buffer: it cannot help them, so the top queue takes it all.
      assert.equal(s.queues[0]!.L, p.bufferPackets);
    }
  });

  it('exactly full higher queue (ρ = 1) also leaves nothing', () => {
    const l = layoutQueues(problem({ load: 2, layers: [50, 20, 20, 10].map(layer) }));
    assert.equal(l.data[0]!.rho, 1);
    assert.equal(l.data[1]!.rho, Infinity);
  });
});
