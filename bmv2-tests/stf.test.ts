// The data-plane suite: every bmv2-tests/*.stf runs against p4/mlt.p4 on the embedded target's STF runner,
// one mocha test per file. The same files run unchanged on real bmv2 (see bmv2-tests/README.md).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { runStf } from '../target/stf/index.js';

const testsDir = dirname(fileURLToPath(import.meta.url));
const programPath = join(testsDir, '..', 'p4', 'mlt.p4');
const stfFiles = readdirSync(testsDir)
  .filter((name) => name.endsWith('.stf'))
  .sort();

describe('p4/mlt.p4 STF suite (embedded target)', function () {
  it('has STF files to run', function () {
    assert.ok(stfFiles.length > 0, `no .stf files in ${testsDir}`);
  });

  for (const name of stfFiles) {
    it(name, async function () {
      const result = await runStf({ programPath, stfPath: join(testsDir, name) });
      assert.equal(result.status, 'pass', `${name}: ${result.status}\n${result.report}`);
      // Every file sets its state before its first packet, so that it means the same on real bmv2.
      assert.deepEqual(result.warnings, []);
    });
  }
});
