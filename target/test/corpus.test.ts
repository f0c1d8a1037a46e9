// The corpus of small programs under target/test/programs: every NAME.p4 with a NAME.stf must pass its STF test
// on the embedded target, as it would on bmv2 (simple_switch --priority-queues 8).
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStf } from '../stf/index.js';

const dir = fileURLToPath(new URL('./programs/', import.meta.url));
const pairs = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.p4') && existsSync(join(dir, f.replace(/\.p4$/, '.stf'))))
      .sort()
  : [];

describe('corpus: STF tests of target/test/programs', () => {
  for (const p4 of pairs) {
    const name = p4.replace(/\.p4$/, '');
    it(name, async () => {
      const r = await runStf({
        programPath: join(dir, p4),
        stfPath: join(dir, `${name}.stf`),
        includeDirs: [join(dir, 'includes')],
      });
      assert.equal(r.status, 'pass', `${name}: ${r.status}\n${r.report}`);
    });
  }
});
