// The fabric file's pipelines as `mlt push` reads them: p4c's P4Info and bmv2 JSON, read once each.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseP4InfoText, type P4InfoMsg } from 'p4runtime-ts';
import type { PipelineConfig } from '../../controller/push/index.js';
import { compileP4, p4infoToText } from '../../target/compiler/index.js';
import { pipelineResolver, PipelineFileError } from '../pipeline.js';

const MLT_P4 = fileURLToPath(new URL('../../p4/mlt.p4', import.meta.url));

describe('fabric pipelines from p4c files (p4info + json)', () => {
  let dir: string;
  let p4infoText: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-pipeline-'));
    const r = compileP4({ path: MLT_P4 });
    assert.ok(r.ok);
    p4infoText = p4infoToText(r.p4info);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('sets the files as they were when the cookie was made of them', () => {
    const p4info = join(dir, 'mlt.p4info.txtpb');
    const json = join(dir, 'mlt.json');
    writeFileSync(p4info, p4infoText);
    writeFileSync(json, '{"program": "mlt.p4"}');
    const source = pipelineResolver()({ p4info, json });
    // Files changed after the cookie cannot make the config disagree with it.
    writeFileSync(p4info, 'not a p4info');
    writeFileSync(json, '{}');
    const config = source.config() as PipelineConfig;
    assert.deepEqual(config.p4info as P4InfoMsg, parseP4InfoText(p4infoText));
    assert.equal(Buffer.from(config.deviceConfig).toString(), '{"program": "mlt.p4"}');
  });

  it('refuses a device config that is not a regular file, and names a P4Info that does not parse', () => {
    const p4info = join(dir, 'p.txt');
    writeFileSync(p4info, p4infoText);
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    assert.throws(
      () => pipelineResolver()({ p4info, json: fifo }),
      (e: unknown) => e instanceof PipelineFileError && e.message === `${fifo}: not a regular file`,
    );
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, 'tables { preamble');
    writeFileSync(join(dir, 'x.json'), '{}');
    const source = pipelineResolver()({ p4info: bad, json: join(dir, 'x.json') });
    assert.throws(
      () => source.config(),
      (e: unknown) => e instanceof PipelineFileError && e.message.startsWith(`${bad}: `),
    );
  });
});
