import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRegularFile } from '../../frontend/source-file.js';

describe('frontend/source-file: reading a file a user names', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-source-file-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const refused = (path: string, maxBytes?: number): string => {
    const r = readRegularFile(path, maxBytes);
    assert.equal(r.ok, false, path);
    return r.ok ? '' : r.reason;
  };

  it('reads a regular file whole, up to the bound', () => {
    const file = join(dir, 'a.p4');
    writeFileSync(file, 'x'.repeat(1000));
    const r = readRegularFile(file, 1000);
    assert.ok(r.ok);
    assert.equal(r.bytes.length, 1000);
    assert.match(refused(file, 999), /^1000 bytes, more than the .* MiB a file may have here$/);
  });

  it('refuses a FIFO, a device and a directory without reading them, and says why a file is missing', () => {
    const fifo = join(dir, 'fifo.p4');
    execFileSync('mkfifo', [fifo]);
    // Each would block (the FIFO, no writer) or never end (/dev/zero) if it were read.
    assert.equal(refused(fifo), 'not a regular file');
    assert.equal(refused('/dev/zero'), 'not a regular file');
    assert.equal(refused(dir), 'is a directory');
    assert.equal(refused(join(dir, 'none.p4')), 'no such file');
  });
});
