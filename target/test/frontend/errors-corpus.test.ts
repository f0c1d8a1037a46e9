// Drives the shared corpus: every `target/test/programs/errors/*.p4` must be rejected with its first error
// at the `// expect-error: LINE:COL: substring` of its first line, and every valid program must compile.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileP4, formatDiagnostic } from '../../compiler/index.js';

const programsDir = fileURLToPath(new URL('../programs/', import.meta.url));
const errorsDir = join(programsDir, 'errors');

const p4Files = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.p4'))
        .sort()
    : [];

describe('corpus: programs that must be rejected (target/test/programs/errors)', () => {
  const files = p4Files(errorsDir);
  it('has programs to check', () => {
    assert.ok(files.length > 0);
  });
  for (const f of files) {
    it(f, () => {
      const path = join(errorsDir, f);
      const first = readFileSync(path, 'utf8').split('\n')[0] ?? '';
      const m = /^\s*\/\/\s*expect-error:\s*(\d+):(\d+):\s*(.*?)\s*$/.exec(first);
      assert.ok(m, `${f}: first line must be // expect-error: LINE:COL: text`);
      const r = compileP4({ path });
      assert.equal(r.ok, false, `${f} compiled but must be rejected`);
      const e = r.diagnostics.find((d) => d.severity === 'error');
      assert.ok(e, 'expected an error');
      const got = formatDiagnostic(e);
      assert.equal(e.file, path, got);
      assert.deepEqual([e.line, e.col], [Number(m[1]), Number(m[2])], got);
      assert.ok(e.message.includes(m[3]!), `'${m[3]}' not in: ${got}`);
    });
  }
});

describe('corpus: valid programs compile (target/test/programs)', () => {
  for (const f of p4Files(programsDir)) {
    it(f, () => {
      const r = compileP4({ path: join(programsDir, f) });
      const errors = r.diagnostics.filter((d) => d.severity === 'error');
      assert.ok(r.ok && errors.length === 0, errors.map(formatDiagnostic).join('\n'));
    });
  }
});
