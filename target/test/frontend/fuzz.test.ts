// Fuzzing the compiler with fast-check: random token soup, and real programs (p4/mlt.p4 and the corpus of
// target/test/programs/) mutated by deleting, duplicating, swapping and inserting tokens, wrapping them in deep
// nesting and renaming them to identifiers that mean something to JavaScript. Whatever the input, compileP4
// must return (a program, or errors each at a file:line:col), never throw, and a program it accepts must load
// into the engine. The bound per input is generous (typical inputs take milliseconds): it catches hangs.
// Each run draws new inputs; a failure prints fast-check's seed and the shrunk input to replay it.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { compileP4 } from '../../compiler/index.js';
import { Switch } from '../../engine/index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const PROGRAMS = join(ROOT, 'target', 'test', 'programs');
const SEEDS: { path: string; text: string }[] = [
  join(ROOT, 'p4', 'mlt.p4'),
  ...readdirSync(PROGRAMS)
    .filter((f) => f.endsWith('.p4'))
    .sort()
    .map((f) => join(PROGRAMS, f)),
].map((path) => ({ path, text: readFileSync(path, 'utf8') }));

/** Tokens as the mutators see them: words, numbers with their width prefixes, punctuation, white space. */
const tokenize = (text: string): string[] => text.match(/\s+|\w+|[^\s\w]/g) ?? [];

const ODD = ['__proto__', 'constructor', 'toString', 'function', 'delete', 'new', 'class', 'this', 'eval'];
const POOL = [
  ...ODD,
  '(',
  ')',
  '{',
  '}',
  '<',
  '>',
  ';',
  ',',
  '=',
  '+',
  '<<',
  '>>',
  '?',
  ':',
  '[',
  ']',
  '.',
  '@',
  '#define M M M',
  '#if',
  '#endif',
  '\n#include <v1model.p4>\n',
  'bit<8>',
  'bit<4096>',
  'int',
  '1',
  '0',
  '8w255',
  '400000000',
  '0xffffffffffffffff',
  'apply',
  'for',
  'in',
  '..',
  'break',
  'continue',
  '+=',
  '>>=',
  'transition',
  'select',
  'table',
  'action',
  'control',
  'header',
  'struct',
  'extract',
  'hdr',
  'meta',
];

type Mutation = (toks: string[]) => string[];

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 20 })).map(([at, n]) => (t: string[]) => {
    const i = at % Math.max(t.length, 1);
    return [...t.slice(0, i), ...t.slice(i + n)];
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 30 })).map(([at, n]) => (t: string[]) => {
    const i = at % Math.max(t.length, 1);
    return [...t.slice(0, i + n), ...t.slice(i, i + n), ...t.slice(i + n)];
  }),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => (t: string[]) => {
    if (t.length === 0) return t;
    const u = t.slice();
    const i = a % u.length;
    const j = b % u.length;
    [u[i], u[j]] = [u[j]!, u[i]!];
    return u;
  }),
  fc.tuple(fc.nat(), fc.constantFrom(...POOL)).map(([at, tok]) => (t: string[]) => {
    const i = at % (t.length + 1);
    return [...t.slice(0, i), ` ${tok} `, ...t.slice(i)];
  }),
  fc.tuple(fc.nat(), fc.constantFrom(...ODD)).map(([at, name]) => (t: string[]) => {
    const words = t.map((x, i) => [x, i] as const).filter(([x]) => /^[A-Za-z_]\w*$/.test(x));
    if (words.length === 0) return t;
    const word = words[at % words.length]![0];
    return t.map((x) => (x === word ? name : x));
  }),
  fc
    .tuple(
      fc.nat(),
      fc.integer({ min: 100, max: 3000 }),
      fc.constantFrom(['(', ')'], ['{', '}'], ['if (true) {', '}']),
    )
    .map(([at, depth, [open, close]]) => (t: string[]) => {
      const i = at % (t.length + 1);
      return [
        ...t.slice(0, i),
        open.repeat(depth),
        ...t.slice(i, i + 3),
        close.repeat(depth),
        ...t.slice(i + 3),
      ];
    }),
);

/** compileP4 on `text` returns, with located errors or a program the engine loads. */
function compilesOrLocates(path: string, text: string): void {
  const start = Date.now();
  const r = compileP4({ path, text });
  if (r.ok) new Switch(r.program, r.p4info);
  else {
    assert.ok(r.diagnostics.length > 0, 'rejected without a diagnostic');
    for (const d of r.diagnostics) {
      assert.ok(d.file.length > 0 && d.line >= 1 && d.col >= 1, `unlocated: ${JSON.stringify(d)}`);
      assert.ok(d.message.length > 0);
    }
  }
  const ms = Date.now() - start;
  assert.ok(ms < 10_000, `took ${ms} ms`);
}

describe('frontend/fuzz', function () {
  this.timeout(120_000);

  it('the seed programs compile as they are (the mutations start from valid programs)', () => {
    for (const s of SEEDS) {
      const r = compileP4(s);
      assert.ok(r.ok, s.path);
    }
  });

  it('mutated real programs: a program or located errors, never an exception', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEEDS),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (seed, ms) => {
          const toks = ms.reduce((t, m) => m(t), tokenize(seed.text));
          compilesOrLocates(seed.path, toks.join(''));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('random token soup: located errors, never an exception', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...POOL), { maxLength: 300 }), (toks) => {
        compilesOrLocates('soup.p4', `#include <core.p4>\n#include <v1model.p4>\n${toks.join(' ')}`);
      }),
      { numRuns: 200 },
    );
  });
});
