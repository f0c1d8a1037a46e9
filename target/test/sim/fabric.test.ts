import assert from 'node:assert/strict';
import { PS_PER_US } from '../../tm/time.js';
import { Rng } from '../../tm/random.js';
import { BuiltinRouter, type SprayMode } from '../../sim/builtin-router.js';
import { Fabric } from '../../sim/fabric.js';
import { allocFrame } from '../../engine/packet.js';
import { buildFrame, frameFrom, ipv4 } from '../../sim/frames.js';
import { buildLeafSpine, leafSpineRoutes } from '../../sim/leaf-spine.js';
import { queueOfLayer, startFlow, startGradients } from '../../sim/traffic.js';
import { lineFabric, lineFlow } from './line-fabric.js';

const GBPS = 1e9;

function leafSpine(spray: SprayMode, hostsPerLeaf = 8) {
  const fabric = new Fabric();
  const layout = buildLeafSpine(
    fabric,
    {
      spines: 4,
      leaves: 2,
      hostsPerLeaf,
      hostLink: { rateBps: 100 * GBPS, delayPs: PS_PER_US },
      fabricLink: { rateBps: 100 * GBPS, delayPs: PS_PER_US },
      switchConfig: { model: 'commodity', bufferPackets: 10_000 },
    },
    (role, i, lay) => new BuiltinRouter({ routes: leafSpineRoutes(lay, role, i), spray, seed: i + 1 }),
  );
  return { fabric, layout };
}

describe('sim/fabric', () => {
  it('delivers with store-and-forward timing: serialisation + delay per hop', () => {
    // 1000-byte frames at 8 Gb/s take 1 us; each link adds 2 us of propagation.
    const f = lineFabric(8 * GBPS, 2 * PS_PER_US);
    const flow = lineFlow(f, 10);
    f.sim.run();
    assert.equal(flow.received, 10);
    // Host wire 1 us + 2 us delay + switch wire 1 us + 2 us delay, no queueing at half the line rate.
    assert.equal(flow.latency.max(), 6 * PS_PER_US);
    assert.equal(flow.latency.percentile(50), 6 * PS_PER_US);
  });

  it('gives the memory of a frame it dropped back for new frames, never that of a frame it forwarded', () => {
    const f = lineFabric(8 * GBPS, 2 * PS_PER_US, 1);
    const sw = f.switches.get('sw')!;
    const frame = (dst: string): Uint8Array =>
      buildFrame({ ...frameFrom(f.host('a'), 1000), dstIp: ipv4(dst), flowId: 1 });
    const same = (x: Uint8Array, y: Uint8Array): boolean =>
      x.buffer === y.buffer && x.byteOffset === y.byteOffset;
    // No route: dropped in ingress.
    const unroutable = frame('10.9.9.9');
    sw.receive(1, unroutable);
    assert.ok(same(allocFrame(1000), unroutable));
    // Forwarded: on the wire to b. The next one waits in the one-packet buffer, the third finds it full.
    const sent = frame('10.0.0.2');
    sw.receive(1, sent);
    const queued = frame('10.0.0.2');
    sw.receive(1, queued);
    const tailDropped = frame('10.0.0.2');
    sw.receive(1, tailDropped);
    const next = allocFrame(1000);
    assert.ok(same(next, tailDropped));
    assert.ok(!same(allocFrame(1000), sent) && !same(allocFrame(1000), queued));
    assert.equal(sw.tm.port(2)!.queueStats[0]!.tailDropped, 1);
  });

  it('tail-drops an incast at the receiver port and accounts for every packet', () => {
    // Four senders at line rate into one receiver port of 20 packets.
    const g = new Fabric();
    g.addSwitch(
      'sw',
      new BuiltinRouter({ routes: [{ prefix: ipv4('10.0.0.9'), prefixLen: 32, ports: [9] }], spray: 'hash' }),
      { model: 'commodity', bufferPackets: 20 },
    );
    g.addHost('r', ipv4('10.0.0.9'), 9);
    g.connect('r', 0, 'sw', 9, { rateBps: 10 * GBPS, delayPs: 0 });
    const senders = ['s1', 's2', 's3', 's4'];
    senders.forEach((s, i) => {
      g.addHost(s, ipv4(`10.0.0.${i + 1}`), i + 1);
      g.connect(s, 0, 'sw', i + 1, { rateBps: 10 * GBPS, delayPs: 0 });
    });
    const flows = senders.map((s, i) =>
      startFlow(
        g,
        {
          name: s,
          src: s,
          dst: 'r',
          packetBytes: 1500,
          dscp: 0,
          ecn: 0,
          rateBps: 10 * GBPS,
          arrival: 'constant',
          startPs: 0,
          stopPs: Number.MAX_SAFE_INTEGER,
          packets: 100,
        },
        new Rng(i),
      ),
    );
    g.sim.run();
    const port = g.switches.get('sw')!.tm.port(9)!;
    const q = port.queueStats[0]!;
    const received = flows.reduce((a, fl) => a + fl.received, 0);
    assert.equal(q.enqueued + q.tailDropped, 400);
    assert.equal(received, q.framesOut);
    assert.equal(received + q.tailDropped, 400);
    assert.equal(q.maxDepth, 20);
    // 4x oversubscribed: the port drains about a quarter of what arrives while the burst lasts.
    assert.ok(q.tailDropped > 250 && q.tailDropped < 300, `tail drops ${q.tailDropped}`);
  });

  it('per-packet round robin loads every spine link within 1% of equal share; per-flow hashing does not', () => {
    const share = (spray: SprayMode): number[] => {
      const { fabric, layout } = leafSpine(spray);
      // 8 flows leaf 0 -> leaf 1, each at 40 Gb/s (160 Gb/s over 400 Gb/s of uplinks).
      for (let i = 0; i < 8; i++)
        startFlow(
          fabric,
          {
            name: `f${i}`,
            src: layout.hostName(0, i),
            dst: layout.hostName(1, i),
            packetBytes: 1500,
            dscp: 0,
            ecn: 0,
            rateBps: 40 * GBPS,
            arrival: 'poisson',
            startPs: 0,
            stopPs: 200 * PS_PER_US,
          },
          new Rng(100 + i),
        );
      fabric.sim.run();
      const leaf = fabric.switches.get('leaf0')!;
      const bytes = [0, 1, 2, 3].map((s) => leaf.tm.port(layout.leafUplinkPort(s))!.portStats.bytesOut);
      const total = bytes.reduce((a, b) => a + b, 0);
      return bytes.map((b) => b / total);
    };
    const rr = share('round-robin');
    for (const s of rr) assert.ok(Math.abs(s - 0.25) < 0.0025, `round robin share ${s}`);
    const hashed = share('hash');
    assert.ok(
      hashed.some((s) => Math.abs(s - 0.25) >= 0.0025),
      `hashing 8 flows over 4 links should be uneven: ${hashed.join(', ')}`,
    );
  });

  it('a saturated low-priority queue does not delay the high-priority queue across the fabric', () => {
    const f = lineFabric(10 * GBPS, PS_PER_US, 100_000);
    f.addHost('c', ipv4('10.0.0.3'), 3);
    f.connect('c', 0, 'sw', 3, { rateBps: 10 * GBPS, delayPs: PS_PER_US });
    const flow = (name: string, src: string, dscp: number, bytes: number, gbps: number, seed: number) =>
      startFlow(
        f,
        {
          name,
          src,
          dst: 'b',
          packetBytes: bytes,
          dscp,
          ecn: 0,
          rateBps: gbps * GBPS,
          arrival: 'poisson',
          startPs: 0,
          stopPs: 500 * PS_PER_US,
        },
        new Rng(seed),
      );
    // Two low flows offer 18 Gb/s to b's 10 Gb/s port; a light high-priority flow rides along.
    const lowA = flow('lowA', 'a', 0, 1500, 9, 3);
    const lowC = flow('lowC', 'c', 0, 1500, 9, 4);
    const high = flow('high', 'a', 56, 200, 0.2, 5);
    f.sim.run();
    const port = f.switches.get('sw')!.tm.port(2)!;
    assert.ok(lowA.received > 0 && lowC.received > 0);
    assert.equal(high.received, high.sent);
    assert.ok(port.queueStats[0]!.delays.max() > 100 * PS_PER_US, 'the low queue builds up');
    // Queue 7 waits at most for the low frame already on the wire (1500 bytes at 10 Gb/s = 1.2 us).
    assert.ok(port.queueStats[7]!.delays.max() <= 1.2 * PS_PER_US);
  });

  it('tags gradient packets by layer: front layers on the highest queues, θ of them not ECN-capable', () => {
    assert.deepEqual(
      Array.from({ length: 8 }, (_, j) => queueOfLayer(j, 8, 8, false)),
      [7, 6, 5, 4, 3, 2, 1, 0],
    );
    assert.deepEqual(
      Array.from({ length: 4 }, (_, j) => queueOfLayer(j, 4, 8, true)),
      [6, 5, 3, 1], // P = 7 data queues: ranks floor(j * 7 / 4) = 0, 1, 3, 5
    );
    const { fabric, layout } = leafSpine('round-robin', 2);
    const seen = new Map<number, { n: number; ect: number }>();
    const host = fabric.host(layout.hostName(1, 0));
    const receive = host.receive.bind(host);
    host.receive = (port, data) => {
      const d = data[15]! >> 2;
      const s = seen.get(d) ?? { n: 0, ect: 0 };
      s.n++;
      if ((data[15]! & 3) !== 0) s.ect++;
      seen.set(d, s);
      receive(port, data);
    };
    startGradients(
      fabric,
      {
        name: 'g',
        workers: [layout.hostName(0, 0), layout.hostName(0, 1)],
        servers: [layout.hostName(1, 0)],
        layerBytes: [100_000, 200_000, 300_000, 400_000],
        packetBytes: 1500,
        rateBps: 25 * GBPS,
        startPs: 0,
        stopPs: Number.MAX_SAFE_INTEGER,
        iterations: 1,
        iterationGapPs: 0,
        queues: 8,
        reserveTopQueue: false,
        dscpForQueue: [0, 8, 16, 24, 32, 40, 48, 56],
        unimportantFraction: 0.3,
      },
      new Rng(5),
    );
    fabric.sim.run();
    // Layers 0..3 of 4 -> queues 7, 5, 3, 1 -> DSCP 56, 40, 24, 8; packets = ceil(bytes / 1458) per worker.
    assert.deepEqual(
      [...seen.keys()].sort((a, b) => a - b),
      [8, 24, 40, 56],
    );
    assert.equal(seen.get(56)!.n, 2 * Math.ceil(100_000 / 1458));
    assert.equal(seen.get(8)!.n, 2 * Math.ceil(400_000 / 1458));
    const total = [...seen.values()].reduce((a, s) => a + s.n, 0);
    const ect = [...seen.values()].reduce((a, s) => a + s.ect, 0);
    assert.ok(Math.abs(1 - ect / total - 0.3) < 0.03, `unimportant fraction ${1 - ect / total}`);
  });
});
