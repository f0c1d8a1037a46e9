import assert from 'node:assert/strict';
import { parseScenario } from '../../sim/scenario-file.js';
import { ConfigError } from '../../../config-file/index.js';
import { buildScenario, runBuilt } from '../../sim/scenario-run.js';

// One uncongested flow with exponentially distributed frame sizes through a builtin router.
const scenario = (packetBytes: string): string => `
seed: 11
duration: 2ms
topology:
  switches: [s1]
  hosts: [{ name: a, ip: 10.0.0.1 }, { name: b, ip: 10.0.0.2 }]
  links: [{ a: "s1:1", b: a, rate: 100Gbps }, { a: "s1:2", b: b, rate: 100Gbps }]
pipeline: { builtin: { routes: { s1: [{ prefix: 10.0.0.2/32, ports: [2] }] } } }
traffic:
  - { kind: flow, name: f, src: a, dst: b, rate: 20Gbps, arrival: poisson, packetBytes: ${packetBytes} }
`;

describe('sim/flow packetBytes: exponential', () => {
  it('draws sizes with the clamped mean and keeps the mean offered rate', () => {
    const scn = parseScenario(scenario('{ exponential: 1000, min: 64, max: 9000 }'), 'exp.yaml');
    const report = runBuilt(buildScenario(scn, 'exp.yaml'), scn);
    const link = report.links.find((l) => l.from === 'a')!;
    const flow = report.traffic[0]!;
    assert.equal(flow.lost, 0);
    assert.equal(link.frames, flow.sent);
    // E[min(max(X, 64), 9000)] for X ~ Exp(1000) is 64 + 1000·(e^-0.064 - e^-9) ≈ 1002.0 bytes; the sample
    // mean of ~5000 frames has a standard error of ~14 bytes, so 5 standard errors is a sound bound.
    const expected = 64 + 1000 * (Math.exp(-0.064) - Math.exp(-9));
    const mean = link.bytes / link.frames;
    const se = 1000 / Math.sqrt(link.frames);
    assert.ok(Math.abs(mean - expected) < 5 * se, `mean frame ${mean} bytes, expected ${expected}`);
    // Offered rate: bytes over the duration; Poisson counts make it as noisy as the frame count (~1.4%/√2).
    const rate = (link.bytes * 8) / (report.durationUs * 1e-6);
    assert.ok(Math.abs(rate / 20e9 - 1) < 0.06, `offered ${rate} b/s, expected 20e9`);
  });

  it('is deterministic per seed, and differs from fixed sizes', () => {
    const run = (bytes: string): string => {
      const scn = parseScenario(scenario(bytes), 'exp.yaml');
      return JSON.stringify(runBuilt(buildScenario(scn, 'exp.yaml'), scn));
    };
    assert.equal(run('{ exponential: 1500 }'), run('{ exponential: 1500 }'));
    assert.notEqual(run('{ exponential: 1500 }'), run('1500'));
  });

  it('rejects a bad distribution in the schema', () => {
    assert.throws(() => parseScenario(scenario('{ exponential: 0 }'), 'bad.yaml'), ConfigError);
    assert.throws(() => parseScenario(scenario('{ exponential: 900, mode: 3 }'), 'bad.yaml'), ConfigError);
    assert.throws(() => parseScenario(scenario('{ exponential: 900, min: 20 }'), 'bad.yaml'), ConfigError);
  });
});
