import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, formatIssue, formatPath, YamlSource } from '../index.js';

function errorOf(f: () => unknown): ConfigError {
  try {
    f();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  assert.fail('expected a ConfigError');
}

describe('config-file: YamlSource', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'config-file-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('locates values, mapping keys and the nearest existing parent of a missing path', () => {
    const src = YamlSource.parse('a:\n  b:\n    - 1\n    - { c: 2 }\n', 'x.yaml');
    assert.deepEqual(src.value, { a: { b: [1, { c: 2 }] } });
    assert.deepEqual(src.locate(['a', 'b', 1, 'c']), { line: 4, col: 12 });
    assert.deepEqual(src.locate(['a', 'b', 1], 'c'), { line: 4, col: 9 });
    assert.deepEqual(src.locate(['a', 'missing']), { line: 2, col: 3 });
    assert.deepEqual(src.locate([]), { line: 1, col: 1 });
  });

  it('builds located issues for checks a schema cannot make', () => {
    const src = YamlSource.parse('queues:\n  - { size: 4 }\n', 'q.yaml');
    const issue = src.issue(['queues', 0, 'size'], 'must be a power of 2 above 4');
    assert.equal(formatIssue(issue), 'q.yaml:2:13: queues[0].size: must be a power of 2 above 4');
  });

  it('reports YAML syntax errors and duplicate keys at their line and column, without the excerpt', () => {
    const syntax = errorOf(() => YamlSource.parse('a:\n  b: 1\n   c: [\n', 's.yaml'));
    const lines = syntax.message.split('\n');
    assert.ok(lines.length === syntax.issues.length && lines.every((l) => /^s\.yaml:\d+:\d+: \w/.test(l)));
    const dup = errorOf(() => YamlSource.parse('a: 1\na: 2\n', 'd.yaml'));
    assert.equal(dup.message, 'd.yaml:2:1: Map keys must be unique');
    assert.deepEqual(dup.issues, [
      { file: 'd.yaml', path: '', line: 2, col: 1, message: 'Map keys must be unique' },
    ]);
  });

  it('reads files and says when one is missing', () => {
    writeFileSync(join(dir, 'ok.yaml'), 'x: [1, 2]\n');
    assert.deepEqual(YamlSource.read(join(dir, 'ok.yaml')).value, { x: [1, 2] });
    const absent = join(dir, 'absent.yaml');
    assert.equal(errorOf(() => YamlSource.read(absent)).message, `${absent}: cannot read: no such file`);
  });

  it('formats paths and issues the same way everywhere', () => {
    assert.equal(formatPath(['model', 'layers', 3, 'size']), 'model.layers[3].size');
    assert.equal(formatPath([2, 'a']), '[2].a');
    assert.equal(formatIssue({ file: 'f', path: '', message: 'm' }), 'f: m');
    assert.equal(formatIssue({ file: 'f', path: 'p', line: 3, message: 'm' }), 'f:3:1: p: m');
  });
});
