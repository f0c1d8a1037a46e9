// v1model externs lowered to calls of the run-time library: methods of instances (registers, counters,
// meters, action profiles...) and extern functions (hash, random, clone, resubmit, recirculate, digest...).
import type { CallExpr, Expr, InstanceDecl, Param, Type } from '../../frontend/ast.js';
import { intValue } from '../../frontend/types.js';
import * as B from '../bits.js';
import { bigToRep, bitOf, paddingBits, repToBig, widthOf } from '../types.js';
import { unionSiblingsInvalid } from './calls.js';
import { checksumAs, flatten } from './checksum.js';
import { emitValue } from './deparser.js';
import { digestCall } from './digest.js';
import { expr, exprAs, lvalue, store } from './expressions.js';
import { CodegenError, type ExternInfo, type Gen } from './gen.js';
import { extractInto, readField } from './parser.js';
import { factory, propertyKey } from './values.js';

/** Source of a value of type t read from the packet at bit `$o + at`, and the bits it took. */
function lookaheadValue(t: Type, at: number): { src: string; width: number } {
  if (t.kind === 'struct' || t.kind === 'header') {
    const parts: string[] = t.kind === 'header' ? ['$valid: true'] : [];
    let width = 0;
    for (const f of t.decl.fields) {
      const v = lookaheadValue(f.type, at + width);
      parts.push(`${propertyKey(f.name)}: ${v.src}`);
      width += v.width;
    }
    // The shape of the header's factory, padding included (see paddingBits), so the value can stand anywhere
    // a header of that type does.
    if (t.kind === 'header' && paddingBits(t.decl) > 0) parts.push('$pad: 0');
    return { src: `{ ${parts.join(', ')} }`, width };
  }
  return { src: readField('$pkt.buf', `($o + ${at})`, t), width: widthOf(t) };
}

/** The i-th argument of a call to `callee`; the checker has made sure it is there. */
const argument =
  (args: (Expr | undefined)[], callee: string) =>
  (i: number): Expr => {
    const x = args[i];
    if (!x) throw new CodegenError(`${callee}: missing argument ${i}`);
    return x;
  };

export function externMethod(
  gen: Gen,
  ext: string,
  method: string,
  obj: Expr,
  args: (Expr | undefined)[],
  params: Param[],
  c: CallExpr,
): string {
  const a = argument(args, `${ext}.${method}`);
  if (ext === 'packet_in') {
    switch (method) {
      case 'extract': {
        const target = a(0);
        const ht = target.kind === 'dontcare' ? (params[0]?.type ?? target.type) : target.type;
        if (ht.kind !== 'header') throw new CodegenError('extract needs a header');
        const vb = args[1] ? exprAs(gen, args[1], { kind: 'bit', width: 32 }) : undefined;
        // extract<H>(_) skips a header: its bytes go into a scratch header nobody reads.
        if (target.kind === 'dontcare')
          return `(() => { const $h = ${factory(gen, ht)}();\n${extractInto(gen, '$h', ht.decl, vb)} })()`;
        if (target.kind === 'member' && target.memberKind === 'stack_next') {
          const st = expr(gen, target.expr);
          const size = target.expr.type.kind === 'stack' ? target.expr.type.size : 0;
          return `(() => { const $st = ${st}; if ($st.$next >= ${size}) throw $rt.perr(${gen.errorCode('StackOutOfBounds')}); const $h = $st.$a[$st.$next];\n${extractInto(gen, '$h', ht.decl, vb)}\n$st.$next++; })()`;
        }
        if (
          target.kind === 'member' &&
          target.expr.kind === 'member' &&
          target.expr.memberKind === 'stack_next' &&
          target.expr.type.kind === 'header_union'
        ) {
          // A member of the next element of a union stack (`hs.next.a`): the element's other members become
          // invalid, and the stack advances as for a header stack.
          const stack = target.expr.expr;
          const size = stack.type.kind === 'stack' ? stack.type.size : 0;
          const others = target.expr.type.decl.fields
            .filter((f) => f.name !== target.member)
            .map((f) => `$u.${f.name}.$valid = false;`)
            .join(' ');
          return `(() => { const $st = ${expr(gen, stack)}; if ($st.$next >= ${size}) throw $rt.perr(${gen.errorCode('StackOutOfBounds')}); const $u = $st.$a[$st.$next], $h = $u.${target.member};\n${extractInto(gen, '$h', ht.decl, vb)}\n${others} $st.$next++; })()`;
        }
        const sib = unionSiblingsInvalid(gen, target);
        return `(() => { const $h = ${lvalue(gen, target)};\n${extractInto(gen, '$h', ht.decl, vb)}\n${sib.replace(/, $/, ';').replace(/, /g, '; ')} })()`;
      }
      case 'lookahead': {
        const t = c.type;
        if (t.kind === 'header') {
          return `(() => { const $h = ${factory(gen, t)}(); const $save = $pkt.bit;\n${extractInto(gen, '$h', t.decl)}\n$pkt.bit = $save; return $h; })()`;
        }
        if (t.kind === 'struct') {
          // A struct of bit fields (and headers, structs): one value built from the bits, none of them consumed.
          const v = lookaheadValue(t, 0);
          return `(() => { if ($pkt.bit + ${v.width} > $pkt.nbits) throw $rt.perr(${gen.errorCode('PacketTooShort')}); const $o = $pkt.bit; return ${v.src}; })()`;
        }
        const w = widthOf(t);
        return `(($pkt.bit + ${w} > $pkt.nbits) ? $rt_throw($rt.perr(${gen.errorCode('PacketTooShort')})) : ${readField('$pkt.buf', '$pkt.bit', t)})`;
      }
      case 'advance': {
        // bmv2 advances by whole bytes only: another amount is ParserInvalidArgument, checked first.
        const n = exprAs(gen, a(0), { kind: 'bit', width: 32 });
        const invalid = gen.errorCode('ParserInvalidArgument');
        const short = gen.errorCode('PacketTooShort');
        return `((($n) => ($n % 8 !== 0 ? $rt_throw($rt.perr(${invalid})) : $pkt.bit + $n > $pkt.nbits ? $rt_throw($rt.perr(${short})) : ($pkt.bit += $n)))(${n}))`;
      }
      case 'length':
        return `($pkt.nbits >>> 3)`;
    }
  }
  if (ext === 'packet_out' && method === 'emit') {
    const x = a(0);
    return `(() => { ${emitValue(gen, expr(gen, x), x.type)} })()`;
  }
  const inst = instanceOf(obj);
  const info = externInfo(gen, inst);
  const ref = `$ext[${info.index}]`;
  const idx = (i: number): string => exprAs(gen, a(i), { kind: 'bit', width: 32 });
  switch (`${ext}.${method}`) {
    case 'register.read': {
      // Past the end, bmv2 leaves the result as it was (v1model leaves it unspecified).
      const read = store(gen, a(0), `${ref}.cells[${idx(1)}]`).replace(/;$/, '');
      return `(${idx(1)} < ${info.size} ? (${read}) : 0)`;
    }
    case 'register.write': {
      const cell = info.cellType ?? a(1).type;
      return `((${idx(0)}) < ${info.size} ? (${ref}.cells[${idx(0)}] = ${exprAs(gen, a(1), cell)}) : 0)`;
    }
    case 'counter.count':
      // bmv2 counts the bytes the packet arrived with (its ingress length), not packet_length.
      return `${ref}.count(${idx(0)}, $st.inlen)`;
    case 'direct_counter.count':
      return 'undefined';
    case 'meter.execute_meter': {
      // bmv2 meters the bytes the packet arrived with (its ingress length), not packet_length; past the end it
      // leaves the result as it was.
      const run = store(gen, a(1), color(`${ref}.meter.execute(${idx(0)}, $st.inlen)`, a(1).type));
      return `(${idx(0)} < ${info.size} ? (${run.replace(/;$/, '')}) : 0)`;
    }
    case 'direct_meter.read':
      // p4c compiles read() away into the table's meter target, which the table writes on every hit
      // (meterTarget). Only an argument the table cannot reach (local to the action) is stored here, from
      // this packet's hit; after a miss the argument keeps its value (bmv2 writes the colour on hits only).
      if (controlOwned(a(0), inst.parent)) return 'undefined';
      return `(${ref}.direct.color >= 0 ? (${store(gen, a(0), color(`${ref}.direct.color`, a(0).type)).replace(/;$/, '')}) : 0)`;
    case 'Checksum16.get': {
      const data = flatten(gen, a(0));
      return bigToRep(
        `$rt.hash('csum16', $rt.pack([${data.values.join(', ')}], [${data.widths.join(', ')}]))`,
        c.type,
      );
    }
  }
  void params;
  throw new CodegenError(`unsupported extern method ${ext}.${method}`);
}

export function externFunction(
  gen: Gen,
  name: string,
  args: (Expr | undefined)[],
  params: Param[],
  c: CallExpr,
): string {
  const a = argument(args, name);
  const u32: Type = { kind: 'bit', width: 32 };
  switch (name) {
    case 'mark_to_drop': {
      const sm = args[0] ? expr(gen, a(0)) : '$sm';
      return `(${sm}.egress_spec = 511, ${sm}.mcast_grp = 0)`;
    }
    case 'random': {
      const out = a(0);
      const t = out.type;
      const bt = bitOf(t);
      // Unsigned bounds of up to 32 bits (a path index, a loss draw): plain numbers, no bigint per packet.
      if (bt && !bt.signed && bt.width <= 32)
        return store(gen, out, `$rt.randomNum(${exprAs(gen, a(1), t)}, ${exprAs(gen, a(2), t)})`).replace(
          /;$/,
          '',
        );
      const v = `$rt.randomRange(${repToBig(exprAs(gen, a(1), t), t)}, ${repToBig(exprAs(gen, a(2), t), t)})`;
      return store(gen, out, bigToRep(v, t)).replace(/;$/, '');
    }
    case 'hash': {
      const out = a(0);
      const data = flatten(gen, a(3));
      const h = `$rt.hash(${JSON.stringify(algoName(args[1]))}, $rt.pack([${data.values.join(', ')}], [${data.widths.join(', ')}]))`;
      const base = repToBig(exprAs(gen, a(2), params[2]?.type ?? a(2).type), params[2]?.type ?? a(2).type);
      const max = repToBig(exprAs(gen, a(4), params[4]?.type ?? a(4).type), params[4]?.type ?? a(4).type);
      return store(gen, out, bigToRep(`$rt.hashRange(${h}, ${base}, ${max})`, out.type)).replace(/;$/, '');
    }
    case 'verify_checksum':
    case 'verify_checksum_with_payload': {
      const data = flatten(gen, a(1));
      const ck = a(2);
      const payload = name.endsWith('payload');
      const h = checksumAs(data, algoName(args[3]), payload, ck.type);
      return `((${expr(gen, a(0))}) && ${h} !== ${expr(gen, ck)} ? ($sm.checksum_error = 1) : 0)`;
    }
    case 'update_checksum':
    case 'update_checksum_with_payload': {
      const data = flatten(gen, a(1));
      const ck = a(2);
      const h = checksumAs(data, algoName(args[3]), name.endsWith('payload'), ck.type);
      return `((${expr(gen, a(0))}) ? (${store(gen, ck, h).replace(/;$/, '')}) : 0)`;
    }
    case 'clone':
      return `($st.clone = { type: ${expr(gen, a(0))}, session: ${exprAs(gen, a(1), u32)}, fields: null })`;
    case 'clone3':
      return `($st.clone = { type: ${expr(gen, a(0))}, session: ${exprAs(gen, a(1), u32)}, fields: ${preserved(gen, args[2])} })`;
    case 'clone_preserving_field_list':
      return `($st.clone = { type: ${expr(gen, a(0))}, session: ${exprAs(gen, a(1), u32)}, fields: ${fieldListPaths(gen, args[2])} })`;
    case 'resubmit':
      return `($st.resubmit = ${preserved(gen, args[0])})`;
    case 'resubmit_preserving_field_list':
      return `($st.resubmit = ${fieldListPaths(gen, args[0])})`;
    case 'recirculate':
      return `($st.recirculate = ${preserved(gen, args[0])})`;
    case 'recirculate_preserving_field_list':
      return `($st.recirculate = ${fieldListPaths(gen, args[0])})`;
    case 'truncate':
      return `($st.truncate = ${exprAs(gen, a(0), u32)})`;
    case 'assert':
    case 'assume':
      return `((${expr(gen, a(0))}) ? 0 : $rt.assertFail(${JSON.stringify(`${name} at ${c.loc.file}:${c.loc.line}`)}))`;
    case 'verify':
      return `((${expr(gen, a(0))}) ? 0 : $rt_throw($rt.perr(${expr(gen, a(1))})))`;
    case 'log_msg': {
      const msg = expr(gen, a(0));
      if (!args[1]) return `$log(${msg}, [])`;
      const data = flatten(gen, args[1]);
      return `$log(${msg}, [${data.values.join(', ')}])`;
    }
    case 'digest':
      return digestCall(gen, c, a(1));
    case 'static_assert':
      return 'true';
  }
  throw new CodegenError(`unsupported extern function ${name}`);
}

/** A colour (a number 0..2) in the representation of the meter's out argument. */
export function color(code: string, t: Type): string {
  const bt = bitOf(t);
  return bt ? B.cast(code, { width: 2, signed: false }, bt) : code;
}

function instanceOf(e: Expr): InstanceDecl {
  if (e.kind === 'name' && e.ref?.kind === 'instance') return e.ref;
  throw new CodegenError('extern methods must be called on a named instance');
}

function algoName(e: Expr | undefined): string {
  const c = e?.constValue;
  if (c?.kind !== 'enum') throw new CodegenError('hash algorithm must be a constant');
  return c.member;
}

/** Paths (relative to user metadata) of the fields named in a clone3/resubmit/recirculate data argument. */
function preserved(gen: Gen, e: Expr | undefined): string {
  if (!e) return '[]';
  const els = e.kind === 'list' ? e.elements : e.kind === 'struct_init' ? e.fields.map((f) => f.value) : [e];
  const paths: string[] = [];
  const pathOf = (x: Expr): string | undefined => {
    if (x.kind === 'name' && x.ref?.kind === 'param' && gen.metaParams.has(x.ref)) return '';
    if (x.kind === 'member' && x.memberKind === 'field') {
      const base = pathOf(x.expr);
      return base === undefined ? undefined : base === '' ? x.member : `${base}.${x.member}`;
    }
    return undefined;
  };
  for (const el of els) {
    const pth = pathOf(el);
    if (pth === '') {
      // The whole metadata struct.
      paths.push(...gen.p.main.metadataType.fields.map((f) => f.name));
    } else if (pth !== undefined) paths.push(pth);
  }
  return JSON.stringify(paths);
}

function fieldListPaths(gen: Gen, e: Expr | undefined): string {
  const k = Number(intValue(e?.constValue) ?? -1n);
  return JSON.stringify(gen.fieldLists.get(k) ?? []);
}

export function externInfo(gen: Gen, inst: InstanceDecl): ExternInfo {
  // A control's locals exist once per instance of the control (the path); a top-level instance exists once,
  // shared by every block that names it (a register ingress writes and egress reads).
  const key = inst.parent ? gen.key(inst) : gen.globalKey(inst);
  const have = gen.externOf.get(key);
  if (have) return have;
  const t = inst.type;
  if (t.kind !== 'extern') throw new CodegenError(`${inst.name} is not an extern instance`);
  const kind = t.decl.name;
  const arg0 = inst.ctorArgs?.[0]?.constValue;
  const size = arg0?.kind === 'int' ? Number(arg0.value) : 0;
  const info: ExternInfo = {
    index: gen.externs.length,
    decl: inst,
    kind,
    name: gen.instanceName(inst.controlPlaneName ?? inst.name, inst.parent),
    size,
    // A register of a serializable enum holds its underlying type's values, as p4c's bmv2 back end sees it.
    cellType: kind === 'register' ? withoutSerEnum(t.typeArgs[0]) : undefined,
  };
  gen.externs.push(info);
  gen.externOf.set(key, info);
  return info;
}

/** Whether e (a field path, possibly sliced) lives in a parameter or local of control ctl, which the table's
 *  apply function can reach as well as the action can. */
export function controlOwned(e: Expr, ctl: InstanceDecl['parent']): boolean {
  let root = e;
  while (root.kind === 'member' || root.kind === 'slice') root = root.expr;
  const ref = root.kind === 'name' ? root.ref : undefined;
  if (!ref || !ctl || ctl.kind !== 'control') return false;
  return ctl.params.includes(ref as Param) || (ctl.locals as unknown[]).includes(ref);
}

function withoutSerEnum(t: Type | undefined): Type | undefined {
  return t?.kind === 'enum' && t.decl.underlying ? t.decl.underlying : t;
}
