// The type checker: resolves names and types, infers widths of untyped literals, folds constants, and
// completes declarations (header layouts, tables, control-plane names) in place on the parsed AST.
import type {
  ActionDecl,
  Argument,
  BlockStmt,
  CallExpr,
  ConstValue,
  ControlDecl,
  EnumDecl,
  Expr,
  ExternDecl,
  ExternFunctionDecl,
  Field,
  FunctionDecl,
  HeaderTypeDecl,
  InstanceDecl,
  KeysetValue,
  LocalDecl,
  Loc,
  MethodDecl,
  NameRef,
  Param,
  ParserDecl,
  ParserState,
  Program,
  Stmt,
  TableActionRef,
  TableDecl,
  TopDecl,
  Type,
  TypeRef,
  ValueSetDecl,
  VariableDecl,
  ControlTypeDecl,
  ParserTypeDecl,
  PackageTypeDecl,
} from './ast.js';
import { CompileAbort, type Diagnostics } from './diagnostics.js';
import { foldBinary, foldCast, foldSlice, foldUnary } from './fold.js';
import {
  BOOL,
  DONTCARE,
  ERROR_T,
  INFINT,
  STRING,
  VOID,
  bitWidthOf,
  bits,
  intValue,
  isFixedInt,
  isIntegral,
  normalize,
  containsTypeVar,
  substitute,
  typeEquals,
  unify,
  typeToString,
} from './types.js';
import { controlPlaneName, exprText } from './names.js';
import { Scope } from './scope.js';

type Callable = ExternFunctionDecl | FunctionDecl | ActionDecl;

interface Ctx {
  scope: Scope;
  control?: ControlDecl;
  parser?: ParserDecl;
  action?: ActionDecl;
  fn?: FunctionDecl;
  /** The block name under which control-plane objects are named (the control or parser name). */
  block?: string;
}

export interface CheckResult {
  errors: string[];
  matchKinds: string[];
  tables: TableDecl[];
  actions: ActionDecl[];
  externInstances: InstanceDecl[];
  valueSets: ValueSetDecl[];
  types: Map<string, Type>;
  instances: InstanceDecl[];
  /** Per-instance copies of controls and parsers instantiated inside other blocks. */
  copies: (ControlDecl | ParserDecl)[];
}

export class Checker {
  private readonly global = new Scope();
  private readonly errors: string[] = [];
  private readonly errorLocs = new Map<string, Loc>();
  private readonly matchKinds: string[] = [];
  private readonly tables: TableDecl[] = [];
  private readonly actions: ActionDecl[] = [];
  private readonly externInstances: InstanceDecl[] = [];
  private readonly valueSets: ValueSetDecl[] = [];
  private readonly instances: InstanceDecl[] = [];
  private readonly copies: (ControlDecl | ParserDecl)[] = [];
  /** Unchecked copies of parser/control declarations, from which per-instance copies are made. */
  private readonly pristine = new Map<ControlDecl | ParserDecl, ControlDecl | ParserDecl>();

  constructor(private readonly diags: Diagnostics) {}

  check(program: Program): CheckResult {
    for (const d of program.decls) {
      try {
        this.topDecl(d);
      } catch (e) {
        if (!(e instanceof CompileAbort)) throw e;
      }
    }
    const types = new Map<string, Type>();
    for (const [k, v] of this.global.types) types.set(k, v);
    return {
      errors: this.errors,
      matchKinds: this.matchKinds,
      tables: this.tables,
      actions: this.actions,
      externInstances: this.externInstances,
      valueSets: this.valueSets,
      types,
      instances: this.instances,
      copies: this.copies,
    };
  }

  // ------------------------------------------------------------ helpers

  private error(loc: Loc, message: string): void {
    this.diags.error(loc, message);
  }

  private fatal(loc: Loc, message: string): never {
    return this.diags.fatal(loc, message);
  }

  private declareValue(scope: Scope, name: string, ref: NameRef, loc: Loc): void {
    const existing = scope.values.get(name);
    const overloadable = (r: NameRef): boolean => r.kind === 'extern_function' || r.kind === 'function';
    if (existing && !(overloadable(ref) && existing.every(overloadable)))
      this.error(loc, `redeclaration of '${name}'`);
    scope.addValue(name, ref);
  }

  private declareType(scope: Scope, name: string, t: Type, loc: Loc): void {
    if (scope.types.has(name)) this.error(loc, `redeclaration of type '${name}'`);
    scope.types.set(name, t);
  }

  /** Evaluates an expression that must be a compile-time integer. */
  private constInt(e: Expr, ctx: Ctx, what: string): bigint | undefined {
    this.expr(e, ctx);
    const v = intValue(e.constValue);
    if (v === undefined) this.error(e.loc, `${what} must be a compile-time constant`);
    return v;
  }

  // ------------------------------------------------------------ types

  resolveType(ref: TypeRef, scope: Scope): Type {
    const t = this.resolveTypeInner(ref, scope);
    ref.resolved = t;
    return t;
  }

  private resolveTypeInner(ref: TypeRef, scope: Scope): Type {
    switch (ref.kind) {
      case 'base':
        switch (ref.name) {
          case 'bool':
            return BOOL;
          case 'error':
            return ERROR_T;
          case 'string':
            return STRING;
          case 'void':
            return VOID;
          case 'match_kind':
            return { kind: 'match_kind' };
          default:
            return INFINT;
        }
      case 'bits': {
        const w = this.constInt(ref.width, { scope }, 'a width');
        const width = w === undefined ? 1 : Number(w);
        if (w !== undefined && (width < (ref.signed ? 1 : 0) || width > 2048))
          this.error(ref.width.loc, `invalid width ${width}`);
        if (ref.varbit) return { kind: 'varbit', maxWidth: width };
        return ref.signed ? { kind: 'int', width } : { kind: 'bit', width };
      }
      case 'dontcare':
        return DONTCARE;
      case 'tuple':
        return { kind: 'tuple', elements: ref.elements.map((e) => this.resolveType(e, scope)) };
      case 'stack': {
        const element = this.resolveType(ref.element, scope);
        if (element.kind !== 'header' && element.kind !== 'header_union')
          this.error(
            ref.loc,
            `header stack elements must be headers or header unions, not ${typeToString(element)}`,
          );
        const n = this.constInt(ref.size, { scope }, 'a header stack size');
        return { kind: 'stack', element, size: n === undefined ? 1 : Number(n) };
      }
      case 'named': {
        const t = scope.lookupType(ref.name);
        if (!t) return this.fatal(ref.loc, `unknown type '${ref.name}'`);
        if (t.kind === 'extern') {
          const typeArgs = ref.typeArgs.map((a) => this.resolveType(a, scope));
          if (typeArgs.length !== t.decl.typeParams.length && typeArgs.length > 0)
            this.error(
              ref.loc,
              `${t.decl.name} expects ${t.decl.typeParams.length} type arguments, got ${typeArgs.length}`,
            );
          return { kind: 'extern', decl: t.decl, typeArgs };
        }
        if (ref.typeArgs.length > 0 && t.kind !== 'parser' && t.kind !== 'control' && t.kind !== 'package')
          this.error(ref.loc, `type '${ref.name}' takes no type arguments`);
        return t;
      }
    }
  }

  private typeVarScope(parent: Scope, names: string[]): Scope {
    const s = new Scope(parent);
    for (const n of names) s.types.set(n, { kind: 'typevar', name: n });
    return s;
  }

  private params(params: Param[], scope: Scope): void {
    for (const p of params) {
      p.type = this.resolveType(p.typeRef, scope);
      if (p.defaultValue) {
        this.expr(p.defaultValue, { scope }, p.type);
        this.coerce(p.defaultValue, p.type, 'default value');
      }
    }
  }

  // ------------------------------------------------------------ top level

  private topDecl(d: TopDecl): void {
    const g = this.global;
    switch (d.kind) {
      case 'const':
        return this.constDecl(d, { scope: g });
      case 'typedef': {
        d.type = this.resolveType(d.typeRef, g);
        return this.declareType(g, d.name, d.type, d.loc);
      }
      case 'header':
        this.declareType(g, d.name, { kind: 'header', decl: d }, d.loc);
        return this.headerLayout(d);
      case 'header_union':
        this.declareType(g, d.name, { kind: 'header_union', decl: d }, d.loc);
        for (const f of d.fields) {
          f.type = this.resolveType(f.typeRef, g);
          if (f.type.kind !== 'header')
            this.error(f.loc, `header union fields must be headers, not ${typeToString(f.type)}`);
        }
        return this.checkDuplicateFields(d.fields);
      case 'struct':
        this.declareType(g, d.name, { kind: 'struct', decl: d }, d.loc);
        for (const f of d.fields) f.type = this.resolveType(f.typeRef, g);
        return this.checkDuplicateFields(d.fields);
      case 'enum':
        return this.enumDecl(d);
      case 'error':
        for (const m of d.members) {
          if (this.errorLocs.has(m.name)) this.error(m.loc, `duplicate error '${m.name}'`);
          else {
            this.errors.push(m.name);
            this.errorLocs.set(m.name, m.loc);
          }
        }
        return;
      case 'match_kind':
        for (const m of d.members) {
          if (this.matchKinds.includes(m.name)) this.error(m.loc, `duplicate match_kind '${m.name}'`);
          else this.matchKinds.push(m.name);
        }
        return;
      case 'extern':
        this.declareType(g, d.name, { kind: 'extern', decl: d, typeArgs: [] }, d.loc);
        return this.externDecl(d);
      case 'extern_function': {
        const s = this.typeVarScope(g, d.typeParams);
        d.returnType = this.resolveType(d.returnTypeRef, s);
        this.params(d.params, s);
        return this.declareValue(g, d.name, d, d.loc);
      }
      case 'function': {
        const s = this.typeVarScope(g, d.typeParams);
        d.returnType = this.resolveType(d.returnTypeRef, s);
        this.params(d.params, s);
        this.declareValue(g, d.name, d, d.loc);
        const body = new Scope(s);
        for (const p of d.params) this.declareValue(body, p.name, p, p.loc);
        return this.block(d.body, { scope: body, fn: d });
      }
      case 'parser_type':
      case 'control_type':
      case 'package_type': {
        const kind = d.kind === 'parser_type' ? 'parser' : d.kind === 'control_type' ? 'control' : 'package';
        this.declareType(g, d.name, { kind, decl: d } as Type, d.loc);
        return this.params(d.params, this.typeVarScope(g, d.typeParams));
      }
      case 'parser':
        this.declareType(g, d.name, { kind: 'parser', decl: d }, d.loc);
        this.declareValue(g, d.name, d, d.loc);
        this.pristine.set(d, structuredClone(d));
        return this.parserDecl(d);
      case 'control':
        this.declareType(g, d.name, { kind: 'control', decl: d }, d.loc);
        this.declareValue(g, d.name, d, d.loc);
        this.pristine.set(d, structuredClone(d));
        return this.controlDecl(d);
      case 'action':
        this.declareValue(g, d.name, d, d.loc);
        return this.actionDecl(d, { scope: g });
      case 'instance':
        this.declareValue(g, d.name, d, d.loc);
        return this.instanceDecl(d, { scope: g });
    }
  }

  private checkDuplicateFields(fields: Field[]): void {
    const seen = new Set<string>();
    for (const f of fields) {
      if (seen.has(f.name)) this.error(f.loc, `duplicate field '${f.name}'`);
      seen.add(f.name);
    }
  }

  private headerLayout(d: HeaderTypeDecl): void {
    let offset = 0;
    for (const f of d.fields) {
      f.type = this.resolveType(f.typeRef, this.global);
      const t = f.type;
      let width: number | undefined;
      if (t.kind === 'bit' || t.kind === 'int') width = t.width;
      else if (t.kind === 'bool') width = 1;
      else if (t.kind === 'enum' && t.decl.underlying) width = bitWidthOf(t);
      else if (t.kind === 'varbit') {
        if (d.varbitField) this.error(f.loc, 'a header may have at most one varbit field');
        d.varbitField = f;
        width = t.maxWidth;
      } else if (t.kind === 'struct' && bitWidthOf(t) !== undefined) width = bitWidthOf(t);
      else
        this.error(
          f.loc,
          `header field '${f.name}' has type ${typeToString(t)}, which is not allowed in a header`,
        );
      f.offset = offset;
      f.width = width ?? 0;
      if (t.kind !== 'varbit') offset += f.width;
    }
    d.bitWidth = offset;
    this.checkDuplicateFields(d.fields);
  }

  private enumDecl(d: EnumDecl): void {
    const t: Type = { kind: 'enum', decl: d };
    this.declareType(this.global, d.name, t, d.loc);
    if (d.underlyingRef) {
      d.underlying = this.resolveType(d.underlyingRef, this.global);
      if (!isFixedInt(d.underlying))
        this.error(d.underlyingRef.loc, 'a serializable enum needs a bit<W> or int<W> type');
    }
    const seen = new Set<string>();
    d.members.forEach((m, i) => {
      if (seen.has(m.name)) this.error(m.loc, `duplicate enum member '${m.name}'`);
      seen.add(m.name);
      if (!d.underlying) {
        m.value = BigInt(i);
        return;
      }
      if (!m.valueExpr) {
        this.error(m.loc, `serializable enum member '${m.name}' needs a value`);
        m.value = 0n;
        return;
      }
      this.expr(m.valueExpr, { scope: this.global }, d.underlying);
      this.coerce(m.valueExpr, d.underlying, 'enum value');
      const v = intValue(m.valueExpr.constValue);
      if (v === undefined) this.error(m.valueExpr.loc, 'enum member value must be a compile-time constant');
      m.value = v ?? 0n;
    });
  }

  private externDecl(d: ExternDecl): void {
    const s = this.typeVarScope(this.global, d.typeParams);
    for (const c of d.constructors) this.params(c.params, s);
    for (const m of d.methods) {
      const ms = this.typeVarScope(s, m.typeParams);
      m.returnType = m.returnTypeRef ? this.resolveType(m.returnTypeRef, ms) : VOID;
      this.params(m.params, ms);
    }
  }

  private constDecl(
    d: {
      name: string;
      typeRef: TypeRef;
      type: Type;
      value: Expr;
      constValue?: ConstValue;
      loc: Loc;
    } & NameRef,
    ctx: Ctx,
  ): void {
    if (d.kind !== 'const') return;
    d.type = this.resolveType(d.typeRef, ctx.scope);
    this.expr(d.value, ctx, d.type);
    this.coerce(d.value, d.type, `constant '${d.name}'`);
    if (d.value.constValue === undefined)
      this.error(d.value.loc, `the value of constant '${d.name}' is not a compile-time constant`);
    d.constValue = d.value.constValue;
    this.declareValue(ctx.scope, d.name, d, d.loc);
  }

  // ------------------------------------------------------------ parsers, controls, actions, tables

  private parserDecl(d: ParserDecl, block = d.name): void {
    const ts = this.typeVarScope(this.global, d.typeParams);
    this.params(d.params, ts);
    this.params(d.ctorParams, ts);
    const scope = new Scope(ts);
    for (const p of [...d.params, ...d.ctorParams]) this.declareValue(scope, p.name, p, p.loc);
    const ctx: Ctx = { scope, parser: d, block };
    for (const l of d.locals) this.localDecl(l, ctx);
    const states = new Map<string, ParserState>();
    for (const s of d.states) {
      if (s.name === 'accept' || s.name === 'reject')
        this.error(s.loc, `state '${s.name}' cannot be redefined`);
      else if (states.has(s.name)) this.error(s.loc, `duplicate state '${s.name}'`);
      states.set(s.name, s);
    }
    if (!states.has('start')) this.error(d.loc, `parser '${d.name}' has no 'start' state`);
    const lookup = (name: string, loc: Loc): ParserState | 'accept' | 'reject' | undefined => {
      if (name === 'accept' || name === 'reject') return name;
      const s = states.get(name);
      if (!s) this.error(loc, `unknown parser state '${name}'`);
      return s;
    };
    for (const s of d.states) {
      try {
        const sctx: Ctx = { ...ctx, scope: new Scope(scope) };
        for (const st of s.stmts) this.stmt(st, sctx);
        const tr = s.transition;
        if (tr.kind === 'direct') tr.next = lookup(tr.nextName, tr.loc);
        else {
          const types = tr.exprs.map((e) => {
            const t = this.expr(e, sctx);
            if (t.kind === 'infint') this.error(e.loc, 'select expression needs a type with a width');
            return t;
          });
          for (const c of tr.cases) {
            c.keyset = this.keyset(c.keysetExprs, types, sctx, c.loc);
            c.next = lookup(c.nextName, c.loc);
          }
        }
      } catch (e) {
        if (!(e instanceof CompileAbort)) throw e;
      }
    }
  }

  /** Evaluates a keyset against the key types (select cases and const table entries). */
  private keyset(exprs: Expr[], types: Type[], ctx: Ctx, loc: Loc): KeysetValue[] {
    if (exprs.length === 1 && exprs[0]!.kind === 'dontcare' && types.length !== 1) {
      this.expr(exprs[0]!, ctx);
      return types.map(() => ({ kind: 'default' }));
    }
    if (exprs.length === 1 && types.length > 1 && exprs[0]!.kind === 'name') {
      // A value_set over a tuple/struct of all select fields.
      const t = this.expr(exprs[0]!, ctx);
      const ref = (exprs[0] as { ref?: NameRef }).ref;
      if (t.kind === 'value_set' && ref?.kind === 'value_set') return [{ kind: 'value_set', decl: ref }];
    }
    if (exprs.length !== types.length) {
      this.error(loc, `keyset has ${exprs.length} components but ${types.length} were expected`);
      return types.map(() => ({ kind: 'default' }));
    }
    return exprs.map((e, i) => this.keysetValue(e, types[i]!, ctx));
  }

  private keysetValue(e: Expr, t: Type, ctx: Ctx): KeysetValue {
    if (e.kind === 'dontcare') {
      e.type = DONTCARE;
      return { kind: 'default' };
    }
    const constOf = (x: Expr): bigint => {
      this.expr(x, ctx, t);
      this.coerce(x, t, 'keyset');
      const v = intValue(x.constValue);
      if (v === undefined) {
        this.error(x.loc, 'keyset expression must be a compile-time constant');
        return 0n;
      }
      return BigInt.asUintN(bitWidthOf(t) ?? 64, v);
    };
    if (e.kind === 'binary' && (e.op === '&&&' || e.op === '..')) {
      const a = constOf(e.left);
      const b = constOf(e.right);
      e.type = { kind: 'set', element: t };
      return e.op === '&&&' ? { kind: 'mask', value: a & b, mask: b } : { kind: 'range', low: a, high: b };
    }
    if (e.kind === 'name') {
      const refs = ctx.scope.lookupValue(e.name);
      const vs = refs?.find((r) => r.kind === 'value_set');
      if (vs && vs.kind === 'value_set') {
        e.ref = vs;
        e.type = { kind: 'value_set', element: vs.elementType };
        return { kind: 'value_set', decl: vs };
      }
    }
    return { kind: 'value', value: constOf(e) };
  }

  private controlDecl(d: ControlDecl, block = d.name): void {
    const ts = this.typeVarScope(this.global, d.typeParams);
    this.params(d.params, ts);
    this.params(d.ctorParams, ts);
    const scope = new Scope(ts);
    for (const p of [...d.params, ...d.ctorParams]) this.declareValue(scope, p.name, p, p.loc);
    const ctx: Ctx = { scope, control: d, block };
    for (const l of d.locals) {
      try {
        this.localDecl(l, ctx);
      } catch (e) {
        if (!(e instanceof CompileAbort)) throw e;
      }
    }
    this.block(d.apply, { ...ctx, scope: new Scope(scope) });
  }

  private localDecl(l: LocalDecl, ctx: Ctx): void {
    switch (l.kind) {
      case 'const':
        return this.constDecl(l, ctx);
      case 'variable':
        return this.variableDecl(l, ctx);
      case 'instance':
        this.declareValue(ctx.scope, l.name, l, l.loc);
        l.parent = ctx.control ?? ctx.parser;
        return this.instanceDecl(l, ctx);
      case 'action':
        this.declareValue(ctx.scope, l.name, l, l.loc);
        l.parent = ctx.control;
        return this.actionDecl(l, ctx);
      case 'table':
        this.declareValue(ctx.scope, l.name, l, l.loc);
        l.parent = ctx.control;
        return this.tableDecl(l, ctx);
      case 'value_set': {
        this.declareValue(ctx.scope, l.name, l, l.loc);
        l.elementType = this.resolveType(l.elementTypeRef, ctx.scope);
        const n = this.constInt(l.sizeExpr, ctx, 'value_set size');
        l.size = n === undefined ? 0 : Number(n);
        l.controlPlaneName = controlPlaneName(l.annotations, l.name, ctx.block);
        l.parent = ctx.parser;
        this.valueSets.push(l);
        return;
      }
    }
  }

  private variableDecl(d: VariableDecl, ctx: Ctx): void {
    d.type = this.resolveType(d.typeRef, ctx.scope);
    if (d.init) {
      this.expr(d.init, ctx, d.type);
      this.coerce(d.init, d.type, `initializer of '${d.name}'`);
    }
    this.declareValue(ctx.scope, d.name, d, d.loc);
  }

  private actionDecl(d: ActionDecl, ctx: Ctx): void {
    const scope = new Scope(ctx.scope);
    let sawData = false;
    for (const p of d.params) {
      p.type = this.resolveType(p.typeRef, ctx.scope);
      if (p.direction === 'none') sawData = true;
      else if (sawData)
        this.error(p.loc, `directional parameter '${p.name}' must come before the action data parameters`);
      this.declareValue(scope, p.name, p, p.loc);
    }
    d.controlPlaneName = controlPlaneName(d.annotations, d.name, ctx.block);
    this.actions.push(d);
    this.block(d.body, { ...ctx, scope, action: d });
  }

  private lookupAction(e: Expr, ctx: Ctx): ActionDecl | undefined {
    let refs: NameRef[] | undefined;
    if (e.kind === 'name') refs = e.global ? this.global.lookupValue(e.name) : ctx.scope.lookupValue(e.name);
    const a = refs?.find((r) => r.kind === 'action');
    if (!a || a.kind !== 'action') {
      this.error(e.loc, `'${exprText(e)}' is not an action`);
      return undefined;
    }
    if (e.kind === 'name') {
      e.ref = a;
      e.type = { kind: 'action', decl: a };
    }
    a.referenced = true;
    return a;
  }

  /** Binds the arguments of an action reference. `all`: every parameter must be given (default action,
   *  entries); otherwise only the directional ones (actions list). */
  private tableActionRef(r: TableActionRef, ctx: Ctx, all: boolean): void {
    const a = this.lookupAction(r.call.callee, ctx);
    if (!a) return;
    r.action = a;
    const params = all ? a.params : a.params.filter((p) => p.direction !== 'none');
    if (r.call.rawArgs.length !== params.length) {
      this.error(
        r.loc,
        `action '${a.name}' expects ${params.length} argument${params.length === 1 ? '' : 's'}${all ? '' : ' (its directional parameters)'}, got ${r.call.rawArgs.length}`,
      );
      return;
    }
    const args = this.bindArgs(params, r.call.rawArgs, r.loc, `action '${a.name}'`);
    r.args = [];
    params.forEach((p, i) => {
      const arg = args[i];
      if (!arg) return;
      this.expr(arg, ctx, p.type);
      this.coerce(arg, p.type, `argument '${p.name}' of action '${a.name}'`);
      if (p.direction === 'none' && arg.constValue === undefined)
        this.error(arg.loc, `action data argument '${p.name}' must be a compile-time constant`);
      if (p.direction === 'out' || p.direction === 'inout') this.checkLvalue(arg, ctx);
      r.args!.push(arg);
    });
    r.call.args = r.args;
    r.call.params = params;
    r.call.target = { kind: 'action', decl: a };
    r.call.type = VOID;
  }

  private tableDecl(t: TableDecl, ctx: Ctx): void {
    t.controlPlaneName = controlPlaneName(t.annotations, t.name, ctx.block);
    this.tables.push(t);
    for (const k of t.keyDecls) {
      const kt = this.expr(k.expr, ctx);
      if (!this.matchKinds.includes(k.matchKindName))
        this.error(k.matchKindLoc ?? k.loc, `unknown match kind '${k.matchKindName}'`);
      const w = bitWidthOf(kt);
      if (w === undefined || kt.kind === 'varbit' || kt.kind === 'struct' || kt.kind === 'header')
        this.error(
          k.expr.loc,
          `table key '${exprText(k.expr)}' has type ${typeToString(kt)}, which cannot be matched`,
        );
      k.width = w ?? 0;
      const nameAnn = k.annotations.find((a) => a.name === 'name');
      k.name = nameAnn?.args[0]?.kind === 'string' ? nameAnn.args[0].value : exprText(k.expr);
    }
    for (const r of t.actionRefs) this.tableActionRef(r, ctx, false);
    const listed = new Set(t.actionRefs.map((r) => r.action));
    if (t.defaultActionRef) {
      this.tableActionRef(t.defaultActionRef, ctx, true);
      const a = t.defaultActionRef.action;
      if (a && !listed.has(a))
        this.error(
          t.defaultActionRef.loc,
          `default action '${a.name}' is not in the actions list of table '${t.name}'`,
        );
      else if (a && t.actionRefs.find((r) => r.action === a)?.annotations.some((x) => x.name === 'tableonly'))
        this.error(
          t.defaultActionRef.loc,
          `action '${a.name}' is @tableonly and cannot be the default action`,
        );
      t.defaultAction = t.defaultActionRef;
    } else {
      const noAction = this.global.lookupValue('NoAction')?.find((r) => r.kind === 'action');
      if (noAction && noAction.kind === 'action') {
        const call: CallExpr = {
          kind: 'call',
          callee: {
            kind: 'name',
            name: 'NoAction',
            ref: noAction,
            type: { kind: 'action', decl: noAction },
            loc: t.loc,
          },
          typeArgs: [],
          rawArgs: [],
          args: [],
          params: [],
          target: { kind: 'action', decl: noAction },
          type: VOID,
          loc: t.loc,
        };
        t.defaultAction = { call, action: noAction, args: [], annotations: [], loc: t.loc };
      }
    }
    const keyTypes = t.keyDecls.map((k) => k.expr.type);
    const needsPriority = t.keyDecls.some((k) => k.matchKindName !== 'exact' && k.matchKindName !== 'lpm');
    t.entryDecls.forEach((e, i) => {
      e.keys = this.keyset(e.keysetExprs, keyTypes, ctx, e.loc);
      e.keys.forEach((kv, j) => {
        const mk = t.keyDecls[j]?.matchKindName;
        if (mk === 'exact' && kv.kind !== 'value')
          this.error(e.keysetExprs[j]?.loc ?? e.loc, `exact key '${t.keyDecls[j]!.name}' needs a value`);
        if (mk === 'lpm' && kv.kind === 'range')
          this.error(e.keysetExprs[j]?.loc ?? e.loc, `lpm key '${t.keyDecls[j]!.name}' cannot match a range`);
      });
      this.tableActionRef(e.action, ctx, true);
      if (e.action.action && !listed.has(e.action.action))
        this.error(
          e.action.loc,
          `action '${e.action.action.name}' is not in the actions list of table '${t.name}'`,
        );
      else if (
        e.action.action &&
        t.actionRefs
          .find((r) => r.action === e.action.action)
          ?.annotations.some((x) => x.name === 'defaultonly')
      )
        this.error(
          e.action.loc,
          `action '${e.action.action.name}' is @defaultonly and cannot be used in an entry`,
        );
      void i;
    });
    t.size = 1024;
    let largestWins = true;
    let delta = 1;
    for (const p of t.properties) {
      switch (p.name) {
        case 'size': {
          const v = this.constInt(p.value, ctx, 'table size');
          if (v !== undefined) t.size = Number(v);
          break;
        }
        case 'counters':
        case 'meters': {
          this.expr(p.value, ctx);
          const ref = p.value.kind === 'name' ? p.value.ref : undefined;
          const want = p.name === 'counters' ? 'direct_counter' : 'direct_meter';
          if (!ref || ref.kind !== 'instance' || ref.type.kind !== 'extern' || ref.type.decl.name !== want) {
            this.error(p.value.loc, `table property '${p.name}' must name a ${want} instance`);
            break;
          }
          if (p.name === 'counters') t.directCounter = ref;
          else t.directMeter = ref;
          break;
        }
        case 'largest_priority_wins': {
          this.expr(p.value, ctx);
          if (p.value.constValue?.kind !== 'bool')
            this.error(p.value.loc, 'largest_priority_wins must be a constant bool');
          else largestWins = p.value.constValue.value;
          break;
        }
        case 'priority_delta': {
          const v = this.constInt(p.value, ctx, 'priority_delta');
          if (v !== undefined && v > 0n) delta = Number(v);
          else if (v !== undefined) this.error(p.value.loc, 'priority_delta must be positive');
          break;
        }
        case 'implementation':
        case 'psa_implementation':
          this.diags.warning(
            p.loc,
            `table property '${p.name}' is not supported by this target and is ignored`,
          );
          break;
        default:
          try {
            this.expr(p.value, ctx);
          } catch (e) {
            if (!(e instanceof CompileAbort)) throw e;
          }
      }
    }
    if (needsPriority) assignEntryPriorities(t, largestWins, delta);
    else for (const e of t.entryDecls) e.priority = e.explicitPriority ?? 0;
  }

  private instanceDecl(d: InstanceDecl, ctx: Ctx): void {
    d.type = this.resolveType(d.typeRef, ctx.scope);
    d.controlPlaneName = controlPlaneName(d.annotations, d.name, ctx.block);
    const t = d.type;
    if (t.kind === 'extern') {
      const ctors = t.decl.constructors.filter((c) => this.arityOk(c.params, d.args));
      if (ctors.length === 0) {
        this.error(d.loc, `no constructor of ${t.decl.name} takes ${d.args.length} arguments`);
        return;
      }
      const env = new Map<string, Type>();
      t.decl.typeParams.forEach((p, i) => {
        const a = t.typeArgs[i];
        if (a) env.set(p, a);
      });
      d.ctorArgs = this.checkArgs(ctors[0]!.params, d.args, env, ctx, d.loc, t.decl.name) as Expr[];
      if (t.typeArgs.length === 0 && t.decl.typeParams.length > 0) {
        // Type parameters no constructor argument fixes (the index type I of v1model's newer counters and
        // registers) default to bit<32>, the width bmv2 uses for extern indexes.
        d.type = { ...t, typeArgs: t.decl.typeParams.map((p) => env.get(p) ?? bits(32)) };
      }
      if (!['packet_in', 'packet_out'].includes(t.decl.name)) this.externInstances.push(d);
      return;
    }
    if (t.kind === 'parser' || t.kind === 'control') {
      let decl = t.decl;
      const original =
        decl.kind === 'parser' || decl.kind === 'control' ? this.pristine.get(decl) : undefined;
      if (original && ctx.block) {
        // Instantiated inside a block: check a private copy named under the instance path.
        const copy = structuredClone(original);
        copy.instancePath = `${ctx.block}.${d.name}`;
        if (copy.kind === 'control') {
          this.controlDecl(copy, copy.instancePath);
          d.type = { kind: 'control', decl: copy };
        } else {
          this.parserDecl(copy, copy.instancePath);
          d.type = { kind: 'parser', decl: copy };
        }
        this.copies.push(copy);
        decl = copy;
      }
      const ctorParams = decl.kind === 'parser' || decl.kind === 'control' ? decl.ctorParams : [];
      d.ctorArgs = this.checkArgs(ctorParams, d.args, new Map(), ctx, d.loc, decl.name) as Expr[];
      this.instances.push(d);
      return;
    }
    if (t.kind === 'package') {
      const env = new Map<string, Type>();
      d.ctorArgs = this.checkArgs(t.decl.params, d.args, env, ctx, d.loc, t.decl.name) as Expr[];
      this.instances.push(d);
      return;
    }
    this.error(d.loc, `cannot instantiate ${typeToString(t)}`);
  }

  // ------------------------------------------------------------ statements

  private block(b: BlockStmt, ctx: Ctx): void {
    const inner: Ctx = { ...ctx, scope: new Scope(ctx.scope) };
    for (const s of b.stmts) {
      try {
        this.stmt(s, inner);
      } catch (e) {
        if (!(e instanceof CompileAbort)) throw e;
      }
    }
  }

  private stmt(s: Stmt, ctx: Ctx): void {
    switch (s.kind) {
      case 'block':
        return this.block(s, ctx);
      case 'empty':
        return;
      case 'exit':
        if (ctx.parser) this.error(s.loc, 'exit is not allowed in a parser');
        return;
      case 'return':
        if (ctx.parser) this.error(s.loc, 'return is not allowed in a parser');
        if (s.value) {
          const rt = ctx.fn?.returnType ?? VOID;
          if (rt.kind === 'void')
            this.error(s.value.loc, 'return with a value in a block that returns nothing');
          this.expr(s.value, ctx, rt);
          this.coerce(s.value, rt, 'return value');
        } else if (ctx.fn && ctx.fn.returnType.kind !== 'void') this.error(s.loc, 'return needs a value');
        return;
      case 'decl':
        if (s.decl.kind === 'const') return this.constDecl(s.decl, ctx);
        return this.variableDecl(s.decl, ctx);
      case 'assign': {
        const lt = this.expr(s.lhs, ctx);
        this.checkLvalue(s.lhs, ctx);
        this.expr(s.rhs, ctx, lt);
        this.coerce(s.rhs, lt, 'assignment');
        return;
      }
      case 'call': {
        this.expr(s.call, ctx);
        return;
      }
      case 'if': {
        const ct = this.expr(s.cond, ctx, BOOL);
        if (ct.kind !== 'bool') this.error(s.cond.loc, `condition must be bool, not ${typeToString(ct)}`);
        this.stmt(s.then, { ...ctx, scope: new Scope(ctx.scope) });
        if (s.else) this.stmt(s.else, { ...ctx, scope: new Scope(ctx.scope) });
        return;
      }
      case 'switch': {
        const t = this.expr(s.expr, ctx);
        if (t.kind === 'action_enum') {
          s.switchKind = 'action_run';
          const table = t.table;
          const seen = new Set<ActionDecl | undefined>();
          for (const c of s.cases) {
            c.actions = c.labels.map((l) => {
              if (l.kind === 'dontcare') {
                l.type = DONTCARE;
                return undefined;
              }
              const name = l.kind === 'name' ? l.name : exprText(l);
              const ref = table.actionRefs.find(
                (r) => r.action && (r.action.name === name || exprText(r.call.callee) === name),
              );
              if (!ref) {
                this.error(l.loc, `'${name}' is not an action of table '${table.name}'`);
                return undefined;
              }
              if (l.kind === 'name') l.ref = ref.action;
              l.type = t;
              if (seen.has(ref.action)) this.error(l.loc, `duplicate switch label '${name}'`);
              seen.add(ref.action);
              return ref.action;
            });
            if (c.body) this.block(c.body, ctx);
          }
        } else {
          s.switchKind = 'value';
          if (!isFixedInt(t) && t.kind !== 'enum' && t.kind !== 'error')
            this.error(s.expr.loc, `cannot switch on a value of type ${typeToString(t)}`);
          for (const c of s.cases) {
            for (const l of c.labels) {
              if (l.kind === 'dontcare') {
                l.type = DONTCARE;
                continue;
              }
              this.expr(l, ctx, t);
              this.coerce(l, t, 'switch label');
              if (l.constValue === undefined)
                this.error(l.loc, 'switch label must be a compile-time constant');
            }
            if (c.body) this.block(c.body, ctx);
          }
        }
        return;
      }
    }
  }

  private checkLvalue(e: Expr, ctx: Ctx): void {
    switch (e.kind) {
      case 'dontcare':
        return;
      case 'name': {
        const r = e.ref;
        if (!r) return;
        if (r.kind === 'param') {
          if (r.direction === 'in')
            this.error(e.loc, `cannot assign to '${e.name}': it is an 'in' parameter`);
          else if (r.direction === 'none')
            this.error(e.loc, `cannot assign to '${e.name}': it is a read-only (directionless) parameter`);
          return;
        }
        if (r.kind === 'variable') return;
        if (r.kind === 'const') return this.error(e.loc, `cannot assign to constant '${e.name}'`);
        return this.error(e.loc, `'${e.name}' cannot be assigned`);
      }
      case 'member':
        if (e.memberKind === 'field' || e.memberKind === 'stack_next' || e.memberKind === 'stack_last') {
          if (e.expr.type.kind === 'apply_result')
            return this.error(e.loc, 'cannot assign to the result of a table apply');
          return this.checkLvalue(e.expr, ctx);
        }
        return this.error(e.loc, `'${exprText(e)}' cannot be assigned`);
      case 'index':
      case 'slice':
        return this.checkLvalue(e.expr, ctx);
      default:
        this.error(e.loc, `'${exprText(e)}' cannot be assigned`);
    }
  }

  // ------------------------------------------------------------ conversions

  /** Converts `e` to type `target` where P4 allows it implicitly; reports an error otherwise. */
  coerce(e: Expr, target: Type, what: string): void {
    const t = e.type;
    if (target.kind === 'unknown' || target.kind === 'typevar' || t.kind === 'unknown') return;
    if (typeEquals(t, target)) return;
    if (t.kind === 'dontcare' || target.kind === 'dontcare') return;
    if (t.kind === 'infint' && isFixedInt(target)) {
      e.type = target;
      if (e.constValue?.kind === 'int') {
        const v = e.constValue.value;
        const n = normalize(v, target);
        const fitsUnsigned = target.kind === 'bit' && v >= 0n && v === n;
        if (
          v !== n &&
          !fitsUnsigned &&
          !(target.kind === 'bit' && v < 0n && -v <= 1n << BigInt(target.width))
        )
          this.diags.warning(
            e.loc,
            `value ${v} does not fit in ${typeToString(target)}; it is truncated to ${n}`,
          );
        e.constValue = { kind: 'int', value: n };
      }
      this.retypeInfint(e, target);
      return;
    }
    if ((t.kind === 'list' || t.kind === 'tuple') && (e.kind === 'list' || e.kind === 'struct_init')) {
      const elems = e.kind === 'list' ? e.elements : e.fields.map((f) => f.value);
      let fieldTypes: Type[] | undefined;
      if (target.kind === 'struct' || target.kind === 'header')
        fieldTypes = target.decl.fields.map((f) => f.type);
      else if (target.kind === 'tuple' || target.kind === 'list') fieldTypes = target.elements;
      if (fieldTypes && fieldTypes.length === elems.length) {
        elems.forEach((x, i) => this.coerce(x, fieldTypes![i]!, what));
        e.type = target;
        if (elems.every((x) => x.constValue)) {
          e.constValue =
            target.kind === 'struct' || target.kind === 'header'
              ? {
                  kind: 'struct',
                  fields: target.decl.fields.map((f, i) => ({ name: f.name, value: elems[i]!.constValue! })),
                }
              : { kind: 'tuple', elements: elems.map((x) => x.constValue!) };
        }
        return;
      }
    }
    if (t.kind === 'enum' && t.decl.underlying && typeEquals(t.decl.underlying, target)) return;
    if (target.kind === 'enum' && target.decl.underlying && t.kind === 'infint') {
      e.type = target;
      return;
    }
    this.error(e.loc, `${what}: cannot convert ${typeToString(t)} to ${typeToString(target)}`);
  }

  /** Pushes a concrete type down into an untyped (infint) expression tree. */
  private retypeInfint(e: Expr, target: Type): void {
    switch (e.kind) {
      case 'int':
        e.type = target;
        if (e.constValue?.kind === 'int')
          e.constValue = { kind: 'int', value: normalize(e.constValue.value, target) };
        return;
      case 'unary':
        e.type = target;
        return this.retypeInfint(e.operand, target);
      case 'binary':
        if (['+', '-', '*', '/', '%', '&', '|', '^', '|+|', '|-|'].includes(e.op)) {
          e.type = target;
          this.retypeInfint(e.left, target);
          this.retypeInfint(e.right, target);
        } else if (e.op === '<<' || e.op === '>>') {
          e.type = target;
          this.retypeInfint(e.left, target);
        }
        return;
      case 'ternary':
        e.type = target;
        this.retypeInfint(e.then, target);
        this.retypeInfint(e.else, target);
        return;
      default:
        if (e.type.kind === 'infint') e.type = target;
    }
  }

  /** Makes the two operands of a binary operator the same type (an infint side takes the other's type). */
  private unifyOperands(e: Expr & { kind: 'binary' }, lt: Type, rt: Type): Type | undefined {
    if (lt.kind === 'infint' && rt.kind !== 'infint') {
      this.coerce(e.left, rt, `operand of '${e.op}'`);
      return rt;
    }
    if (rt.kind === 'infint' && lt.kind !== 'infint') {
      this.coerce(e.right, lt, `operand of '${e.op}'`);
      return lt;
    }
    if (typeEquals(lt, rt)) return lt;
    if (isFixedInt(lt) && isFixedInt(rt)) {
      if (lt.kind !== rt.kind)
        this.error(
          e.loc,
          `'${e.op}': cannot mix signed and unsigned operands (${typeToString(lt)} and ${typeToString(rt)})`,
        );
      else
        this.error(
          e.loc,
          `'${e.op}': width mismatch between ${typeToString(lt)} and ${typeToString(rt)}; use a cast`,
        );
      return undefined;
    }
    if (lt.kind === 'enum' && lt.decl.underlying && typeEquals(lt.decl.underlying, rt)) return rt;
    if (rt.kind === 'enum' && rt.decl.underlying && typeEquals(rt.decl.underlying, lt)) return lt;
    this.error(e.loc, `'${e.op}': incompatible operand types ${typeToString(lt)} and ${typeToString(rt)}`);
    return undefined;
  }

  // ------------------------------------------------------------ expressions

  expr(e: Expr, ctx: Ctx, expected?: Type): Type {
    const t = this.exprInner(e, ctx, expected);
    e.type = t;
    return t;
  }

  private exprInner(e: Expr, ctx: Ctx, expected?: Type): Type {
    switch (e.kind) {
      case 'int': {
        if (e.width === undefined) {
          e.constValue = { kind: 'int', value: e.value };
          return INFINT;
        }
        const t: Type = e.signed ? { kind: 'int', width: e.width } : bits(e.width);
        const n = normalize(e.value, t);
        if (n !== e.value)
          this.diags.warning(
            e.loc,
            `value ${e.value} does not fit in ${typeToString(t)}; it is truncated to ${n}`,
          );
        e.constValue = { kind: 'int', value: n };
        return t;
      }
      case 'bool':
        e.constValue = { kind: 'bool', value: e.value };
        return BOOL;
      case 'string':
        e.constValue = { kind: 'string', value: e.value };
        return STRING;
      case 'dontcare':
        return DONTCARE;
      case 'name':
        return this.nameExpr(e, ctx);
      case 'typename': {
        const t = this.resolveType(e.typeRef, ctx.scope);
        return t;
      }
      case 'member':
        return this.memberExpr(e, ctx);
      case 'index': {
        const bt = this.expr(e.expr, ctx);
        const it = this.expr(e.index, ctx);
        if (!isIntegral(it)) this.error(e.index.loc, `index must be an integer, not ${typeToString(it)}`);
        if (it.kind === 'infint') this.coerce(e.index, bits(32), 'index');
        const iv = intValue(e.index.constValue);
        if (bt.kind === 'stack') {
          if (iv !== undefined && (iv < 0n || iv >= BigInt(bt.size)))
            this.error(e.index.loc, `index ${iv} is out of bounds for ${typeToString(bt)}`);
          return bt.element;
        }
        if (bt.kind === 'tuple' || bt.kind === 'list') {
          if (iv === undefined || iv < 0n || iv >= BigInt(bt.elements.length))
            return this.fatal(e.index.loc, 'tuple index must be a constant in range');
          return bt.elements[Number(iv)]!;
        }
        return this.fatal(e.loc, `cannot index a value of type ${typeToString(bt)}`);
      }
      case 'slice': {
        const bt = this.expr(e.expr, ctx);
        const hi = this.constInt(e.hi, ctx, 'slice bound');
        const lo = this.constInt(e.lo, ctx, 'slice bound');
        if (hi === undefined || lo === undefined) return bits(1);
        if (!isFixedInt(bt) && bt.kind !== 'infint')
          return this.fatal(e.loc, `cannot slice a value of type ${typeToString(bt)}`);
        if (hi < lo) return this.fatal(e.loc, `slice [${hi}:${lo}]: the high bound is below the low bound`);
        if (lo < 0n || (isFixedInt(bt) && hi >= BigInt(bt.width)))
          return this.fatal(e.loc, `slice [${hi}:${lo}] is out of range for ${typeToString(bt)}`);
        e.hiValue = Number(hi);
        e.loValue = Number(lo);
        const t = bits(e.hiValue - e.loValue + 1);
        if (e.expr.constValue) {
          const f = foldSlice(e.expr.constValue, e.hiValue, e.loValue);
          if (f) e.constValue = f;
        }
        return t;
      }
      case 'unary': {
        let t = this.expr(e.operand, ctx, e.op === '!' ? BOOL : expected);
        // `~0` and `-1` written where a bit<W> is expected take that type, as p4c infers it.
        if (e.op === '~' && t.kind === 'infint' && expected && isFixedInt(expected)) {
          this.coerce(e.operand, expected, "operand of '~'");
          t = expected;
        }
        if (e.op === '!') {
          if (t.kind !== 'bool') this.error(e.loc, `'!' needs a bool operand, not ${typeToString(t)}`);
        } else if (e.op === '~') {
          if (!isFixedInt(t))
            this.error(e.loc, `'~' needs a bit<W> or int<W> operand, not ${typeToString(t)}`);
        } else if (!isIntegral(t))
          this.error(e.loc, `'${e.op}' needs an integer operand, not ${typeToString(t)}`);
        if (e.operand.constValue) {
          const f = foldUnary(e.op, e.operand.constValue, t);
          if (f) e.constValue = f;
        }
        return t;
      }
      case 'binary':
        return this.binaryExpr(e, ctx, expected);
      case 'ternary': {
        const ct = this.expr(e.cond, ctx, BOOL);
        if (ct.kind !== 'bool') this.error(e.cond.loc, `condition must be bool, not ${typeToString(ct)}`);
        const a = this.expr(e.then, ctx, expected);
        const b = this.expr(e.else, ctx, expected);
        let t: Type = a;
        if (a.kind === 'infint' && b.kind !== 'infint') {
          this.coerce(e.then, b, "'?:'");
          t = b;
        } else if (b.kind === 'infint' && a.kind !== 'infint') this.coerce(e.else, a, "'?:'");
        else if (a.kind === 'infint' && b.kind === 'infint') {
          if (expected && isFixedInt(expected)) {
            this.coerce(e.then, expected, "'?:'");
            this.coerce(e.else, expected, "'?:'");
            t = expected;
          } else if (e.cond.constValue === undefined)
            this.error(e.loc, "'?:' with untyped integer branches needs a width; cast one branch");
        } else if (!typeEquals(a, b))
          this.error(e.loc, `'?:' branches have different types ${typeToString(a)} and ${typeToString(b)}`);
        if (e.cond.constValue?.kind === 'bool') {
          const pick = e.cond.constValue.value ? e.then : e.else;
          if (pick.constValue) e.constValue = pick.constValue;
        }
        return t;
      }
      case 'cast':
        return this.castExpr(e, ctx);
      case 'call':
        return this.callExpr(e, ctx);
      case 'list': {
        const exp =
          expected && (expected.kind === 'tuple' || expected.kind === 'list')
            ? expected.elements
            : expected && (expected.kind === 'struct' || expected.kind === 'header')
              ? expected.decl.fields.map((f) => f.type)
              : undefined;
        const types = e.elements.map((x, i) => this.expr(x, ctx, exp?.[i]));
        if (e.elements.every((x) => x.constValue))
          e.constValue = { kind: 'tuple', elements: e.elements.map((x) => x.constValue!) };
        return { kind: 'list', elements: types };
      }
      case 'struct_init': {
        if (!expected || (expected.kind !== 'struct' && expected.kind !== 'header'))
          return this.fatal(e.loc, 'a structure initializer needs a struct or header type from its context');
        const decl = expected.decl;
        for (const f of e.fields) {
          const fd = decl.fields.find((x) => x.name === f.name);
          if (!fd) {
            this.error(f.loc, `${decl.name} has no field '${f.name}'`);
            continue;
          }
          this.expr(f.value, ctx, fd.type);
          this.coerce(f.value, fd.type, `field '${f.name}'`);
        }
        for (const fd of decl.fields)
          if (!e.fields.some((f) => f.name === fd.name))
            this.error(e.loc, `field '${fd.name}' of ${decl.name} is not initialized`);
        // Order the fields as declared so that the engine can build the value positionally.
        e.fields.sort(
          (a, b) =>
            decl.fields.findIndex((f) => f.name === a.name) - decl.fields.findIndex((f) => f.name === b.name),
        );
        if (e.fields.every((f) => f.value.constValue))
          e.constValue = {
            kind: 'struct',
            fields: e.fields.map((f) => ({ name: f.name, value: f.value.constValue! })),
          };
        return expected;
      }
    }
  }

  private nameExpr(e: Expr & { kind: 'name' }, ctx: Ctx): Type {
    const refs = e.global ? this.global.lookupValue(e.name) : ctx.scope.lookupValue(e.name);
    if (!refs || refs.length === 0) {
      if (ctx.scope.lookupType(e.name)) return this.fatal(e.loc, `'${e.name}' is a type, not a value`);
      return this.fatal(e.loc, `undeclared name '${e.name}'`);
    }
    const r = refs[refs.length - 1]!;
    e.ref = r;
    switch (r.kind) {
      case 'param':
        return r.type;
      case 'variable':
        return r.type;
      case 'const':
        e.constValue = r.constValue;
        return r.type;
      case 'instance':
        return r.type;
      case 'action':
        return { kind: 'action', decl: r };
      case 'table':
        return { kind: 'table', decl: r };
      case 'value_set':
        return { kind: 'value_set', element: r.elementType };
      case 'parser':
        return { kind: 'parser', decl: r };
      case 'control':
        return { kind: 'control', decl: r };
      default:
        return VOID;
    }
  }

  private memberExpr(e: Expr & { kind: 'member' }, ctx: Ctx): Type {
    const base = e.expr;
    const mloc = e.memberLoc ?? e.loc;
    if (base.kind === 'typename') {
      const t = this.expr(base, ctx);
      if (t.kind === 'error') {
        const code = this.errors.indexOf(e.member);
        if (code < 0) return this.fatal(mloc, `unknown error 'error.${e.member}'`);
        e.memberKind = 'error_member';
        e.constValue = { kind: 'error', name: e.member, code };
        return ERROR_T;
      }
      if (t.kind === 'enum') {
        const m = t.decl.members.find((x) => x.name === e.member);
        if (!m) return this.fatal(mloc, `enum ${t.decl.name} has no member '${e.member}'`);
        e.memberKind = 'enum_member';
        e.constValue = { kind: 'enum', decl: t.decl, member: m.name, value: m.value ?? 0n };
        return t;
      }
      if (
        (t.kind === 'header' || t.kind === 'struct') &&
        (e.member === 'minSizeInBits' || e.member === 'minSizeInBytes')
      ) {
        e.memberKind = 'method';
        return VOID;
      }
      return this.fatal(mloc, `'${typeToString(t)}' has no member '${e.member}'`);
    }
    const bt = this.expr(base, ctx);
    const field = (fields: Field[]): Type | undefined => fields.find((f) => f.name === e.member)?.type;
    switch (bt.kind) {
      case 'header':
      case 'header_union':
      case 'struct': {
        const ft = field(bt.decl.fields);
        if (ft) {
          e.memberKind = 'field';
          if (base.constValue?.kind === 'struct') {
            const fv = base.constValue.fields.find((f) => f.name === e.member);
            if (fv) e.constValue = fv.value;
          }
          return ft;
        }
        const methods =
          bt.kind === 'struct'
            ? []
            : ['isValid', 'setValid', 'setInvalid', 'minSizeInBits', 'minSizeInBytes'];
        if (methods.includes(e.member)) {
          e.memberKind = 'method';
          return VOID;
        }
        return this.fatal(
          mloc,
          `${bt.kind === 'struct' ? 'struct' : 'header'} ${bt.decl.name} has no field '${e.member}'`,
        );
      }
      case 'stack':
        switch (e.member) {
          case 'next':
          case 'last':
            if (e.member === 'next' && !ctx.parser)
              this.error(mloc, `'${exprText(base)}.next' can only be used in a parser`);
            e.memberKind = e.member === 'next' ? 'stack_next' : 'stack_last';
            return bt.element;
          case 'size':
            e.memberKind = 'stack_size';
            e.constValue = { kind: 'int', value: BigInt(bt.size) };
            return bits(32);
          case 'lastIndex':
            e.memberKind = 'stack_lastIndex';
            return bits(32);
          case 'push_front':
          case 'pop_front':
            e.memberKind = 'method';
            return VOID;
        }
        return this.fatal(mloc, `header stack has no member '${e.member}'`);
      case 'apply_result':
        if (e.member === 'hit' || e.member === 'miss') {
          e.memberKind = e.member === 'hit' ? 'table_hit' : 'table_miss';
          return BOOL;
        }
        if (e.member === 'action_run') {
          e.memberKind = 'table_action_run';
          return { kind: 'action_enum', table: bt.table };
        }
        return this.fatal(mloc, `a table apply result has no member '${e.member}'`);
      case 'extern':
        if (!bt.decl.methods.some((m) => m.name === e.member))
          return this.fatal(mloc, `extern ${bt.decl.name} has no method '${e.member}'`);
        e.memberKind = 'method';
        return VOID;
      case 'table':
      case 'control':
      case 'parser':
        if (e.member !== 'apply') return this.fatal(mloc, `'${exprText(base)}' has no member '${e.member}'`);
        e.memberKind = 'method';
        return VOID;
      default:
        return this.fatal(mloc, `a value of type ${typeToString(bt)} has no member '${e.member}'`);
    }
  }

  private binaryExpr(e: Expr & { kind: 'binary' }, ctx: Ctx, expected?: Type): Type {
    const op = e.op;
    if (op === '&&' || op === '||') {
      const l = this.expr(e.left, ctx, BOOL);
      const r = this.expr(e.right, ctx, BOOL);
      if (l.kind !== 'bool' || r.kind !== 'bool')
        this.error(e.loc, `'${op}' needs bool operands, not ${typeToString(l)} and ${typeToString(r)}`);
      if (e.left.constValue && e.right.constValue) {
        const f = foldBinary(op, e.left.constValue, e.right.constValue, BOOL, BOOL);
        if (f) e.constValue = f;
      }
      return BOOL;
    }
    if (op === '&&&' || op === '..') {
      const l = this.expr(e.left, ctx, expected);
      const r = this.expr(e.right, ctx, expected);
      const t = this.unifyOperands(e, l, r) ?? l;
      return { kind: 'set', element: t };
    }
    const numericExpected = expected && isFixedInt(expected) ? expected : undefined;
    if (op === '<<' || op === '>>') {
      let l = this.expr(e.left, ctx, numericExpected);
      const r = this.expr(e.right, ctx);
      if (l.kind === 'infint' && numericExpected && e.right.constValue === undefined) {
        // `1 << n` assigned to a bit<W>: the literal takes the width of the destination.
        this.coerce(e.left, numericExpected, `operand of '${op}'`);
        l = numericExpected;
      }
      if (!isIntegral(l))
        this.error(e.left.loc, `'${op}' needs an integer left operand, not ${typeToString(l)}`);
      if (r.kind === 'int') this.error(e.right.loc, `shift amount must be unsigned, not ${typeToString(r)}`);
      else if (!isIntegral(r))
        this.error(e.right.loc, `shift amount must be an integer, not ${typeToString(r)}`);
      if (r.kind === 'infint') {
        const rv = intValue(e.right.constValue);
        if (rv !== undefined && rv < 0n) this.error(e.right.loc, 'shift amount must not be negative');
      }
      if (l.kind === 'infint' && e.right.constValue === undefined)
        this.error(
          e.loc,
          `'${op}': an untyped left operand needs a constant shift amount; cast it to a width`,
        );
      if (e.left.constValue && e.right.constValue) {
        const f = foldBinary(op, e.left.constValue, e.right.constValue, l, l);
        if (f) e.constValue = f;
      }
      return l;
    }
    if (op === '++') {
      const l = this.expr(e.left, ctx);
      const r = this.expr(e.right, ctx);
      if (!isFixedInt(l) || !isFixedInt(r)) {
        const bad = !isFixedInt(l) ? e.left : e.right;
        return this.fatal(bad.loc, `'++' needs operands with a width, not ${typeToString(bad.type)}`);
      }
      const t: Type = { kind: l.kind, width: l.width + r.width };
      if (e.left.constValue && e.right.constValue) {
        const f = foldBinary(op, e.left.constValue, e.right.constValue, r, t);
        if (f) e.constValue = f;
      }
      return t;
    }
    const l = this.expr(e.left, ctx, numericExpected);
    const r = this.expr(e.right, ctx, numericExpected);
    const t = this.unifyOperands(e, l, r);
    if (!t) return ['==', '!=', '<', '>', '<=', '>='].includes(op) ? BOOL : l;
    const isCmp = ['==', '!=', '<', '>', '<=', '>='].includes(op);
    if (op === '==' || op === '!=') {
      if (t.kind === 'varbit' || t.kind === 'extern' || t.kind === 'action_enum')
        this.error(e.loc, `'${op}' cannot compare values of type ${typeToString(t)}`);
    } else if (isCmp) {
      if (!isIntegral(t)) this.error(e.loc, `'${op}' needs integer operands, not ${typeToString(t)}`);
    } else if (!isIntegral(t) && !(t.kind === 'enum' && t.decl.underlying)) {
      this.error(e.loc, `'${op}' needs integer operands, not ${typeToString(t)}`);
    } else if ((op === '/' || op === '%') && t.kind === 'int') {
      this.error(e.loc, `'${op}' is not defined on signed values of type ${typeToString(t)}`);
    } else if ((op === '|+|' || op === '|-|') && t.kind === 'infint') {
      this.error(e.loc, `'${op}' needs operands with a width`);
    }
    if ((op === '/' || op === '%') && intValue(e.right.constValue) === 0n)
      this.error(e.right.loc, 'division by zero');
    const resultT = isCmp ? BOOL : t;
    if (e.left.constValue && e.right.constValue) {
      const f = foldBinary(op, e.left.constValue, e.right.constValue, t, resultT);
      if (f) e.constValue = f;
    }
    return resultT;
  }

  private castExpr(e: Expr & { kind: 'cast' }, ctx: Ctx): Type {
    const to = this.resolveType(e.targetType, ctx.scope);
    const from = this.expr(e.expr, ctx, to);
    const ok = ((): boolean => {
      if (typeEquals(from, to)) return true;
      if (e.expr.kind === 'list' || e.expr.kind === 'struct_init') {
        this.coerce(e.expr, to, 'cast');
        return true;
      }
      if (from.kind === 'infint')
        return isFixedInt(to) || to.kind === 'bool' || (to.kind === 'enum' && !!to.decl.underlying);
      // p4c accepts any bit/int to bit/int cast (it splits a sign-and-width change into two casts).
      if (isFixedInt(from) && isFixedInt(to)) return true;
      if (from.kind === 'bool' && to.kind === 'bit' && to.width === 1) return true;
      if (from.kind === 'bit' && from.width === 1 && to.kind === 'bool') return true;
      if (
        from.kind === 'enum' &&
        from.decl.underlying &&
        (isFixedInt(to) || typeEquals(from.decl.underlying, to))
      )
        return true;
      if (to.kind === 'enum' && to.decl.underlying && isFixedInt(from)) return true;
      return false;
    })();
    if (!ok) this.error(e.loc, `cannot cast ${typeToString(from)} to ${typeToString(to)}`);
    if (e.expr.constValue) {
      if (to.kind === 'enum' && to.decl.underlying) {
        const v = intValue(e.expr.constValue);
        const m = to.decl.members.find(
          (x) => x.value === (v === undefined ? undefined : normalize(v, to.decl.underlying!)),
        );
        if (m && v !== undefined)
          e.constValue = { kind: 'enum', decl: to.decl, member: m.name, value: m.value! };
      } else {
        const f = foldCast(e.expr.constValue, to);
        if (f) e.constValue = f;
        else if (typeEquals(from, to)) e.constValue = e.expr.constValue;
      }
    }
    return to;
  }

  // ------------------------------------------------------------ calls

  private arityOk(params: Param[], args: Argument[]): boolean {
    if (args.some((a) => a.name !== undefined)) {
      const names = new Set(params.map((p) => p.name));
      if (!args.every((a) => names.has(a.name!))) return false;
      return params.every((p) => p.defaultValue || p.optional || args.some((a) => a.name === p.name));
    }
    const required = params.filter((p) => !p.defaultValue && !p.optional).length;
    return args.length >= required && args.length <= params.length;
  }

  /** Places arguments by parameter: positional or named; defaults filled in. */
  private bindArgs(params: Param[], args: Argument[], loc: Loc, what: string): (Expr | undefined)[] {
    const out: (Expr | undefined)[] = params.map(() => undefined);
    if (args.some((a) => a.name !== undefined)) {
      for (const a of args) {
        const i = params.findIndex((p) => p.name === a.name);
        if (i < 0) this.error(a.loc, `${what} has no parameter named '${a.name}'`);
        else out[i] = a.value;
      }
    } else {
      if (args.length > params.length)
        this.error(
          args[params.length]!.loc,
          `too many arguments to ${what}: expected ${params.length}, got ${args.length}`,
        );
      args.slice(0, params.length).forEach((a, i) => (out[i] = a.value));
    }
    params.forEach((p, i) => {
      if (out[i] === undefined) {
        if (p.defaultValue) out[i] = p.defaultValue;
        else if (!p.optional) this.error(loc, `missing argument for parameter '${p.name}' of ${what}`);
      }
    });
    return out;
  }

  /** Type-checks arguments against parameters, inferring type variables into `env`. */
  private checkArgs(
    params: Param[],
    args: Argument[],
    env: Map<string, Type>,
    ctx: Ctx,
    loc: Loc,
    what: string,
  ): (Expr | undefined)[] {
    const bound = this.bindArgs(params, args, loc, what);
    params.forEach((p, i) => {
      const arg = bound[i];
      if (!arg) return;
      const pt = substitute(p.type, env);
      const concrete = !containsTypeVar(pt);
      const at = this.expr(arg, ctx, concrete ? pt : undefined);
      if (!concrete) {
        unify(pt, at, env);
        const st = substitute(pt, env);
        if (!containsTypeVar(st)) this.coerce(arg, st, `argument '${p.name}' of ${what}`);
      } else if (pt.kind === 'parser' || pt.kind === 'control' || pt.kind === 'package') {
        this.checkBlockArg(arg, pt, env, what, p.name);
      } else this.coerce(arg, pt, `argument '${p.name}' of ${what}`);
      if (p.direction === 'out' || p.direction === 'inout') this.checkLvalue(arg, ctx);
    });
    return bound;
  }

  /** A parser/control passed to a package: its apply parameters must match the package's parameter type. */
  private checkBlockArg(
    arg: Expr,
    pt: Type & { kind: 'parser' | 'control' | 'package' },
    env: Map<string, Type>,
    what: string,
    pname: string,
  ): void {
    const at = arg.type;
    if (at.kind !== pt.kind) {
      this.error(arg.loc, `argument '${pname}' of ${what} must be a ${pt.kind}, not ${typeToString(at)}`);
      return;
    }
    const want = pt.decl.params;
    const have = (at.decl as ParserDecl | ControlDecl | ParserTypeDecl | ControlTypeDecl | PackageTypeDecl)
      .params;
    if (want.length !== have.length) {
      this.error(
        arg.loc,
        `${at.decl.name} has ${have.length} parameters but ${what} expects a ${pt.kind} with ${want.length} (${pt.decl.name})`,
      );
      return;
    }
    want.forEach((w, i) => {
      const h = have[i]!;
      if (w.direction !== h.direction && !(w.direction === 'none' && h.direction === 'none'))
        this.error(
          h.loc,
          `parameter '${h.name}' of ${at.decl.name} must be '${w.direction}' to match ${pt.decl.name}`,
        );
      const wt = substitute(w.type, env);
      if (containsTypeVar(wt)) unify(wt, h.type, env);
      else if (!typeEquals(wt, h.type))
        this.error(
          h.loc,
          `parameter '${h.name}' of ${at.decl.name} has type ${typeToString(h.type)} but ${pt.decl.name} needs ${typeToString(wt)}`,
        );
    });
  }

  private callExpr(e: CallExpr, ctx: Ctx): Type {
    const callee = e.callee;
    const explicitTypeArgs = e.typeArgs.map((t) => this.resolveType(t, ctx.scope));
    if (callee.kind === 'member') {
      this.expr(callee, ctx);
      const obj = callee.expr;
      const ot = obj.type;
      const m = callee.member;
      if (ot.kind === 'header' || ot.kind === 'header_union' || ot.kind === 'struct') {
        if (m === 'minSizeInBits' || m === 'minSizeInBytes') {
          this.noArgs(e, m);
          e.target = { kind: 'builtin', name: m, object: obj };
          const w = bitWidthOf(ot) ?? 0;
          e.constValue = { kind: 'int', value: BigInt(m === 'minSizeInBits' ? w : Math.ceil(w / 8)) };
          return INFINT;
        }
        this.noArgs(e, m);
        if (ot.kind === 'header_union' && m !== 'isValid')
          return this.fatal(callee.loc, `a header union has no method '${m}'`);
        e.target = { kind: 'builtin', name: m as 'isValid', object: obj };
        if (m !== 'isValid') this.checkLvalue(obj, ctx);
        return m === 'isValid' ? BOOL : VOID;
      }
      if (ot.kind === 'stack') {
        if (e.rawArgs.length !== 1)
          return this.fatal(e.loc, `${m} expects 1 argument, got ${e.rawArgs.length}`);
        const a = e.rawArgs[0]!.value;
        this.expr(a, ctx);
        if (intValue(a.constValue) === undefined)
          this.error(a.loc, `the argument of ${m} must be a compile-time constant`);
        this.coerce(a, bits(32), m);
        this.checkLvalue(obj, ctx);
        e.args = [a];
        e.target = { kind: 'builtin', name: m as 'push_front', object: obj };
        return VOID;
      }
      if (ot.kind === 'table') {
        this.noArgs(e, 'apply');
        if (ctx.action) this.error(e.loc, 'tables cannot be applied inside an action');
        e.target = { kind: 'table_apply', table: ot.decl };
        e.args = [];
        return { kind: 'apply_result', table: ot.decl };
      }
      if (ot.kind === 'control' || ot.kind === 'parser') {
        const inst = obj.kind === 'name' && obj.ref?.kind === 'instance' ? obj.ref : undefined;
        const decl = ot.decl;
        if (!inst || (decl.kind !== 'control' && decl.kind !== 'parser'))
          return this.fatal(e.loc, `cannot apply '${exprText(obj)}'`);
        e.params = decl.params;
        e.args = this.checkArgs(decl.params, e.rawArgs, new Map(), ctx, e.loc, `${decl.name}.apply`);
        e.target =
          decl.kind === 'control'
            ? { kind: 'control_apply', instance: inst, decl }
            : { kind: 'parser_apply', instance: inst, decl };
        return VOID;
      }
      if (ot.kind === 'extern') {
        const methods = ot.decl.methods.filter((x) => x.name === m);
        const chosen = methods.find((x) => this.arityOk(x.params, e.rawArgs)) ?? methods[0];
        if (!chosen)
          return this.fatal(callee.memberLoc ?? callee.loc, `extern ${ot.decl.name} has no method '${m}'`);
        if (!this.arityOk(chosen.params, e.rawArgs))
          this.error(
            e.loc,
            `wrong number of arguments to ${ot.decl.name}.${m}: expected ${chosen.params.filter((p) => !p.defaultValue && !p.optional).length}, got ${e.rawArgs.length}`,
          );
        const env = new Map<string, Type>();
        ot.decl.typeParams.forEach((p, i) => {
          const a = ot.typeArgs[i];
          if (a) env.set(p, a);
        });
        const t = this.genericCall(e, chosen, explicitTypeArgs, env, ctx, `${ot.decl.name}.${m}`);
        e.target = { kind: 'extern_method', extern: ot.decl, method: m, object: obj };
        this.checkPacketMethod(e, ot.decl.name, m);
        return t;
      }
      return this.fatal(callee.loc, `'${exprText(callee)}' cannot be called`);
    }
    if (callee.kind !== 'name') return this.fatal(callee.loc, `'${exprText(callee)}' cannot be called`);
    const refs = callee.global ? this.global.lookupValue(callee.name) : ctx.scope.lookupValue(callee.name);
    if (!refs || refs.length === 0) return this.fatal(callee.loc, `undeclared name '${callee.name}'`);
    const callables = refs.filter(
      (r): r is Callable => r.kind === 'extern_function' || r.kind === 'function' || r.kind === 'action',
    );
    if (callables.length === 0) {
      const r = refs[refs.length - 1]!;
      if (r.kind === 'parser' || r.kind === 'control') {
        // A constructor call, as in `V1Switch(MyParser(), ...)`.
        callee.ref = r;
        e.args = this.checkArgs(r.ctorParams, e.rawArgs, new Map(), ctx, e.loc, r.name);
        return r.kind === 'parser' ? { kind: 'parser', decl: r } : { kind: 'control', decl: r };
      }
      return this.fatal(callee.loc, `'${callee.name}' cannot be called`);
    }
    const chosen = callables.find((c) => this.arityOk(c.params, e.rawArgs)) ?? callables[0]!;
    callee.ref = chosen;
    if (chosen.kind === 'action') {
      chosen.referenced = true;
      if (ctx.parser) this.error(e.loc, 'actions cannot be called in a parser');
      callee.type = { kind: 'action', decl: chosen };
      if (!this.arityOk(chosen.params, e.rawArgs))
        this.error(
          e.loc,
          `wrong number of arguments to action '${chosen.name}': expected ${chosen.params.length}, got ${e.rawArgs.length}`,
        );
      e.params = chosen.params;
      e.args = this.checkArgs(chosen.params, e.rawArgs, new Map(), ctx, e.loc, `action '${chosen.name}'`);
      e.target = { kind: 'action', decl: chosen };
      return VOID;
    }
    if (!this.arityOk(chosen.params, e.rawArgs)) {
      const req = chosen.params.filter((p) => !p.defaultValue && !p.optional).length;
      this.error(
        e.loc,
        `wrong number of arguments to '${chosen.name}': expected ${req === chosen.params.length ? req : `${req} to ${chosen.params.length}`}, got ${e.rawArgs.length}`,
      );
    }
    const t = this.genericCall(e, chosen, explicitTypeArgs, new Map(), ctx, `'${chosen.name}'`);
    e.target =
      chosen.kind === 'function'
        ? { kind: 'function', decl: chosen }
        : { kind: 'extern_function', decl: chosen };
    return t;
  }

  /** extract/emit take headers (emit also stacks, unions and structs of them), as the core library requires. */
  private checkPacketMethod(e: CallExpr, extern: string, method: string): void {
    const arg = e.args?.[0];
    if (!arg) return;
    const t = arg.type;
    if (extern === 'packet_in' && method === 'extract') {
      if (t.kind !== 'header') return this.error(arg.loc, `extract needs a header, not ${typeToString(t)}`);
      if (e.args!.length === 2 && !t.decl.varbitField)
        return this.error(arg.loc, `header ${t.decl.name} has no varbit field for a two-argument extract`);
      if (e.args!.length === 1 && t.decl.varbitField)
        return this.error(
          arg.loc,
          `header ${t.decl.name} has a varbit field: give its size as a second argument`,
        );
    }
    if (extern === 'packet_out' && method === 'emit') {
      const emittable = (x: Type): boolean =>
        x.kind === 'header' ||
        x.kind === 'header_union' ||
        (x.kind === 'stack' && emittable(x.element)) ||
        (x.kind === 'struct' && x.decl.fields.every((f) => emittable(f.type)));
      if (!emittable(t))
        this.error(
          arg.loc,
          `emit needs a header, header stack, header union or struct of them, not ${typeToString(t)}`,
        );
    }
  }

  private noArgs(e: CallExpr, what: string): void {
    if (e.rawArgs.length > 0) this.error(e.rawArgs[0]!.loc, `${what} takes no arguments`);
    e.args = [];
  }

  private genericCall(
    e: CallExpr,
    m: MethodDecl | ExternFunctionDecl | FunctionDecl,
    typeArgs: Type[],
    env: Map<string, Type>,
    ctx: Ctx,
    what: string,
  ): Type {
    if (typeArgs.length > 0) {
      if (typeArgs.length !== m.typeParams.length)
        this.error(e.loc, `${what} expects ${m.typeParams.length} type arguments, got ${typeArgs.length}`);
      m.typeParams.forEach((p, i) => {
        const a = typeArgs[i];
        if (a) env.set(p, a);
      });
    }
    e.args = this.checkArgs(m.params, e.rawArgs, env, ctx, e.loc, what);
    e.params = m.params.map((p) => ({ ...p, type: substitute(p.type, env) }));
    e.typeArgValues = m.typeParams.map((p) => env.get(p) ?? { kind: 'unknown' });
    const rt = substitute(m.returnType, env);
    if (containsTypeVar(rt))
      return this.fatal(e.loc, `cannot infer the result type of ${what}; give type arguments`);
    return rt;
  }
}

/**
 * Entry priorities for tables that need them (ternary, range, optional keys). An entry without an explicit
 * priority is ranked just below the entry before it: with largest_priority_wins (the default) the entries are
 * numbered from the last one up (the last gets 1, each earlier one priority_delta more), otherwise from the
 * first one up (smallest wins). The stored priority always means "higher wins", as the engine and P4Runtime
 * compare them, so a smallest-wins table is renumbered.
 */
function assignEntryPriorities(t: TableDecl, largestWins: boolean, delta: number): void {
  const entries = t.entryDecls;
  const raw: number[] = new Array<number>(entries.length);
  const order = entries.map((_, i) => i);
  if (largestWins) order.reverse();
  let prev: number | undefined;
  for (const i of order) {
    const p = entries[i]!.explicitPriority ?? (prev === undefined ? 1 : prev + delta);
    raw[i] = p;
    prev = p;
  }
  const hi = Math.max(...raw);
  entries.forEach((e, i) => (e.priority = largestWins ? raw[i]! : hi - raw[i]! + 1));
}
