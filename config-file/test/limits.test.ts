// Limits of the YAML loader (issue 14): alias bombs, oversized files and special files are refused with a
// located ConfigError, quickly, instead of exhausting memory, hanging, or escaping as a raw exception.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, MAX_CONFIG_BYTES, YamlSource } from '../index.js';

/** A "billion laughs" document: each level doubles... here tenfolds the one before. */
function aliasBomb(levels: number): string {
  const out = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i <= levels; i++) {
    const refs = Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ');
    out.push(`a${i}: &a${i} [${refs}]`);
  }
  return out.join('\n');
}

function refusal(f: () => unknown): ConfigError {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof ConfigError, String(e));
    return e;
  }
  throw new Error('accepted');
}

describe('config-file: limits on what a file may cost to load', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mlt-config-limits-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses an alias bomb with a located error', () => {
    const t0 = Date.now();
    const e = refusal(() => YamlSource.parse(aliasBomb(9), 'bomb.yaml'));
    assert.ok(Date.now() - t0 < 5000);
    assert.equal(e.issues.length, 1);
    assert.deepEqual([e.issues[0]!.line, e.issues[0]!.col], [2, 10]);
    assert.match(e.message, /^bomb\.yaml:2:10: aliases expand too much/);
  });

  it('still accepts a few aliases', () => {
    const s = YamlSource.parse('base: &b { x: 1 }\nuse: [*b, *b]\n', 'ok.yaml');
    assert.deepEqual(s.value, { base: { x: 1 }, use: [{ x: 1 }, { x: 1 }] });
  });

  it('refuses a file over the size limit before parsing it', () => {
    const file = join(dir, 'big.yaml');
    const line = '- { name: layer, size: 1 }\n';
    writeFileSync(file, line.repeat(Math.ceil((5 * 1024 * 1024) / line.length)));
    const t0 = Date.now();
    const e = refusal(() => YamlSource.read(file));
    assert.ok(Date.now() - t0 < 1000, `${Date.now() - t0} ms`);
    assert.match(
      e.message,
      new RegExp(`big\\.yaml: the file is \\d+ bytes; config files are limited to ${MAX_CONFIG_BYTES}`),
    );
    refusal(() => YamlSource.parse('x'.repeat(MAX_CONFIG_BYTES + 1), 'text.yaml'));
  });

  it('refuses a FIFO without blocking, and a directory', () => {
    const fifo = join(dir, 'fifo.yaml');
    execFileSync('mkfifo', [fifo]);
    assert.match(refusal(() => YamlSource.read(fifo)).message, /fifo\.yaml: cannot read: not a regular file/);
    assert.match(refusal(() => YamlSource.read(dir)).message, /cannot read: not a regular file/);
  });
});
