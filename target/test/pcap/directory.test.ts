import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDirectory } from '../../pcap/index.js';

describe('pcap/directory: making an output directory', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-directory-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('makes the missing directories, and leaves an existing one as it is', () => {
    const deep = join(dir, 'a', 'b', 'c');
    makeDirectory(deep);
    assert.ok(statSync(deep).isDirectory());
    makeDirectory(deep);
    makeDirectory(dir);
  });

  it("throws the file system's refusal instead of looping", function () {
    const file = join(dir, 'file');
    writeFileSync(file, '');
    assert.throws(() => makeDirectory(file), /EEXIST/);
    assert.throws(() => makeDirectory(join(file, 'sub')), /ENOTDIR/);
    // Node's recursive mkdir never returns here: /proc exists, and /proc/x is refused as missing.
    if (!existsSync('/proc/self')) this.skip();
    assert.throws(() => makeDirectory('/proc/mlt-no-such-dir/x'), /ENOENT/);
  });
});
