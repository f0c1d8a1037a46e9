// Recursive-descent parser for P4_16 as v1model programs use it. Like p4c, it knows which identifiers
// name types (declared earlier or type parameters in scope): P4's grammar needs that to tell a cast from a
// parenthesised expression and a declaration from an expression statement.
// One file on purpose, over the usual size: a recursive-descent parser is one grammar whose productions call
// each other in cycles (expressions, statements, declarations, types); split across modules it would read
// as a tangle of mutual imports, while here each production sits next to the ones it calls.
import { MAX_NESTING, tooDeep } from './limits.js';
import {
  UNKNOWN_TYPE,
  type ActionDecl,
  type Annotation,
  type Argument,
  type BlockStmt,
  type CallExpr,
  type ControlDecl,
  type Direction,
  type Expr,
  type Field,
  type InstanceDecl,
  type LocalDecl,
  type Loc,
  type MethodDecl,
  type Param,
  type ParserDecl,
  type ParserState,
  type Program,
  type SelectCase,
  type Stmt,
  type SwitchCase,
  type TableActionRef,
  type TableDecl,
  type TopDecl,
  type Transition,
  type TypeRef,
  type VariableDecl,
  type BinaryOp,
} from './ast.js';
import { Diagnostics } from './diagnostics.js';
import type { Token } from './lexer.js';
import { BINARY_PRECEDENCE } from './precedence.js';

const TYPE_KEYWORDS = new Set([
  'bit',
  'int',
  'varbit',
  'bool',
  'error',
  'string',
  'void',
  'tuple',
  'match_kind',
]);

/**
 * P4_16's reserved words that cannot name anything. p4c's grammar lets a few keywords stand as names
 * (`apply`, `key`, `actions`, `state`, `entries`, `type`, `priority`: its `nonTypeName`), so those are not
 * here; every other keyword in a declaration's name is a syntax error there, e.g. `action default()`.
 */
const RESERVED_WORDS = new Set([
  'abstract',
  'action',
  'bool',
  'bit',
  'break',
  'const',
  'continue',
  'control',
  'default',
  'else',
  'enum',
  'error',
  'exit',
  'extern',
  'false',
  'for',
  'header',
  'header_union',
  'if',
  'in',
  'inout',
  'int',
  'match_kind',
  'out',
  'package',
  'parser',
  'return',
  'select',
  'string',
  'struct',
  'switch',
  'table',
  'this',
  'transition',
  'true',
  'tuple',
  'typedef',
  'value_set',
  'varbit',
  'void',
]);

/** Operators with a compound assignment form (`a += b`), P4_16 v1.2.5. */
const COMPOUND_OPS = new Set(['*', '/', '%', '+', '-', '|+|', '|-|', '<<', '&', '|', '^']);

/** Whether an expression just parsed (no links yet, so a tree) contains a call. */
function hasCall(n: unknown): boolean {
  if (n === null || typeof n !== 'object') return false;
  if ((n as { kind?: unknown }).kind === 'call') return true;
  return Object.entries(n).some(([k, v]) => k !== 'loc' && hasCall(v));
}

export class Parser {
  private pos = 0;
  private readonly typeScopes: Set<string>[] = [new Set()];
  /** Current nesting of statements, unary operands (parentheses included), `?:` and types: bounded, so that no input overflows the stack. */
  private nest = 0;

  constructor(
    private readonly toks: Token[],
    private readonly diags: Diagnostics,
  ) {}

  // ------------------------------------------------------------ token helpers

  /** One more level of statement, expression or type nesting (see MAX_NESTING). */
  private enter(): void {
    if (++this.nest > MAX_NESTING) tooDeep(this.diags, this.tok.loc);
  }

  /** Runs `parse` one nesting level deeper. */
  private nested<T>(parse: () => T): T {
    this.enter();
    try {
      return parse();
    } finally {
      this.nest--;
    }
  }

  private get tok(): Token {
    return this.toks[this.pos]!;
  }

  private peek(n = 1): Token {
    return this.toks[Math.min(this.pos + n, this.toks.length - 1)]!;
  }

  private is(text: string): boolean {
    const t = this.tok;
    return (t.kind === 'punct' || t.kind === 'ident') && t.text === text;
  }

  private accept(text: string): boolean {
    if (this.is(text)) {
      this.pos++;
      return true;
    }
    return false;
  }

  private expect(text: string): Token {
    if (!this.is(text)) this.fail(`expected '${text}' but found '${this.tok.text}'`);
    return this.toks[this.pos++]!;
  }

  private fail(message: string, loc: Loc = this.tok.loc): never {
    return this.diags.fatal(loc, `syntax error: ${message}`);
  }

  private ident(what = 'identifier'): Token {
    const t = this.tok;
    if (t.kind !== 'ident') this.fail(`expected ${what} but found '${t.text}'`);
    this.pos++;
    return t;
  }

  /** The name a declaration introduces: an identifier that is not a reserved word. */
  private declName(what = 'identifier'): Token {
    const t = this.ident(what);
    if (RESERVED_WORDS.has(t.text))
      this.fail(`expected ${what} but found the reserved word '${t.text}'`, t.loc);
    // `_` is P4's don't-care, a token of its own in p4c's grammar: nothing can be named by it.
    if (t.text === '_') this.fail(`expected ${what} but found '_' (the don't-care, not a name)`, t.loc);
    return t;
  }

  private isTypeName(name: string): boolean {
    return this.typeScopes.some((s) => s.has(name));
  }

  private declareType(name: string): void {
    this.typeScopes[0]!.add(name);
  }

  /** `ReturnType name<T...>(params);` of an extern function or method. */
  private signature(what: string) {
    const retStart = this.pos;
    this.skipTypeLoose();
    const { nameTok, typeParams, returnTypeRef } = this.genericHead(retStart, what);
    const params = this.withTypeParams(typeParams, () => this.params());
    this.expect(';');
    return { nameTok, typeParams, returnTypeRef, params };
  }

  /** `ReturnType name<T...>` with the return type skipped (it started at `retStart`): the return type may use
   *  the declaration's own type parameters (`T f<T>()`), so the name and type parameters are read first and
   *  the return type is then parsed with them in scope. Leaves the position after the type parameters. */
  private genericHead(retStart: number, what?: string) {
    const nameTok = this.declName(what);
    const typeParams = this.typeParams();
    const afterTypeParams = this.pos;
    this.pos = retStart;
    const returnTypeRef = this.withTypeParams(typeParams, () => this.typeRef());
    this.pos = afterTypeParams;
    return { nameTok, typeParams, returnTypeRef };
  }

  private withTypeParams<T>(params: string[], f: () => T): T {
    this.typeScopes.push(new Set(params));
    try {
      return f();
    } finally {
      this.typeScopes.pop();
    }
  }

  /** Is the current token the start of a type? */
  private atType(): boolean {
    const t = this.tok;
    if (t.kind !== 'ident') return false;
    if (t.text === 'error') return this.peek().text !== '.';
    return TYPE_KEYWORDS.has(t.text) || this.isTypeName(t.text) || this.atListType(0);
  }

  /** `list<T>` (P4_16 v1.2.4): `list` is a type only before `<`, so programs naming something `list` still parse. */
  private atListType(offset: number): boolean {
    const t = this.peek(offset);
    return (
      t.kind === 'ident' &&
      t.text === 'list' &&
      this.peek(offset + 1).text === '<' &&
      !this.isTypeName('list')
    );
  }

  // ------------------------------------------------------------ program

  parseProgram(): Program {
    const decls: TopDecl[] = [];
    while (this.tok.kind !== 'eof') {
      if (this.accept(';')) continue;
      decls.push(...this.topDecl());
    }
    return { decls };
  }

  private annotations(): Annotation[] {
    const out: Annotation[] = [];
    while (this.is('@')) {
      const at = this.expect('@');
      const name = this.ident('annotation name').text;
      if (name === 'pragma') {
        // `@pragma name args...` runs to the end of its line.
        const start = this.pos;
        while (
          this.tok.kind !== 'eof' &&
          this.tok.loc.line === at.loc.line &&
          this.tok.loc.file === at.loc.file
        )
          this.pos++;
        const body = this.toks
          .slice(start, this.pos)
          .map((t) => t.text)
          .join(' ');
        out.push({ name, body, args: [], loc: at.loc });
        continue;
      }
      let body = '';
      let args: Expr[] = [];
      const open = this.is('(') ? ')' : this.is('[') && this.tok.adjacent ? ']' : undefined;
      if (open) {
        this.pos++;
        const start = this.pos;
        let depth = 1;
        while (this.tok.kind !== 'eof') {
          if (this.is('(') || this.is('[')) depth++;
          if (this.is(')') || this.is(']')) depth--;
          if (depth === 0) break;
          this.pos++;
        }
        const slice = this.toks.slice(start, this.pos);
        this.expect(open);
        body = slice.map((t) => t.text).join(' ');
        if (open === ']') {
          out.push({ name, body, args: [], structured: this.structuredBody(slice), loc: at.loc });
          continue;
        }
        args = parseAnnotationArgs(slice, this.typeScopes);
      }
      out.push({ name, body, args, loc: at.loc });
    }
    return out;
  }

  /** A structured annotation's body: an expression list, or `key = expression` pairs (P4_16 §18.2). */
  private structuredBody(slice: Token[]): NonNullable<Annotation['structured']> {
    if (slice.length === 0) return { kind: 'list', values: [] };
    const eof: Token = { kind: 'eof', text: '<end>', loc: slice[slice.length - 1]!.loc };
    const p = new Parser([...slice, eof], this.diags);
    p.typeScopes.push(...this.typeScopes);
    const isPair = slice[0]!.kind === 'ident' && slice[1]?.text === '=';
    if (isPair) {
      const pairs: { key: string; value: Expr; loc: Loc }[] = [];
      do {
        const key = p.ident('key');
        p.expect('=');
        pairs.push({ key: key.text, value: p.expr(), loc: key.loc });
      } while (p.accept(','));
      if (p.tok.kind !== 'eof') p.fail(`expected ',' or ']' in a structured annotation`);
      return { kind: 'kv', pairs };
    }
    const values: Expr[] = [];
    do values.push(p.expr());
    while (p.accept(','));
    if (p.tok.kind !== 'eof') p.fail(`expected ',' or ']' in a structured annotation`);
    return { kind: 'list', values };
  }

  private topDecl(): TopDecl[] {
    const annotations = this.annotations();
    const t = this.tok;
    const loc = t.loc;
    switch (t.kind === 'ident' ? t.text : '') {
      case 'const':
        return [this.constDecl(annotations)];
      case 'typedef':
      case 'type': {
        this.pos++;
        const typeRef = this.typeRef();
        const name = this.ident().text;
        this.expect(';');
        this.declareType(name);
        return [
          {
            kind: 'typedef',
            name,
            isNewType: t.text === 'type',
            typeRef,
            type: UNKNOWN_TYPE,
            annotations,
            loc,
          },
        ];
      }
      case 'header':
      case 'header_union':
      case 'struct': {
        this.pos++;
        const nameTok = this.declName();
        this.declareType(nameTok.text);
        const typeParams = this.typeParams();
        const fields = this.withTypeParams(typeParams, () => this.fieldList());
        const kind = t.text === 'header' ? 'header' : t.text === 'struct' ? 'struct' : 'header_union';
        const generic = typeParams.length > 0 ? { typeParams } : {};
        return [{ kind, name: nameTok.text, ...generic, fields, annotations, loc: nameTok.loc }];
      }
      case 'enum': {
        this.pos++;
        const underlyingRef = this.is('bit') || this.is('int') ? this.typeRef() : undefined;
        const nameTok = this.declName();
        this.declareType(nameTok.text);
        this.expect('{');
        const members: { name: string; valueExpr?: Expr; loc: Loc }[] = [];
        while (!this.is('}')) {
          const m = this.ident('enum member');
          const valueExpr = this.accept('=') ? this.expr() : undefined;
          members.push({ name: m.text, valueExpr, loc: m.loc });
          if (!this.accept(',')) break;
        }
        this.expect('}');
        return [{ kind: 'enum', name: nameTok.text, underlyingRef, members, annotations, loc: nameTok.loc }];
      }
      case 'error':
      case 'match_kind': {
        this.pos++;
        this.expect('{');
        const members: { name: string; loc: Loc }[] = [];
        while (!this.is('}')) {
          const m = this.ident();
          members.push({ name: m.text, loc: m.loc });
          if (!this.accept(',')) break;
        }
        this.expect('}');
        return [{ kind: t.text === 'error' ? 'error' : 'match_kind', members, loc }];
      }
      case 'extern':
        return [this.externDecl(annotations)];
      case 'parser':
        return [this.parserDecl(annotations)];
      case 'control':
        return [this.controlDecl(annotations)];
      case 'package': {
        this.pos++;
        const nameTok = this.declName();
        this.declareType(nameTok.text);
        const typeParams = this.typeParams();
        const params = this.withTypeParams(typeParams, () => this.params());
        this.expect(';');
        return [
          { kind: 'package_type', name: nameTok.text, typeParams, params, annotations, loc: nameTok.loc },
        ];
      }
      case 'action':
        return [this.actionDecl(annotations)];
    }
    // A generic function's return type may name its own type parameters (`T f<T>(in T x)`): it is read once
    // the name and type parameters that follow it are known, as an extern function's is.
    const start = this.pos;
    if (t.kind === 'ident') this.skipTypeLoose();
    let typeRef: TypeRef;
    let nameTok: Token;
    let typeParams: string[];
    if (this.tok.kind === 'ident' && this.peek().text === '<') {
      ({ nameTok, typeParams, returnTypeRef: typeRef } = this.genericHead(start));
    } else {
      this.pos = start;
      if (!this.atType()) this.fail(`unexpected '${t.text}' at top level`);
      typeRef = this.typeRef();
      if (this.is('(')) return [this.instanceRest(typeRef, annotations)];
      // A function declaration: T name<...>(params) { body }.
      nameTok = this.declName();
      typeParams = this.typeParams();
    }
    return this.withTypeParams(typeParams, () => {
      const params = this.params();
      const body = this.block();
      return [
        {
          kind: 'function',
          name: nameTok.text,
          typeParams,
          params,
          returnTypeRef: typeRef,
          returnType: UNKNOWN_TYPE,
          body,
          annotations,
          loc: nameTok.loc,
        },
      ];
    });
  }

  private constDecl(annotations: Annotation[]): TopDecl & { kind: 'const' } {
    this.expect('const');
    const typeRef = this.typeRef();
    const nameTok = this.declName();
    this.expect('=');
    const value = this.expr();
    this.expect(';');
    return {
      kind: 'const',
      name: nameTok.text,
      typeRef,
      type: UNKNOWN_TYPE,
      value,
      annotations,
      loc: nameTok.loc,
    };
  }

  /** p4c's C-style array declarator after a field or variable name: `bit<8> a[16]` declares `bit<8>[16] a`
   *  (`T a[2][3]` is `T[3][2]`: an array of two arrays of three, as in C). */
  private declaratorSizes(element: TypeRef): TypeRef {
    const sizes: { size: Expr; loc: Loc }[] = [];
    while (this.is('[')) {
      const lb = this.expect('[');
      sizes.push({ size: this.expr(), loc: lb.loc });
      this.expect(']');
    }
    let ref = element;
    for (const d of sizes.reverse()) ref = { kind: 'stack', element: ref, size: d.size, loc: d.loc };
    return ref;
  }

  private fieldList(): Field[] {
    this.expect('{');
    const fields: Field[] = [];
    while (!this.accept('}')) {
      const annotations = this.annotations();
      const elementRef = this.typeRef();
      const nameTok = this.declName('field name');
      const typeRef = this.declaratorSizes(elementRef);
      this.expect(';');
      fields.push({ name: nameTok.text, typeRef, type: UNKNOWN_TYPE, annotations, loc: nameTok.loc });
    }
    return fields;
  }

  private typeParams(): string[] {
    const out: string[] = [];
    if (!this.accept('<')) return out;
    do out.push(this.ident('type parameter').text);
    while (this.accept(','));
    this.expect('>');
    return out;
  }

  private params(): Param[] {
    this.expect('(');
    const out: Param[] = [];
    if (this.accept(')')) return out;
    do {
      const annotations = this.annotations();
      let direction: Direction = 'none';
      if (this.is('in') || this.is('out') || this.is('inout')) direction = this.ident().text as Direction;
      const typeRef = this.typeRef();
      const nameTok = this.declName('parameter name');
      const defaultValue = this.accept('=') ? this.expr() : undefined;
      const optional = annotations.some((a) => a.name === 'optional');
      out.push({
        kind: 'param',
        name: nameTok.text,
        direction,
        typeRef,
        type: UNKNOWN_TYPE,
        defaultValue,
        optional,
        annotations,
        loc: nameTok.loc,
      });
    } while (this.accept(','));
    this.expect(')');
    return out;
  }

  private externDecl(annotations: Annotation[]): TopDecl {
    this.expect('extern');
    // An extern object is `extern Name<...> {`; anything else is an extern function.
    let isObject = false;
    if (this.tok.kind === 'ident' && !TYPE_KEYWORDS.has(this.tok.text)) {
      if (this.peek().text === '{') isObject = true;
      else if (this.peek().text === '<') {
        let depth = 0;
        for (let i = this.pos + 1; i < this.toks.length; i++) {
          const x = this.toks[i]!.text;
          if (x === '<') depth++;
          else if (x === '>' && --depth === 0) {
            isObject = this.toks[i + 1]?.text === '{';
            break;
          }
        }
      }
    }
    if (!isObject) {
      const { nameTok, typeParams, returnTypeRef, params } = this.signature('function name');
      return {
        kind: 'extern_function',
        name: nameTok.text,
        typeParams,
        params,
        returnTypeRef,
        returnType: UNKNOWN_TYPE,
        annotations,
        loc: nameTok.loc,
      };
    }
    const nameTok = this.declName();
    this.declareType(nameTok.text);
    const typeParams = this.typeParams();
    const constructors: MethodDecl[] = [];
    const methods: MethodDecl[] = [];
    this.withTypeParams(typeParams, () => {
      this.expect('{');
      while (!this.accept('}')) {
        const mAnn = this.annotations();
        const isAbstract = this.accept('abstract');
        if (this.is(nameTok.text) && this.peek().text === '(') {
          const cTok = this.ident();
          const params = this.params();
          this.expect(';');
          constructors.push({
            name: cTok.text,
            typeParams: [],
            params,
            returnType: UNKNOWN_TYPE,
            isAbstract,
            annotations: mAnn,
            loc: cTok.loc,
          });
          continue;
        }
        const {
          nameTok: mTok,
          typeParams: mTypeParams,
          returnTypeRef,
          params,
        } = this.signature('method name');
        methods.push({
          name: mTok.text,
          typeParams: mTypeParams,
          params,
          returnTypeRef,
          returnType: UNKNOWN_TYPE,
          isAbstract,
          annotations: mAnn,
          loc: mTok.loc,
        });
      }
    });
    return {
      kind: 'extern',
      name: nameTok.text,
      typeParams,
      constructors,
      methods,
      annotations,
      loc: nameTok.loc,
    };
  }

  /** Skips a return type whose type parameters are not declared yet (e.g. `T lookahead<T>()`), never past
   *  the end: the caller goes back and reads the tokens properly, reporting what is wrong there. */
  private skipTypeLoose(): void {
    const atEnd = (): boolean => this.tok.kind === 'eof';
    if (atEnd()) return;
    this.pos++;
    if (this.is('<')) {
      let depth = 0;
      do {
        if (this.is('<')) depth++;
        if (this.is('>')) depth--;
        this.pos++;
      } while (depth > 0 && !atEnd());
    }
    while (this.is('[')) {
      while (!this.is(']') && !atEnd()) this.pos++;
      if (atEnd()) return;
      this.pos++;
    }
  }

  private parserDecl(annotations: Annotation[]): TopDecl {
    this.expect('parser');
    const nameTok = this.declName();
    this.declareType(nameTok.text);
    const typeParams = this.typeParams();
    return this.withTypeParams(typeParams, () => {
      const params = this.params();
      if (this.accept(';'))
        return { kind: 'parser_type', name: nameTok.text, typeParams, params, annotations, loc: nameTok.loc };
      const ctorParams = this.is('(') ? this.params() : [];
      this.expect('{');
      const locals: LocalDecl[] = [];
      const states: ParserState[] = [];
      while (!this.accept('}')) {
        const ann = this.annotations();
        if (this.is('state')) states.push(this.parserState(ann));
        else locals.push(this.localDecl(ann, true));
      }
      const decl: ParserDecl = {
        kind: 'parser',
        name: nameTok.text,
        typeParams,
        params,
        ctorParams,
        locals,
        states,
        annotations,
        loc: nameTok.loc,
      };
      return decl;
    });
  }

  private parserState(annotations: Annotation[]): ParserState {
    this.expect('state');
    const nameTok = this.declName('state name');
    this.expect('{');
    const stmts: Stmt[] = [];
    let transition: Transition | undefined;
    while (!this.accept('}')) {
      if (this.is('transition')) {
        const tt = this.expect('transition');
        transition = this.transition(tt.loc);
        if (!this.is('}')) this.fail('the transition must be the last statement of a state');
        continue;
      }
      stmts.push(this.stmt());
    }
    transition ??= { kind: 'direct', nextName: 'reject', loc: nameTok.loc };
    return { kind: 'state', name: nameTok.text, stmts, transition, annotations, loc: nameTok.loc };
  }

  private transition(loc: Loc): Transition {
    if (this.accept('select')) {
      this.expect('(');
      const exprs: Expr[] = [];
      if (!this.is(')')) {
        do exprs.push(this.expr());
        while (this.accept(','));
      }
      this.expect(')');
      this.expect('{');
      const cases: SelectCase[] = [];
      while (!this.accept('}')) {
        this.annotations();
        const cloc = this.tok.loc;
        const keysetExprs = this.keyset();
        this.expect(':');
        const next = this.ident('state name');
        this.expect(';');
        cases.push({ keysetExprs, nextName: next.text, loc: cloc });
      }
      return { kind: 'select', exprs, cases, loc };
    }
    const next = this.ident('state name');
    this.expect(';');
    return { kind: 'direct', nextName: next.text, loc: next.loc };
  }

  /** A keyset: one keyset expression, or a parenthesised tuple of them. */
  private keyset(): Expr[] {
    if (this.is('(')) {
      const save = this.pos;
      this.pos++;
      const items: Expr[] = [this.keysetExpr()];
      if (this.is(',')) {
        while (this.accept(',')) items.push(this.keysetExpr());
        this.expect(')');
        return items;
      }
      // A tuple of one, `(0x01 &&& 0x0F) : ...` (the grammar's reducedSimpleKeysetExpression in parentheses),
      // when the keyset ends there; otherwise the parenthesis opens an expression, as in `(x) + 1`.
      if (this.is(')') && this.peek().text === ':' && this.peek().kind === 'punct') {
        this.pos++;
        return items;
      }
      this.pos = save;
    }
    return [this.keysetExpr()];
  }

  private keysetExpr(): Expr {
    if (this.is('default') || this.is('_')) {
      const t = this.ident();
      return { kind: 'dontcare', text: t.text as 'default' | '_', type: UNKNOWN_TYPE, loc: t.loc };
    }
    const left = this.expr();
    if (this.is('&&&') || this.is('..')) {
      const op = this.tok.text as BinaryOp;
      const opTok = this.tok;
      this.pos++;
      const right = this.expr();
      void opTok;
      return { kind: 'binary', op, left, right, type: UNKNOWN_TYPE, loc: left.loc };
    }
    return left;
  }

  private controlDecl(annotations: Annotation[]): TopDecl {
    this.expect('control');
    const nameTok = this.declName();
    this.declareType(nameTok.text);
    const typeParams = this.typeParams();
    return this.withTypeParams(typeParams, () => {
      const params = this.params();
      if (this.accept(';'))
        return {
          kind: 'control_type',
          name: nameTok.text,
          typeParams,
          params,
          annotations,
          loc: nameTok.loc,
        };
      const ctorParams = this.is('(') ? this.params() : [];
      this.expect('{');
      const locals: LocalDecl[] = [];
      let apply: BlockStmt | undefined;
      while (!this.accept('}')) {
        const ann = this.annotations();
        if (this.is('apply')) {
          this.pos++;
          apply = this.block();
          continue;
        }
        locals.push(this.localDecl(ann, false));
      }
      apply ??= { kind: 'block', stmts: [], annotations: [], loc: nameTok.loc };
      const decl: ControlDecl = {
        kind: 'control',
        name: nameTok.text,
        typeParams,
        params,
        ctorParams,
        locals,
        apply,
        annotations,
        loc: nameTok.loc,
      };
      return decl;
    });
  }

  private localDecl(annotations: Annotation[], inParser: boolean): LocalDecl {
    if (this.is('const')) return this.constDecl(annotations) as LocalDecl;
    if (this.is('action')) return this.actionDecl(annotations);
    if (this.is('table') && !inParser) return this.tableDecl(annotations);
    if (this.is('value_set')) {
      this.pos++;
      this.expect('<');
      const elementTypeRef = this.typeRef();
      this.expect('>');
      this.expect('(');
      const sizeExpr = this.expr();
      this.expect(')');
      const nameTok = this.declName();
      this.expect(';');
      return {
        kind: 'value_set',
        name: nameTok.text,
        elementTypeRef,
        elementType: UNKNOWN_TYPE,
        sizeExpr,
        annotations,
        loc: nameTok.loc,
      };
    }
    if (!this.atType())
      this.fail(`unexpected '${this.tok.text}' in ${inParser ? 'parser' : 'control'} declarations`);
    const elementRef = this.typeRef();
    if (this.is('(')) return this.instanceRest(elementRef, annotations);
    const nameTok = this.declName('variable name');
    const typeRef = this.declaratorSizes(elementRef);
    const init = this.accept('=') ? this.expr() : undefined;
    this.expect(';');
    return {
      kind: 'variable',
      name: nameTok.text,
      typeRef,
      type: UNKNOWN_TYPE,
      init,
      annotations,
      loc: nameTok.loc,
    };
  }

  private instanceRest(typeRef: TypeRef, annotations: Annotation[]): InstanceDecl {
    const args = this.args();
    const nameTok = this.declName('instance name');
    this.expect(';');
    return {
      kind: 'instance',
      name: nameTok.text,
      typeRef,
      args,
      annotations,
      loc: nameTok.loc,
      type: UNKNOWN_TYPE,
    };
  }

  private actionDecl(annotations: Annotation[]): ActionDecl {
    this.expect('action');
    const nameTok = this.declName('action name');
    const params = this.params();
    const body = this.block();
    return { kind: 'action', name: nameTok.text, params, body, annotations, loc: nameTok.loc };
  }

  private tableDecl(annotations: Annotation[]): TableDecl {
    this.expect('table');
    const nameTok = this.declName('table name');
    const table: TableDecl = {
      kind: 'table',
      name: nameTok.text,
      keyDecls: [],
      actionRefs: [],
      defaultActionIsConst: false,
      entryDecls: [],
      entriesAreConst: false,
      properties: [],
      annotations,
      loc: nameTok.loc,
    };
    this.expect('{');
    // A table has each property once (p4c: "Duplicates declaration"); a second would silently replace the first.
    const seen = new Set<string>();
    while (!this.accept('}')) {
      const pAnn = this.annotations();
      const isConst = this.accept('const');
      const propTok = this.ident('table property');
      const prop = propTok.text;
      if (seen.has(prop))
        this.diags.error(propTok.loc, `table '${table.name}' has its '${prop}' property twice`);
      seen.add(prop);
      this.expect('=');
      if (prop === 'key') {
        this.expect('{');
        while (!this.accept('}')) {
          const kloc = this.tok.loc;
          const expr = this.expr();
          this.expect(':');
          const mk = this.ident('match kind');
          const kAnn = this.annotations();
          this.expect(';');
          table.keyDecls.push({
            expr,
            matchKindName: mk.text,
            matchKindLoc: mk.loc,
            annotations: kAnn,
            loc: kloc,
          });
        }
      } else if (prop === 'actions') {
        table.actionsLoc = propTok.loc;
        this.expect('{');
        while (!this.accept('}')) {
          const aAnn = this.annotations();
          table.actionRefs.push(this.actionRef(aAnn));
          this.expect(';');
        }
      } else if (prop === 'default_action') {
        table.defaultActionRef = this.actionRef(pAnn);
        table.defaultActionIsConst = isConst;
        this.expect(';');
      } else if (prop === 'entries') {
        table.entriesAreConst = isConst;
        this.expect('{');
        while (!this.accept('}')) {
          const eAnn = this.annotations();
          const eloc = this.tok.loc;
          // P4_16 v1.2.4: one entry of a mutable `entries` may be `const` (the control plane cannot change it).
          const entryConst = this.accept('const');
          let explicitPriority: number | undefined;
          let priorityExpr: Expr | undefined;
          let priorityKeywordLoc: Loc | undefined;
          if (this.is('priority') && this.peek().text === '=') {
            priorityKeywordLoc = this.tok.loc;
            this.pos += 2;
            const p = this.tok;
            if (this.accept('(')) {
              // `priority = (expression):`, a compile-time constant the checker folds.
              priorityExpr = this.expr();
              this.expect(')');
            } else {
              if (p.kind !== 'int') this.fail('expected an integer priority');
              explicitPriority = Number(p.value);
              this.pos++;
            }
            this.expect(':');
          }
          const keysetExprs = this.keyset();
          this.expect(':');
          const action = this.actionRef([]);
          // p4c's grammar also takes an entry's annotations after its action (`: a(1) @priority(3);`).
          eAnn.push(...this.annotations());
          this.accept(';');
          const pa = eAnn.find((a) => a.name === 'priority');
          if (explicitPriority === undefined && pa?.args[0]?.kind === 'int')
            explicitPriority = Number(pa.args[0].value);
          table.entryDecls.push({
            keysetExprs,
            action,
            explicitPriority,
            ...(priorityExpr ? { priorityExpr } : {}),
            priorityKeywordLoc,
            isConst: isConst || entryConst,
            annotations: eAnn,
            loc: eloc,
          });
        }
      } else {
        const value = this.expr();
        this.expect(';');
        table.properties.push({ name: prop, value, isConst, annotations: pAnn, loc: propTok.loc });
      }
    }
    return table;
  }

  private actionRef(annotations: Annotation[]): TableActionRef {
    const loc = this.tok.loc;
    const callee = this.postfixNoCall();
    const rawArgs = this.is('(') ? this.args() : [];
    const call: CallExpr = { kind: 'call', callee, typeArgs: [], rawArgs, type: UNKNOWN_TYPE, loc };
    return { call, annotations, loc };
  }

  /** A (possibly dotted) name without a call: `a`, `.a`, `c.a`. */
  private postfixNoCall(): Expr {
    const loc = this.tok.loc;
    const global = this.accept('.');
    const t = this.ident('action name');
    let e: Expr = { kind: 'name', name: t.text, global, type: UNKNOWN_TYPE, loc };
    while (this.is('.')) {
      const dot = this.expect('.');
      const m = this.ident();
      void dot;
      e = { kind: 'member', expr: e, member: m.text, memberLoc: m.loc, type: UNKNOWN_TYPE, loc: e.loc };
    }
    return e;
  }

  // ------------------------------------------------------------ types

  typeRef(): TypeRef {
    return this.nested(() => this.typeRefNested());
  }

  private typeRefNested(): TypeRef {
    const t = this.tok;
    const loc = t.loc;
    let ref: TypeRef;
    if (t.kind !== 'ident') this.fail(`expected a type but found '${t.text}'`);
    if (this.atListType(0)) {
      this.pos++;
      this.expect('<');
      ref = { kind: 'list', element: this.typeRef(), loc };
      this.expect('>');
    } else
      switch (t.text) {
        case 'bit':
        case 'int':
        case 'varbit': {
          this.pos++;
          if (this.accept('<')) {
            const width = this.widthExpr();
            this.expect('>');
            ref = { kind: 'bits', signed: t.text === 'int', varbit: t.text === 'varbit', width, loc };
          } else if (t.text === 'int') ref = { kind: 'base', name: 'int_infint', loc };
          else if (t.text === 'bit') {
            const one = { kind: 'int' as const, value: 1n, text: '1', type: UNKNOWN_TYPE, loc };
            ref = { kind: 'bits', signed: false, varbit: false, width: one, loc };
          } else this.fail('varbit needs a width');
          break;
        }
        case 'bool':
        case 'error':
        case 'string':
        case 'void':
        case 'match_kind':
          this.pos++;
          ref = { kind: 'base', name: t.text, loc };
          break;
        case 'tuple': {
          this.pos++;
          this.expect('<');
          const elements: TypeRef[] = [];
          if (!this.is('>')) {
            do elements.push(this.typeRef());
            while (this.accept(','));
          }
          this.expect('>');
          ref = { kind: 'tuple', elements, loc };
          break;
        }
        case '_':
          this.pos++;
          ref = { kind: 'dontcare', loc };
          break;
        default: {
          this.pos++;
          const typeArgs: TypeRef[] = [];
          if (this.is('<') && this.isTypeArgStart()) {
            this.pos++;
            do typeArgs.push(this.typeRef());
            while (this.accept(','));
            this.expect('>');
          }
          ref = { kind: 'named', name: t.text, typeArgs, loc };
        }
      }
    while (this.is('[')) {
      const lb = this.expect('[');
      const size = this.expr();
      this.expect(']');
      ref = { kind: 'stack', element: ref, size, loc: lb.loc };
    }
    return ref;
  }

  private isTypeArgStart(): boolean {
    const n = this.peek();
    return n.kind === 'ident' && (TYPE_KEYWORDS.has(n.text) || this.isTypeName(n.text) || n.text === '_');
  }

  /** The width inside `bit<...>`: an integer, a constant name, or a parenthesised expression. */
  private widthExpr(): Expr {
    const t = this.tok;
    if (t.kind === 'int') return this.intLiteral();
    if (t.kind === 'ident') {
      this.pos++;
      return { kind: 'name', name: t.text, type: UNKNOWN_TYPE, loc: t.loc };
    }
    this.expect('(');
    const e = this.expr();
    this.expect(')');
    return e;
  }

  // ------------------------------------------------------------ statements

  block(): BlockStmt {
    const annotations = this.annotations();
    const lb = this.expect('{');
    const stmts: Stmt[] = [];
    while (!this.accept('}')) {
      if (this.tok.kind === 'eof') this.fail("expected '}'");
      stmts.push(this.stmt());
    }
    return { kind: 'block', stmts, annotations, loc: lb.loc };
  }

  private stmt(): Stmt {
    return this.nested(() => this.stmtNested());
  }

  private stmtNested(): Stmt {
    const annotations = this.is('@') ? this.annotations() : [];
    const t = this.tok;
    const loc = t.loc;
    if (this.is('{')) {
      const b = this.block();
      b.annotations.push(...annotations);
      return b;
    }
    if (this.accept(';')) return { kind: 'empty', loc };
    if (this.accept('if')) {
      this.expect('(');
      const cond = this.expr();
      this.expect(')');
      const then = this.stmt();
      const els = this.accept('else') ? this.stmt() : undefined;
      return { kind: 'if', cond, then, else: els, loc };
    }
    if (this.accept('exit')) {
      this.expect(';');
      return { kind: 'exit', loc };
    }
    if (this.accept('return')) {
      const value = this.is(';') ? undefined : this.expr();
      this.expect(';');
      return { kind: 'return', value, loc };
    }
    if (this.is('switch')) return this.switchStmt();
    if (this.accept('for')) return this.forStmt(loc);
    if (this.is('break') || this.is('continue')) {
      const kind = this.tok.text as 'break' | 'continue';
      this.pos++;
      this.expect(';');
      return { kind, loc };
    }
    if (this.is('const')) return { kind: 'decl', decl: this.constDecl(annotations) as never, loc };
    const s = this.simpleStmt(annotations, true);
    this.expect(';');
    return s;
  }

  /** Whether a declaration starts here (a type, then a name), not an expression that starts with a type name. */
  private atDecl(): boolean {
    return (
      this.atType() && !(this.tok.kind === 'ident' && this.peek().text === '.') && this.peek().text !== '('
    );
  }

  /** A variable declaration (when `decls`), an assignment or a call, without its ';' (for loops list them). */
  private simpleStmt(annotations: Annotation[], decls: boolean): Stmt {
    const loc = this.tok.loc;
    if (decls && this.atDecl()) {
      const elementRef = this.typeRef();
      const nameTok = this.declName('variable name');
      const typeRef = this.declaratorSizes(elementRef);
      const init = this.accept('=') ? this.expr() : undefined;
      return {
        kind: 'decl',
        decl: {
          kind: 'variable',
          name: nameTok.text,
          typeRef,
          type: UNKNOWN_TYPE,
          init,
          annotations,
          loc: nameTok.loc,
        },
        loc,
      };
    }
    const lhs = this.expr();
    if (this.is('=')) {
      const eq = this.expect('=');
      const rhs = this.expr();
      return { kind: 'assign', lhs, rhs, loc: eq.loc };
    }
    const compound = this.compoundOp();
    if (compound) {
      // `a op= b` is `a = a op b`, with `a` evaluated once: no call in it, so reading it twice is the same.
      if (hasCall(lhs)) this.fail('the target of a compound assignment cannot contain a call', lhs.loc);
      const opLoc = this.tok.loc;
      this.pos += compound[1];
      const rhs = this.expr();
      const value: Expr = {
        kind: 'binary',
        op: compound[0],
        // The target again, as the operand: nodes of its own for the checker to annotate.
        left: structuredClone(lhs),
        right: rhs,
        type: UNKNOWN_TYPE,
        loc: opLoc,
      };
      return { kind: 'assign', lhs, rhs: value, loc: opLoc };
    }
    if (lhs.kind !== 'call') this.fail('expected an assignment or a call', lhs.loc);
    return { kind: 'call', call: lhs, loc };
  }

  /** After `for`: `(init; cond; update) body` or `(T v in from .. to) body`. */
  private forStmt(loc: Loc): Stmt {
    this.expect('(');
    const annotations = this.is('@') ? this.annotations() : [];
    if (this.atDecl()) {
      // `T v in` decides between the two forms; the C form's declarations are `T v = e` or `T v`.
      const start = this.pos;
      const typeRef = this.typeRef();
      const nameTok = this.declName('variable name');
      if (this.accept('in')) {
        const from = this.expr();
        const to = this.accept('..') ? this.expr() : undefined;
        this.expect(')');
        const variable: VariableDecl = {
          kind: 'variable',
          name: nameTok.text,
          typeRef,
          type: UNKNOWN_TYPE,
          annotations,
          loc: nameTok.loc,
        };
        return { kind: 'for_in', variable, from, to, body: this.stmt(), loc };
      }
      this.pos = start;
    }
    const init = this.stmtList(';', annotations, true);
    this.expect(';');
    const cond = this.expr();
    this.expect(';');
    const update = this.stmtList(')', [], false);
    this.expect(')');
    return { kind: 'for', init, cond, update, body: this.stmt(), loc };
  }

  /** Comma-separated simple statements up to (not including) `end`; empty when `end` comes first. */
  private stmtList(end: string, annotations: Annotation[], decls: boolean): Stmt[] {
    const out: Stmt[] = [];
    if (this.is(end)) return out;
    do out.push(this.simpleStmt(out.length === 0 ? annotations : [], decls));
    while (this.accept(','));
    return out;
  }

  private switchStmt(): Stmt {
    const sw = this.expect('switch');
    this.expect('(');
    const expr = this.expr();
    this.expect(')');
    this.expect('{');
    const cases: SwitchCase[] = [];
    let pending: Expr[] = [];
    let pendingLoc: Loc | undefined;
    while (!this.accept('}')) {
      const lloc = this.tok.loc;
      let label: Expr;
      if (this.is('default')) {
        this.pos++;
        label = { kind: 'dontcare', text: 'default', type: UNKNOWN_TYPE, loc: lloc };
      } else label = this.expr();
      this.expect(':');
      pending.push(label);
      pendingLoc ??= lloc;
      if (this.is('{') || this.is('@')) {
        cases.push({ labels: pending, body: this.block(), loc: pendingLoc });
        pending = [];
        pendingLoc = undefined;
      }
    }
    if (pending.length > 0) cases.push({ labels: pending, loc: pendingLoc! });
    return { kind: 'switch', expr, cases, loc: sw.loc };
  }

  // ------------------------------------------------------------ expressions

  expr(): Expr {
    return this.ternary();
  }

  private ternary(): Expr {
    const cond = this.binary(1);
    if (this.is('?')) {
      return this.nested((): Expr => {
        this.expect('?');
        const then = this.expr();
        this.expect(':');
        const els = this.ternary();
        return { kind: 'ternary', cond, then, else: els, type: UNKNOWN_TYPE, loc: cond.loc };
      });
    }
    return cond;
  }

  /** The binary operator at the cursor ('>>' is two adjacent '>' tokens) and how many tokens it takes. */
  private binaryOp(): [string, number] | undefined {
    const t = this.tok;
    if (t.kind !== 'punct' || this.compoundOp()) return undefined;
    if (t.text === '>' && this.peek().text === '>' && this.peek().adjacent) return ['>>', 2];
    return BINARY_PRECEDENCE[t.text] !== undefined ? [t.text, 1] : undefined;
  }

  /** The operator of a compound assignment at the cursor (`+=` is '+' then an adjacent '=', `>>=` is '>'
   *  then an adjacent '>=') and how many tokens it takes. */
  private compoundOp(): [BinaryOp, number] | undefined {
    const t = this.tok;
    const n = this.peek();
    if (t.kind !== 'punct' || !n.adjacent) return undefined;
    if (t.text === '>' && n.text === '>=') return ['>>', 2];
    return COMPOUND_OPS.has(t.text) && n.text === '=' ? [t.text as BinaryOp, 2] : undefined;
  }

  private binary(minPrec: number): Expr {
    let left = this.unary();
    for (;;) {
      const op = this.binaryOp();
      if (!op) break;
      const prec = BINARY_PRECEDENCE[op[0]]!;
      if (prec < minPrec) break;
      const opTok = this.tok;
      this.pos += op[1];
      const right = this.binary(prec + 1);
      left = { kind: 'binary', op: op[0] as BinaryOp, left, right, type: UNKNOWN_TYPE, loc: left.loc };
      void opTok;
    }
    return left;
  }

  private unary(): Expr {
    return this.nested(() => this.unaryNested());
  }

  private unaryNested(): Expr {
    const t = this.tok;
    if (t.kind === 'punct' && (t.text === '!' || t.text === '~' || t.text === '-' || t.text === '+')) {
      this.pos++;
      const operand = this.unary();
      return { kind: 'unary', op: t.text, operand, type: UNKNOWN_TYPE, loc: t.loc };
    }
    if (t.text === '(' && t.kind === 'punct' && this.isCastAhead()) {
      this.pos++;
      const targetType = this.typeRef();
      this.expect(')');
      const expr = this.unary();
      return { kind: 'cast', targetType, expr, type: UNKNOWN_TYPE, loc: t.loc };
    }
    return this.postfix();
  }

  private isCastAhead(): boolean {
    const n = this.peek();
    if (n.kind !== 'ident') return false;
    if (n.text === 'error') return this.peek(2).text !== '.';
    if (TYPE_KEYWORDS.has(n.text)) return true;
    if (!this.isTypeName(n.text) && !this.atListType(1)) return false;
    // `(MyEnum.A)` is an expression; `(T)` or `(T<..>)` followed by ')' is a cast.
    const save = this.pos;
    try {
      this.pos++;
      this.typeRef();
      return this.is(')');
    } catch {
      return false;
    } finally {
      this.pos = save;
    }
  }

  private args(): Argument[] {
    this.expect('(');
    const out: Argument[] = [];
    if (this.accept(')')) return out;
    do {
      const loc = this.tok.loc;
      let name: string | undefined;
      if (this.tok.kind === 'ident' && this.peek().text === '=') {
        name = this.tok.text;
        this.pos += 2;
      }
      let value: Expr;
      if (this.is('_')) {
        const u = this.ident();
        value = { kind: 'dontcare', text: '_', type: UNKNOWN_TYPE, loc: u.loc };
      } else value = this.expr();
      out.push({ name, value, loc });
    } while (this.accept(','));
    this.expect(')');
    return out;
  }

  /** Tries `<types>(` after a name: a generic call's explicit type arguments. */
  private tryTypeArgs(): TypeRef[] | undefined {
    if (!this.is('<') || !this.isTypeArgStart()) return undefined;
    const save = this.pos;
    const sub = new Diagnostics();
    const realDiags = this.diags;
    (this as unknown as { diags: Diagnostics }).diags = sub;
    try {
      this.pos++;
      const out: TypeRef[] = [];
      do out.push(this.typeRef());
      while (this.accept(','));
      this.expect('>');
      if (!this.is('(')) throw new Error('not a call');
      return out;
    } catch {
      this.pos = save;
      return undefined;
    } finally {
      (this as unknown as { diags: Diagnostics }).diags = realDiags;
    }
  }

  private postfix(): Expr {
    let e = this.primary();
    for (;;) {
      if (this.is('.')) {
        const dot = this.expect('.');
        const m = this.ident('member name');
        e = { kind: 'member', expr: e, member: m.text, memberLoc: m.loc, type: UNKNOWN_TYPE, loc: e.loc };
        void dot;
        continue;
      }
      if (this.is('[')) {
        this.expect('[');
        const first = this.expr();
        if (this.accept('+:')) {
          const width = this.expr();
          this.expect(']');
          e = { kind: 'slice', expr: e, hi: width, lo: first, width, type: UNKNOWN_TYPE, loc: e.loc };
        } else if (this.accept(':')) {
          const lo = this.expr();
          this.expect(']');
          e = { kind: 'slice', expr: e, hi: first, lo, type: UNKNOWN_TYPE, loc: e.loc };
        } else {
          this.expect(']');
          e = { kind: 'index', expr: e, index: first, type: UNKNOWN_TYPE, loc: e.loc };
        }
        continue;
      }
      const typeArgs = e.kind === 'name' || e.kind === 'member' ? this.tryTypeArgs() : undefined;
      if (typeArgs || this.is('(')) {
        const loc = e.loc;
        const rawArgs = this.args();
        e = { kind: 'call', callee: e, typeArgs: typeArgs ?? [], rawArgs, type: UNKNOWN_TYPE, loc };
        continue;
      }
      return e;
    }
  }

  /** The integer literal at the current token. */
  private intLiteral(): Expr {
    const t = this.tok;
    this.pos++;
    return {
      kind: 'int',
      value: t.value!,
      width: t.width,
      signed: t.signed,
      text: t.text,
      type: UNKNOWN_TYPE,
      loc: t.loc,
    };
  }

  private primary(): Expr {
    const t = this.tok;
    const loc = t.loc;
    if (t.kind === 'int') return this.intLiteral();
    if (t.kind === 'string') {
      this.pos++;
      return { kind: 'string', value: t.str!, type: UNKNOWN_TYPE, loc };
    }
    if (t.kind === 'punct') {
      if (t.text === '(') {
        this.pos++;
        const e = this.expr();
        this.expect(')');
        return e;
      }
      if (t.text === '{' && this.peek().text === '#' && this.peek(2).text === '}') {
        this.pos += 3;
        return { kind: 'invalid_header', type: UNKNOWN_TYPE, loc };
      }
      if (t.text === '{') return this.braceExpr();
      if (t.text === '...') {
        this.pos++;
        return { kind: 'dots', type: UNKNOWN_TYPE, loc };
      }
      if (t.text === '.') {
        this.pos++;
        const id = this.ident();
        return { kind: 'name', name: id.text, global: true, type: UNKNOWN_TYPE, loc };
      }
      this.fail(`unexpected '${t.text}' in expression`);
    }
    if (t.kind === 'ident') {
      if (t.text === 'true' || t.text === 'false') {
        this.pos++;
        return { kind: 'bool', value: t.text === 'true', type: UNKNOWN_TYPE, loc };
      }
      if (t.text === '_' || t.text === 'default') {
        this.pos++;
        return { kind: 'dontcare', text: t.text, type: UNKNOWN_TYPE, loc };
      }
      if (t.text === 'error' || (this.isTypeName(t.text) && this.peek().text === '.')) {
        this.pos++;
        const typeRef: TypeRef =
          t.text === 'error'
            ? { kind: 'base', name: 'error', loc }
            : { kind: 'named', name: t.text, typeArgs: [], loc };
        return { kind: 'typename', typeRef, type: UNKNOWN_TYPE, loc };
      }
      if (TYPE_KEYWORDS.has(t.text)) {
        const typeRef = this.typeRef();
        return { kind: 'typename', typeRef, type: UNKNOWN_TYPE, loc };
      }
      this.pos++;
      return { kind: 'name', name: t.text, type: UNKNOWN_TYPE, loc };
    }
    return this.fail(`unexpected '${t.text}' in expression`);
  }

  private braceExpr(): Expr {
    const lb = this.expect('{');
    if (this.tok.kind === 'ident' && this.peek().text === '=') {
      const fields: { name: string; value: Expr; loc: Loc }[] = [];
      let rest: Loc | undefined;
      while (!this.is('}')) {
        if (this.is('...')) {
          rest = this.closingDots();
          break;
        }
        const n = this.ident();
        this.expect('=');
        fields.push({ name: n.text, value: this.expr(), loc: n.loc });
        if (!this.accept(',')) break;
      }
      this.expect('}');
      return { kind: 'struct_init', fields, rest, type: UNKNOWN_TYPE, loc: lb.loc };
    }
    const elements: Expr[] = [];
    let rest: Loc | undefined;
    while (!this.is('}')) {
      if (this.is('...')) {
        rest = this.closingDots();
        break;
      }
      elements.push(this.expr());
      if (!this.accept(',')) break;
    }
    this.expect('}');
    return { kind: 'list', elements, rest, type: UNKNOWN_TYPE, loc: lb.loc };
  }

  /** `...` closing a brace expression: it stands for everything after it, so nothing may follow. */
  private closingDots(): Loc {
    const loc = this.expect('...').loc;
    if (!this.is('}'))
      this.fail("'...' must come last in a brace expression: it stands for all the elements left");
    return loc;
  }
}

/** Annotation bodies are token soup to the grammar; parse them as expressions when they are. */
function parseAnnotationArgs(slice: Token[], scopes: Set<string>[]): Expr[] {
  if (slice.length === 0) return [];
  const eof: Token = { kind: 'eof', text: '<end>', loc: slice[slice.length - 1]!.loc };
  const p = new Parser([...slice, eof], new Diagnostics());
  (p as unknown as { typeScopes: Set<string>[] }).typeScopes.push(...scopes);
  try {
    const out: Expr[] = [];
    do out.push(p.expr());
    while ((p as unknown as { accept(t: string): boolean }).accept(','));
    return (p as unknown as { tok: Token }).tok.kind === 'eof' ? out : [];
  } catch {
    return [];
  }
}

export function parseTokens(tokens: Token[], diags: Diagnostics): Program | undefined {
  try {
    return new Parser(tokens, diags).parseProgram();
  } catch (e) {
    if (e instanceof Error && e.message === 'compilation aborted') return undefined;
    throw e;
  }
}
