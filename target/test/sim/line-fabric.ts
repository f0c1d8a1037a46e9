// The smallest fabric the simulator tests use: two hosts on one switch, a -(port 1) sw (port 2)- b.
import { BuiltinRouter } from '../../sim/builtin-router.js';
import { Fabric } from '../../sim/fabric.js';
import type { FlowStats } from '../../sim/flows.js';
import { ipv4 } from '../../sim/frames.js';
import { startFlow } from '../../sim/traffic.js';
import { Rng } from '../../tm/random.js';
import { PS_PER_US } from '../../tm/time.js';

/** a (10.0.0.1) and b (10.0.0.2) on switch `sw`, ports 1 and 2, commodity model with a shared buffer. */
export function lineFabric(rateBps: number, delayPs: number, buffer = 100): Fabric {
  const f = new Fabric();
  f.addSwitch(
    'sw',
    new BuiltinRouter({
      routes: [
        { prefix: ipv4('10.0.0.1'), prefixLen: 32, ports: [1] },
        { prefix: ipv4('10.0.0.2'), prefixLen: 32, ports: [2] },
      ],
      spray: 'round-robin',
      dscpToPriority: Array.from({ length: 64 }, (_, d) => d >> 3),
    }),
    // A shared port buffer: the commodity switch model's.
    { model: 'commodity', bufferPackets: buffer },
  );
  f.addHost('a', ipv4('10.0.0.1'), 1);
  f.addHost('b', ipv4('10.0.0.2'), 2);
  f.connect('a', 0, 'sw', 1, { rateBps, delayPs });
  f.connect('b', 0, 'sw', 2, { rateBps, delayPs });
  return f;
}

/** `packets` frames of 1000 bytes from a to b at 4 Gb/s, one every 2 us from `startPs`. */
export function lineFlow(f: Fabric, packets: number, startPs = 0): FlowStats {
  return startFlow(
    f,
    {
      name: 'x',
      src: 'a',
      dst: 'b',
      packetBytes: 1000,
      dscp: 0,
      ecn: 0,
      rateBps: 4e9,
      arrival: 'constant',
      startPs,
      stopPs: startPs + 100 * PS_PER_US,
      packets,
    },
    new Rng(1),
  );
}
