// Compiles a checked v1model program into JavaScript source, evaluated once with `new Function`.
// Every parser, control, action, function and table becomes a JS function; expressions become JS expressions
// specialised for their types (bits.ts), so a packet runs straight-line code with no tree walking.
//
// Storage: the parameters and locals of parsers and controls are module-level variables of the generated code
// (P4 has no recursion, so one copy each suffices); actions and functions use real JS parameters. Scalar
// out/inout arguments are returned by the callee and written back by the caller; header/struct arguments are
// passed by reference.
import type {
  ActionDecl,
  BlockStmt,
  CallExpr,
  CheckedProgram,
  ControlDecl,
  Expr,
  FunctionDecl,
  HeaderTypeDecl,
  HeaderUnionDecl,
  InstanceDecl,
  KeysetValue,
  Param,
  ParserDecl,
  ParserState,
  StateRef,
  Stmt,
  StructTypeDecl,
  TableDecl,
  Type,
  VariableDecl,
} from '../frontend/ast.js';
import * as B from './bits.js';
import { isDirect, type MatchKind } from './table.js';
import {
  bigToRep,
  bitOf,
  constLiteral,
  intLiteral,
  isAggregate,
  repToBig,
  toUnsigned,
  widthOf,
} from './types.js';

export class CodegenError extends Error {}

export interface TableInfo {
  index: number;
  decl: TableDecl;
  name: string;
  keys: { name: string; kind: MatchKind; width: number }[];
  /** Actions the table may run, in action_run index order. */
  actions: ActionDecl[];
  directCounter?: InstanceDecl;
  /** The extern index of the table's direct meter (`meters = ...`), executed on every hit. */
  directMeter?: number;
}

export interface ExternInfo {
  index: number;
  decl: InstanceDecl;
  kind: string;
  name: string;
  size: number;
  /** Register cell type. */
  cellType?: Type;
}

export interface Generated {
  source: string;
  tables: TableInfo[];
  externs: ExternInfo[];
  actionFns: Map<ActionDecl, string>;
  /** Meta field paths (dotted, relative to the user metadata) per @field_list index. */
  fieldLists: Map<number, string[]>;
}

interface FnCtx {
  /** Source of the statement that leaves the current function normally (copy-out included). */
  ret: (value?: string) => string;
}

const ident = (s: string): string => s.replace(/[^A-Za-z0-9_$]/g, '_');

/** State visits allowed per parser invocation before ParserTimeout. */
const MAX_PARSER_STATES = 100_000;

export function generate(p: CheckedProgram): Generated {
  return new Gen(p).run();
}

class Gen {
  private readonly top: string[] = [];
  /** JS names per declaration and instance path (a control instantiated twice gets two sets of state). */
  private readonly names = new Map<object, Map<string, string>>();
  /** Control-plane prefix of the control instance being generated ('' at top level). */
  private path = '';
  /** For each control/parser declaration, the prefix the front-end used in its control-plane names. */
  private readonly declPrefix = new Map<object, string>();
  private readonly factories = new Map<object, string>();
  private readonly resetters = new Map<object, string>();
  private readonly emitted = new Set<object>();
  private readonly tables: TableInfo[] = [];
  private readonly tableOf = new Map<string, TableInfo>();
  private readonly externs: ExternInfo[] = [];
  private readonly externOf = new Map<string, ExternInfo>();
  private readonly objIds = new Map<object, number>();
  private readonly actionFns = new Map<ActionDecl, string>();
  private readonly fieldLists = new Map<number, string[]>();
  private counter = 0;
  private readonly errorCodes: Map<string, number>;
  private metaParams = new Set<Param>();

  constructor(private readonly p: CheckedProgram) {
    this.errorCodes = new Map(p.errors.map((e, i) => [e, i]));
  }

  private fresh(base: string): string {
    return `${ident(base)}$${this.counter++}`;
  }

  private nameOf(o: object, base: string): string {
    let m = this.names.get(o);
    if (!m) {
      m = new Map();
      this.names.set(o, m);
    }
    let n = m.get(this.path);
    if (!n) {
      n = this.fresh(base);
      m.set(this.path, n);
    }
    return n;
  }

  private known(o: object): string | undefined {
    return this.names.get(o)?.get(this.path);
  }

  /** The control-plane name of an object declared in a control, for the instance being generated. */
  private instanceName(cpName: string, parent: object | undefined): string {
    if (!parent) return cpName;
    const prefix = this.declPrefix.get(parent);
    if (prefix === undefined || prefix === this.path) return cpName;
    return cpName.startsWith(`${prefix}.`) ? `${this.path}${cpName.slice(prefix.length)}` : cpName;
  }

  private withPath<T>(path: string, f: () => T): T {
    const saved = this.path;
    this.path = path;
    try {
      return f();
    } finally {
      this.path = saved;
    }
  }

  errorCode(name: string): number {
    const c = this.errorCodes.get(name);
    if (c === undefined) throw new CodegenError(`error.${name} is not declared`);
    return c;
  }

  run(): Generated {
    const m = this.p.main;
    const bn = m.blockNames;
    const roles: [ParserDecl | ControlDecl, string][] = [
      [m.parser, bn.parser],
      [m.verifyChecksum, bn.verifyChecksum],
      [m.ingress, bn.ingress],
      [m.egress, bn.egress],
      [m.computeChecksum, bn.computeChecksum],
      [m.deparser, bn.deparser],
    ];
    const mainPath = new Map<object, string>();
    for (const [d, name] of roles) {
      this.declPrefix.set(d, name);
      mainPath.set(d, name);
    }
    for (const d of this.p.program.decls)
      if ((d.kind === 'control' || d.kind === 'parser') && !this.declPrefix.has(d))
        this.declPrefix.set(d, d.name);
    // Objects of the main blocks exist even when no code refers to them (the control plane may).
    for (const inst of this.p.externInstances) {
      const path = inst.parent ? mainPath.get(inst.parent) : '';
      if (path !== undefined) this.withPath(path, () => this.externInfo(inst));
    }
    for (const t of this.p.tables) {
      const path = t.parent ? mainPath.get(t.parent) : '';
      if (path !== undefined) this.withPath(path, () => this.tableInfo(t));
    }
    this.collectFieldLists(m.metadataType, '');
    const blocks: [string, ParserDecl | ControlDecl][] = [
      ['parser', m.parser],
      ['verify', m.verifyChecksum],
      ['ingress', m.ingress],
      ['egress', m.egress],
      ['compute', m.computeChecksum],
      ['deparser', m.deparser],
    ];
    for (const [, d] of blocks) {
      for (const prm of d.params)
        if (prm.type.kind === 'struct' && prm.type.decl === m.metadataType) this.metaParams.add(prm);
    }
    const entry: string[] = [];
    for (const [role, d] of blocks) {
      const fn = this.withPath(this.declPrefix.get(d) ?? '', () =>
        d.kind === 'parser' ? this.parser(d) : this.control(d),
      );
      const args = d.params.map((prm) => this.blockArg(prm));
      entry.push(`${role}() { ${fn}(${args.join(', ')}); }`);
    }
    const hdrF = this.factory({ kind: 'struct', decl: m.headersType });
    const metaF = this.factory({ kind: 'struct', decl: m.metadataType });
    const smF = this.factory({ kind: 'struct', decl: m.standardMetadataType });
    const hdrR = this.resetter({ kind: 'struct', decl: m.headersType });
    const metaR = this.resetter({ kind: 'struct', decl: m.metadataType });
    const smR = this.resetter({ kind: 'struct', decl: m.standardMetadataType });
    const dbits = this.deparsedBits(m.deparser);
    const source = [
      `'use strict';`,
      `let $hdr, $meta, $sm, $pkt, $out, $st, $t, $pk;`,
      // The switch the blocks run for: its runtime (random stream), tables, externs and log (see use()).
      `let $rt, $tables, $ext, $log;`,
      ...this.top,
      `return {`,
      `  use(rt, tables, ext, log) { $rt = rt; $tables = tables; $ext = ext; $log = log; },`,
      `  set(s) { $hdr = s.hdr; $meta = s.meta; $sm = s.sm; $pkt = s.pkt; $out = s.out; $st = s.st; },`,
      `  newHeaders: ${hdrF}, newMeta: ${metaF}, newStandardMetadata: ${smF},`,
      `  resetHeaders: ${hdrR}, resetMeta: ${metaR}, resetStandardMetadata: ${smR},`,
      `  deparsedBits() { ${dbits} },`,
      ...entry.map((e) => `  ${e},`),
      `};`,
    ].join('\n');
    return {
      source,
      tables: this.tables,
      externs: this.externs,
      actionFns: this.actionFns,
      fieldLists: this.fieldLists,
    };
  }

  /** The body of a function returning how many bits the deparser will emit for the current packet, or
   *  `return -1;` when the deparser is not a plain list of emits of fixed-size headers (then the engine cannot
   *  know in advance where the headers go, and deparses into its own buffer). Knowing it lets the engine
   *  deparse an owned frame straight into place, without a copy of the headers. */
  private deparsedBits(d: ParserDecl | ControlDecl): string {
    const unknown = 'return -1;';
    if (d.kind !== 'control' || d.locals.length > 0) return unknown;
    const hdr = d.params.find((prm) => this.blockArg(prm) === '$hdr');
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
          else stmts.push(`if (${code}.$valid) $n += ${t.decl.bitWidth};`);
          return;
        case 'struct':
        case 'header_union':
          for (const f of t.decl.fields) size(`${code}.${f.name}`, f.type);
          return;
        case 'stack': {
          const i = this.fresh('i');
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

  private blockArg(prm: Param): string {
    const t = prm.type;
    if (t.kind === 'extern') return 'null';
    const m = this.p.main;
    if (t.kind === 'struct' && t.decl === m.headersType) return '$hdr';
    if (t.kind === 'struct' && t.decl === m.metadataType) return '$meta';
    if (t.kind === 'struct' && t.decl === m.standardMetadataType) return '$sm';
    throw new CodegenError(`unexpected top-level block parameter ${prm.name}`);
  }

  private collectFieldLists(s: StructTypeDecl, prefix: string): void {
    for (const f of s.fields) {
      const path = prefix + f.name;
      for (const a of f.annotations) {
        if (a.name !== 'field_list') continue;
        const nums = a.args.length
          ? a.args.map((arg) =>
              arg.constValue?.kind === 'int' ? arg.constValue.value : arg.kind === 'int' ? arg.value : -1n,
            )
          : a.body.split(',').map((x) => (/^\s*\d+\s*$/.test(x) ? BigInt(x.trim()) : -1n));
        for (const v of nums) {
          if (v < 0n) continue;
          const k = Number(v);
          const list = this.fieldLists.get(k) ?? [];
          list.push(path);
          this.fieldLists.set(k, list);
        }
      }
      if (f.type.kind === 'struct') this.collectFieldLists(f.type.decl, path + '.');
    }
  }

  // ------------------------------------------------------------------ values and factories

  /** Source of a fresh default value of type t (0, false, invalid headers). */
  defaultValue(t: Type): string {
    switch (t.kind) {
      case 'bool':
        return 'false';
      case 'header':
      case 'struct':
      case 'header_union':
      case 'stack':
        return `${this.factory(t)}()`;
      case 'varbit':
        return '0n';
      case 'tuple':
        return `[${t.elements.map((e) => this.defaultValue(e)).join(', ')}]`;
      default: {
        const bt = bitOf(t);
        return bt && !B.isNum(bt) ? '0n' : '0';
      }
    }
  }

  /** Name of a generated function returning a fresh value of an aggregate type. */
  factory(t: Type): string {
    const key: object | undefined =
      t.kind === 'header' || t.kind === 'struct' || t.kind === 'header_union' ? t.decl : undefined;
    if (t.kind === 'stack') {
      const name = this.fresh('mkStack');
      const el = this.defaultValue(t.element);
      this.top.push(
        `function ${name}() { return { $next: 0, $a: [${Array(t.size).fill(el).join(', ')}] }; }`,
      );
      return name;
    }
    if (!key) throw new CodegenError(`no factory for ${t.kind}`);
    const have = this.factories.get(key);
    if (have) return have;
    const decl = key as HeaderTypeDecl | StructTypeDecl | HeaderUnionDecl;
    const name = this.fresh(`mk_${decl.name}`);
    this.factories.set(key, name);
    const parts: string[] = [];
    if (t.kind === 'header') parts.push('$valid: false');
    for (const f of decl.fields) {
      parts.push(`${f.name}: ${this.defaultValue(f.type)}`);
      if (f.type.kind === 'varbit') parts.push(`$w_${f.name}: 0`);
    }
    this.top.push(`function ${name}() { return { ${parts.join(', ')} }; }`);
    return name;
  }

  /** Name of a generated function that puts a header/struct/union value back to what its factory returns,
   *  in place, and returns it: recycled packet state and stack entries keep their objects (no allocation). */
  resetter(t: Type): string {
    const key: object | undefined =
      t.kind === 'header' || t.kind === 'struct' || t.kind === 'header_union' ? t.decl : undefined;
    if (!key) throw new CodegenError(`no resetter for ${t.kind}`);
    const have = this.resetters.get(key);
    if (have) return have;
    const decl = key as HeaderTypeDecl | StructTypeDecl | HeaderUnionDecl;
    const name = this.fresh(`rs_${decl.name}`);
    this.resetters.set(key, name);
    const body: string[] = [];
    if (t.kind === 'header') body.push('o.$valid = false;');
    for (const f of decl.fields) {
      body.push(this.resetField(`o.${f.name}`, f.type));
      if (f.type.kind === 'varbit') body.push(`o.$w_${f.name} = 0;`);
    }
    this.top.push(`function ${name}(o) { ${body.join(' ')} return o; }`);
    return name;
  }

  private resetField(ref: string, t: Type): string {
    switch (t.kind) {
      case 'header':
      case 'struct':
      case 'header_union':
        return `${this.resetter(t)}(${ref});`;
      case 'stack':
        return `{ const $s = ${ref}; $s.$next = 0; for (let $i = 0; $i < ${t.size}; $i++) ${this.resetter(t.element)}($s.$a[$i]); }`;
      default:
        return `${ref} = ${this.defaultValue(t)};`;
    }
  }

  // ------------------------------------------------------------------ expressions

  /** e as a value of type `want` (constants are rendered in that type; other values must already have it). */
  exprAs(e: Expr, want: Type): string {
    if (e.constValue && (e.constValue.kind === 'int' || e.constValue.kind === 'bool')) {
      if (e.constValue.kind === 'int') return intLiteral(e.constValue.value, want);
      return constLiteral(e.constValue, want);
    }
    const code = this.expr(e);
    // Implicit conversions the checker may leave: bool <-> bit<1> never happen implicitly, but serializable
    // enums and their underlying type may meet in comparisons.
    return code;
  }

  expr(e: Expr): string {
    if (e.constValue && e.type.kind !== 'struct' && e.type.kind !== 'header')
      return constLiteral(e.constValue, e.type);
    switch (e.kind) {
      case 'int':
        return intLiteral(e.value, e.type);
      case 'bool':
        return e.value ? 'true' : 'false';
      case 'string':
        return JSON.stringify(e.value);
      case 'name':
        return this.nameExpr(e);
      case 'member':
        return this.member(e);
      case 'index': {
        const s = this.expr(e.expr);
        const i = this.exprAs(e.index, { kind: 'bit', width: 32 });
        // Tuples are plain arrays; header stacks keep their elements in $a.
        return e.expr.type.kind === 'tuple' ? `${s}[${i}]` : `${s}.$a[${i}]`;
      }
      case 'slice': {
        const bt = bitOf(e.expr.type);
        if (!bt || e.hiValue === undefined || e.loValue === undefined) throw new CodegenError('bad slice');
        return B.slice(this.expr(e.expr), bt, e.hiValue, e.loValue);
      }
      case 'unary':
        return this.unary(e.op, e.operand, e.type);
      case 'binary':
        return this.binary(e.op, e.left, e.right, e.type);
      case 'ternary':
        return `(${this.expr(e.cond)} ? ${this.exprAs(e.then, e.type)} : ${this.exprAs(e.else, e.type)})`;
      case 'cast':
        return this.cast(e.expr, e.type);
      case 'call':
        return this.call(e, false);
      case 'list':
      case 'struct_init':
        return this.build(e, e.type);
      case 'typename':
      case 'dontcare':
        throw new CodegenError(`unexpected ${e.kind} expression at ${e.loc.line}:${e.loc.col}`);
    }
  }

  private nameExpr(e: Extract<Expr, { kind: 'name' }>): string {
    const r = e.ref;
    if (!r) throw new CodegenError(`unresolved name ${e.name}`);
    if (r.kind === 'const') {
      if (!r.constValue) throw new CodegenError(`constant ${r.name} has no value`);
      return constLiteral(r.constValue, r.type);
    }
    if (r.kind === 'param' || r.kind === 'variable') {
      const n = this.known(r);
      if (!n) throw new CodegenError(`${e.name} used outside its scope`);
      return n;
    }
    throw new CodegenError(`${e.name} (${r.kind}) is not a value`);
  }

  private member(e: Extract<Expr, { kind: 'member' }>): string {
    switch (e.memberKind) {
      case 'stack_next':
        return `$rt_stackNext(${this.expr(e.expr)})`;
      case 'stack_last':
        return `$rt_stackLast(${this.expr(e.expr)})`;
      case 'stack_size':
        return `${e.expr.type.kind === 'stack' ? e.expr.type.size : 0}`;
      case 'stack_lastIndex':
        return `((${this.expr(e.expr)}.$next - 1) >>> 0)`;
      case 'table_hit':
        return `((${this.applyCall(e.expr)} & 1) === 1)`;
      case 'table_miss':
        return `((${this.applyCall(e.expr)} & 1) === 0)`;
      case 'table_action_run':
        return `(${this.applyCall(e.expr)} >> 1)`;
      default:
        return `${this.expr(e.expr)}.${e.member}`;
    }
  }

  private applyCall(e: Expr): string {
    if (e.kind !== 'call' || e.target?.kind !== 'table_apply') throw new CodegenError('expected t.apply()');
    return this.call(e, false);
  }

  private unary(op: string, x: Expr, t: Type): string {
    if (op === '!') return `(!${this.expr(x)})`;
    if (op === '+') return this.exprAs(x, t);
    const bt = bitOf(t);
    if (!bt) throw new CodegenError(`operator ${op} on ${t.kind}`);
    return op === '-' ? B.neg(this.exprAs(x, t), bt) : B.bnot(this.exprAs(x, t), bt);
  }

  private binary(op: string, l: Expr, r: Expr, t: Type): string {
    if (op === '&&') return `(${this.expr(l)} && ${this.expr(r)})`;
    if (op === '||') return `(${this.expr(l)} || ${this.expr(r)})`;
    if (['==', '!=', '<', '<=', '>', '>='].includes(op)) {
      const ot = l.type.kind === 'infint' ? r.type : l.type;
      if (isAggregate(ot) || ot.kind === 'tuple') {
        const eq = `$rt.deepEqual(${this.expr(l)}, ${this.expr(r)})`;
        return op === '==' ? eq : `(!${eq})`;
      }
      return B.cmp(this.exprAs(l, ot), this.exprAs(r, ot), op as B.CmpOp);
    }
    if (op === '++') {
      const ta = bitOf(l.type);
      const tb = bitOf(r.type);
      if (!ta || !tb) throw new CodegenError('++ on non-bit operands');
      return B.concat(this.expr(l), ta, this.expr(r), tb);
    }
    const bt = bitOf(t);
    if (!bt) throw new CodegenError(`operator ${op} on ${t.kind}`);
    if (op === '<<' || op === '>>') {
      const a = this.exprAs(l, t);
      let amt: string;
      let small = true;
      if (r.constValue?.kind === 'int') {
        const v = r.constValue.value;
        amt = `${v > 0xffffn ? 0xffff : Number(v)}`;
      } else {
        amt = this.expr(r);
        const rt = bitOf(r.type);
        small = !rt || B.isNum(rt);
      }
      return op === '<<' ? B.shl(a, amt, bt, small) : B.shr(a, amt, bt, small);
    }
    const a = this.exprAs(l, t);
    const b = this.exprAs(r, t);
    switch (op) {
      case '+':
        return B.add(a, b, bt);
      case '-':
        return B.sub(a, b, bt);
      case '*':
        return B.mul(a, b, bt);
      case '/':
        return B.div(a, b, bt);
      case '%':
        return B.mod(a, b, bt);
      case '|+|':
        return B.satAdd(a, b, bt);
      case '|-|':
        return B.satSub(a, b, bt);
      case '&':
        return B.band(a, b, bt);
      case '|':
        return B.bor(a, b, bt);
      case '^':
        return B.bxor(a, b, bt);
    }
    throw new CodegenError(`unsupported operator ${op}`);
  }

  private cast(x: Expr, to: Type): string {
    const from = x.type;
    if (x.constValue?.kind === 'int' && bitOf(to)) return intLiteral(x.constValue.value, to);
    if (x.constValue?.kind === 'int' && to.kind === 'bool')
      return x.constValue.value !== 0n ? 'true' : 'false';
    if (x.kind === 'list' || x.kind === 'struct_init') return this.build(x, to);
    const code = this.expr(x);
    if (to.kind === 'bool') {
      if (from.kind === 'bool') return code;
      return B.bitToBool(code);
    }
    const tb = bitOf(to);
    if (tb) {
      if (from.kind === 'bool') return B.cast(B.boolToBit(code), { width: 1, signed: false }, tb);
      const fb = bitOf(from);
      if (fb) return B.cast(code, fb, tb);
    }
    return code;
  }

  /** A struct/header/tuple value from a list or struct initializer. */
  private build(e: Expr, t: Type): string {
    if (t.kind === 'struct' || t.kind === 'header' || t.kind === 'header_union') {
      const fields = t.decl.fields;
      const sets: string[] = [];
      if (e.kind === 'list') {
        e.elements.forEach((el, i) =>
          sets.push(`o.${fields[i].name} = ${this.valueFor(el, fields[i].type)};`),
        );
      } else if (e.kind === 'struct_init') {
        for (const f of e.fields) {
          const fd = fields.find((x) => x.name === f.name);
          if (!fd) throw new CodegenError(`no field ${f.name}`);
          sets.push(`o.${f.name} = ${this.valueFor(f.value, fd.type)};`);
        }
      } else return this.expr(e);
      if (t.kind === 'header') sets.push('o.$valid = true;');
      return `((o) => { ${sets.join(' ')} return o; })(${this.factory(t)}())`;
    }
    if (e.kind === 'list') {
      const els = t.kind === 'tuple' || t.kind === 'list' ? t.elements : [];
      return `[${e.elements.map((el, i) => this.valueFor(el, els[i] ?? el.type)).join(', ')}]`;
    }
    return this.expr(e);
  }

  /** A value of type t that does not alias storage (aggregates are copied). */
  private valueFor(e: Expr, t: Type): string {
    if (e.kind === 'list' || e.kind === 'struct_init') return this.build(e, t);
    if (isAggregate(t)) return `$rt.clone(${this.expr(e)})`;
    return this.exprAs(e, t);
  }

  // ------------------------------------------------------------------ lvalues and assignment

  private lvalue(e: Expr): string {
    switch (e.kind) {
      case 'name':
        return this.nameExpr(e);
      case 'member':
        if (e.memberKind === 'stack_next' || e.memberKind === 'stack_last') return this.member(e);
        return `${this.expr(e.expr)}.${e.member}`;
      case 'index':
        return this.expr(e);
      default:
        throw new CodegenError(`not an lvalue (${e.kind}) at ${e.loc.line}:${e.loc.col}`);
    }
  }

  /** Statement storing `value` (source in the representation of lhs.type) into lhs. */
  store(lhs: Expr, value: string): string {
    if (lhs.kind === 'dontcare') return `${value};`;
    if (lhs.kind === 'slice') {
      const bt = bitOf(lhs.expr.type);
      if (!bt || lhs.hiValue === undefined || lhs.loValue === undefined) throw new CodegenError('bad slice');
      if (lhs.expr.kind === 'slice') throw new CodegenError('nested slice assignment is not supported');
      const target = this.lvalue(lhs.expr);
      return `${target} = ${B.sliceAssign(target, bt, lhs.hiValue, lhs.loValue, value)};`;
    }
    if (isAggregate(lhs.type)) return `$rt.assign(${this.lvalue(lhs)}, ${value});`;
    return `${this.lvalue(lhs)} = ${value};`;
  }

  // ------------------------------------------------------------------ statements

  private block(b: BlockStmt, ctx: FnCtx): string {
    return `{\n${b.stmts.map((s) => this.stmt(s, ctx)).join('\n')}\n}`;
  }

  stmt(s: Stmt, ctx: FnCtx): string {
    switch (s.kind) {
      case 'assign': {
        const t = s.lhs.type;
        const v =
          s.rhs.kind === 'list' || s.rhs.kind === 'struct_init'
            ? this.build(s.rhs, t)
            : this.exprAs(s.rhs, t);
        return this.store(s.lhs, v);
      }
      case 'call': {
        const code = this.call(s.call, true);
        // Statement-shaped helpers (extract, emit) need no closure in statement position.
        const head = '(() => { ';
        const tail = ' })()';
        if (code.startsWith(head) && code.endsWith(tail) && !code.includes('return'))
          return `{ ${code.slice(head.length, -tail.length)} }`;
        return `${code};`;
      }
      case 'if':
        return `if (${this.expr(s.cond)}) ${this.stmtBlock(s.then, ctx)}${s.else ? ` else ${this.stmtBlock(s.else, ctx)}` : ''}`;
      case 'block':
        return this.block(s, ctx);
      case 'exit':
        return 'throw $rt.EXIT;';
      case 'return':
        return ctx.ret(s.value ? this.expr(s.value) : undefined);
      case 'empty':
        return ';';
      case 'decl': {
        const d = s.decl;
        if (d.kind === 'const') return ';';
        return this.varDecl(d);
      }
      case 'switch':
        return this.switchStmt(s, ctx);
    }
  }

  private stmtBlock(s: Stmt, ctx: FnCtx): string {
    return s.kind === 'block' ? this.block(s, ctx) : `{ ${this.stmt(s, ctx)} }`;
  }

  private varDecl(d: VariableDecl, moduleLevel = false): string {
    const n = this.nameOf(d, d.name);
    const init = d.init ? this.valueFor(d.init, d.type) : this.defaultValue(d.type);
    return moduleLevel ? `${n} = ${init};` : `let ${n} = ${init};`;
  }

  private switchStmt(s: Extract<Stmt, { kind: 'switch' }>, ctx: FnCtx): string {
    const out: string[] = [];
    if (s.switchKind === 'action_run') {
      const call = s.expr.kind === 'member' ? s.expr.expr : s.expr;
      if (call.kind !== 'call' || call.target?.kind !== 'table_apply')
        throw new CodegenError('bad action_run switch');
      const info = this.tableInfo(call.target.table);
      out.push(`switch (${this.call(call, false)} >> 1) {`);
      for (const c of s.cases) {
        c.labels.forEach((label, i) => {
          const a = c.actions?.[i];
          if (label.kind === 'dontcare' || !a) out.push('default:');
          else out.push(`case ${info.actions.indexOf(a)}:`);
        });
        if (c.body) out.push(`${this.block(c.body, ctx)} break;`);
      }
      out.push('}');
      return out.join('\n');
    }
    out.push(`switch (${this.expr(s.expr)}) {`);
    for (const c of s.cases) {
      for (const label of c.labels) {
        if (label.kind === 'dontcare') out.push('default:');
        else out.push(`case ${this.exprAs(label, s.expr.type)}:`);
      }
      if (c.body) out.push(`${this.block(c.body, ctx)} break;`);
    }
    out.push('}');
    return out.join('\n');
  }

  // ------------------------------------------------------------------ calls

  /** Source of a call; `asStmt` when its value (if any) is unused. */
  call(c: CallExpr, asStmt: boolean): string {
    const t = c.target;
    if (!t) throw new CodegenError(`unresolved call at ${c.loc.line}:${c.loc.col}`);
    const args = c.args ?? [];
    const params = c.params ?? [];
    switch (t.kind) {
      case 'action':
        return this.invoke(this.action(t.decl), params, args, undefined, asStmt);
      case 'function':
        return this.invoke(this.func(t.decl), params, args, t.decl.returnType, asStmt);
      case 'control_apply': {
        const decl = t.decl;
        const inst = t.instance;
        const fn = this.withPath(`${this.path}.${inst.name}`, () => {
          this.bindCtorArgs(decl.ctorParams, inst);
          return this.control(decl);
        });
        return this.invoke(fn, decl.params, args, undefined, asStmt);
      }
      case 'parser_apply': {
        const decl = t.decl;
        const inst = t.instance;
        const fn = this.withPath(`${this.path}.${inst.name}`, () => {
          this.bindCtorArgs(decl.ctorParams, inst);
          return this.parser(decl);
        });
        return this.invoke(fn, decl.params, args, undefined, asStmt);
      }
      case 'table_apply': {
        return `${this.tableFn(this.tableInfo(t.table))}()`;
      }
      case 'builtin':
        return this.builtin(t.name, t.object, args, c);
      case 'extern_function':
        return this.externFunction(t.decl.name, args, params, c);
      case 'extern_method':
        return this.externMethod(t.extern.name, t.method, t.object, args, params, c);
    }
  }

  /** Calls a generated function with P4 argument passing; scalar out/inout come back in an array. */
  private invoke(
    fn: string,
    params: Param[],
    args: (Expr | undefined)[],
    ret: Type | undefined,
    asStmt: boolean,
  ): string {
    const vals: string[] = [];
    const outs: { arg: Expr; type: Type }[] = [];
    const aggOut: string[] = [];
    params.forEach((prm, i) => {
      const a = args[i];
      const t = prm.type;
      if (t.kind === 'extern') {
        vals.push('null');
        return;
      }
      if (!a || a.kind === 'dontcare') {
        vals.push(this.defaultValue(t));
        return;
      }
      if (isAggregate(t)) {
        if (prm.direction === 'out') {
          // An out header/struct starts uninitialized (headers invalid) and is copied out afterwards.
          const tmp = this.fresh('$out');
          this.top.push(`let ${tmp};`);
          vals.push(`(${tmp} = ${this.defaultValue(t)})`);
          aggOut.push(`$rt.assign(${this.lvalue(a)}, ${tmp})`);
          return;
        }
        vals.push(prm.direction === 'in' || prm.direction === 'none' ? this.valueFor(a, t) : this.lvalue(a));
        return;
      }
      vals.push(prm.direction === 'out' ? this.defaultValue(t) : this.exprAs(a, t));
      if (prm.direction === 'out' || prm.direction === 'inout') outs.push({ arg: a, type: t });
    });
    const callSrc = `${fn}(${vals.join(', ')})`;
    const hasRet = ret !== undefined && ret.kind !== 'void';
    if (outs.length === 0 && aggOut.length === 0) return callSrc;
    const base = hasRet ? 1 : 0;
    const writes = [...outs.map((o, i) => this.store(o.arg, `$t[${i + base}]`).replace(/;$/, '')), ...aggOut];
    if (outs.length === 0) {
      if (asStmt || !hasRet) return `(${callSrc}, ${writes.join(', ')})`;
      return `($t = [${callSrc}], ${writes.join(', ')}, $t[0])`;
    }
    if (asStmt) return `($t = ${callSrc}, ${writes.join(', ')})`;
    return `($t = ${callSrc}, ${writes.join(', ')}, $t[0])`;
  }

  /** Constructor parameters of a control/parser instance are constants: their "name" is the literal. */
  private bindCtorArgs(params: Param[], inst: InstanceDecl): void {
    params.forEach((prm, i) => {
      const c = inst.ctorArgs?.[i]?.constValue;
      if (!c) return;
      let m = this.names.get(prm);
      if (!m) {
        m = new Map();
        this.names.set(prm, m);
      }
      m.set(this.path, constLiteral(c, prm.type));
    });
  }

  /** Callee side: the JS parameter list, and the copy-out return statement. */
  private signature(
    params: Param[],
    moduleLevel: boolean,
    hasRet: boolean,
  ): { jsParams: string[]; prologue: string[]; aliases: string; ctx: FnCtx } {
    const jsParams: string[] = [];
    const prologue: string[] = [];
    const local: string[] = [];
    const outs: string[] = [];
    for (const prm of params) {
      const n = this.nameOf(prm, prm.name);
      if (moduleLevel) {
        const arg = `${n}$a`;
        jsParams.push(arg);
        this.top.push(`let ${n};`);
        prologue.push(`${n} = ${arg};`);
        // A header/struct parameter is never rebound (assignments copy into it: $rt.assign), so the block's
        // own code may read it from a local const that shadows the module-level variable (which its actions
        // use): a register instead of a closure-context load, also after each call.
        if (isAggregate(prm.type)) local.push(`${n} = ${arg}`);
      } else jsParams.push(n);
      if (
        !isAggregate(prm.type) &&
        prm.type.kind !== 'extern' &&
        (prm.direction === 'out' || prm.direction === 'inout')
      )
        outs.push(n);
    }
    const ctx: FnCtx = {
      ret: (value?: string) => {
        if (outs.length === 0) return value !== undefined ? `return ${value};` : 'return;';
        return `return [${hasRet ? `${value ?? 'undefined'}, ` : ''}${outs.join(', ')}];`;
      },
    };
    return { jsParams, prologue, aliases: local.length ? `const ${local.join(', ')};` : '', ctx };
  }

  action(a: ActionDecl): string {
    const have = this.known(a);
    if (have) return have;
    const name = this.nameOf(a, `act_${a.name}`);
    if (this.path === (a.parent ? this.declPrefix.get(a.parent) : '') || !a.parent)
      this.actionFns.set(a, name);
    const { jsParams, prologue, ctx } = this.signature(a.params, false, false);
    const body = this.block(a.body, ctx);
    this.top.push(
      `function ${name}(${jsParams.join(', ')}) {\n${prologue.join('\n')}\n${body}\n${ctx.ret()}\n}`,
    );
    return name;
  }

  private func(f: FunctionDecl): string {
    const have = this.known(f);
    if (have) return have;
    const name = this.nameOf(f, `fn_${f.name}`);
    const hasRet = f.returnType.kind !== 'void';
    const { jsParams, prologue, ctx } = this.signature(f.params, false, hasRet);
    const body = this.block(f.body, ctx);
    this.top.push(
      `function ${name}(${jsParams.join(', ')}) {\n${prologue.join('\n')}\n${body}\n${ctx.ret()}\n}`,
    );
    return name;
  }

  private localsInit(locals: ControlDecl['locals']): string[] {
    const init: string[] = [];
    for (const l of locals) {
      if (l.kind === 'variable') {
        const n = this.nameOf(l, l.name);
        this.top.push(`let ${n};`);
        init.push(this.varDecl(l, true));
      }
    }
    return init;
  }

  control(d: ControlDecl): string {
    const have = this.known(d);
    if (have) return have;
    const name = this.nameOf(d, `ctl_${d.name}`);
    const { jsParams, prologue, aliases, ctx } = this.signature(d.params, true, false);
    const init = this.localsInit(d.locals);
    const body = this.block(d.apply, ctx);
    this.top.push(
      `function ${name}(${jsParams.join(', ')}) {\n${prologue.join('\n')}\n${init.join('\n')}\n${contextLocals(body, `${aliases}\n${body}`)}\n${ctx.ret()}\n}`,
    );
    return name;
  }

  // ------------------------------------------------------------------ parsers

  parser(d: ParserDecl): string {
    const have = this.known(d);
    if (have) return have;
    const name = this.nameOf(d, `prs_${d.name}`);
    const { jsParams, prologue, aliases, ctx } = this.signature(d.params, true, false);
    const init = this.localsInit(d.locals);
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
      const stmts = st.stmts.map((s) => this.stmt(s, ctx)).join('\n');
      let trans: string;
      const tr = st.transition;
      if (tr.kind === 'direct') trans = `$s = ${target(tr.next)};`;
      else
        trans = this.select(
          tr.exprs,
          tr.cases.map((c) => ({ keyset: c.keyset ?? [], next: target(c.next) })),
        );
      cases.push(`case ${index.get(st)}: {\n${stmts}\n${trans}\nbreak; }`);
    }
    // A parser that loops without consuming input would hang the switch; after this many state visits the
    // packet fails with ParserTimeout instead (bmv2 has no such limit; real hardware does).
    const timeout = this.p.errors.includes('ParserTimeout') ? this.errorCode('ParserTimeout') : 0;
    const guard = `if (++$n > ${MAX_PARSER_STATES}) throw $rt.perr(${timeout});`;
    this.top.push(
      `function ${name}(${jsParams.join(', ')}) {\n${prologue.join('\n')}\n${init.join('\n')}\n${contextLocals(cases.join('\n'), `${aliases}\nlet $s = ${index.get(start)}, $n = 0;\nfor (;;) { ${guard} switch ($s) {\n${cases.join('\n')}\ncase -1: ${ctx.ret()}\ndefault: throw $rt.REJECT;\n} }`)}\n}`,
    );
    return name;
  }

  private select(exprs: Expr[], cases: { keyset: KeysetValue[]; next: string }[]): string {
    const keys: { code: string; type: Type }[] = [];
    const pre: string[] = [];
    exprs.forEach((e, i) => {
      const v = `$k${i}`;
      pre.push(`const ${v} = ${toUnsigned(this.expr(e), e.type)};`);
      keys.push({ code: v, type: e.type });
    });
    const arms: string[] = [];
    for (const c of cases) {
      const conds: string[] = [];
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
          case 'value_set':
            // Parser value sets have no control-plane API in this target: they are empty and never match.
            conds.push('false');
            break;
        }
      });
      arms.push(`if (${conds.length ? conds.join(' && ') : 'true'}) $s = ${c.next};`);
    }
    arms.push(`throw $rt.perr(${this.errorCode('NoMatch')});`);
    return `{ ${pre.join(' ')}\n${arms.join('\nelse ')} }`;
  }

  // ------------------------------------------------------------------ header methods

  private builtin(name: string, obj: Expr, args: (Expr | undefined)[], c: CallExpr): string {
    switch (name) {
      case 'isValid':
        if (obj.type.kind === 'header_union') {
          const o = this.expr(obj);
          return `(${obj.type.decl.fields.map((f) => `${o}.${f.name}.$valid`).join(' || ')})`;
        }
        return `${this.expr(obj)}.$valid`;
      case 'setValid':
        return `(${this.unionSiblingsInvalid(obj)}${this.lvalue(obj)}.$valid = true)`;
      case 'setInvalid':
        return `(${this.lvalue(obj)}.$valid = false)`;
      case 'push_front':
      case 'pop_front': {
        const n = args[0]?.constValue?.kind === 'int' ? Number(args[0].constValue.value) : 1;
        const t = obj.type;
        if (t.kind !== 'stack') throw new CodegenError(`${name} on a non-stack`);
        return `$rt_${name === 'push_front' ? 'push' : 'pop'}(${this.expr(obj)}, ${n}, ${this.resetter(t.element)})`;
      }
      case 'minSizeInBits':
      case 'minSizeInBytes':
        if (c.constValue?.kind === 'int') return `${c.constValue.value}`;
        throw new CodegenError(`${name} not folded`);
    }
    throw new CodegenError(`unknown builtin ${name}`);
  }

  /** For a header inside a union, the statements invalidating its siblings. */
  private unionSiblingsInvalid(obj: Expr): string {
    if (obj.kind !== 'member' || obj.expr.type.kind !== 'header_union') return '';
    const u = this.expr(obj.expr);
    return obj.expr.type.decl.fields
      .filter((f) => f.name !== obj.member)
      .map((f) => `${u}.${f.name}.$valid = false, `)
      .join('');
  }

  // ------------------------------------------------------------------ packet_in / packet_out

  /** Statements filling header `h` (source of an object) of type decl from the packet at the cursor. */
  private extractInto(h: string, decl: HeaderTypeDecl, varbitBits?: string): string {
    const out: string[] = [];
    const fixed = decl.bitWidth ?? 0;
    const total = varbitBits ? `(${fixed} + ${varbitBits})` : `${fixed}`;
    if (varbitBits) {
      const vf = decl.varbitField;
      const max = vf?.type.kind === 'varbit' ? vf.type.maxWidth : 0;
      out.push(`if (${varbitBits} > ${max}) throw $rt.perr(${this.errorCode('HeaderTooShort')});`);
    }
    out.push(`if ($pkt.bit + ${total} > $pkt.nbits) throw $rt.perr(${this.errorCode('PacketTooShort')});`);
    if (!varbitBits) {
      // Headers almost always start on a byte boundary: then every field sits at a constant byte offset.
      const reads: string[] = [];
      let o = 0;
      for (const f of decl.fields) {
        reads.push(`${h}.${f.name} = ${this.alignedRead(o, f.type)};`);
        o += widthOf(f.type);
      }
      out.push(`if (($pkt.bit & 7) === 0) { const $b = $pkt.buf, $i = $pkt.bit >> 3;`);
      out.push(...reads, `$pkt.bit += ${fixed}; } else`);
    }
    out.push(`{ const $b = $pkt.buf; let $o = $pkt.bit;`);
    for (const f of decl.fields) {
      if (f.type.kind === 'varbit') {
        const vb = varbitBits ?? '0';
        out.push(`${h}.${f.name} = $rt.readBig($b, $o, ${vb}); ${h}.$w_${f.name} = ${vb}; $o += ${vb};`);
        continue;
      }
      out.push(`${h}.${f.name} = ${this.readField('$b', '$o', f.type)}; $o += ${widthOf(f.type)};`);
    }
    out.push(`$pkt.bit = $o; }`);
    out.push(`${h}.$valid = true;`);
    return out.join('\n');
  }

  /** Source reading a field at bit offset o of a byte-aligned header starting at byte $i of $b. */
  private alignedRead(o: number, t: Type): string {
    const w = widthOf(t);
    const k = o >> 3;
    const rem = o & 7;
    const byte = (j: number): string => `$b[$i + ${k + j}]`;
    const generic = this.readField('$b', `($i * 8 + ${o})`, t);
    if (t.kind === 'bool') return `((${byte(0)} & ${0x80 >> rem}) !== 0)`;
    const bt = bitOf(t);
    if (!bt) return generic;
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
      const hi = Array.from(
        { length: hiBytes },
        (_, j) => `${byte(j)} * ${2 ** (8 * (hiBytes - 1 - j) + 32)}`,
      );
      const lo = `((${byte(hiBytes)} << 24) | (${byte(hiBytes + 1)} << 16) | (${byte(hiBytes + 2)} << 8) | ${byte(hiBytes + 3)}) >>> 0`;
      return `(${hi.join(' + ')} + (${lo}))`;
    }
    return generic;
  }

  /** Statements writing value v of type t at bit offset o of a byte-aligned header starting at byte $i of $o
   *  (the header's bytes were zeroed first when it has fields that share bytes). */
  private alignedWrite(o: number, t: Type, v: string): string {
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
  private sharedBytes(
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
      bytes: Array.from({ length: nb }, (_, j) => [
        (o >> 3) + j,
        `((${name} >>> ${8 * (nb - 1 - j)}) & 255)`,
      ]),
    };
  }

  private readField(buf: string, off: string, t: Type): string {
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

  /** Statements emitting the value `code` of type t (headers when valid; structs, stacks, unions recursively). */
  private emitValue(code: string, t: Type): string {
    switch (t.kind) {
      case 'header': {
        // The header in a local: a stack entry's path (`hdr.st.$a[i]`) is then loaded once, not per field.
        const h = this.fresh('$h');
        const res = this.emitHeader(h, t);
        return `{ const ${h} = ${code}; ${res} }`;
      }
      case 'struct':
      case 'header_union':
        return t.decl.fields.map((f) => this.emitValue(`${code}.${f.name}`, f.type)).join('\n');
      case 'stack': {
        const i = this.fresh('i');
        return `for (let ${i} = 0; ${i} < ${t.size}; ${i}++) { ${this.emitValue(`${code}.$a[${i}]`, t.element)} }`;
      }
      default:
        throw new CodegenError(`cannot emit a ${t.kind}`);
    }
  }

  /** emitValue of a header held in the local `code`. */
  private emitHeader(code: string, t: Extract<Type, { kind: 'header' }>): string {
    const parts: string[] = [`if (${code}.$valid) {`];
    const fixed = t.decl.bitWidth ?? 0;
    if (!t.decl.varbitField && fixed > 0) {
      // Byte-aligned output: constant byte offsets; zero first only if some field shares a byte.
      let off = 0;
      const shared = t.decl.fields.some((f) => {
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
      for (const f of t.decl.fields) {
        const v = f.type.kind === 'bool' ? `(${code}.${f.name} ? 1 : 0)` : `${code}.${f.name}`;
        const packed = shared ? this.sharedBytes(o, f.type, v, temps.length) : undefined;
        if (packed) {
          temps.push(packed.temp);
          packed.bytes.forEach(([b, e]) => byBytes.set(b, [...(byBytes.get(b) ?? []), e]));
        } else writes.push(this.alignedWrite(o, f.type, v));
        o += widthOf(f.type);
      }
      const combined = [...byBytes].map(([b, es]) => `$o[$i + ${b}] = ${es.join(' | ')};`);
      parts.push(
        `$out.ensure(${fixed}); if (($out.bit & 7) === 0) { const $o = $out.buf, $i = $out.bit >> 3; ${temps.join(' ')} ${combined.join(' ')} ${writes.join(' ')} $out.bit += ${fixed}; } else {`,
      );
    } else parts.push('{');
    for (const f of t.decl.fields) {
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

  private externMethod(
    ext: string,
    method: string,
    obj: Expr,
    args: (Expr | undefined)[],
    params: Param[],
    c: CallExpr,
  ): string {
    const a = (i: number): Expr => {
      const x = args[i];
      if (!x) throw new CodegenError(`${ext}.${method}: missing argument ${i}`);
      return x;
    };
    if (ext === 'packet_in') {
      switch (method) {
        case 'extract': {
          const target = a(0);
          const ht = target.type;
          if (ht.kind !== 'header') throw new CodegenError('extract needs a header');
          const vb = args[1] ? this.exprAs(args[1], { kind: 'bit', width: 32 }) : undefined;
          if (target.kind === 'member' && target.memberKind === 'stack_next') {
            const st = this.expr(target.expr);
            const size = target.expr.type.kind === 'stack' ? target.expr.type.size : 0;
            return `(() => { const $st = ${st}; if ($st.$next >= ${size}) throw $rt.perr(${this.errorCode('StackOutOfBounds')}); const $h = $st.$a[$st.$next];\n${this.extractInto('$h', ht.decl, vb)}\n$st.$next++; })()`;
          }
          const sib = this.unionSiblingsInvalid(target);
          return `(() => { const $h = ${this.lvalue(target)};\n${this.extractInto('$h', ht.decl, vb)}\n${sib.replace(/, $/, ';').replace(/, /g, '; ')} })()`;
        }
        case 'lookahead': {
          const t = c.type;
          if (t.kind === 'header') {
            return `(() => { const $h = ${this.factory(t)}(); const $save = $pkt.bit;\n${this.extractInto('$h', t.decl)}\n$pkt.bit = $save; return $h; })()`;
          }
          const w = widthOf(t);
          return `(($pkt.bit + ${w} > $pkt.nbits) ? $rt_throw($rt.perr(${this.errorCode('PacketTooShort')})) : ${this.readField('$pkt.buf', '$pkt.bit', t)})`;
        }
        case 'advance': {
          const n = this.exprAs(a(0), { kind: 'bit', width: 32 });
          return `(($pkt.bit + ${n} > $pkt.nbits) ? $rt_throw($rt.perr(${this.errorCode('PacketTooShort')})) : ($pkt.bit += ${n}))`;
        }
        case 'length':
          return `($pkt.nbits >>> 3)`;
      }
    }
    if (ext === 'packet_out' && method === 'emit') {
      const x = a(0);
      return `(() => { ${this.emitValue(this.expr(x), x.type)} })()`;
    }
    const inst = this.instanceOf(obj);
    const info = this.externInfo(inst);
    const ref = `$ext[${info.index}]`;
    const idx = (i: number): string => this.exprAs(a(i), { kind: 'bit', width: 32 });
    switch (`${ext}.${method}`) {
      case 'register.read': {
        const out = a(0);
        return this.store(
          out,
          `(${idx(1)} < ${info.size} ? ${ref}.cells[${idx(1)}] : ${this.defaultValue(out.type)})`,
        ).replace(/;$/, '');
      }
      case 'register.write': {
        const cell = info.cellType ?? a(1).type;
        return `((${idx(0)}) < ${info.size} ? (${ref}.cells[${idx(0)}] = ${this.exprAs(a(1), cell)}) : 0)`;
      }
      case 'counter.count':
        return `${ref}.count(${idx(0)}, $sm.packet_length)`;
      case 'direct_counter.count':
        return 'undefined';
      case 'meter.execute_meter':
        // bmv2 meters the bytes the packet arrived with (its ingress length), not packet_length.
        return this.store(
          a(1),
          this.color(`${ref}.meter.execute(${idx(0)}, $pkt.nbits >>> 3)`, a(1).type),
        ).replace(/;$/, '');
      case 'direct_meter.read':
        // p4c compiles read() away into the table's meter target, which the table writes on every hit
        // (meterTarget). Only an argument the table cannot reach (local to the action) is stored here, from
        // this packet's hit; after a miss the argument keeps its value (bmv2 writes the colour on hits only).
        if (controlOwned(a(0), inst.parent)) return 'undefined';
        return `(${ref}.direct.color >= 0 ? (${this.store(a(0), this.color(`${ref}.direct.color`, a(0).type)).replace(/;$/, '')}) : 0)`;
      case 'Checksum16.get': {
        const data = this.flatten(a(0));
        return bigToRep(
          `$rt.hash('csum16', $rt.pack([${data.values.join(', ')}], [${data.widths.join(', ')}]))`,
          c.type,
        );
      }
    }
    void params;
    throw new CodegenError(`unsupported extern method ${ext}.${method}`);
  }

  /** A colour (a number 0..2) in the representation of the meter's out argument. */
  private color(code: string, t: Type): string {
    const bt = bitOf(t);
    return bt ? B.cast(code, { width: 2, signed: false }, bt) : code;
  }

  private instanceOf(e: Expr): InstanceDecl {
    if (e.kind === 'name' && e.ref?.kind === 'instance') return e.ref;
    throw new CodegenError('extern methods must be called on a named instance');
  }

  /** The bit fields of a hash/checksum data argument, in order. */
  private flatten(e: Expr): { values: string[]; widths: string[] } {
    const values: string[] = [];
    const widths: string[] = [];
    const walk = (code: string | undefined, ex: Expr | undefined, t: Type): void => {
      if (ex && (ex.kind === 'list' || ex.kind === 'struct_init')) {
        const els = ex.kind === 'list' ? ex.elements : ex.fields.map((f) => f.value);
        for (const el of els) walk(undefined, el, el.type);
        return;
      }
      if (t.kind === 'varbit' && ex?.kind === 'member') {
        const h = this.expr(ex.expr);
        values.push(`${h}.${ex.member}`);
        widths.push(`${h}.$w_${ex.member}`);
        return;
      }
      const src = code ?? this.expr(ex as Expr);
      if (t.kind === 'struct' || t.kind === 'header') {
        for (const f of t.decl.fields) {
          if (f.type.kind === 'varbit') {
            values.push(`${src}.${f.name}`);
            widths.push(`${src}.$w_${f.name}`);
          } else walk(`${src}.${f.name}`, undefined, f.type);
        }
        return;
      }
      if (t.kind === 'bool') {
        values.push(`(${src} ? 1 : 0)`);
        widths.push('1');
        return;
      }
      const bt = bitOf(t);
      if (bt) {
        values.push(src);
        widths.push(String(bt.width));
        return;
      }
      if (t.kind === 'infint' && ex?.constValue?.kind === 'int')
        throw new CodegenError('untyped constant in a field list');
      throw new CodegenError(`cannot hash a ${t.kind}`);
    };
    walk(undefined, e, e.type);
    return { values, widths };
  }

  private algo(e: Expr | undefined): string {
    const c = e?.constValue;
    if (c?.kind !== 'enum') throw new CodegenError('hash algorithm must be a constant');
    return c.member;
  }

  private externFunction(name: string, args: (Expr | undefined)[], params: Param[], c: CallExpr): string {
    const a = (i: number): Expr => {
      const x = args[i];
      if (!x) throw new CodegenError(`${name}: missing argument ${i}`);
      return x;
    };
    const u32: Type = { kind: 'bit', width: 32 };
    switch (name) {
      case 'mark_to_drop': {
        const sm = args[0] ? this.expr(a(0)) : '$sm';
        return `(${sm}.egress_spec = 511, ${sm}.mcast_grp = 0)`;
      }
      case 'random': {
        const out = a(0);
        const t = out.type;
        const bt = bitOf(t);
        // Unsigned bounds of up to 32 bits (a path index, a loss draw): plain numbers, no bigint per packet.
        if (bt && !bt.signed && bt.width <= 32)
          return this.store(out, `$rt.randomNum(${this.exprAs(a(1), t)}, ${this.exprAs(a(2), t)})`).replace(
            /;$/,
            '',
          );
        const v = `$rt.randomRange(${repToBig(this.exprAs(a(1), t), t)}, ${repToBig(this.exprAs(a(2), t), t)})`;
        return this.store(out, bigToRep(v, t)).replace(/;$/, '');
      }
      case 'hash': {
        const out = a(0);
        const data = this.flatten(a(3));
        const h = `$rt.hash(${JSON.stringify(this.algo(args[1]))}, $rt.pack([${data.values.join(', ')}], [${data.widths.join(', ')}]))`;
        const base = repToBig(this.exprAs(a(2), params[2]?.type ?? a(2).type), params[2]?.type ?? a(2).type);
        const max = repToBig(this.exprAs(a(4), params[4]?.type ?? a(4).type), params[4]?.type ?? a(4).type);
        return this.store(out, bigToRep(`$rt.hashRange(${h}, ${base}, ${max})`, out.type)).replace(/;$/, '');
      }
      case 'verify_checksum':
      case 'verify_checksum_with_payload': {
        const data = this.flatten(a(1));
        const ck = a(2);
        const payload = name.endsWith('payload');
        const h = this.checksumAs(data, this.algo(args[3]), payload, ck.type);
        return `((${this.expr(a(0))}) && ${h} !== ${this.expr(ck)} ? ($sm.checksum_error = 1) : 0)`;
      }
      case 'update_checksum':
      case 'update_checksum_with_payload': {
        const data = this.flatten(a(1));
        const ck = a(2);
        const h = this.checksumAs(data, this.algo(args[3]), name.endsWith('payload'), ck.type);
        return `((${this.expr(a(0))}) ? (${this.store(ck, h).replace(/;$/, '')}) : 0)`;
      }
      case 'clone':
        return `($st.clone = { type: ${this.expr(a(0))}, session: ${this.exprAs(a(1), u32)}, fields: null })`;
      case 'clone3':
        return `($st.clone = { type: ${this.expr(a(0))}, session: ${this.exprAs(a(1), u32)}, fields: ${this.preserved(args[2])} })`;
      case 'clone_preserving_field_list':
        return `($st.clone = { type: ${this.expr(a(0))}, session: ${this.exprAs(a(1), u32)}, fields: ${this.fieldListPaths(args[2])} })`;
      case 'resubmit':
        return `($st.resubmit = ${this.preserved(args[0])})`;
      case 'resubmit_preserving_field_list':
        return `($st.resubmit = ${this.fieldListPaths(args[0])})`;
      case 'recirculate':
        return `($st.recirculate = ${this.preserved(args[0])})`;
      case 'recirculate_preserving_field_list':
        return `($st.recirculate = ${this.fieldListPaths(args[0])})`;
      case 'truncate':
        return `($st.truncate = ${this.exprAs(a(0), u32)})`;
      case 'assert':
      case 'assume':
        return `((${this.expr(a(0))}) ? 0 : $rt.assertFail(${JSON.stringify(`${name} at ${c.loc.file}:${c.loc.line}`)}))`;
      case 'verify':
        return `((${this.expr(a(0))}) ? 0 : $rt_throw($rt.perr(${this.expr(a(1))})))`;
      case 'log_msg': {
        const msg = this.expr(a(0));
        if (!args[1]) return `$log(${msg}, [])`;
        const data = this.flatten(args[1]);
        return `$log(${msg}, [${data.values.join(', ')}])`;
      }
      case 'digest':
        return 'undefined';
      case 'static_assert':
        return 'true';
    }
    throw new CodegenError(`unsupported extern function ${name}`);
  }

  /** A checksum in the representation of `t`; 16/32-bit algorithms into small fields avoid bigints. */
  private checksumAs(
    data: { values: string[]; widths: string[] },
    algo: string,
    payload: boolean,
    t: Type,
  ): string {
    const bt = bitOf(t);
    if (
      bt &&
      !bt.signed &&
      B.isSmall(bt.width) &&
      ['csum16', 'crc16', 'xor16', 'crc32', 'crc32_custom', 'crc16_custom'].includes(algo)
    ) {
      const sum = algo === 'csum16' && !payload ? this.csum16Inline(data) : undefined;
      const direct = payload || sum ? undefined : this.packInline(data);
      let h: string;
      if (sum) h = sum;
      else if (direct) h = `(${direct.code}, $rt.hashNumN(${JSON.stringify(algo)}, $pk, ${direct.bytes}))`;
      else {
        const packed = `$rt.pack([${data.values.join(', ')}], [${data.widths.join(', ')}])`;
        const input = payload ? `$rt_withPayload(${packed})` : packed;
        h = `$rt.hashNum(${JSON.stringify(algo)}, ${input})`;
      }
      return bt.width >= 32 ? `(${h} >>> 0)` : `(${h} & ${2 ** bt.width - 1})`;
    }
    return bigToRep(this.checksumOf(data, algo, payload), t);
  }

  /** csum16 of a field list as one sum of 16-bit words built from the fields (no packing buffer, no call by
   *  algorithm name), when every field is a small field read by path (an IPv4 header's checksum). */
  private csum16Inline(data: { values: string[]; widths: string[] }): string | undefined {
    const bytes = this.packBytes(data);
    if (!bytes || bytes.rest.length > 0) return undefined;
    const byte = (j: number): string => {
      const es = bytes.byBytes.get(j);
      return es ? `(${es.join(' | ')})` : '0';
    };
    const words: string[] = [];
    for (let j = 0; j < bytes.bytes; j += 2) words.push(`(${byte(j)} << 8 | ${byte(j + 1)})`);
    return `$rt_csum16(${words.join(' + ') || '0'})`;
  }

  /** A field list packed straight into the shared buffer `$pk` with constant offsets (no arrays allocated),
   *  when every width is known at compile time. */
  private packInline(data: {
    values: string[];
    widths: string[];
  }): { code: string; bytes: number } | undefined {
    const packed = this.packBytes(data);
    if (!packed) return undefined;
    const { byBytes, rest, bytes } = packed;
    // Bytes no small field touches (padding, wide fields) must start at zero.
    const covered = Array.from({ length: bytes }, (_, j) => byBytes.has(j)).every(Boolean);
    const parts = [covered ? `$pk = $rt.packBufferRaw(${bytes})` : `$pk = $rt.packBuffer(${bytes})`];
    for (const [j, es] of byBytes) parts.push(`$pk[${j}] = ${es.join(' | ')}`);
    parts.push(...rest);
    return { code: parts.join(', '), bytes };
  }

  /** The bytes of a packed field list as expressions: byte index -> the pieces OR-ed into it (small fields
   *  read by path), plus statements writing the other fields into `$pk`. */
  private packBytes(data: {
    values: string[];
    widths: string[];
  }): { byBytes: Map<number, string[]>; rest: string[]; bytes: number } | undefined {
    const widths = data.widths.map(Number);
    if (widths.some((w) => !Number.isInteger(w))) return undefined;
    const total = widths.reduce((a, b) => a + b, 0);
    const bytes = (total + 7) >> 3;
    // Small fields are combined per byte at compile time and each byte is stored whole, so the buffer needs
    // no zeroing; wide fields (and values that themselves pack) then write their own bits.
    const byBytes = new Map<number, string[]>();
    const rest: string[] = [];
    let off = 0;
    data.values.forEach((v, i) => {
      const w = widths[i];
      if (w > 32) rest.push(`$rt.writeBig($pk, ${off}, ${w}, $rt_big(${v}))`);
      else if (w > 0 && /^[\w$]+(\.[\w$]+)*$/.test(v)) {
        // A field path is cheap to read once per byte it touches; masking drops int<W> sign bits.
        const masked = `(${v} ${w === 32 ? '>>> 0' : `& ${2 ** w - 1}`})`;
        for (const [j, e] of packBytes(masked, off, w)) byBytes.set(j, [...(byBytes.get(j) ?? []), e]);
      } else if (w > 0) rest.push(`$rt.writeSmall($pk, ${off}, ${w}, ${v})`);
      off += w;
    });
    return { byBytes, rest, bytes };
  }

  private checksumOf(data: { values: string[]; widths: string[] }, algo: string, payload: boolean): string {
    const packed = `$rt.pack([${data.values.join(', ')}], [${data.widths.join(', ')}])`;
    if (!payload) return `$rt.hash(${JSON.stringify(algo)}, ${packed})`;
    return `$rt.hash(${JSON.stringify(algo)}, $rt_withPayload(${packed}))`;
  }

  /** Paths (relative to user metadata) of the fields named in a clone3/resubmit/recirculate data argument. */
  private preserved(e: Expr | undefined): string {
    if (!e) return '[]';
    const els =
      e.kind === 'list' ? e.elements : e.kind === 'struct_init' ? e.fields.map((f) => f.value) : [e];
    const paths: string[] = [];
    const pathOf = (x: Expr): string | undefined => {
      if (x.kind === 'name' && x.ref?.kind === 'param' && this.metaParams.has(x.ref)) return '';
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
        paths.push(...this.p.main.metadataType.fields.map((f) => f.name));
      } else if (pth !== undefined) paths.push(pth);
    }
    return JSON.stringify(paths);
  }

  private fieldListPaths(e: Expr | undefined): string {
    const c = e?.constValue;
    const k = c?.kind === 'int' ? Number(c.value) : -1;
    return JSON.stringify(this.fieldLists.get(k) ?? []);
  }

  // ------------------------------------------------------------------ tables and externs

  private key(o: object): string {
    let id = this.objIds.get(o);
    if (id === undefined) {
      id = this.objIds.size;
      this.objIds.set(o, id);
    }
    return `${id}@${this.path}`;
  }

  private externInfo(inst: InstanceDecl): ExternInfo {
    const have = this.externOf.get(this.key(inst));
    if (have) return have;
    const t = inst.type;
    if (t.kind !== 'extern') throw new CodegenError(`${inst.name} is not an extern instance`);
    const kind = t.decl.name;
    const arg0 = inst.ctorArgs?.[0]?.constValue;
    const size = arg0?.kind === 'int' ? Number(arg0.value) : 0;
    const info: ExternInfo = {
      index: this.externs.length,
      decl: inst,
      kind,
      name: this.instanceName(inst.controlPlaneName ?? inst.name, inst.parent),
      size,
      cellType: kind === 'register' ? t.typeArgs[0] : undefined,
    };
    this.externs.push(info);
    this.externOf.set(this.key(inst), info);
    return info;
  }

  private tableInfo(t: TableDecl): TableInfo {
    const have = this.tableOf.get(this.key(t));
    if (have) return have;
    const keys = t.keyDecls.map((k) => ({
      name: k.name ?? '',
      kind: k.matchKindName as MatchKind,
      width: k.width ?? widthOf(k.expr.type),
    }));
    const actions = t.actionRefs.map((r) => {
      if (!r.action) throw new CodegenError(`table ${t.name}: unresolved action`);
      return r.action;
    });
    const def = t.defaultAction?.action;
    if (def && !actions.includes(def)) actions.push(def);
    const info: TableInfo = {
      index: this.tables.length,
      decl: t,
      name: this.instanceName(t.controlPlaneName ?? t.name, t.parent),
      keys,
      actions,
      directCounter: t.directCounter,
      directMeter: t.directMeter ? this.externInfo(t.directMeter).index : undefined,
    };
    this.tables.push(info);
    this.tableOf.set(this.key(t), info);
    return info;
  }

  /** Where bmv2 writes a direct meter's colour on every hit, before the action runs and whichever action it
   *  is: the argument of a `read()` of the meter in the table's actions (p4c compiles the call into that
   *  table attribute). Undefined when the argument is local to an action; read() then stores the colour. */
  private meterTarget(info: TableInfo): Expr | undefined {
    const inst = info.decl.directMeter;
    let found: Expr | undefined;
    const seen = new Set<object>();
    const walk = (n: unknown): void => {
      if (found || typeof n !== 'object' || n === null || seen.has(n)) return;
      seen.add(n);
      if (Array.isArray(n)) return n.forEach(walk);
      const o = n as { kind?: unknown } & Record<string, unknown>;
      if (o.kind === 'call') {
        const t = (o as unknown as CallExpr).target;
        if (
          t?.kind === 'extern_method' &&
          t.method === 'read' &&
          t.object.kind === 'name' &&
          t.object.ref === inst
        ) {
          found = (o as unknown as CallExpr).args?.[0];
          return;
        }
      }
      for (const k in o) if (!METER_WALK_SKIP.has(k)) walk(o[k]);
    };
    for (const a of info.actions) walk(a.body);
    return found && inst && controlOwned(found, inst.parent) ? found : undefined;
  }

  /** The generated apply function of a table: build the key, look up, count, run the action. */
  private tableFn(info: TableInfo): string {
    if (this.emitted.has(info)) return this.known(info.decl) as string;
    this.emitted.add(info);
    const name = this.nameOf(info.decl, `apply_${info.decl.name}`);
    const T = `$tables[${info.index}]`;
    const keyVals = info.decl.keyDecls.map((k) => toUnsigned(this.expr(k.expr), k.expr.type));
    let fill = keyVals.map((v, i) => `$key[${i}] = ${v};`);
    let lookup = '$T.store.lookup($key)';
    if (isDirect(info.keys)) {
      // A directly indexed table: the slot computed inline, as MatchTable.directIndex folds it (no key array,
      // no call). `| 0` also turns a bool into its bit.
      let idx = '';
      keyVals.forEach((v, i) => {
        idx = i === 0 ? `((${v}) | 0)` : `(${idx} * ${2 ** info.keys[i].width} + ((${v}) | 0))`;
      });
      fill = [];
      lookup = `$T.store.direct[${idx}]`;
    }
    const arms = info.actions.map((a, i) => {
      const ref = info.decl.actionRefs.find((r) => r.action === a);
      const dir = a.params.filter((p) => p.direction !== 'none');
      const data = a.params.filter((p) => p.direction === 'none');
      const vals: string[] = [];
      const writes: string[] = [];
      let outIndex = 0;
      dir.forEach((p, j) => {
        const x = ref?.args?.[j];
        if (!x || x.kind === 'dontcare') {
          vals.push(this.defaultValue(p.type));
          return;
        }
        if (isAggregate(p.type)) {
          vals.push(p.direction === 'in' ? this.valueFor(x, p.type) : this.lvalue(x));
          return;
        }
        vals.push(p.direction === 'out' ? this.defaultValue(p.type) : this.exprAs(x, p.type));
        if (p.direction !== 'in') writes.push(this.store(x, `$t[${outIndex++}]`));
      });
      data.forEach((_p, j) => vals.push(`$r.args[${j}]`));
      const call = `${this.action(a)}(${vals.join(', ')})`;
      const body = writes.length ? `$t = ${call}; ${writes.join(' ')}` : `${call};`;
      return `case ${i}: ${body} break;`;
    });
    const dm = info.directMeter === undefined ? undefined : `$ext[${info.directMeter}].direct`;
    const target = dm ? this.meterTarget(info) : undefined;
    const counted =
      (info.directCounter ? `$e.packets++; $e.bytes += $sm.packet_length;` : '') +
      (dm ? ` ${dm}.hit($e, $pkt.nbits >>> 3);` : '') +
      (dm && target ? ` ${this.store(target, this.color(`${dm}.color`, target.type))}` : '');
    const missed = dm ? ` ${dm}.miss();` : '';
    this.top.push(
      `function ${name}() {\nconst $T = ${T};${lookup.includes('$key') ? ' const $key = $T.key;' : ''}\n${fill.join('\n')}\nconst $e = ${lookup};\nlet $r, $hit;\nif ($e !== undefined) { $r = $e.action; $hit = 1; ${counted} } else { $r = $T.def; $hit = 0;${missed} }\nswitch ($r.index) {\n${arms.join('\n')}\n}\nreturn ($r.index << 1) | $hit;\n}`,
    );
    return name;
  }
}

/** `code` in a block where the per-packet context variables that `uses` mentions ($pkt, $out, $sm: set by the
 *  engine between blocks, never while one runs) are local constants shadowing the module-level ones. */
function contextLocals(uses: string, code: string): string {
  const vars = ['$pkt', '$out', '$sm'].filter((v) => uses.includes(v));
  if (vars.length === 0) return `{ ${code}\n}`;
  const outer = vars.map((v) => `${v}$l = ${v}`).join(', ');
  const inner = vars.map((v) => `${v} = ${v}$l`).join(', ');
  return `{ const ${outer}; { const ${inner};\n${code}\n} }`;
}

/** Whether e (a field path, possibly sliced) lives in a parameter or local of control ctl, which the table's
 *  apply function can reach as well as the action can. */
function controlOwned(e: Expr, ctl: InstanceDecl['parent']): boolean {
  let root = e;
  while (root.kind === 'member' || root.kind === 'slice') root = root.expr;
  const ref = root.kind === 'name' ? root.ref : undefined;
  if (!ref || !ctl || ctl.kind !== 'control') return false;
  return ctl.params.includes(ref as Param) || (ctl.locals as unknown[]).includes(ref);
}

/** AST links meterTarget must not follow: declarations, types and resolved references lead out of the body. */
const METER_WALK_SKIP = new Set([
  'ref',
  'type',
  'target',
  'decl',
  'parent',
  'params',
  'typeArgValues',
  'loc',
  'typeRef',
  'typeArgs',
  'annotations',
  'constValue',
  'rawArgs',
]);

/** The bytes a value of width w (<= 32, already masked to w bits: the expression `name`) touches when placed at bit
 *  offset `off`, each with its contribution (to be OR-ed with the other fields' contributions to that byte).
 *  Shifts are fixed at compile time: a bit-by-bit writeSmall per field cost more than the checksum itself. */
function packBytes(name: string, off: number, w: number): [number, string][] {
  const out: [number, string][] = [];
  const end = off + w;
  for (let j = off >> 3; j <= (end - 1) >> 3; j++) {
    const k = end - 8 * j - 8; // the value bit that lands on this byte's least significant bit
    const bits = k >= 0 ? (k === 0 ? name : `${name} >>> ${k}`) : `${name} << ${-k}`;
    out.push([j, `((${bits}) & 255)`]);
  }
  return out;
}
