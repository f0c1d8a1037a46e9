import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { runCli } from './run-cli.js';

describe('mlt CLI', () => {
  it('prints the package version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const r = runCli(['--version']);
    assert.equal(r.status, 0);
    assert.equal(r.stdout.trim(), pkg.version);
  });

  it('rejects an unknown command with a non-zero status and help', () => {
    const r = runCli(['no-such-command']);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /^error: /m);
  });
});
