import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, findUp, SchemaSet } from '../index.js';

const schemas = new SchemaSet(join(findUp(import.meta.url, 'fixtures/schemas'), 'fixtures', 'schemas'));
const SCHEMA = 'shapes.schema.json';

/** The messages for `text`, one per line, in the order reported. */
function problems(text: string): string[] {
  try {
    schemas.parse(text, 's.yaml', SCHEMA);
  } catch (err) {
    if (err instanceof ConfigError) return err.message.split('\n');
    throw err;
  }
  assert.fail('expected a ConfigError');
}

interface Shapes {
  page: { width: number; height: number };
  colour: string;
  shapes: { kind: string }[];
}

describe('config-file: SchemaSet', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'config-file-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('validates, fills defaults (also through $ref to another schema file) and returns the value', () => {
    const v = schemas.parse<Shapes>(
      'page: { width: 100 }\nshapes: [{ kind: circle, radius: 3 }]\n',
      's.yaml',
      SCHEMA,
    );
    assert.deepEqual(v.page, { width: 100, height: 297 });
    assert.equal(v.colour, 'red');
    writeFileSync(join(dir, 'a.yaml'), 'page: {}\nshapes: []\n');
    assert.deepEqual(schemas.load<Shapes>(join(dir, 'a.yaml'), SCHEMA).page, { width: 210, height: 297 });
  });

  it('lists every problem with its line:col and path, and what would be valid', () => {
    assert.deepEqual(problems('page: { width: 0, depth: 3 }\ncolour: pink\nshapes: {}\n'), [
      's.yaml:1:19: page.depth: unknown property (expected one of: width, height)',
      's.yaml:1:16: page.width: must be >= 1',
      's.yaml:2:9: colour: must be one of: red, green, blue',
      's.yaml:3:9: shapes: must be array',
    ]);
    assert.deepEqual(problems('page: {}\n'), ["s.yaml:1:1: missing required property 'shapes'"]);
  });

  it('reports a failed oneOf in terms of the alternative the user meant', () => {
    // The kind picks the alternative; the errors of the other one would only confuse.
    assert.deepEqual(problems('page: {}\nshapes:\n  - { kind: rectangle, width: 2 }\n'), [
      "s.yaml:3:5: shapes[0]: missing required property 'height'",
    ]);
    // No alternative has this kind: say which kinds there are.
    assert.deepEqual(problems('page: {}\nshapes:\n  - { kind: hexagon, side: 2 }\n'), [
      's.yaml:3:13: shapes[0].kind: must be one of: circle, rectangle',
    ]);
    // A scalar with alternatives of several types: the alternative of the value's own type.
    assert.deepEqual(problems('page: {}\nshapes:\n  - { kind: circle, radius: 3 inches }\n'), [
      's.yaml:3:29: shapes[0].radius: must match pattern "^[0-9]+(mm|cm)$"',
    ]);
    assert.deepEqual(problems('page: {}\nshapes:\n  - { kind: circle, radius: -1 }\n'), [
      's.yaml:3:29: shapes[0].radius: must be > 0',
    ]);
  });

  it('says "give exactly one of" for alternatives that differ only in what is required', () => {
    assert.deepEqual(problems('page: {}\nshapes: []\nsource: {}\n'), [
      's.yaml:3:9: source: give exactly one of: file, url',
    ]);
    assert.deepEqual(problems('page: {}\nshapes: []\nsource: { file: a, url: b }\n'), [
      's.yaml:3:9: source: give exactly one of: file, url',
    ]);
  });

  it('names a schema it does not have', () => {
    assert.throws(
      () => schemas.validator('nothing.schema.json'),
      /no schema nothing\.schema\.json in .*fixtures/,
    );
  });

  it('finds data files above a module', () => {
    assert.match(findUp(import.meta.url, 'fixtures/schemas/shapes.schema.json'), /config-file[\\/]test$/);
    assert.throws(() => findUp(import.meta.url, 'no/such/file.json'), /cannot find no\/such\/file\.json/);
  });
});
