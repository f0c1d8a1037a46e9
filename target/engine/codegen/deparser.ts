// The deparser: emit of headers, unions, stacks and structs into the output packet, with byte-aligned
// writes where the layout allows, and the number of bits a deparser emits.
import type { ControlDecl, Expr, ParserDecl, Stmt, Type } from '../../frontend/ast.js';
import * as B from '../bits.js';
import { bitOf, widthOf, wireFields, wireWidth } from '../types.js';
import { blockArg } from './blocks.js';
import { CodegenError, type Gen } from './gen.js';

/** The body of a function returning how many bits the deparser will emit for the current packet, or
 *  `return -1;` when the deparser is not a plain list of emits of fixed-size headers (then the engine cannot
 *  know in advance where the headers go, and deparses into its own buffer). Knowing it lets the engine
 *  deparse an owned frame straight into place, without a copy of the headers. */
export function deparsedBits(gen: Gen, d: ParserDecl | ControlDecl): string {
  const unknown = 'return -1;';
  if (d.kind !== 'control' || d.locals.length > 0) return unknown;
  const hdr = d.params.find((prm) => blockArg(gen, prm) === '$hdr');
  const stmts: string[] = [];
  let ok = true;
  // `$hdr.a.b`, `$hdr.stack.$a[k]`: the paths emit may name; anything else (a computed index, a struct
  // built on the fly) and the size is not computed.
  const path = (e: Expr): string | undefined => {
    if (e.kind === 'name') return hdr && e.ref === hdr ? '$hdr' : undefined;
    if (e.kind === 'member' && e.memberKind === 'field') {
      const base = path(e.expr);
      return base && `${base}.${e.member}`;
    }
    if (e.kind === 'index' && e.index.kind === 'int' && e.expr.type.kind === 'stack') {
      const k = Number(e.index.value);
      const base = k >= 0 && k < e.expr.type.size ? path(e.expr) : undefined;
      return base && `${base}.$a[${k}]`;
    }
    return undefined;
  };
  const size = (code: string, t: Type): void => {
    switch (t.kind) {
      case 'header':
        if (t.decl.varbitField || t.decl.bitWidth === undefined) ok = false;
        else stmts.push(`if (${code}.$valid) $n += ${wireWidth(t.decl)};`);
        return;
      case 'struct':
      case 'header_union':
        for (const f of t.decl.fields) size(`${code}.${f.name}`, f.type);
        return;
      case 'stack': {
        const i = gen.fresh('i');
        const before = stmts.length;
        size(`${code}.$a[${i}]`, t.element);
        const body = stmts.splice(before).join(' ');
        stmts.push(`for (let ${i} = 0; ${i} < ${t.size}; ${i}++) { ${body} }`);
        return;
      }
      default:
        ok = false;
    }
  };
  const visit = (st: Stmt): void => {
    if (st.kind === 'block') st.stmts.forEach(visit);
    else if (st.kind === 'empty') return;
    else if (
      st.kind === 'call' &&
      st.call.target?.kind === 'extern_method' &&
      st.call.target.extern.name === 'packet_out' &&
      st.call.target.method === 'emit' &&
      st.call.args?.length === 1 &&
      st.call.args[0]
    ) {
      const x = st.call.args[0];
      const code = path(x);
      if (code === undefined) ok = false;
      else size(code, x.type);
    } else ok = false;
  };
  visit(d.apply);
  return ok ? `let $n = 0; ${stmts.join(' ')} return $n;` : unknown;
}

/** Statements emitting the value `code` of type t (headers when valid; structs, stacks, unions recursively). */
export function emitValue(gen: Gen, code: string, t: Type): string {
  switch (t.kind) {
    case 'header': {
      // The header in a local: a stack entry's path (`hdr.st.$a[i]`) is then loaded once, not per field.
      const h = gen.fresh('$h');
      const res = emitHeader(h, t);
      return `{ const ${h} = ${code}; ${res} }`;
    }
    case 'struct':
    case 'header_union':
      return t.decl.fields.map((f) => emitValue(gen, `${code}.${f.name}`, f.type)).join('\n');
    case 'stack': {
      const i = gen.fresh('i');
      return `for (let ${i} = 0; ${i} < ${t.size}; ${i}++) { ${emitValue(gen, `${code}.$a[${i}]`, t.element)} }`;
    }
    default:
      throw new CodegenError(`cannot emit a ${t.kind}`);
  }
}

/** emitValue of a header held in the local `code`. */
function emitHeader(code: string, t: Extract<Type, { kind: 'header' }>): string {
  const parts: string[] = [`if (${code}.$valid) {`];
  const fields = wireFields(t.decl);
  const fixed = wireWidth(t.decl);
  if (!t.decl.varbitField && fixed > 0) {
    // Byte-aligned output: constant byte offsets; zero first only if some field shares a byte.
    let off = 0;
    const shared = fields.some((f) => {
      const w = widthOf(f.type);
      const unaligned = w % 8 !== 0 || off % 8 !== 0;
      off += w;
      return unaligned;
    });
    let o = 0;
    const writes: string[] = [];
    // Small fields that share bytes are combined per byte at compile time and stored whole (no zeroing,
    // no read-modify-write); the other fields store their own bytes or bits afterwards.
    const temps: string[] = [];
    const byBytes = new Map<number, string[]>();
    for (const f of fields) {
      const v = f.type.kind === 'bool' ? `(${code}.${f.name} ? 1 : 0)` : `${code}.${f.name}`;
      const packed = shared ? sharedBytes(o, f.type, v, temps.length) : undefined;
      if (packed) {
        temps.push(packed.temp);
        packed.bytes.forEach(([b, e]) => byBytes.set(b, [...(byBytes.get(b) ?? []), e]));
      } else writes.push(alignedWrite(o, f.type, v));
      o += widthOf(f.type);
    }
    const combined = [...byBytes].map(([b, es]) => `$o[$i + ${b}] = ${es.join(' | ')};`);
    parts.push(
      `$out.ensure(${fixed}); if (($out.bit & 7) === 0) { const $o = $out.buf, $i = $out.bit >> 3; ${temps.join(' ')} ${combined.join(' ')} ${writes.join(' ')} $out.bit += ${fixed}; } else {`,
    );
  } else parts.push('{');
  for (const f of fields) {
    if (f.type.kind === 'varbit') {
      parts.push(`$out.big(${code}.$w_${f.name}, ${code}.${f.name});`);
      continue;
    }
    const w = widthOf(f.type);
    const v = f.type.kind === 'bool' ? `(${code}.${f.name} ? 1 : 0)` : `${code}.${f.name}`;
    const bt = bitOf(f.type);
    const kind = B.isSmall(w) ? 'small' : bt && B.isNum(bt) ? 'medium' : 'big';
    parts.push(`$out.${kind}(${w}, ${v});`);
  }
  parts.push('} }');
  return parts.join(' ');
}

/** Statements writing value v of type t at bit offset o of a byte-aligned header starting at byte $i of $o
 *  (the header's bytes were zeroed first when it has fields that share bytes). */
function alignedWrite(o: number, t: Type, v: string): string {
  const w = widthOf(t);
  const k = o >> 3;
  const rem = o & 7;
  const at = (j: number): string => `$o[$i + ${k + j}]`;
  const bt = bitOf(t);
  const generic = (): string => {
    if (t.kind === 'bool' || (bt && B.isSmall(w))) return `$rt.writeSmall($o, $i * 8 + ${o}, ${w}, ${v});`;
    if (bt && B.isNum(bt)) return `$rt.writeMedium($o, $i * 8 + ${o}, ${w}, ${v});`;
    return `$rt.writeBig($o, $i * 8 + ${o}, ${w}, ${v});`;
  };
  if (t.kind === 'bool' || (bt && B.isSmall(w))) {
    if (rem === 0 && w % 8 === 0) {
      return Array.from({ length: w / 8 }, (_, j) => `${at(j)} = ${v} >>> ${w - 8 * (j + 1)};`).join(' ');
    }
    const n = (rem + w + 7) >> 3;
    if (n > 4) return generic();
    const sh = `($v * ${2 ** (8 * n - rem - w)})`;
    const ws = Array.from({ length: n }, (_, j) => `${at(j)} |= ($s >>> ${8 * (n - 1 - j)}) & 255;`);
    // A negative int<W> must lose its sign bits above W before it is shifted into place.
    const val = bt?.signed ? (w === 32 ? `(${v} >>> 0)` : `(${v} & ${2 ** w - 1})`) : v;
    return `{ const $v = ${val}; const $s = ${sh}; ${ws.join(' ')} }`;
  }
  if (bt && B.isNum(bt) && rem === 0 && w % 8 === 0) {
    const hiBytes = (w - 32) / 8;
    const ws: string[] = [`const $v = ${v}; const $h = Math.floor($v / 4294967296);`];
    for (let j = 0; j < hiBytes; j++) ws.push(`${at(j)} = $h >>> ${8 * (hiBytes - 1 - j)};`);
    for (let j = 0; j < 4; j++) ws.push(`${at(hiBytes + j)} = $v >>> ${24 - 8 * j};`);
    return `{ ${ws.join(' ')} }`;
  }
  return generic();
}

/** For a small field that does not fill whole bytes: a temporary holding it shifted into place, and its
 *  contribution to each byte it touches (to be OR-ed with the other fields' contributions). */
function sharedBytes(
  o: number,
  t: Type,
  v: string,
  n: number,
): { temp: string; bytes: [number, string][] } | undefined {
  const w = widthOf(t);
  const bt = bitOf(t);
  if (!(t.kind === 'bool' || (bt && B.isSmall(w)))) return undefined;
  const rem = o & 7;
  if (rem === 0 && w % 8 === 0) return undefined;
  const nb = (rem + w + 7) >> 3;
  if (nb > 4) return undefined;
  // A negative int<W> must lose its sign bits above W before it is shifted into place.
  const val = bt?.signed ? (w === 32 ? `(${v} >>> 0)` : `(${v} & ${2 ** w - 1})`) : v;
  const name = `$s${n}`;
  return {
    temp: `const ${name} = ${val} * ${2 ** (8 * nb - rem - w)};`,
    bytes: Array.from({ length: nb }, (_, j) => [(o >> 3) + j, `((${name} >>> ${8 * (nb - 1 - j)}) & 255)`]),
  };
}
