// Fuzzing the config loaders (issue 14): random YAML and the project's configs with lines replaced, through
// the real loaders of `mlt solve` (solve configs, model profiles), `mlt sim` (scenarios), `mlt experiment`
// and `mlt push` (fabrics). Each must give a value or a located ConfigError, never another exception, and
// never take long.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { ConfigError } from '../../config-file/index.js';
import { loadModelProfile, loadSolveConfig } from '../../controller/config/index.js';
import { readScenario } from '../../target/sim/scenario-file.js';
import { loadFabric } from '../../controller/fabric/index.js';
import { loadExperiment } from '../experiment/config.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => readFileSync(join(ROOT, dir, f), 'utf8'));
const SOLVE = files('configs');
const MODELS = files('configs/models');
const SCENARIOS = files('configs/scenarios');
const EXPERIMENTS = files('configs/experiments');
const FABRICS = files('configs/fabrics');

const scalar = fc.oneof(
  fc.integer({ min: -5, max: 100_000 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.constantFrom(
    'true',
    'null',
    '~',
    '""',
    "''",
    '.inf',
    '-.nan',
    '0x1f',
    '1e309',
    '[]',
    '{}',
    '*a',
    '&a x',
    '!!binary AA==',
  ),
  fc.stringMatching(/^[a-zA-Z][\w-]{0,10}$/),
  fc.string({ maxLength: 12 }),
);
const key = fc.oneof(
  fc.constantFrom(
    'switch',
    'model',
    'traffic',
    'queues',
    'bufferPackets',
    'load',
    'profile',
    'layers',
    'size',
    'seed',
    'topology',
    'hosts',
    'flows',
    'pipeline',
    'probeTimeout',
    'rtoMin',
    'rtoMax',
    'delay',
    'rate',
    'leaves',
    '<<',
    '__proto__',
    'constructor',
  ),
  fc.stringMatching(/^[a-z]{1,8}$/),
);
const yamlLine = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 6 }), key, scalar).map(([i, k, v]) => `${' '.repeat(i)}${k}: ${v}`),
  fc.tuple(fc.integer({ min: 0, max: 6 }), scalar).map(([i, v]) => `${' '.repeat(i)}- ${v}`),
  fc.tuple(fc.integer({ min: 0, max: 6 }), key).map(([i, k]) => `${' '.repeat(i)}${k}:`),
  fc.constantFrom(
    '---',
    '...',
    '%YAML 1.2',
    '# c',
    '? x',
    ': y',
    '- &a [1, 2]',
    '- *a',
    'k: |',
    '  text',
    '\t- tab',
  ),
  fc.string({ maxLength: 20 }),
);
const randomYaml = fc.array(yamlLine, { maxLength: 15 }).map((ls) => ls.join('\n'));
const mutated = (corpus: string[]) =>
  fc
    .tuple(fc.constantFrom(...corpus), fc.array(fc.tuple(fc.nat(), yamlLine), { minLength: 1, maxLength: 3 }))
    .map(([text, edits]) => {
      const lines = text.split('\n');
      for (const [at, l] of edits) lines[at % lines.length] = l;
      return lines.join('\n');
    });

describe('config fuzzing: random and mutated YAML into the loaders of mlt solve, sim, experiment and push', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-config-fuzz-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const check = (load: (file: string) => unknown) => (text: string) => {
    const file = join(dir, 'c.yaml');
    writeFileSync(file, text);
    const t0 = Date.now();
    try {
      load(file);
    } catch (e) {
      assert.ok(e instanceof ConfigError, `loader threw ${e instanceof Error ? e.stack : String(e)}`);
      assert.ok(e.message.startsWith(file), e.message);
    }
    assert.ok(Date.now() - t0 < 5000, 'took too long');
  };

  for (const [name, load, corpus] of [
    ['solve configs', loadSolveConfig, SOLVE],
    ['model profiles', loadModelProfile, MODELS],
    ['scenarios', readScenario, SCENARIOS],
    ['experiments', loadExperiment, EXPERIMENTS],
    ['fabrics', loadFabric, FABRICS],
  ] as const) {
    it(name, () => {
      fc.assert(fc.property(fc.oneof(randomYaml, mutated(corpus)), check(load)), { numRuns: 120 });
    });
  }
});
