// Queueing-theory check of the traffic manager: one port, one queue, Poisson arrivals, exponential packet sizes.
// The time-average number of packets in the system (queued plus on the wire) of an M/M/1 queue is rho/(1-rho).
import assert from 'node:assert/strict';
import { EgressPort } from '../../tm/egress-port.js';
import { Rng } from '../../tm/random.js';
import { Simulator } from '../../tm/simulator.js';
import { PS_PER_S } from '../../tm/time.js';

/** Run a single-queue port under Poisson arrivals with exponential sizes; returns the port afterwards. */
function mm1(
  rho: number,
  packets: number,
  seed: number,
  bufferPackets: number,
): { port: EgressPort; endPs: number } {
  const sim = new Simulator();
  const rateBps = 8e9;
  const meanBytes = 1000;
  const meanServicePs = (meanBytes * 8 * PS_PER_S) / rateBps;
  const meanGapPs = meanServicePs / rho;
  // M/M/1/K: one queue whose only limit is the port buffer, the commodity model's shared buffer.
  const port = new EgressPort(
    sim,
    0,
    { model: 'commodity', queues: 1, rateBps, bufferPackets },
    () => undefined,
  );
  const arrivals = new Rng(seed);
  const sizes = new Rng(seed + 1);
  const wire = new Uint8Array(64 * meanBytes);
  let sent = 0;
  const arrive = (): void => {
    const bytes = Math.min(wire.length, Math.max(1, Math.round(sizes.exponential(meanBytes))));
    const frame = { port: 0, data: wire.subarray(0, bytes) };
    port.enqueue({ egressPort: 0, priority: 0, resume: () => [frame] });
    if (++sent < packets) sim.after(Math.round(arrivals.exponential(meanGapPs)), arrive);
  };
  sim.at(0, arrive);
  sim.run();
  port.account();
  return { port, endPs: sim.now };
}

function mm1MeanInSystem(rho: number, packets: number, seed: number): number {
  const { port, endPs } = mm1(rho, packets, seed, Number.MAX_SAFE_INTEGER);
  return port.portStats.systemArea / endPs;
}

describe('tm M/M/1 check', () => {
  for (const [rho, packets] of [
    [0.5, 400_000],
    [0.9, 2_000_000],
  ] as const) {
    it(`mean number in system at load ${rho} is within 5% of rho/(1-rho)`, function () {
      this.timeout(60_000);
      const expected = rho / (1 - rho);
      const measured = mm1MeanInSystem(rho, packets, 2024);
      const error = Math.abs(measured - expected) / expected;
      assert.ok(error < 0.05, `measured ${measured.toFixed(3)}, expected ${expected.toFixed(3)}`);
    });
  }

  it('tail-drops as M/M/1/K: blocking probability (1-rho) rho^K / (1 - rho^(K+1))', function () {
    this.timeout(60_000);
    // K counts the whole system; the port's buffer excludes the packet on the wire, so K = buffer + 1.
    for (const [rho, buffer] of [
      [0.9, 9],
      [1.2, 19],
    ] as const) {
      const k = buffer + 1;
      const expected = ((1 - rho) * rho ** k) / (1 - rho ** (k + 1));
      const { port } = mm1(rho, 400_000, 77, buffer);
      const q = port.queueStats[0]!;
      const measured = q.tailDropped / (q.tailDropped + q.enqueued);
      assert.ok(
        Math.abs(measured - expected) / expected < 0.05,
        `rho ${rho}, K ${k}: measured ${measured.toFixed(4)}, expected ${expected.toFixed(4)}`,
      );
    }
  });
});
