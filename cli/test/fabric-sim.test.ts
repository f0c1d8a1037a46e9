// A fabric simulated exactly as it is pushed. (1) Path computation end to end: `mlt sim` with per-packet
// spraying delivers every packet, over every path. (2) The experiment's way: the simulated fabric's switches
// are served over P4Runtime, `mlt push` configures them, traffic runs in virtual time, and `mlt counters`
// reads back what the switches counted.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { readScenario } from '../../target/sim/scenario-file.js';
import { buildScenario, runBuilt } from '../../target/sim/scenario-run.js';
import { serveSimSwitches } from '../../target/p4runtime/index.js';
import { loadFabric } from '../../controller/fabric/index.js';
import { pushFabric } from '../../controller/push/index.js';
import { applyFabric } from '../commands/sim.js';
import { runCliAsync, startCli } from './run-cli-async.js';

const MLT_P4 = fileURLToPath(new URL('../../p4/mlt.p4', import.meta.url));

describe('fabrics simulated as pushed', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-fabric-sim-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('mlt sim with per-packet spraying delivers every packet over every shortest path', () => {
    const shapes = fc.record({
      spines: fc.integer({ min: 1, max: 4 }),
      leaves: fc.integer({ min: 2, max: 3 }),
      hostsPerLeaf: fc.integer({ min: 1, max: 2 }),
      spray: fc.constantFrom('round-robin' as const, 'random' as const),
    });
    fc.assert(
      fc.property(shapes, ({ spines, leaves, hostsPerLeaf, spray }) => {
        const packets = 16 * spines;
        const file = join(dir, 'scenario.yaml');
        const dsts: string[] = [];
        for (let l = 1; l < leaves; l++) for (let i = 0; i < hostsPerLeaf; i++) dsts.push(`h${l}.${i}`);
        writeFileSync(
          file,
          stringify({
            name: 'spray',
            duration: '1ms',
            pipeline: { p4: MLT_P4 },
            fabric: {
              topology: {
                leafSpine: { spines, leaves, hostsPerLeaf, link: { rate: '10Gbps', delay: '1us' } },
              },
              policy: { spray },
            },
            traffic: dsts.map((d) => ({
              kind: 'flow',
              name: d,
              src: 'h0.0',
              dst: d,
              rate: '1Gbps',
              packets,
            })),
          }),
        );
        const scn = readScenario(file);
        applyFabric(scn, file);
        const report = runBuilt(buildScenario(scn, file), scn);
        for (const t of report.traffic)
          assert.deepEqual([t.name, t.sent, t.received], [t.name, packets, packets]);
        const frames = (from: string, port: number): number =>
          report.links.find((k) => k.from === from && k.fromPort === port)!.frames;
        for (let s = 0; s < spines; s++) {
          // leaf0's uplink to spine s (port H+1+s), and spine s's port down to every destination leaf (l+1).
          const up = frames('leaf0', hostsPerLeaf + 1 + s);
          assert.ok(up > 0, `no packet over spine${s}`);
          for (let l = 1; l < leaves; l++)
            assert.ok(frames(`spine${s}`, l + 1) > 0, `spine${s} -> leaf${l} unused`);
          if (spray === 'round-robin')
            assert.equal(up, (packets * dsts.length) / spines, 'round robin is even');
        }
      }),
      { numRuns: 8 },
    );
  });

  it('a simulated fabric served over P4Runtime: pushed by the controller, then counted by its switches', async () => {
    // The small example fabric, built by the simulator with no entries at all: the push installs them.
    const file = join(dir, 'served.yaml');
    writeFileSync(
      file,
      stringify({
        name: 'served',
        duration: '20us',
        switch: { model: 'commodity' },
        pipeline: { p4: MLT_P4 },
        topology: {
          leafSpine: { spines: 2, leaves: 4, hostsPerLeaf: 4, link: { rate: '100Gbps', delay: '1us' } },
        },
        traffic: [
          { kind: 'flow', name: 'f', src: 'h0.0', dst: 'h2.0', rate: '40Gbps', dscp: 48, ecn: 'ect0' },
        ],
      }),
    );
    const scn = readScenario(file);
    const built = buildScenario(scn, file);
    const running = await serveSimSwitches(built.fabric, {
      program: { source: readFileSync(MLT_P4, 'utf8'), name: MLT_P4 },
    });
    try {
      const fabric = loadFabric('configs/fabrics/small.yaml');
      const addresses = new Map(running.endpoints.map((e) => [e.name, e.address]));
      const results = await pushFabric(fabric, { addressOf: (s) => addresses.get(s.name)! });
      for (const r of results) assert.equal(r.errors, 0, r.messages.join('; '));
      const report = runBuilt(built, scn);
      assert.equal(report.traffic[0]!.received, report.traffic[0]!.sent);
      const leaf0 = addresses.get('leaf0')!;
      const counted = await runCliAsync(['counters', '--target', leaf0, '--json']);
      assert.equal(counted.status, 0, counted.stderr);
      const c = JSON.parse(counted.stdout) as {
        queues: { port: number; queue: number; forwarded: number }[];
        ports: { port: number; txPackets: number }[];
      };
      // leaf0 sprays h0.0's packets (DSCP 48 = queue 6) over its two uplinks, ports 5 and 6.
      const up = c.queues.filter((q) => q.queue === 6 && (q.port === 5 || q.port === 6));
      assert.equal(up.length, 2);
      assert.equal(
        up.reduce((n, q) => n + q.forwarded, 0),
        report.traffic[0]!.sent,
      );
      const table = await runCliAsync(['counters', '--target', leaf0]);
      assert.match(table.stdout, /^ {3}5 {6}6 +\d+ +0 +0 +0$/m);

      // --watch prints rates (none move now: the run is over) until a signal, which ends even a long wait.
      const watching = startCli(['counters', '--target', leaf0, '--watch', '0.2', '--json']);
      while (watching.stdout().split('\n').length < 3) await new Promise((r) => setTimeout(r, 50));
      watching.child.kill('SIGINT');
      const watched = await watching.result;
      assert.equal(watched.status, 0, watched.stderr);
      const lines = watched.stdout.trim().split('\n');
      for (const l of lines) {
        const r = JSON.parse(l) as { switch: string; rates: { queues: { forwarded: number }[] } };
        assert.ok(r.rates.queues.every((q) => q.forwarded === 0));
      }
      const long = startCli(['counters', '--target', leaf0, '--watch', '3600'], { timeoutMs: 20_000 });
      while (!long.stderr().includes('until interrupted')) await new Promise((r) => setTimeout(r, 50));
      const signalled = Date.now();
      long.child.kill('SIGINT');
      assert.equal((await long.result).status, 0);
      assert.ok(
        Date.now() - signalled < 5000,
        'mlt counters --watch 3600 waited for its interval after SIGINT',
      );
    } finally {
      await running.stop(0);
    }
  });
});
