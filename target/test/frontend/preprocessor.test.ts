import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Diagnostics } from '../../frontend/diagnostics.js';
import { lexLine } from '../../frontend/lexer.js';
import { Preprocessor, stripComments } from '../../frontend/preprocessor.js';
import { compileP4 } from '../../compiler/index.js';
import type { ConstDecl } from '../../frontend/index.js';
import { program } from './helpers.js';

function tokens(text: string, defines: Record<string, string> = {}): string[] {
  const d = new Diagnostics();
  const out = new Preprocessor(d, { defines }).run('t.p4', text);
  assert.deepEqual(d.list, []);
  return out.filter((t) => t.kind !== 'eof').map((t) => t.text);
}

describe('lexer', () => {
  it('reads integer literals with widths, signs, radixes and separators', () => {
    const d = new Diagnostics();
    const toks = lexLine('8w5 4s3 0xFF 0b1010_1010 0o17 0d99 16w0x0800 1_000 32s0x7fffffff', 'f', 1, d);
    assert.deepEqual(
      toks.map((t) => [t.value, t.width, t.signed]),
      [
        [5n, 8, false],
        [3n, 4, true],
        [255n, undefined, undefined],
        [170n, undefined, undefined],
        [15n, undefined, undefined],
        [99n, undefined, undefined],
        [0x800n, 16, false],
        [1000n, undefined, undefined],
        [0x7fffffffn, 32, true],
      ],
    );
    assert.deepEqual(d.list, []);
  });

  it('records columns and adjacency (to tell >> from > >)', () => {
    const toks = lexLine('a >> b > > c', 'f', 3, new Diagnostics());
    assert.deepEqual(
      toks.map((t) => [t.text, t.loc.col, t.adjacent]),
      [
        ['a', 1, false],
        ['>', 3, false],
        ['>', 4, true],
        ['b', 6, false],
        ['>', 8, false],
        ['>', 10, false],
        ['c', 12, false],
      ],
    );
  });

  it('longest-matches P4 operators', () => {
    const toks = lexLine('a &&& b |+| c |-| d ++ e .. f', 'f', 1, new Diagnostics());
    assert.deepEqual(
      toks.filter((t) => t.kind === 'punct').map((t) => t.text),
      ['&&&', '|+|', '|-|', '++', '..'],
    );
  });

  it('reports a bad character with its position', () => {
    const d = new Diagnostics();
    lexLine('a $ b', 'f.p4', 7, d);
    assert.deepEqual(d.list[0], {
      file: 'f.p4',
      line: 7,
      col: 3,
      message: "unexpected character '$'",
      severity: 'error',
    });
  });
});

describe('preprocessor', () => {
  it('keeps positions when removing comments', () => {
    const s = stripComments('a /* x\n y */ b // c\n"//not" d');
    assert.equal(s.split('\n').length, 3);
    assert.equal(s.indexOf('b'), 13);
    assert.match(s, /"\/\/not" d/);
  });

  it('expands object-like macros, nested, at the place of use', () => {
    const d = new Diagnostics();
    const out = new Preprocessor(d).run('t.p4', '#define A 1 + B\n#define B 2\nx = A;');
    assert.deepEqual(
      out.filter((t) => t.kind !== 'eof').map((t) => [t.text, t.loc.line, t.loc.col]),
      [
        ['x', 3, 1],
        ['=', 3, 3],
        ['1', 3, 5],
        ['+', 3, 5],
        ['2', 3, 5],
        [';', 3, 6],
      ],
    );
  });

  it('expands function-like macros, with arguments expanded and nested calls', () => {
    const src =
      '#define SQ(x) ((x) * (x))\n#define ADD(a, b) a + b\n#define ONE 1\n#define P (2)\ny = ADD(SQ(ONE), f(3, 4)) + P;\nSQ;';
    assert.deepEqual(tokens(src).join(' '), 'y = ( ( 1 ) * ( 1 ) ) + f ( 3 , 4 ) + ( 2 ) ; SQ ;');
  });

  it('pastes tokens with ## and spells an argument with #, from the arguments as written', () => {
    // p4-learning's count-min sketch: `register<...>(N) sketch##num` and `meta.index_sketch##num`.
    const src = [
      '#define N 28',
      '#define REG(num) register<bit<64>>(N) sketch##num',
      '#define IDX(num) meta.index_sketch##num = num',
      '#define CAT(a, b) a ## b',
      '#define NAME(x) #x',
      '#define TWO 2',
      'REG(0); IDX(TWO); CAT(8, w5); CAT(TW, O); CAT(, y); NAME(a  +b "q");',
    ].join('\n');
    assert.deepEqual(
      tokens(src).join(' '),
      'register < bit < 64 > > ( 28 ) sketch0 ; meta . index_sketchTWO = 2 ; 8w5 ; 2 ; y ; "a +b \\"q\\"" ;',
    );
    const d = new Diagnostics();
    new Preprocessor(d).run('t.p4', '#define CAT(a, b) a ## b\nx = CAT(+, 1);');
    assert.deepEqual(
      d.list.map((x) => [x.line, x.col, x.message]),
      [[2, 9, "pasting '+' and '1' does not give a valid token"]],
    );
  });

  it("takes a macro call's arguments over several lines, up to its ')'", () => {
    const d = new Diagnostics();
    const src = '#define ADD(a, b) a + b\nx = ADD(1,\n  (2,\n  3)) y;\nz';
    const out = new Preprocessor(d).run('t.p4', src);
    assert.deepEqual(d.list, []);
    assert.deepEqual(
      out.filter((t) => t.kind !== 'eof').map((t) => [t.text, t.loc.line]),
      [
        ['x', 2],
        ['=', 2],
        ['1', 2],
        ['+', 2],
        ['(', 3],
        ['2', 3],
        [',', 3],
        ['3', 4],
        [')', 4],
        ['y', 4],
        [';', 4],
        ['z', 5],
      ],
    );
  });

  it('uses function-like macros in #if', () => {
    assert.deepEqual(tokens('#define AT_LEAST(v, n) ((v) >= (n))\n#if AT_LEAST(3, 2)\nyes\n#endif'), ['yes']);
  });

  it('evaluates #if, #elif, #else, #ifdef, #ifndef and defined()', () => {
    const src = [
      '#define V 3',
      '#if V > 2 && defined(V)',
      'a',
      '#elif V == 2',
      'b',
      '#else',
      'c',
      '#endif',
      '#ifdef NOPE',
      'd',
      '#elif (V * 2) == 6',
      'e',
      '#endif',
      '#ifndef NOPE',
      'f',
      '#endif',
      '#undef V',
      '#if defined V',
      'g',
      '#endif',
      '#if 0',
      '#error not reached',
      '#endif',
    ].join('\n');
    assert.deepEqual(tokens(src), ['a', 'e', 'f']);
  });

  it('reads a string literal over several lines, the tokens after it placed on its last line', () => {
    // SONiC PINS's form: @entry_restriction("...") over many lines, with comments inside, which the C
    // preprocessor p4c runs first removes (it reads such a string line by line as code).
    const d = new Diagnostics();
    const out = new Preprocessor(d).run(
      't.p4',
      'a @entry_restriction("\n  // not part of it\n  vrf_id != 0;\n  ") b\nc "x"',
    );
    assert.deepEqual(d.list, []);
    assert.deepEqual(
      out.filter((t) => t.kind !== 'eof').map((t) => [t.text.replace(/ +/g, ' '), t.loc.line, t.loc.col]),
      [
        ['a', 1, 1],
        ['@', 1, 3],
        ['entry_restriction', 1, 4],
        ['(', 1, 21],
        ['"\n \n vrf_id != 0;\n "', 1, 22],
        [')', 4, 4],
        ['b', 4, 6],
        ['c', 5, 1],
        ['"x"', 5, 3],
      ],
    );
    // One left open to the end is still an error, at its opening quote.
    const e = new Diagnostics();
    new Preprocessor(e).run('t.p4', 'a\nb "open\nc d');
    assert.deepEqual(
      e.list.map((x) => [x.line, x.col, x.message]),
      [[2, 3, 'unterminated string literal']],
    );
  });

  it("splices a directive's lines as C does: a backslash and its newline are deleted, even inside a name", () => {
    assert.deepEqual(tokens('#define LONG_\\\nNAME \\\n  7\nx = LONG_NAME;'), ['x', '=', '7', ';']);
  });

  it('takes -D definitions', () => {
    assert.deepEqual(tokens('#ifdef FAST\nx = N;\n#endif', { FAST: '1', N: '42' }), ['x', '=', '42', ';']);
  });

  it('reports #error and unterminated #if', () => {
    const d = new Diagnostics();
    new Preprocessor(d).run('t.p4', 'a\n  #error too bad\n#if 1\n');
    assert.deepEqual(
      d.list.map((x) => [x.line, x.col, x.message]),
      [
        [2, 3, '#error too bad'],
        [3, 1, 'unterminated #if'],
      ],
    );
  });

  describe('#include', () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'mlt-pp-'));
      mkdirSync(join(dir, 'sub'));
      mkdirSync(join(dir, 'inc'));
      writeFileSync(
        join(dir, 'sub', 'defs.p4'),
        '#ifndef DEFS\n#define DEFS\nconst bit<8> FROM_SUB = 7;\n#include "more.p4"\n#endif\n',
      );
      writeFileSync(join(dir, 'sub', 'more.p4'), 'const bit<8> MORE = FROM_SUB + 1;\n');
      writeFileSync(join(dir, 'inc', 'lib.p4'), 'const bit<8> LIB = 9;\n');
      writeFileSync(join(dir, 'inc', 'broken.p4'), 'const bit<8> BROKEN = ;\n');
      writeFileSync(join(dir, 'inc', 'once.p4'), '#pragma once\nconst bit<8> ONCE = 1;\n');
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('resolves "file" relative to the including file and <file> through -I, once with guards', () => {
      const main = join(dir, 'main.p4');
      writeFileSync(
        main,
        program({ top: '#include "sub/defs.p4"\n#include "sub/defs.p4"\n#include <lib.p4>' }),
      );
      const r = compileP4({ path: main }, { includeDirs: [join(dir, 'inc')] });
      assert.ok(r.ok, JSON.stringify(r.diagnostics));
      const consts = r.program.program.decls
        .filter((d): d is ConstDecl => d.kind === 'const')
        .map((d) => [d.name, d.constValue]);
      assert.deepEqual(consts.slice(-3), [
        ['FROM_SUB', { kind: 'int', value: 7n }],
        ['MORE', { kind: 'int', value: 8n }],
        ['LIB', { kind: 'int', value: 9n }],
      ]);
    });

    it('includes a #pragma once file only once', () => {
      const main = join(dir, 'main3.p4');
      writeFileSync(main, program({ top: '#include <once.p4>\n#include "inc/once.p4"' }));
      const r = compileP4({ path: main }, { includeDirs: [join(dir, 'inc')] });
      assert.ok(r.ok, JSON.stringify(r.diagnostics));
    });

    it('reports errors inside an included file at that file', () => {
      const main = join(dir, 'main2.p4');
      writeFileSync(main, program({ top: '#include <broken.p4>' }));
      const r = compileP4({ path: main }, { includeDirs: [join(dir, 'inc')] });
      assert.equal(r.ok, false);
      assert.deepEqual(
        [r.diagnostics[0]!.file, r.diagnostics[0]!.line, r.diagnostics[0]!.col],
        [join(dir, 'inc', 'broken.p4'), 1, 23],
      );
    });

    it('reports a missing include at the file name', () => {
      const r = compileP4({ path: 'x.p4', text: '\n#include  <nothere.p4>\n' });
      assert.equal(r.ok, false);
      assert.deepEqual(
        [r.diagnostics[0]!.line, r.diagnostics[0]!.col, r.diagnostics[0]!.message],
        [2, 11, "cannot find include file 'nothere.p4'"],
      );
    });
  });
});
