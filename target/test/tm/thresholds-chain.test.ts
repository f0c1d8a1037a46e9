// Threshold admission on one queue against its exact birth-death chain (docs/threshold-model.md, the `exact`
// model): Poisson arrivals, exponential sizes, a fraction θ unimportant; a packet is dropped when the
// depth it sees is >= L, or >= S if unimportant. The depth a packet sees is enq_qdepth, the packets already
// queued, which excludes the one on the wire: with N packets in the system an arrival sees max(0, N - 1).
// Under the commodity switch model egress runs on admission, so dropped packets never occupy the queue and the
// chain is exact.
import assert from 'node:assert/strict';
import { EgressPort } from '../../tm/egress-port.js';
import { Rng } from '../../tm/random.js';
import { Simulator } from '../../tm/simulator.js';
import { PS_PER_S } from '../../tm/time.js';

/** Loss of unimportant and important packets from the chain's stationary distribution (PASTA). */
function chain(rho: number, theta: number, s: number, l: number): { small: number; large: number } {
  const seen = (n: number): number => Math.max(0, n - 1);
  const birth = (n: number): number => (seen(n) >= l ? 0 : seen(n) >= s ? (1 - theta) * rho : rho);
  const pi = [1];
  for (let n = 0; birth(n) > 0; n++) pi.push(pi[n]! * birth(n));
  const total = pi.reduce((a, b) => a + b, 0);
  let small = 0;
  let large = 0;
  pi.forEach((p, n) => {
    if (seen(n) >= s) small += p / total;
    if (seen(n) >= l) large += p / total;
  });
  return { small, large };
}

function simulate(rho: number, theta: number, s: number, l: number, packets: number, seed: number) {
  const sim = new Simulator();
  const rateBps = 8e9;
  const meanBytes = 1000;
  const meanGap = (meanBytes * 8 * PS_PER_S) / rateBps / rho;
  const port = new EgressPort(
    sim,
    0,
    { model: 'commodity', queues: 1, rateBps, bufferPackets: 1e9 },
    () => undefined,
  );
  const rng = new Rng(seed);
  const wire = new Uint8Array(64 * meanBytes);
  const count = { small: 0, large: 0, smallLost: 0, largeLost: 0 };
  let sent = 0;
  const arrive = (): void => {
    const bytes = Math.min(wire.length, Math.max(1, Math.round(rng.exponential(meanBytes))));
    const unimportant = rng.nextFloat() < theta;
    if (unimportant) count.small++;
    else count.large++;
    const frame = { port: 0, data: wire.subarray(0, bytes) };
    port.enqueue({
      egressPort: 0,
      priority: 0,
      resume: (m) => {
        const drop = m.enqQdepth >= l || (unimportant && m.enqQdepth >= s);
        if (drop && unimportant) count.smallLost++;
        if (drop && !unimportant) count.largeLost++;
        return drop ? [] : [frame];
      },
    });
    if (++sent < packets) sim.after(Math.round(rng.exponential(meanGap)), arrive);
  };
  sim.at(0, arrive);
  sim.run();
  return { small: count.smallLost / count.small, large: count.largeLost / count.large };
}

describe('tm thresholds vs the birth-death chain', () => {
  for (const [rho, s, l] of [
    // Chosen so that even the rarer important drops number in the thousands (a few % of statistical error),
    // while a chain without the N - 1 shift would be off by 6-30%.
    [0.95, 2, 6],
    [1.3, 4, 8],
  ] as const) {
    it(`load ${rho}, S = ${s}, L = ${l}: losses within 5% of the exact chain`, function () {
      this.timeout(60_000);
      const exact = chain(rho, 0.5, s, l);
      const measured = simulate(rho, 0.5, s, l, 600_000, 31);
      const near = (a: number, b: number) => Math.abs(a - b) / b < 0.05;
      assert.ok(near(measured.small, exact.small), `small: ${measured.small} vs ${exact.small}`);
      assert.ok(near(measured.large, exact.large), `large: ${measured.large} vs ${exact.large}`);
    });
  }
});
