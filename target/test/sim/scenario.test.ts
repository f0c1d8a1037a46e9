import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseScenario, readScenario, ScenarioError } from '../../sim/scenario-file.js';
import { ConfigError } from '../../../config-file/index.js';
import { fileURLToPath } from 'node:url';
import { buildScenario, runBuilt, runScenarioFile } from '../../sim/scenario-run.js';
import { expandEntries, MAX_EXPANDED_ENTRIES, parseValue, substitute } from '../../sim/table-entries.js';
import { formatReport } from '../../sim/report-text.js';
import { SWITCH_MODELS } from '../../tm/switch-model.js';

const dir = mkdtempSync(join(tmpdir(), 'mlt-sim-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

const poissonScenario = (seed: number): string => `
name: poisson
seed: ${seed}
duration: 100us
switch: { model: commodity, bufferPackets: 30 }
topology:
  leafSpine: { spines: 2, leaves: 2, hostsPerLeaf: 4, link: { rate: 10Gbps, delay: 500ns } }
pipeline: { builtin: { spray: random } }
traffic:
  - { kind: flow, src: h0.0, dst: h1.0, rate: 6Gbps, arrival: poisson, packetBytes: 1000 }
  - { kind: flow, src: h0.1, dst: h1.0, rate: 6Gbps, arrival: poisson, packetBytes: 1000 }
  - { kind: incast, senders: "h0.*", receiver: h1.1, packets: 20, start: 10us }
`;

describe('sim/scenario', () => {
  it('gives identical JSON for the same seed and different JSON for another', () => {
    const a = JSON.stringify(runScenarioFile(write('a.yaml', poissonScenario(5))));
    const b = JSON.stringify(runScenarioFile(write('b.yaml', poissonScenario(5))));
    const c = JSON.stringify(runScenarioFile(write('c.yaml', poissonScenario(6))));
    assert.equal(a, b);
    assert.notEqual(a, c);
    const r = JSON.parse(a) as ReturnType<typeof runScenarioFile>;
    // The leaf port facing h1.0 is oversubscribed (12 Gb/s into 10) and must have dropped at its tail.
    const port = r.queues.find((q) => q.switch === 'leaf1' && q.port === 1)!;
    assert.ok(port.tailDropped > 0);
    const sent = r.traffic.reduce((n, t) => n + t.sent, 0);
    const drops = r.queues.reduce((n, q) => n + q.tailDropped, 0);
    assert.equal(
      r.traffic.reduce((n, t) => n + t.received, 0),
      sent - drops,
    );
    assert.match(formatReport(r), /leaf1\s+1\s+0/);
  });

  it('runs the bmv2 switch model unless the scenario names another, and says so in both reports', () => {
    const run = (sw: string) => {
      const text = poissonScenario(5).replace('switch: { model: commodity, bufferPackets: 30 }', sw);
      const scn = parseScenario(text, 'model.yaml');
      const built = buildScenario(scn, 'model.yaml');
      const ports = [...built.fabric.switches.values()].flatMap((s) => s.tm.allPorts());
      return { report: runBuilt(built, scn), queueing: ports.map((p) => p.queueing) };
    };
    const plain = run('');
    assert.equal(plain.report.switchModel, 'bmv2');
    assert.equal(plain.report.switchOverrides, undefined);
    for (const q of plain.queueing) assert.deepEqual(q, SWITCH_MODELS.bmv2);
    assert.match(
      formatReport(plain.report),
      /^switch model bmv2: enq_qdepth\/deq_qdepth count the whole egress port; tail drop when its priority queue is full; egress after the wait$/m,
    );

    const commodity = run('switch: { model: commodity }');
    assert.equal(commodity.report.switchModel, 'commodity');
    assert.equal(commodity.report.switchOverrides, undefined);
    for (const q of commodity.queueing) assert.deepEqual(q, SWITCH_MODELS.commodity);
    assert.match(
      formatReport(commodity.report),
      /^switch model commodity: enq_qdepth\/deq_qdepth count the packet's own queue; tail drop when the port's shared buffer is full; egress on admission$/m,
    );

    // Only what differs from the model is an override; JSON names it in the scenario file's terms.
    const mixed = run('switch: { model: commodity, bufferPackets: 1000, egressAt: dequeue, qdepth: port }');
    assert.deepEqual(mixed.report.switchOverrides, { qdepth: 'port', egressAt: 'dequeue' });
    for (const q of mixed.queueing)
      assert.deepEqual(q, { ...SWITCH_MODELS.commodity, depthScope: 'port', egressAt: 'dequeue' });
    assert.match(
      formatReport(mixed.report),
      /^switch model commodity with qdepth port, egressAt dequeue: enq_qdepth\/deq_qdepth count the whole egress port; tail drop when the port's shared buffer is full; egress after the wait$/m,
    );
    // Sizing the model's own limit is not a departure from it; adding a limit it does not have is.
    const sized = run('switch: { queueCapacity: 16, bufferPackets: 100 }');
    assert.deepEqual(sized.report.switchOverrides, { bufferPackets: 100 });
    for (const q of sized.queueing)
      assert.deepEqual(q, { ...SWITCH_MODELS.bmv2, queueCapacity: 16, bufferPackets: 100 });
    assert.match(
      formatReport(sized.report),
      /^switch model bmv2 with bufferPackets 100: .*; tail drop when its priority queue is full or the port holds 100 packets;/m,
    );

    assert.throws(
      () => parseScenario('duration: 1us\nswitch: { model: tofino }\n', 'bad.yaml'),
      /^bad\.yaml:2:\d+: switch\.model: must be one of: bmv2, commodity$/m,
    );
  });

  it('reports schema errors with file, path and line', () => {
    const text = `
duration: 10us
topology:
  leafSpine: { spines: 2, leaves: 2, hostsPerLeaf: 4, link: { rate: 10Gbps } }
pipeline: { builtin: { spray: sideways } }
traffic:
  - { kind: flow, src: h0.0, dst: h1.0, rate: 1Gbps, colour: red }
`;
    assert.throws(
      () => parseScenario(text, 'bad.yaml'),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.match(
          err.message,
          /^bad\.yaml:5:\d+: pipeline\.builtin\.spray: must be one of: round-robin, random, hash$/m,
        );
        assert.match(
          err.message,
          /^bad\.yaml:7:\d+: traffic\[0\]\.colour: unknown property \(expected one of: kind, name, src, dst, rate, /m,
        );
        return true;
      },
    );
    assert.throws(() => parseScenario('duration: [', 'broken.yaml'), /: broken\.yaml:1:\d+: Flow sequence/);
  });

  it('says to use fabric: where an old scenario asks the simulator for routing', () => {
    const text = `duration: 10us
topology:
  leafSpine: { spines: 2, leaves: 2, hostsPerLeaf: 2, link: { rate: 100Gbps, delay: 1us } }
pipeline:
  p4: ../../p4/mlt.p4
  routing: spray
traffic: []
`;
    assert.throws(
      () => parseScenario(text, 'old.yaml'),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.equal(err.issues.length, 1);
        assert.match(
          err.message,
          /^old\.yaml:6:3: pipeline\.routing: no longer supported: .*give `fabric:` instead/,
        );
        return true;
      },
    );
  });

  it('names the traffic item whose hosts do not exist, at its line', () => {
    const file = write('nohost.yaml', poissonScenario(1).replace('receiver: h1.1', 'receiver: h9.9'));
    assert.throws(
      () => runScenarioFile(file),
      (err: unknown) =>
        err instanceof ConfigError &&
        /nohost\.yaml:12:\d+: traffic\[2\]\.receiver: no host named 'h9\.9'$/.test(err.message),
    );
    const glob = write('noglob.yaml', poissonScenario(1).replace('senders: "h0.*"', 'senders: "h7.*"'));
    assert.throws(
      () => runScenarioFile(glob),
      /noglob\.yaml:12:\d+: traffic\[2\]\.senders: no host matches 'h7\.\*'/,
    );
  });

  it('refuses every time beyond the clock where the file writes it', () => {
    // Each ran before: a link delay of 1e30s ended the report "at 4e+36 us", with every time past 2^53 ps inexact.
    const cases: [string, string, RegExp][] = [
      ['delay: 500ns', 'delay: 1e30s', /:7:\d+: topology\.leafSpine\.link\.delay: 1e30s is beyond/],
      [
        'packetBytes: 1000 }\n  - { kind: flow, src: h0.1',
        'packetBytes: 1000, stop: 3e9s }\n  - { kind: flow, src: h0.1',
        /:10:\d+: traffic\[0\]\.stop: 3e9s is beyond/,
      ],
      ['start: 10us', 'start: 1e20us', /:12:\d+: traffic\[2\]\.start: 1e20us is beyond/],
    ];
    for (const [from, to, expected] of cases) {
      const text = poissonScenario(1).replace(from, to);
      assert.notEqual(text, poissonScenario(1), from);
      assert.throws(
        () => buildScenario(parseScenario(text, 'clock.yaml'), 'clock.yaml'),
        (err: unknown) =>
          err instanceof ConfigError && expected.test(err.message) && /2\^53 ps/.test(err.message),
        to,
      );
    }
  });

  it('numbers entries as the file does, and bounds how many they expand to', () => {
    const entry = { table: 't', action: 'a' };
    const generated = { ...entry, generatedBy: 'the fabric' };
    assert.throws(
      () => expandEntries([generated, entry, { ...entry, switches: 's9' }], ['s1']),
      (err: unknown) => err instanceof ScenarioError && err.message === "tables[1]: no switch matches 's9'",
    );
    assert.throws(
      () => expandEntries([{ ...generated, switches: 's9' }], ['s1']),
      (err: unknown) =>
        !(err instanceof ScenarioError) &&
        /^the fabric: no switch matches 's9'$/.test((err as Error).message),
    );
    // A mistyped range once expanded until the process ran out of memory.
    assert.throws(
      () => expandEntries([entry, { ...entry, repeat: { p: '0..100', q: '0..300000000' } }], ['s1', 's2']),
      (err: unknown) =>
        err instanceof ScenarioError &&
        err.path.join() === 'tables,1' &&
        new RegExp(`more than ${MAX_EXPANDED_ENTRIES}`).test(err.message),
    );
    // A range too long for any number is the same error, not a RangeError from the array it would need.
    const endless = `0..${'9'.repeat(400)}`;
    assert.throws(
      () => expandEntries([{ ...entry, repeat: { p: endless } }], ['s1']),
      (err: unknown) => err instanceof ScenarioError && /more than/.test(err.message),
    );
    assert.equal(
      expandEntries([{ ...entry, repeat: { p: '1..0', q: endless } }], ['s1']).get('s1')!.length,
      0,
    );
    assert.equal(expandEntries([{ ...entry, repeat: { p: '1..1000' } }], ['s1']).get('s1')!.length, 1000);
  });

  it("checks a gradient item's model profile like a config: schema, aliases, located errors", () => {
    const gradient = (profile: string): string => `
duration: 10us
topology:
  leafSpine: { spines: 1, leaves: 2, hostsPerLeaf: 2, link: { rate: 10Gbps } }
pipeline: { builtin: { spray: random } }
traffic:
  - { kind: gradient, workers: [h0.0], servers: [h1.0], model: { profile: ${profile} }, rate: 1Gbps }
`;
    write('nolayers.yaml', 'name: x\nlayer: []\n');
    assert.throws(
      () => runScenarioFile(write('g1.yaml', gradient('nolayers.yaml'))),
      (err: unknown) => err instanceof ConfigError && /nolayers\.yaml:\d+:\d+: .*layers/.test(err.message),
    );
    const bomb = ['name: x', 'a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]'];
    for (let i = 0; i < 6; i++)
      bomb.push(
        `${'bcdefg'[i]}: &${'bcdefg'[i]} [${Array(10)
          .fill('*' + (i ? 'bcdefg'[i - 1] : 'a'))
          .join(', ')}]`,
      );
    write('bomb.yaml', bomb.join('\n') + '\n');
    assert.throws(
      () => runScenarioFile(write('g2.yaml', gradient('bomb.yaml'))),
      (err: unknown) => err instanceof ConfigError && /bomb\.yaml:\d+:\d+: .*alias/i.test(err.message),
    );
  });

  it('expands table-entry templates over switches and variables', () => {
    const specs = expandEntries(
      [
        {
          switches: 'leaf*',
          repeat: { port: '1..2', q: [0, 7] },
          table: 'MLTEgress.queue_thresholds',
          match: { 'standard_metadata.egress_port': '${port}', 'standard_metadata.priority': '${q}' },
          action: 'MLTEgress.set_thresholds',
          params: { s_threshold: '${10 + 2*q}', l_threshold: 40 },
        },
      ],
      ['spine0', 'leaf0', 'leaf1'],
    );
    assert.equal(specs.get('spine0')!.length, 0);
    assert.deepEqual(
      specs
        .get('leaf1')!
        .map((e) => [
          e.match['standard_metadata.egress_port'],
          e.match['standard_metadata.priority'],
          e.params.s_threshold,
          e.params.l_threshold,
        ]),
      [
        ['1', '0', '10', '40'],
        ['1', '7', '24', '40'],
        ['2', '0', '10', '40'],
        ['2', '7', '24', '40'],
      ],
    );
    assert.equal(substitute('${(p - 1) * 8 + 3}', { p: 2 }), '11');
    assert.throws(() => substitute('${nope}', {}), /^Error: unknown variable 'nope'/);
    assert.equal(parseValue('10.0.1.2'), 0x0a000102n);
    assert.equal(parseValue('0x1F'), 31n);
    assert.equal(parseValue('02:00:00:00:01:02'), 0x020000000102n);
  });

  it('refuses table entries for the builtin pipeline and P4 pipelines without an engine', () => {
    const withTables = parseScenario(
      poissonScenario(1) +
        `tables:\n  - { table: MLTIngress.dscp_to_priority, match: { hdr.ipv4.dscp: 8 }, action: MLTIngress.set_priority, params: { priority: 1 } }\n`,
      'x.yaml',
    );
    assert.throws(() => buildScenario(withTables, 'x.yaml'), /need a P4 pipeline/);
  });

  it('runs the example scenarios in configs/scenarios that use the builtin router', () => {
    const scn = parseScenario(
      `
duration: 50us
topology:
  switches: [s1]
  hosts: [{ name: a, ip: 10.1.0.1 }, { name: b, ip: 10.1.0.2 }]
  links: [{ a: a, b: "s1:1", rate: 25Gbps, delay: 1us }, { a: b, b: "s1:2", rate: 25Gbps, delay: 1us }]
pipeline:
  builtin:
    routes:
      s1: [{ prefix: 10.1.0.1/32, ports: [1] }, { prefix: 10.1.0.2/32, ports: [2] }]
traffic:
  - { kind: flow, src: a, dst: b, rate: 10Gbps, packets: 10, packetBytes: 1250 }
`,
      'explicit.yaml',
    );
    const r = runBuilt(buildScenario(scn, 'explicit.yaml'), scn);
    assert.equal(r.traffic[0]!.received, 10);
    // 1250 bytes at 25 Gb/s = 0.4 us per wire, two wires and two 1 us links.
    assert.equal(r.traffic[0]!.latency.maxUs, 2.8);
    // 1 us between sends: the tenth leaves at 9 us and arrives 2.8 us later.
    assert.deepEqual(r.traffic[0]!.fct, { meanUs: 11.8, p99Us: 11.8, maxUs: 11.8 });
  });

  it('validates every example in configs/scenarios against the schema', () => {
    const examples = fileURLToPath(new URL('../../../configs/scenarios/', import.meta.url));
    const files = readdirSync(examples).filter((f) => f.endsWith('.yaml'));
    assert.ok(files.length >= 4);
    for (const f of files) {
      const scn = readScenario(join(examples, f));
      assert.ok(scn.traffic.length > 0, f);
    }
  });
});
