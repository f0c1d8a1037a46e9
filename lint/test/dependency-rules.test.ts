// The dependency rules of .dependency-cruiser.cjs, proved on a small tree laid out like the repository: each
// deliberately broken import is reported as an error under the rule it breaks, and nothing is reported
// against the clean files around them (one cruise for all, to stay fast). Then the real tree, as `make lint`
// checks it.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CONFIG = join(root, '.dependency-cruiser.cjs');
const DEPCRUISE = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
/** What `make lint` cruises. */
const FOLDERS = [
  'bin',
  'bmv2-tests',
  'cli',
  'config-file',
  'controller',
  'lint',
  'p4runtime-ts',
  'scripts',
  'target',
  'topology',
];

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

function depcruise(cwd: string, folders: string[]): Violation[] {
  const args = [DEPCRUISE, '--config', CONFIG, '--output-type', 'json', ...folders];
  const r = spawnSync(process.execPath, args, {
    cwd,
    // depcruise is plain JavaScript; a tsx hook inherited from the test runner would not resolve in a fixture
    env: { ...process.env, NODE_OPTIONS: '' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.ok(r.stdout.startsWith('{'), `depcruise failed (status ${r.status}): ${r.stderr}`);
  return (JSON.parse(r.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

/** A clean tree with every part and every allowed kind of import. */
const CLEAN: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'fixture',
    type: 'module',
    private: true,
    workspaces: ['p4runtime-ts'],
  }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', customConditions: ['development'] },
  }),
  'p4runtime-ts/package.json': JSON.stringify({
    name: 'p4runtime-ts',
    type: 'module',
    exports: { '.': { development: './src/index.ts', default: './dist/src/index.js' } },
  }),
  'p4runtime-ts/src/index.ts': "export { Client } from './client.js';",
  'p4runtime-ts/src/client.ts': 'export class Client {}',
  'config-file/index.ts': "export { ConfigError } from './issues.js';",
  'config-file/issues.ts': 'export class ConfigError extends Error {}',
  'topology/index.ts':
    "import { ConfigError } from '../config-file/index.js';\nexport const t = ConfigError;",
  'target/tm/queue.ts': 'export const q = 1;',
  'target/sim/fabric.ts':
    "import { q } from '../tm/queue.js';\nimport { t } from '../../topology/index.js';\nexport const f = [q, t];",
  'target/p4runtime/server.ts': "import { Client } from 'p4runtime-ts';\nexport const s = Client;",
  'target/test/sim.test.ts': "import { f } from '../sim/fabric.js';\nexport const x = f;",
  'controller/push.ts':
    "import { Client } from 'p4runtime-ts';\nimport { t } from '../topology/index.js';\nexport const p = [Client, t];",
  'cli/mlt.ts':
    "import { p } from '../controller/push.js';\nimport { f } from '../target/sim/fabric.js';\nexport const m = [p, f];",
  'cli/test/mlt.test.ts': "import { m } from '../mlt.js';\nexport const y = m;",
  'scripts/demo.ts':
    "import { m } from '../cli/mlt.js';\nimport { s } from '../target/p4runtime/server.js';\nexport const d = [m, s];",
  'bmv2-tests/stf.test.ts': "import { q } from '../target/tm/queue.js';\nexport const z = q;",
};

/** One broken import per file, and the rule each must be reported under. */
const BROKEN: { file: string; text: string; rule: string }[] = [
  {
    file: 'p4runtime-ts/src/bad.ts',
    text: "import '../../config-file/index.js';",
    rule: 'p4runtime-ts-standalone',
  },
  {
    file: 'controller/deep.ts',
    text: "import '../p4runtime-ts/src/client.js';",
    rule: 'p4runtime-ts-public-api',
  },
  {
    file: 'controller/by-path.ts',
    text: "import '../p4runtime-ts/src/index.js';",
    rule: 'p4runtime-ts-by-name',
  },
  { file: 'config-file/bad.ts', text: "import '../topology/index.js';", rule: 'config-file-standalone' },
  {
    file: 'target/sim/deep.ts',
    text: "import '../../config-file/issues.js';",
    rule: 'config-file-public-api',
  },
  { file: 'topology/bad.ts', text: "import '../target/tm/queue.js';", rule: 'topology-pure' },
  {
    file: 'target/sim/bad.ts',
    text: "import '../../controller/push.js';",
    rule: 'target-knows-no-controller',
  },
  {
    file: 'target/test/bad.test.ts',
    text: "import '../../controller/push.js';",
    rule: 'target-knows-no-controller',
  },
  { file: 'target/stf/bad.ts', text: "import '../../cli/mlt.js';", rule: 'target-knows-no-controller' },
  {
    file: 'controller/bad.ts',
    text: "import '../target/sim/fabric.js';",
    rule: 'controller-through-p4runtime',
  },
  {
    file: 'controller/test/bad.test.ts',
    text: "import '../../target/tm/queue.js';",
    rule: 'controller-through-p4runtime',
  },
  { file: 'bmv2-tests/bad.test.ts', text: "import '../cli/mlt.js';", rule: 'only-bin-imports-cli' },
  { file: 'target/tm/cycle.ts', text: "import '../sim/fabric.js';", rule: 'no-folder-cycles' },
  { file: 'controller/missing.ts', text: "import './nowhere.js';", rule: 'not-to-unresolvable' },
];

function makeTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'mlt-lint-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${text}\n`);
  }
  // As npm links a workspace, so that `import 'p4runtime-ts'` resolves as it does in the repository.
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync('../p4runtime-ts', join(dir, 'node_modules', 'p4runtime-ts'), 'dir');
  return dir;
}

const fixtureFolders = (files: Record<string, string>): string[] =>
  [...new Set(Object.keys(files).map((f) => f.split('/')[0]!))].filter((f) => !f.includes('.'));

describe('dependency rules (.dependency-cruiser.cjs)', function () {
  this.timeout(120_000); // a cruise is a few seconds, more on a loaded machine

  it('report each broken import as an error under its rule, and nothing in a clean tree', () => {
    const files = { ...CLEAN, ...Object.fromEntries(BROKEN.map((b) => [b.file, b.text])) };
    const dir = makeTree(files);
    try {
      const violations = depcruise(dir, fixtureFolders(files));
      for (const v of violations) assert.equal(v.rule.severity, 'error', `${v.rule.name} should be an error`);
      for (const b of BROKEN) {
        const folder = dirname(b.file);
        const hit = violations.some(
          (v) =>
            v.rule.name === b.rule &&
            // a folder-level rule names folders, the others the importing file
            (v.from === b.file || (b.rule === 'no-folder-cycles' && (v.from === folder || v.to === folder))),
        );
        assert.ok(
          hit,
          `${b.file} (${b.text}) not reported as ${b.rule}; got ${JSON.stringify(violations, null, 1)}`,
        );
      }
      // Nothing is reported against the clean files, but for the folder cycle the broken file creates.
      const brokenFiles = new Set(BROKEN.map((b) => b.file));
      for (const v of violations)
        assert.ok(
          brokenFiles.has(v.from) || v.rule.name === 'no-folder-cycles',
          `unexpected ${JSON.stringify(v)}`,
        );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hold on the repository itself', () => {
    assert.deepEqual(depcruise(root, FOLDERS), []);
  });

  // An import is not the only way to depend on the CLI: a test that runs the `mlt` command depends on all of
  // it. Those tests live in cli/test/; target/ and controller/ never start it.
  it('no code of target/, controller/, topology/ or config-file/ runs the mlt command', () => {
    const runsCli = /\b(bin|cli)\/mlt\.(js|ts)\b|['"](bin|cli)['"],\s*['"]mlt\.(js|ts)['"]/;
    const offenders: string[] = [];
    for (const part of ['target', 'controller', 'topology', 'config-file'])
      for (const f of readdirSync(join(root, part), { recursive: true, encoding: 'utf8' }))
        if (/\.ts$/.test(f) && runsCli.test(readFileSync(join(root, part, f), 'utf8')))
          offenders.push(`${part}/${f}`);
    assert.deepEqual(offenders, []);
  });
});
