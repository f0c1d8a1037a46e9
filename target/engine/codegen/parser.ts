// Parsers: the state machine with its select transitions, and header extraction (fixed and varbit fields,
// with byte-aligned reads where the layout allows).
import type {
  Expr,
  HeaderTypeDecl,
  KeysetValue,
  ParserDecl,
  ParserState,
  StateRef,
  Type,
} from '../../frontend/ast.js';
import * as B from '../bits.js';
import { bitOf, intLiteral, toUnsigned, widthOf, wireFields, wireWidth } from '../types.js';
import { contextLocals, localsInit } from './blocks.js';
import { signature } from './calls.js';
import { expr } from './expressions.js';
import { CodegenError, type Gen } from './gen.js';
import { stmt } from './statements.js';

/** State visits allowed per parser invocation before ParserTimeout. */
const MAX_PARSER_STATES = 100_000;

export function parser(gen: Gen, d: ParserDecl): string {
  const have = gen.known(d);
  if (have) return have;
  const name = gen.nameOf(d, `prs_${d.name}`);
  const { jsParams, prologue, aliases, ctx } = signature(gen, d.params, true, false);
  const init = localsInit(gen, d.locals);
  const index = new Map<ParserState, number>(d.states.map((s, i) => [s, i]));
  const target = (r: StateRef | undefined): string => {
    if (r === undefined) throw new CodegenError('unresolved transition');
    if (r === 'accept') return '-1';
    if (r === 'reject') return '-2';
    const i = index.get(r);
    if (i === undefined) throw new CodegenError(`unknown state ${r.name}`);
    return String(i);
  };
  const start = d.states.find((s) => s.name === 'start');
  if (!start) throw new CodegenError(`parser ${d.name} has no start state`);
  const cases: string[] = [];
  for (const st of d.states) {
    const stmts = st.stmts.map((s) => stmt(gen, s, ctx)).join('\n');
    let trans: string;
    const tr = st.transition;
    if (tr.kind === 'direct') trans = `$s = ${target(tr.next)};`;
    else
      trans = select(
        gen,
        tr.exprs,
        tr.cases.map((c) => ({ keyset: c.keyset ?? [], next: target(c.next) })),
      );
    cases.push(`case ${index.get(st)}: {\n${stmts}\n${trans}\nbreak; }`);
  }
  // A parser that loops without consuming input would hang the switch; after this many state visits the
  // packet fails with ParserTimeout instead (bmv2 has no such limit; real hardware does).
  const timeout = gen.p.errors.includes('ParserTimeout') ? gen.errorCode('ParserTimeout') : 0;
  const guard = `if (++$n > ${MAX_PARSER_STATES}) throw $rt.perr(${timeout});`;
  gen.top.push(
    `function ${name}(${jsParams.join(', ')}) {\n${prologue.join('\n')}\n${init.join('\n')}\n${contextLocals(cases.join('\n'), `${aliases}\nlet $s = ${index.get(start)}, $n = 0;\nfor (;;) { ${guard} switch ($s) {\n${cases.join('\n')}\ncase -1: ${ctx.ret()}\ndefault: throw $rt.REJECT;\n} }`)}\n}`,
  );
  return name;
}

function select(gen: Gen, exprs: Expr[], cases: { keyset: KeysetValue[]; next: string }[]): string {
  const keys: { code: string; type: Type }[] = [];
  const pre: string[] = [];
  exprs.forEach((e, i) => {
    const v = `$k${i}`;
    pre.push(`const ${v} = ${toUnsigned(expr(gen, e), e.type)};`);
    keys.push({ code: v, type: e.type });
  });
  const arms: string[] = [];
  for (const c of cases) {
    const conds: string[] = [];
    const whole = c.keyset.length === 1 && c.keyset[0]!.kind === 'value_set' && keys.length > 1;
    c.keyset.forEach((k, i) => {
      const key = keys[i];
      if (!key) return;
      const w = Math.max(widthOf(key.type), 1);
      const ut: Type = { kind: 'bit', width: w };
      const lit = (v: bigint): string => intLiteral(BigInt.asUintN(w, v), ut);
      switch (k.kind) {
        case 'value':
          conds.push(`${key.code} === ${lit(k.value)}`);
          break;
        case 'mask': {
          const m = BigInt.asUintN(w, k.mask);
          conds.push(`${B.band(key.code, lit(m), { width: w, signed: false })} === ${lit(k.value & m)}`);
          break;
        }
        case 'range':
          conds.push(`(${key.code} >= ${lit(k.low)} && ${key.code} <= ${lit(k.high)})`);
          break;
        case 'default':
          break;
        case 'value_set': {
          // A value set over all of the select's fields (a struct of them) or over the one in its place.
          const over = whole ? keys.map((x) => x.code) : [key.code];
          conds.push(`$vsets[${gen.valueSetIndex(k.decl)}].has([${over.join(', ')}])`);
          break;
        }
      }
    });
    arms.push(`if (${conds.length ? conds.join(' && ') : 'true'}) $s = ${c.next};`);
  }
  arms.push(`throw $rt.perr(${gen.errorCode('NoMatch')});`);
  return `{ ${pre.join(' ')}\n${arms.join('\nelse ')} }`;
}

/** Statements filling header `h` (source of an object) of type decl from the packet at the cursor. */
export function extractInto(gen: Gen, h: string, decl: HeaderTypeDecl, varbitBits?: string): string {
  const out: string[] = [];
  const fixed = wireWidth(decl);
  const total = varbitBits ? `(${fixed} + ${varbitBits})` : `${fixed}`;
  if (varbitBits) {
    // bmv2's extract_VL, in its order: the length (read as a signed int) must be a multiple of 8, then the
    // packet must hold the header, then the header must fit its maximum length.
    const vf = decl.varbitField;
    const max = vf?.type.kind === 'varbit' ? vf.type.maxWidth : 0;
    out.push(`if ((${varbitBits} | 0) % 8 !== 0) throw $rt.perr(${gen.errorCode('ParserInvalidArgument')});`);
    out.push(
      `if ((${varbitBits} | 0) < 0 || $pkt.bit + ${total} > $pkt.nbits) throw $rt.perr(${gen.errorCode('PacketTooShort')});`,
    );
    out.push(`if (${varbitBits} > ${max}) throw $rt.perr(${gen.errorCode('HeaderTooShort')});`);
  } else
    out.push(`if ($pkt.bit + ${total} > $pkt.nbits) throw $rt.perr(${gen.errorCode('PacketTooShort')});`);
  if (!varbitBits) {
    // Headers almost always start on a byte boundary: then every field sits at a constant byte offset.
    const reads: string[] = [];
    let o = 0;
    for (const f of wireFields(decl)) {
      reads.push(`${h}.${f.name} = ${alignedRead(o, f.type)};`);
      o += widthOf(f.type);
    }
    out.push(`if (($pkt.bit & 7) === 0) { const $b = $pkt.buf, $i = $pkt.bit >> 3;`);
    out.push(reads.join('\n'), `$pkt.bit += ${fixed}; } else`);
  }
  out.push(`{ const $b = $pkt.buf; let $o = $pkt.bit;`);
  for (const f of wireFields(decl)) {
    if (f.type.kind === 'varbit') {
      const vb = varbitBits ?? '0';
      out.push(`${h}.${f.name} = $rt.readBig($b, $o, ${vb}); ${h}.$w_${f.name} = ${vb}; $o += ${vb};`);
      continue;
    }
    out.push(`${h}.${f.name} = ${readField('$b', '$o', f.type)}; $o += ${widthOf(f.type)};`);
  }
  out.push(`$pkt.bit = $o; }`);
  out.push(`${h}.$valid = true;`);
  return out.join('\n');
}

/** Source reading a field at bit offset o of a byte-aligned header starting at byte $i of $b. */
function alignedRead(o: number, t: Type): string {
  const w = widthOf(t);
  const k = o >> 3;
  const rem = o & 7;
  const byte = (j: number): string => `$b[$i + ${k + j}]`;
  const generic = readField('$b', `($i * 8 + ${o})`, t);
  if (t.kind === 'bool') return `((${byte(0)} & ${0x80 >> rem}) !== 0)`;
  const bt = bitOf(t);
  if (!bt) return generic;
  // bit<0> and int<0> hold nothing, and read no byte.
  if (w === 0) return '0';
  if (B.isSmall(w)) {
    const n = (rem + w + 7) >> 3;
    if (n > 4) return generic;
    const parts = Array.from({ length: n }, (_, j) =>
      n - 1 - j ? `(${byte(j)} << ${8 * (n - 1 - j)})` : byte(j),
    );
    const shift = 8 * n - rem - w;
    const whole = `(${parts.join(' | ')})`;
    const raw =
      w === 32
        ? `(${whole} >>> 0)`
        : shift === 0 && rem === 0 && n < 4
          ? whole
          : `((${whole} >>> ${shift}) & ${2 ** w - 1})`;
    return bt.signed ? B.cast(raw, { width: w, signed: false }, bt) : raw;
  }
  if (B.isNum(bt) && rem === 0 && w % 8 === 0) {
    const hiBytes = (w - 32) / 8;
    const hi = Array.from({ length: hiBytes }, (_, j) => `${byte(j)} * ${2 ** (8 * (hiBytes - 1 - j) + 32)}`);
    const lo = `((${byte(hiBytes)} << 24) | (${byte(hiBytes + 1)} << 16) | (${byte(hiBytes + 2)} << 8) | ${byte(hiBytes + 3)}) >>> 0`;
    return `(${hi.join(' + ')} + (${lo}))`;
  }
  return generic;
}

export function readField(buf: string, off: string, t: Type): string {
  if (t.kind === 'bool') return `($rt.readSmall(${buf}, ${off}, 1) !== 0)`;
  const bt = bitOf(t);
  if (!bt) throw new CodegenError(`cannot extract a ${t.kind} field`);
  if (B.isSmall(bt.width)) {
    const raw = `$rt.readSmall(${buf}, ${off}, ${bt.width})`;
    return bt.signed ? B.cast(raw, { width: bt.width, signed: false }, bt) : raw;
  }
  if (B.isNum(bt)) return `$rt.readMedium(${buf}, ${off}, ${bt.width})`;
  const raw = `$rt.readBig(${buf}, ${off}, ${bt.width})`;
  return bt.signed ? `BigInt.asIntN(${bt.width}, ${raw})` : raw;
}
