// The host transports on a small leaf-spine of p4/mlt.p4 switches: what a loss costs each of them, MLT's
// (1 − p) completion, TCP's in-order delivery, and the parameter-server iterations over both.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { ScenarioFile } from '../../sim/scenario-file.js';
import { buildScenario, type BuiltScenario } from '../../sim/scenario-run.js';
import {
  HostStack,
  MltTransport,
  PsWorkload,
  TcpTransport,
  TransportStats,
  type MltMessage,
  type TcpConnection,
} from '../../sim/transport/index.js';
import { twoLeafRoutes } from './mlt-routes.js';
import { PS_PER_MS, PS_PER_US } from '../../tm/time.js';

const program = fileURLToPath(new URL('../../../p4/mlt.p4', import.meta.url));

/** 1 spine, 2 leaves, 2 hosts each, 10 Gb/s, 1 us per link: base RTT between leaves = 8 us + serialisation. */
function fabric(lossRate: number, seed = 3): BuiltScenario {
  const scn: ScenarioFile = {
    duration: '1s',
    seed,
    switch: { queues: 8, bufferPackets: 350, qdepth: 'queue', egressAt: 'enqueue' },
    topology: {
      leafSpine: { spines: 1, leaves: 2, hostsPerLeaf: 2, link: { rate: '10Gbps', delay: '1us' } },
    },
    pipeline: { p4: program },
    tables: [
      ...twoLeafRoutes(1, 2),
      ...(lossRate > 0
        ? [
            {
              switches: 'leaf0',
              table: 'MLTEgress.port_loss_rate',
              match: { 'standard_metadata.egress_port': 3 },
              action: 'MLTEgress.set_loss_rate',
              params: { rate: Math.floor(lossRate * 2 ** 32) },
            },
          ]
        : []),
    ],
    traffic: [],
  };
  return buildScenario(scn, program);
}

function stacks(b: BuiltScenario): (h: string) => HostStack {
  const map = new Map<string, HostStack>();
  return (h) => {
    let s = map.get(h);
    if (!s) map.set(h, (s = new HostStack(b.fabric.host(h), b.fabric.sim)));
    return s;
  };
}

/** One MLT message of n packets h0.0 -> h1.0; when the receiver had what it needs, and the transport's counts. */
function mltMessage(
  lossRate: number,
  n: number,
  lossBound: number,
): { donePs: number; m: MltMessage; stats: TransportStats } {
  const b = fabric(lossRate);
  const stats = new TransportStats(1);
  const mlt = new MltTransport(
    b.fabric,
    stacks(b),
    { lossBound, probeTimeoutPs: 200 * PS_PER_US, controlDscp: 56, smallFraction: 0.5, packetBytes: 1500 },
    stats,
  );
  let donePs = -1;
  const [m] = mlt.send(
    [{ src: 'h0.0', dst: 'h1.0', packets: n, dscp: 0, layer: 0, group: 0, salt: 7 }],
    (_m, now) => {
      donePs = now;
    },
  );
  b.fabric.sim.run();
  return { donePs, m: m!, stats };
}

/** One TCP-like connection of n segments h0.0 -> h1.0 in two layers; delivery times of the layers. */
function tcpTransfer(
  lossRate: number,
  n: number,
): { delivered: [number, number][]; stats: TransportStats; c: TcpConnection } {
  const b = fabric(lossRate);
  const stats = new TransportStats(1);
  const tcp = new TcpTransport(
    b.fabric,
    stacks(b),
    {
      rtoMinPs: 10 * PS_PER_MS,
      rtoMaxPs: 1000 * PS_PER_MS,
      initialWindow: 10,
      ackDscp: 0,
      smallFraction: 0.5,
      packetBytes: 1500,
      paths: () => [],
    },
    stats,
  );
  const delivered: [number, number][] = [];
  const c = tcp.open('h0.0', 'h1.0', 11, (_c, layer, now) => delivered.push([layer, now]));
  c.append(n / 2, 1, 0, 0);
  c.append(n / 2, 0, 0, 0);
  c.close();
  b.fabric.sim.run();
  return { delivered, stats, c };
}

describe('host transports on p4/mlt.p4', function () {
  this.timeout(60_000);
  const n = 200;
  const lossy = 0.03;

  it('MLT: a lost packet costs about one round trip (probe, bitmap, retransmission), not a timeout', () => {
    const clean = mltMessage(0, n, 0);
    const lost = mltMessage(lossy, n, 0);
    assert.equal(clean.stats.retransmissions, 0);
    assert.equal(clean.m.count, n);
    assert.ok(lost.stats.retransmissions > 0, 'the lossy link lost packets');
    assert.equal(lost.m.count, n, 'p = 0: every packet arrives in the end');
    assert.equal(lost.stats.probeTimeouts, 0);
    // One probe round: probe and bitmap cross the fabric (one RTT), the few retransmissions follow (another
    // one-way trip). Base RTT here is about 10 us; a timeout would be hundreds.
    const extraUs = (lost.donePs - clean.donePs) / PS_PER_US;
    assert.ok(extraUs > 5 && extraUs < 40, `loss cost ${extraUs} us`);
  });

  it('MLT: the receiver is done once (1 - p) of the packets arrived, and the sender stops', () => {
    const r = mltMessage(lossy, n, 0.1);
    assert.ok(r.m.done);
    assert.equal(r.m.need, Math.ceil(0.9 * n));
    assert.ok(r.m.count >= r.m.need && r.m.count < n, `${r.m.count} of ${n} arrived`);
    assert.ok(r.m.stopped);
    // With less loss than the bound nothing is sent twice.
    assert.equal(r.stats.retransmissions, 0);
    const clean = mltMessage(0, n, 0.1);
    // Done before the last packets were even sent: the stop saves the rest.
    assert.ok(clean.donePs < mltMessage(0, n, 0).donePs);
    assert.ok(clean.stats.sent[0]! + clean.stats.sent[1]! <= n);
  });

  it('TCP-like: a lost segment costs the retransmission timeout, and layers are delivered in order', () => {
    const clean = tcpTransfer(0, n);
    const lost = tcpTransfer(lossy, n);
    assert.equal(clean.stats.timeouts, 0);
    assert.deepEqual(
      clean.delivered.map(([l]) => l),
      [1, 0],
    );
    assert.ok(lost.stats.timeouts >= 1);
    assert.ok(lost.c.finished);
    assert.deepEqual(
      lost.delivered.map(([l]) => l),
      [1, 0],
    );
    const extraMs = (lost.delivered[1]![1] - clean.delivered[1]![1]) / PS_PER_MS;
    assert.ok(extraMs >= 10 && extraMs < 31, `loss cost ${extraMs} ms (RTO_min 10 ms)`);
  });

  it('runs parameter-server iterations over either transport, each ending when every worker has everything back', () => {
    for (const kind of ['mlt', 'tcp'] as const) {
      const b = fabric(0);
      const w = new PsWorkload(b.fabric, {
        workers: ['h0.0', 'h1.0'],
        servers: ['h0.1', 'h1.1'],
        layerBytes: [3000, 20000, 50000],
        layerDscp: [16, 8, 0],
        layerGroup: [0, 0, 1],
        groups: 2,
        smallFraction: 0.5,
        packetBytes: 1500,
        iterations: 3,
        computeGapPs: 5 * PS_PER_US,
        seed: 1,
        transport:
          kind === 'mlt'
            ? { kind, lossBound: 0, probeTimeoutPs: 200 * PS_PER_US, controlDscp: 56 }
            : {
                kind,
                rtoMinPs: 10 * PS_PER_MS,
                rtoMaxPs: PS_PER_MS * 1000,
                initialWindow: 10,
                ackDscp: 0,
                paths: () => [],
              },
      });
      w.start();
      b.fabric.sim.run();
      assert.ok(w.finished, kind);
      assert.equal(w.iterationPs.length, 3);
      // 3 + 14 + 35 packets of 1442 payload bytes = 52 per worker, pushed and pulled: 4 transfers of 52.
      assert.equal(w.packetsPerWorker, 52);
      const sent = w.stats.sent.reduce((a, x) => a + x, 0);
      assert.equal(sent, 2 * 2 * 52 * 3, `${kind}: no loss, nothing sent twice`);
      assert.deepEqual([...w.stats.received], [...w.stats.sent]);
      // A worker's 52 frames take 62.4 us at 10 Gb/s to push, as long to pull; the pull of the back layers
      // overlaps the push of the front ones.
      for (const t of w.iterationPs)
        assert.ok(t > 52 * 1.2 * PS_PER_US && t < 400 * PS_PER_US, `${kind}: ${t / PS_PER_US} us`);
    }
  });
});
