import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../../config-file/index.js';
import { configSchemas, configsDir, loadModelProfile, loadSolveConfig } from '../../config/index.js';

const dir = mkdtempSync(join(tmpdir(), 'mlt-config-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
function file(text: string): string {
  const path = join(dir, `c${counter++}.yaml`);
  writeFileSync(path, text);
  return path;
}

function issuesOf(f: () => unknown): ConfigError {
  try {
    f();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  assert.fail('expected a ConfigError');
}

const GOOD = `switch:
  queues: 4
  reserveControlQueue: true
  bufferPackets: 60
traffic:
  load: 0.9
model:
  layers:
    - { name: a, size: 10, lossCostSmall: 0.1, lossCostLarge: 1 }
    - { name: b, size: 30, lossCostSmall: 0.2, lossCostLarge: 2 }
`;

describe('solve config loading', () => {
  it('loads a valid config and fills schema defaults', () => {
    const c = loadSolveConfig(file(GOOD));
    assert.equal(c.problem.queues, 4);
    assert.equal(c.problem.reserveControlQueue, true);
    assert.equal(c.problem.smallFraction, 0.5);
    assert.equal(c.problem.layers[1]!.size, 30);
    const defaults = loadSolveConfig(
      file('switch: { bufferPackets: 8 }\ntraffic: { load: 1 }\nmodel: { profile: resnet50 }\n'),
    );
    assert.equal(defaults.problem.queues, 8);
    assert.equal(defaults.problem.reserveControlQueue, false);
  });

  it('names the file, the path inside it and line:col for every schema error', () => {
    const path = file(`switch:
  queues: 9
  bufferPackets: 350
  colour: red
traffic:
  load: -1
model:
  layers:
    - { name: a, size: 10, lossCostSmall: 1, lossCostLarge: 2 }
    - { name: b, size: 10, lossCostSmall: 1 }
    - { name: c, size: 0, lossCostSmall: 1, lossCostLarge: 2 }
`);
    const err = issuesOf(() => loadSolveConfig(path));
    const lines = err.message.split('\n');
    assert.deepEqual(lines.sort(), [
      `${path}:10:7: model.layers[1]: missing required property 'lossCostLarge'`,
      `${path}:11:24: model.layers[2].size: must be >= 1`,
      `${path}:2:11: switch.queues: must be <= 8`,
      `${path}:4:3: switch.colour: unknown property (expected one of: queues, reserveControlQueue, bufferPackets)`,
      `${path}:6:9: traffic.load: must be >= 0`,
    ]);
    assert.equal(err.issues.length, 5);
    assert.ok(err.issues.every((i) => i.file === path));
  });

  it('says when neither or both of profile and layers are given', () => {
    const neither = file(
      'switch: { bufferPackets: 8 }\ntraffic: { load: 1 }\nmodel: { smallFraction: 0.5 }\n',
    );
    assert.equal(
      issuesOf(() => loadSolveConfig(neither)).message,
      `${neither}:3:8: model: give exactly one of: profile, layers`,
    );
    const both = file(
      'switch: { bufferPackets: 8 }\ntraffic: { load: 1 }\nmodel:\n  profile: vgg16\n  layers: [{ name: a, size: 1, lossCostSmall: 0, lossCostLarge: 0 }]\n',
    );
    assert.match(
      issuesOf(() => loadSolveConfig(both)).message,
      /model: give exactly one of: profile, layers/,
    );
  });

  it('reports missing sections, wrong types, YAML syntax errors and unreadable files', () => {
    const missing = file('switch: { bufferPackets: 8 }\n');
    const m = issuesOf(() => loadSolveConfig(missing)).message;
    assert.match(m, /:1:1: missing required property 'traffic'/);
    assert.match(m, /missing required property 'model'/);
    const typed = file('switch: { bufferPackets: lots }\ntraffic: { load: 1 }\nmodel: { profile: vgg16 }\n');
    assert.match(
      issuesOf(() => loadSolveConfig(typed)).message,
      /:1:26: switch\.bufferPackets: must be integer/,
    );
    // v1model's queue depths are 19 bits: a larger buffer has thresholds no switch can compare.
    const deep = file('switch: { bufferPackets: 524288 }\ntraffic: { load: 1 }\nmodel: { profile: vgg16 }\n');
    assert.match(
      issuesOf(() => loadSolveConfig(deep)).message,
      /:1:26: switch\.bufferPackets: must be <= 524287/,
    );
    const syntax = file('switch:\n  queues: 8\n   bad: [\n');
    assert.match(issuesOf(() => loadSolveConfig(syntax)).message, new RegExp(`^${syntax}:\\d+:\\d+: `));
    const dup = file('switch: { bufferPackets: 8 }\nswitch: { bufferPackets: 9 }\n');
    assert.match(issuesOf(() => loadSolveConfig(dup)).message, /:2:1: Map keys must be unique/);
    assert.equal(
      issuesOf(() => loadSolveConfig(join(dir, 'absent.yaml'))).message,
      `${join(dir, 'absent.yaml')}: cannot read: no such file`,
    );
  });

  it('resolves a profile by name or by path relative to the config, and reports unknown ones', () => {
    const byName = loadSolveConfig(
      file(
        'switch: { bufferPackets: 350 }\ntraffic: { load: 1.2 }\nmodel: { profile: resnet50, smallFraction: 0.3 }\n',
      ),
    );
    assert.equal(byName.modelName, 'resnet50');
    assert.equal(byName.problem.layers.length, 18);
    assert.equal(byName.problem.smallFraction, 0.3); // the config overrides the profile
    writeFileSync(
      join(dir, 'tiny.yaml'),
      'name: tiny\nsmallFraction: 0.25\nlayers: [{ name: x, size: 5, lossCostSmall: 1, lossCostLarge: 2 }]\n',
    );
    const byPath = loadSolveConfig(
      file('switch: { bufferPackets: 5 }\ntraffic: { load: 1 }\nmodel: { profile: ./tiny.yaml }\n'),
    );
    assert.equal(byPath.problem.smallFraction, 0.25);
    assert.equal(byPath.profileFile, join(dir, 'tiny.yaml'));
    const unknown = file('switch: { bufferPackets: 5 }\ntraffic: { load: 1 }\nmodel: { profile: alexnet }\n');
    assert.match(
      issuesOf(() => loadSolveConfig(unknown)).message,
      /:3:19: model\.profile: no model profile alexnet/,
    );
    // Errors inside a profile name the profile file.
    writeFileSync(
      join(dir, 'broken.yaml'),
      'name: broken\nlayers: [{ name: x, size: -5, lossCostSmall: 1, lossCostLarge: 2 }]\n',
    );
    const broken = file(
      'switch: { bufferPackets: 5 }\ntraffic: { load: 1 }\nmodel: { profile: broken.yaml }\n',
    );
    assert.equal(
      issuesOf(() => loadSolveConfig(broken)).message,
      `${join(dir, 'broken.yaml')}:2:27: layers[0].size: must be >= 1`,
    );
  });

  it('rejects a reserved control queue with a single queue', () => {
    const one = file(
      'switch: { queues: 1, reserveControlQueue: true, bufferPackets: 5 }\ntraffic: { load: 1 }\nmodel: { profile: vgg16 }\n',
    );
    assert.match(
      issuesOf(() => loadSolveConfig(one)).message,
      /switch\.reserveControlQueue: a reserved control queue needs at least 2 queues/,
    );
  });

  it('knows every schema of configs/schemas', () => {
    const profile = configSchemas().load<{ name: string }>(
      join(configsDir(), 'models', 'vgg16.yaml'),
      'model-profile.schema.json',
    );
    assert.equal(profile.name, 'vgg16');
    assert.equal(typeof configSchemas().validator('scenario.schema.json'), 'function');
  });

  it('every example config under configs/ is valid', () => {
    const examples = readdirSync(configsDir()).filter((f) => /^solve-.*\.yaml$/.test(f));
    assert.ok(examples.length >= 3);
    for (const f of examples) loadSolveConfig(join(configsDir(), f));
  });
});

describe('model profiles', () => {
  const expected: Record<string, { total: number; entries: number; tolerance: number }> = {
    vgg16: { total: 138_357_544, entries: 16, tolerance: 0.8 },
    resnet50: { total: 25_557_032, entries: 18, tolerance: 2.4 },
    googlenet: { total: 6_998_552, entries: 13, tolerance: 0.7 },
    'bert-base': { total: 109_482_240, entries: 14, tolerance: 0.8 },
  };

  for (const [name, want] of Object.entries(expected))
    it(`${name}: sizes add up to the published parameter count and costs follow the stated formula`, () => {
      const p = loadModelProfile(join(configsDir(), 'models', `${name}.yaml`));
      assert.equal(p.name, name);
      assert.equal(p.layers.length, want.entries);
      const total = p.layers.reduce((a, l) => a + l.size, 0);
      assert.equal(total, want.total);
      assert.equal(p.totalParameters, total);
      // Σ (f^S + f^L) = 1/p*: random loss at the Table 1 tolerance costs one unit.
      const sum = p.layers.reduce((a, l) => a + l.lossCostSmall + l.lossCostLarge, 0);
      assert.ok(Math.abs(sum * want.tolerance - 1) < 1e-4, `Σf = ${sum}`);
      p.layers.forEach((l, j) => {
        // Large gradients are 20%/0.4% = 50 times as costly to lose as small ones.
        assert.ok(Math.abs(l.lossCostLarge / l.lossCostSmall - 50) < 1e-3);
        // Per parameter, each layer is costlier than the one in front of it.
        if (j > 0) {
          const prev = p.layers[j - 1]!;
          assert.ok(l.lossCostLarge / l.size > prev.lossCostLarge / prev.size);
        }
      });
    });
});
