// Scenario tests with the real data-plane program p4/mlt.p4 on the embedded engine, queued by the traffic
// manager: thresholds on enq_qdepth, spraying over spines, the lossy link, incast tail drop, determinism.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { Enqueued, Frame, IngressSink, QueueMetadata } from '../../tm/seam.js';
import { isIndirect } from '../../engine/control-plane-api.js';
import { engineFactory } from '../../sim/engine-pipeline.js';
import { ECN_CE, ecnOf } from '../../sim/frames.js';
import { parseScenario } from '../../sim/scenario-file.js';
import { buildScenario, runBuilt, type ProgrammablePipeline } from '../../sim/scenario-run.js';
import type { Report } from '../../sim/report.js';
import { installEntries, type EntrySpec } from '../../sim/table-entries.js';
import { twoLeafRoutesYaml } from './mlt-routes.js';

// Scenarios are parsed as if they lived in configs/scenarios, so `../../p4/mlt.p4` resolves.
const here = fileURLToPath(new URL('../../../configs/scenarios/test.yaml', import.meta.url));

const dscpTable = `
  - repeat: { q: '0..7' }
    table: MLTIngress.dscp_to_priority
    match: { hdr.ipv4.dscp: '\${8*q}' }
    action: MLTIngress.set_priority
    params: { priority: '\${q}' }`;

function run(yaml: string, wrap?: (name: string, p: ProgrammablePipeline) => ProgrammablePipeline): Report {
  const scn = parseScenario(yaml, here);
  const base = engineFactory(scn.switch?.queues ?? 8);
  let index = 0;
  const names = ['spine0', 'spine1', 'spine2', 'spine3', 'leaf0', 'leaf1'];
  const p4 = (file: string) => {
    const make = base(file);
    return (seed: number) => {
      const p = make(seed);
      return wrap ? wrap(names[index++] ?? '?', p) : p;
    };
  };
  return runBuilt(buildScenario(scn, here, { p4 }), scn);
}

interface Seen {
  meta: QueueMetadata;
  ecnIn: number;
  out: Frame[];
}

/** A pipeline that records, for one switch, each packet's queueing metadata and what egress made of it. */
function recorder(target: string, log: Seen[]) {
  return (name: string, p: ProgrammablePipeline): ProgrammablePipeline => {
    if (name !== target) return p;
    return {
      description: p.description,
      controlPlane: p.controlPlane,
      readCounters: () => p.readCounters!(),
      counterNames: () => p.counterNames!(),
      attach: (h) => p.attach?.(h),
      ingress(port: number, data: Uint8Array, now: number, enqueue: IngressSink): void {
        const ecnIn = ecnOf(data);
        p.ingress(port, data, now, (e: Enqueued) =>
          enqueue({
            egressPort: e.egressPort,
            priority: e.priority,
            resume: (meta: QueueMetadata) => {
              const out = e.resume(meta);
              // Copies: the frames belong to their receivers from now on (metadata, Frame objects and frame
              // memory are reused).
              log.push({
                meta: { ...meta },
                ecnIn,
                out: out.map((f) => ({ port: f.port, data: f.data.slice() })),
              });
              return out;
            },
          }),
        );
      },
    };
  };
}

/** A two-leaf leaf-spine running mlt.p4; `sw` is the rest of the `switch` map (the model, sizes). Its
 *  routing (round robin over every spine) is the first items of `tables:`; more may follow. */
const fabric = (spines: number, hosts: number, sw = '') => `
switch: { queues: 8${sw === '' ? '' : `, ${sw}`} }
topology:
  leafSpine: { spines: ${spines}, leaves: 2, hostsPerLeaf: ${hosts}, link: { rate: 100Gbps, delay: 1us } }
pipeline: { p4: ../../p4/mlt.p4 }
tables:${twoLeafRoutesYaml(spines, hosts)}`;

describe('sim with p4/mlt.p4', function () {
  this.timeout(120_000);

  for (const model of ['bmv2', 'commodity'] as const)
    it(`drops unimportant packets at depth >= S, CE-marks important ones, drops all at L; counters agree (${model})`, () => {
      const S = 20;
      const L = 60;
      const log: Seen[] = [];
      const report = run(
        `
name: thresholds
seed: 11
duration: 150us
${fabric(4, 4, `model: ${model}`)}
${dscpTable}
  - switches: leaf1
    repeat: { q: '0..7' }
    table: MLTEgress.queue_thresholds
    match: { standard_metadata.egress_port: 1, standard_metadata.priority: '\${q}' }
    action: MLTEgress.set_thresholds
    params: { s_threshold: ${S}, l_threshold: ${L} }
traffic:
  - { kind: flow, name: imp1, src: h0.0, dst: h1.0, rate: 60Gbps, arrival: poisson, dscp: 24, ecn: ect0 }
  - { kind: flow, name: imp2, src: h0.1, dst: h1.0, rate: 60Gbps, arrival: poisson, dscp: 24, ecn: ect1 }
  - { kind: flow, name: unimp, src: h0.2, dst: h1.0, rate: 40Gbps, arrival: poisson, dscp: 24, ecn: not-ect }
`,
        recorder('leaf1', log),
      );
      const mine = log.filter((s) => s.meta.queueId === 3 && s.out.every((f) => f.port === 1));
      let marked = 0;
      let droppedS = 0;
      let droppedL = 0;
      let passed = 0;
      for (const s of mine) {
        const d = s.meta.enqQdepth;
        const important = s.ecnIn !== 0;
        if (d >= L) {
          assert.equal(s.out.length, 0, `depth ${d} >= L must drop`);
          droppedL++;
        } else if (d >= S && !important) {
          assert.equal(s.out.length, 0, `unimportant at depth ${d} must drop`);
          droppedS++;
        } else {
          assert.equal(s.out.length, 1);
          const ecnOut = ecnOf(s.out[0]!.data);
          if (d >= S) {
            assert.equal(ecnOut, ECN_CE, `important at depth ${d} must be CE-marked`);
            marked++;
          } else assert.equal(ecnOut, s.ecnIn, `below S the packet leaves unchanged`);
          passed++;
        }
      }
      // The load was chosen so that every branch happens many times.
      assert.ok(marked > 100 && droppedS > 100 && droppedL > 100, `${marked} ${droppedS} ${droppedL}`);
      const q = report.queues.find((r) => r.switch === 'leaf1' && r.port === 1 && r.queue === 3)!;
      assert.equal(q.packetsIn, mine.length + q.tailDropped);
      assert.equal(q.droppedAtLimit, droppedL);
      assert.equal(q.droppedUnimportant, droppedS);
      assert.equal(q.ecnMarked, marked);
      assert.equal(q.packetsOut, passed);
      assert.equal(q.egressDropped, droppedL + droppedS);
      if (model === 'commodity') {
        // Dropped packets never take a place in the queue, so it never reaches L.
        assert.equal(q.tailDropped, 0);
        assert.equal(q.maxDepth, L);
      } else {
        // Dropped packets wait their turn and fill the queue to bmv2's 64, past L: tail drops.
        assert.equal(q.maxDepth, 64);
        assert.ok(q.tailDropped > 0);
      }
      const traffic = Object.fromEntries(report.traffic.map((t) => [t.name, t]));
      assert.equal(traffic.unimp!.ceMarked, 0);
      assert.equal(traffic.imp1!.ceMarked + traffic.imp2!.ceMarked, marked);
    });

  it("applies a queue's thresholds to the whole port's depth under bmv2, to the queue's own under commodity", () => {
    // Queue 7 gets 60 Gb/s of a 100 Gb/s port and has S = L = 20; queue 0 gets another 60 Gb/s and no
    // thresholds, so it backs up. Queue 7 itself stays short (it is served first), but bmv2's enq_qdepth counts
    // queue 0's backlog too.
    const go = (model: string) => {
      const log: Seen[] = [];
      const report = run(
        `
seed: 12
duration: 150us
${fabric(4, 4, `model: ${model}`)}
${dscpTable}
  - switches: leaf1
    table: MLTEgress.queue_thresholds
    match: { standard_metadata.egress_port: 1, standard_metadata.priority: 7 }
    action: MLTEgress.set_thresholds
    params: { s_threshold: 20, l_threshold: 20 }
traffic:
  - { kind: flow, name: high, src: h0.0, dst: h1.0, rate: 60Gbps, arrival: poisson, dscp: 56, ecn: ect0 }
  - { kind: flow, name: low, src: h0.1, dst: h1.0, rate: 60Gbps, arrival: poisson, dscp: 0, ecn: ect0 }
`,
        recorder('leaf1', log),
      );
      const q = (queue: number) =>
        report.queues.find((r) => r.switch === 'leaf1' && r.port === 1 && r.queue === queue)!;
      const seen = log.filter((x) => x.meta.queueId === 7).map((x) => x.meta.enqQdepth);
      return { report, high: q(7), low: q(0), deepest: Math.max(...seen) };
    };
    const bmv2 = go('bmv2');
    assert.equal(bmv2.report.switchModel, 'bmv2');
    // Queue 7 never holds more than one packet, yet its packets see queue 0's backlog and a third of them are
    // dropped at L; that in turn keeps the port near 20 packets, so queue 0 never reaches its 64.
    assert.ok(bmv2.high.maxDepth <= 1);
    assert.ok(bmv2.deepest >= 20, `deepest enq_qdepth in queue 7: ${bmv2.deepest}`);
    assert.ok(bmv2.high.droppedAtLimit! > bmv2.high.packetsIn / 4, `${bmv2.high.droppedAtLimit}`);
    assert.ok(bmv2.low.maxDepth < 64);
    const commodity = go('commodity');
    assert.equal(commodity.report.switchModel, 'commodity');
    // The high queue's packets see only their own short queue: none reaches L. The low queue grows in the
    // shared buffer, past bmv2's 64.
    assert.ok(commodity.deepest < 20, `deepest enq_qdepth in queue 7: ${commodity.deepest}`);
    assert.equal(commodity.high.droppedAtLimit, 0);
    assert.ok(commodity.low.maxDepth > 64);
    assert.equal(commodity.low.tailDropped, 0);
  });

  it('serves the DSCP-mapped high queue first: a saturated low queue does not delay it', () => {
    const report = run(`
seed: 21
duration: 200us
report: { flows: true }
${fabric(4, 4, 'model: commodity, bufferPackets: 2000')}
${dscpTable}
traffic:
  - { kind: flow, name: low1, src: h0.0, dst: h1.0, rate: 90Gbps, arrival: poisson, dscp: 0 }
  - { kind: flow, name: low2, src: h0.1, dst: h1.0, rate: 90Gbps, arrival: poisson, dscp: 0 }
  - { kind: flow, name: high, src: h0.2, dst: h1.0, rate: 5Gbps, arrival: poisson, dscp: 56, packetBytes: 200 }
`);
    const q = (queue: number) =>
      report.queues.find((r) => r.switch === 'leaf1' && r.port === 1 && r.queue === queue)!;
    assert.ok(q(0).queueingDelay.maxUs > 50, `low queue delay ${q(0).queueingDelay.maxUs}`);
    // A high packet waits only for the low frame on the wire (1500 bytes: 0.12 us at 100 Gb/s) and for the odd
    // high packet ahead of it (200 bytes: 0.016 us each), never for the low queue.
    assert.ok(q(7).queueingDelay.maxUs <= 0.2, `high queue delay ${q(7).queueingDelay.maxUs}`);
    assert.ok(q(7).packetsIn > 300);
    const flows = Object.fromEntries(report.flows!.map((f) => [f.name, f]));
    assert.equal(flows.high!.lost, 0);
    assert.ok(flows.high!.latency.maxUs < flows.low1!.latency.p50Us);
  });

  it('sprays per packet over 4 spines within 1% of equal share', () => {
    const report = run(`
seed: 2
duration: 300us
${fabric(4, 4)}
${dscpTable}
traffic:
  - { kind: flow, src: h0.0, dst: h1.0, rate: 50Gbps, arrival: poisson }
  - { kind: flow, src: h0.1, dst: h1.1, rate: 30Gbps, arrival: poisson, packetBytes: 700 }
  - { kind: flow, src: h0.2, dst: h1.2, rate: 20Gbps, arrival: poisson, packetBytes: 200 }
`);
    const up = report.links.filter((l) => l.from === 'leaf0' && l.to.startsWith('spine'));
    assert.equal(up.length, 4);
    const frames = up.reduce((a, l) => a + l.frames, 0);
    assert.ok(frames > 5000);
    for (const l of up)
      assert.ok(Math.abs(l.frames / frames - 0.25) < 0.0025, `${l.to}: ${l.frames}/${frames}`);
    assert.equal(
      report.traffic.reduce((a, t) => a + t.lost, 0),
      0,
    );
  });

  for (const p of [0.001, 0.01, 0.1]) {
    it(`loses ${100 * p}% on a lossy link, within the 99.9% binomial interval`, () => {
      const n = 20_000;
      const rate = Math.min(0xffffffff, Math.floor(p * 2 ** 32));
      const report = run(`
seed: ${Math.round(p * 1e4)}
duration: 10ms
${fabric(2, 2)}

  - switches: leaf1
    table: MLTEgress.port_loss_rate
    match: { standard_metadata.egress_port: 1 }
    action: MLTEgress.set_loss_rate
    params: { rate: ${rate} }
traffic:
  - { kind: flow, src: h0.0, dst: h1.0, rate: 50Gbps, packets: ${n}, packetBytes: 500 }
`);
      const t = report.traffic[0]!;
      assert.equal(t.sent, n);
      const z = 3.2905; // two-sided 99.9%
      const mean = n * p;
      const half = z * Math.sqrt(n * p * (1 - p));
      assert.ok(Math.abs(t.lost - mean) <= half, `lost ${t.lost}, expected ${mean} ± ${half.toFixed(1)}`);
      const port = report.ports.find((r) => r.switch === 'leaf1' && r.port === 1)!;
      assert.equal(port.lossDropped, t.lost);
    });
  }

  it("tail-drops an incast at the receiver port once its queue is full (bmv2's 64 packets)", () => {
    const report = run(`
seed: 4
duration: 1ms
${fabric(4, 8)}
traffic:
  - { kind: incast, senders: "h0.*", receiver: h1.0, packets: 100 }
`);
    const t = report.traffic[0]!;
    const q = report.queues.find((r) => r.switch === 'leaf1' && r.port === 1 && r.queue === 0)!;
    assert.equal(t.sent, 800);
    assert.ok(q.tailDropped > 0);
    assert.equal(q.maxDepth, 64);
    // No thresholds are installed, so every loss in the fabric is a tail drop somewhere.
    const tail = report.queues.reduce((a, r) => a + r.tailDropped, 0);
    assert.equal(t.lost, tail);
    assert.equal(
      report.queues.reduce((a, r) => a + r.egressDropped, 0),
      0,
    );
  });

  it('gives identical JSON for the same seed with random spraying and a lossy link', () => {
    const yaml = (seed: number) => `
seed: ${seed}
duration: 60us
switch: { queues: 8, model: commodity, bufferPackets: 50 }
topology:
  leafSpine: { spines: 4, leaves: 2, hostsPerLeaf: 4, link: { rate: 100Gbps, delay: 1us } }
pipeline: { p4: ../../p4/mlt.p4 }
tables:${twoLeafRoutesYaml(4, 4, 'random')}${dscpTable}
  - switches: "spine*"
    table: MLTEgress.port_loss_rate
    match: { standard_metadata.egress_port: 2 }
    action: MLTEgress.set_loss_rate
    params: { rate: 42949673 }
traffic:
  - kind: gradient
    workers: [h0.0, h0.1, h0.2]
    servers: [h1.0, h1.1]
    model: { layerBytes: [30000, 60000, 90000, 120000] }
`;
    const a = JSON.stringify(run(yaml(9)));
    assert.equal(JSON.stringify(run(yaml(9))), a);
    assert.notEqual(JSON.stringify(run(yaml(10))), a);
  });

  it('lets a scenario entry replace a generated (overridable) one with the same key, and only that', () => {
    const sw = engineFactory(8)(fileURLToPath(new URL('../../../p4/mlt.p4', import.meta.url)))(
      1,
    ).controlPlane;
    const entry = (s: number, overridable: boolean): EntrySpec => ({
      origin: overridable ? 'generated' : 'tables[0]',
      overridable,
      table: 'MLTEgress.queue_thresholds',
      isDefault: false,
      match: { 'standard_metadata.egress_port': '1', 'standard_metadata.priority': '0' },
      action: 'MLTEgress.set_thresholds',
      params: { s_threshold: String(s), l_threshold: '100' },
    });
    installEntries(sw, [entry(5, true), entry(7, false)], 'sw');
    const table = sw.p4info.tables.find((t) => t.preamble.name === 'MLTEgress.queue_thresholds')!;
    const rows = sw.readEntries(table.preamble.id);
    assert.equal(rows.length, 1);
    const action = rows[0]!.action;
    assert.ok(!isIndirect(action));
    assert.deepEqual([...action.params.values()], [7n, 100n]);
    assert.throws(() => installEntries(sw, [entry(9, false)], 'sw'), /tables\[0\]: .*exist.* \(on sw\)$/i);
  });

  it('names the entry (at its line), switch and problem when a table entry does not fit the program', () => {
    const base = `
seed: 1
duration: 10us
switch: { queues: 8 }
topology:
  leafSpine: { spines: 2, leaves: 2, hostsPerLeaf: 2, link: { rate: 100Gbps, delay: 1us } }
pipeline: { p4: ../../p4/mlt.p4 }
traffic: [{ kind: flow, src: h0.0, dst: h1.0, rate: 1Gbps }]
tables:
  - { table: MLTIngress.dscp_to_priority, match: { hdr.ipv4.dscp: 8 }, action: MLTIngress.set_priority, params: { priority: 1 } }
`;
    assert.throws(
      () => run(base + '  - { switches: leaf1, table: MLTIngress.nope, action: NoAction }\n'),
      /test\.yaml:11:5: tables\[1\]: unknown table 'MLTIngress\.nope' \(on leaf1\)/,
    );
    assert.throws(
      () =>
        run(
          base +
            '  - { table: MLTIngress.dscp_to_priority, match: { hdr.ipv4.dscp: 9 }, action: MLTIngress.set_priority, params: { priority: 8 } }\n',
        ),
      /test\.yaml:11:5: tables\[1\]: parameter 'priority' = 8 does not fit in 3 bits \(on spine0\)/,
    );
  });
});
