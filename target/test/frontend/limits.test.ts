// Inputs that once overflowed the stack, hung or exhausted memory: each now gets a file:line:col error (or
// compiles), and returns. No timing assertion: a regression shows as a hang or a thrown RangeError.
import assert from 'node:assert/strict';
import { compileText, fails, locate, ok, program } from './helpers.js';
import {
  MAX_BLOCK_COPIES,
  MAX_EXTERN_SIZE,
  MAX_INSTANCE_DEPTH,
  MAX_INFINT_BITS,
  MAX_MACRO_TOKENS,
  MAX_NESTING,
  MAX_STACK_SIZE,
  MAX_WIDTH,
} from '../../frontend/limits.js';

const DEEP = 2000;
const TOO_DEEP = /^nesting too deep: more than 256 levels/;

/** The first error of a program that must be rejected, checked to be in `path` at a real position. */
function rejects(text: string): { line: number; col: number; message: string } {
  const e = fails(text);
  assert.ok(e.line >= 1 && e.col >= 1, `located: ${JSON.stringify(e)}`);
  return e;
}

describe('frontend/limits', () => {
  it('documents its limits', () => {
    assert.equal(MAX_NESTING, 256);
    assert.equal(MAX_WIDTH, 2048);
    assert.ok(MAX_INFINT_BITS >= MAX_WIDTH);
    assert.ok(MAX_MACRO_TOKENS >= 100_000);
  });

  for (const [what, apply] of [
    ['parentheses', `meta.m8 = ${'('.repeat(DEEP)}meta.m8${')'.repeat(DEEP)};`],
    ['blocks', `${'{'.repeat(DEEP)} meta.m8 = 1; ${'}'.repeat(DEEP)}`],
    ['ifs', `${'if (meta.m8 == 1) '.repeat(DEEP)} meta.m8 = 2;`],
    [
      'else-ifs',
      `if (meta.m8 == 0) { meta.m8 = 0; }${' else if (meta.m8 == 1) { meta.m8 = 1; }'.repeat(DEEP)}`,
    ],
    ['a binary operator chain', `meta.m8 = meta.m8${' + meta.m8'.repeat(20 * DEEP)};`],
    ['unary operators', `meta.m8 = ${'~'.repeat(DEEP)}meta.m8;`],
    ['casts', `meta.m8 = ${'(bit<8>)'.repeat(DEEP)}meta.m8;`],
    ['conditional operators', `meta.m8 = ${'meta.m8 == 1 ? 8w1 : '.repeat(DEEP)}8w2;`],
  ] as const) {
    it(`${DEEP} nested ${what}: a located error, not a stack overflow`, () => {
      const text = program({ apply });
      const e = rejects(text);
      assert.match(e.message, TOO_DEEP);
      assert.equal(e.line, locate(text, apply.slice(0, 12)).line);
    });
  }

  it('nested types (tuple<tuple<...>>): a located error', () => {
    const e = rejects(program({ top: `typedef ${'tuple<'.repeat(DEEP)}bit<8>${'>'.repeat(DEEP)} deep_t;` }));
    assert.match(e.message, TOO_DEEP);
  });

  it('nesting well within the limit compiles', () => {
    ok(
      program({
        apply: `meta.m8 = ${'('.repeat(60)}meta.m8${')'.repeat(60)} + meta.m8${' + 1'.repeat(100)};`,
      }),
    );
    ok(program({ apply: `${'if (meta.m8 == 1) { '.repeat(40)} meta.m8 = 2; ${'}'.repeat(40)}` }));
  });

  it('a macro that doubles at each level: a located error once expansion passes the limit', () => {
    let defs = '#define A0 x x x x x x x x x x\n';
    for (let i = 1; i < 12; i++) defs += `#define A${i} ${`A${i - 1} `.repeat(10)}\n`;
    const text = `${defs}const bit<8> c = A11;\n`;
    const e = rejects(text);
    assert.match(e.message, /^macro expansion too large: more than 1000000 tokens$/);
    assert.deepEqual([e.line, e.col], [13, 18]);
  });

  it('function-like macros nested in their own arguments: a located error', () => {
    const text = `#define F(a) a a a a a a a a a a\nconst bit<8> c = ${'F('.repeat(8)}1${')'.repeat(8)};\n`;
    const e = rejects(text);
    assert.match(e.message, /^macro expansion too large/);
    assert.equal(e.line, 2);
  });

  it('a macro that expands to a very long line: the parser reports the nesting, no stack overflow', () => {
    const text = program({ top: `#define L ${'1 + '.repeat(200_000)}1`, apply: 'meta.m8 = L;' });
    assert.match(rejects(text).message, TOO_DEEP);
  });

  it('a very long #if expression and #if nesting of parentheses evaluate without overflow', () => {
    const r = compileText(`#if ${'('.repeat(50_000)}1${')'.repeat(50_000)}\n#endif\n`);
    assert.ok(!r.ok);
    assert.ok(r.diagnostics.every((d) => d.line >= 1));
  });

  it('a shift by hundreds of millions of bits of a fixed-width value folds to 0 at once', () => {
    const p = ok(
      program({ top: 'const bit<8> C = 8w1 << 400000000; const bit<8> D = 8w255 >> 999999999999;' }),
    );
    const consts = p.program.decls.filter((d) => d.kind === 'const' && (d.name === 'C' || d.name === 'D'));
    assert.deepEqual(
      consts.map((c) =>
        c.kind === 'const' && c.value.constValue?.kind === 'int' ? c.value.constValue.value : -1n,
      ),
      [0n, 0n],
    );
  });

  it('an untyped shift past the constant limit: a located error', () => {
    const text = program({ top: 'const int C = 1 << 400000000;' });
    const e = rejects(text);
    assert.match(e.message, /^integer constant too large: a shift by 400000000 bits exceeds 4096 bits$/);
    assert.deepEqual([e.line, e.col], [locate(text, '1 << 4').line, locate(text, '1 << 4').col]);
  });

  it('an untyped product past the constant limit: a located error', () => {
    const text = program({ top: `const int C = ${Array(70).fill('0xffffffffffffffff').join(' * ')};` });
    assert.match(rejects(text).message, /^integer constant too large: more than 4096 bits$/);
  });

  it('absurd widths are located errors, and checking goes on without computing with them', () => {
    for (const w of ['100000000', '(1 << 100)', '4096']) {
      const text = program({ top: `header big_t { bit<${w}> f; }` });
      const e = rejects(text);
      assert.match(e.message, /^invalid width \d+ \(the widest is 2048\)$/);
      assert.equal(e.line, locate(text, `bit<${w}>`).line);
    }
    const varbit = program({ top: 'header big_t { varbit<100000000> f; }' });
    assert.match(rejects(varbit).message, /^invalid width 100000000 \(the widest is 1048576\)$/);
  });

  it("a varbit wider than any bit<W>, as ONOS's INT program for bmv2 declares", () => {
    ok(
      program({
        top: 'header int_data_t { varbit<8032> data; }',
        parserLocals: 'int_data_t int_data;',
        start: 'packet.extract(hdr.ethernet); packet.extract(int_data, 8000); transition accept;',
      }),
    );
  });

  it("'++' wider than the widest type: a located error", () => {
    const text = program({ apply: 'bit<2048> a = 1; bit<2048> b = 1; bit<2048> c = (a ++ b)[2047:0];' });
    assert.match(rejects(text).message, /^'\+\+' makes a value of 4096 bits, wider than the widest type/);
  });

  it('structs nested in structs past the limit: a located error, not a stack overflow', () => {
    let top = 'struct s0 { bit<8> a; }\n';
    for (let i = 1; i <= 3000; i++) top += `struct s${i} { s${i - 1} f; }\n`;
    const text = program({ top, meta: 's3000 deep;' });
    const e = rejects(text);
    assert.match(e.message, TOO_DEEP);
    assert.equal(e.line, locate(text, `struct s${MAX_NESTING} {`).line);
  });

  it('a header stack past MAX_STACK_SIZE: a located error', () => {
    const text = program({ top: 'header e_t { bit<8> a; } struct big_t { e_t[100000000] s; }' });
    const e = rejects(text);
    assert.equal(e.message, `header stack size 100000000 is too large (at most ${MAX_STACK_SIZE})`);
    assert.deepEqual([e.line, e.col], [locate(text, '100000000').line, locate(text, '100000000').col]);
  });

  it('register, counter and meter sizes past the limits: located errors, nothing allocated', () => {
    const one = program({ locals: 'register<bit<8>>(32w4294967295) r;' });
    const e = rejects(one);
    assert.equal(e.message, `size 4294967295 is too large for this target (at most ${MAX_EXTERN_SIZE})`);
    assert.equal(e.line, locate(one, 'register<').line);
    const many = program({
      locals: Array.from(
        { length: 5 },
        (_, i) => `counter(${MAX_EXTERN_SIZE}, CounterType.packets) c${i};`,
      ).join('\n'),
    });
    assert.match(rejects(many).message, /^the program's extern arrays hold more than 16777216 cells in all$/);
  });

  it('controls that each instantiate the previous one twice: a located error before the copies double on', () => {
    let top = 'control C0(inout bit<8> x) { apply { x = x + 1; } }\n';
    for (let i = 1; i <= 30; i++)
      top += `control C${i}(inout bit<8> x) { C${i - 1}() a; C${i - 1}() b; apply { a.apply(x); b.apply(x); } }\n`;
    const text = program({ top, locals: 'C30() c;', apply: 'c.apply(meta.m8);' });
    const e = rejects(text);
    assert.equal(
      e.message,
      `more than ${MAX_BLOCK_COPIES} instances of controls and parsers inside other blocks (each copy of an enclosing block counts)`,
    );
  });

  it('a chain of controls instantiated inside each other past MAX_INSTANCE_DEPTH: a located error', () => {
    let top = 'control C0(inout bit<8> x) { apply { x = x + 1; } }\n';
    for (let i = 1; i <= 100; i++)
      top += `control C${i}(inout bit<8> x) { C${i - 1}() a; apply { a.apply(x); } }\n`;
    const text = program({ top, locals: 'C100() c;', apply: 'c.apply(meta.m8);' });
    const e = rejects(text);
    assert.equal(e.message, `controls and parsers instantiated more than ${MAX_INSTANCE_DEPTH} levels deep`);
    ok(
      program({
        top: top.split('\n').slice(0, 11).join('\n'),
        locals: 'C10() c;',
        apply: 'c.apply(meta.m8);',
      }),
    );
  });

  it('a function or an action that calls itself: a located error, not a stack overflow on the first packet', () => {
    const fn = program({ top: 'bit<8> f(in bit<8> x) { return f(x); }', apply: 'meta.m8 = f(meta.m8);' });
    const e = rejects(fn);
    assert.equal(e.message, "recursion is not allowed: 'f' calls itself");
    assert.deepEqual([e.line, e.col], [locate(fn, 'f(x)').line, locate(fn, 'f(x)').col]);
    const act = program({ locals: 'action a() { a(); }', apply: 'a();' });
    const e2 = rejects(act);
    assert.equal(e2.message, "recursion is not allowed: 'a' calls itself");
    assert.deepEqual([e2.line, e2.col], [locate(act, 'a();').line, locate(act, 'a();').col]);
    ok(program({ locals: 'action b() { meta.m8 = 1; } action a() { b(); b(); }', apply: 'a();' }));
  });
});
