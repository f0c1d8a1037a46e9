/**
 * The P4_16 AST, as the parser builds it and the type checker completes it.
 *
 * One tree serves both phases: the parser creates every node with `type: UNKNOWN_TYPE` and unresolved
 * references; the checker fills in, in place, `type` on every expression, `ref`/`target` on names and
 * calls, `constValue` where an expression folds to a constant, and the derived data on declarations
 * (header layouts, table keys/entries/defaults, control-plane names, evaluated constructor arguments).
 * After a successful `compileP4` every field documented as "set by the checker" is present.
 *
 * How the engine should walk a `CheckedProgram`:
 *  1. `program.main` gives the six v1model blocks already resolved to their declarations, plus the header,
 *     metadata and standard_metadata struct types. Typedefs are gone: every `Type` is structural
 *     (`bit`, `int`, `struct` with its declaration, ...), so storage layout comes straight from the types.
 *  2. Storage: every `Param`, `VariableDecl` and `InstanceDecl` object is unique, so use it as the key
 *     of a slot map. A `NameExpr.ref` points at one of those (or at a constant, whose value is folded into
 *     `constValue`: prefer `constValue` over evaluating any expression that has one).
 *  3. Calls: `CallExpr.target` says exactly what is called (action, extern method on an instance, builtin
 *     header/stack/packet method, table apply, ...). `CallExpr.args` is in parameter order with named
 *     arguments placed and default values filled in; `CallExpr.params` are the matching parameters.
 *  4. Tables: `TableDecl.keys/actions/defaultAction/entries/size/directCounter/directMeter` are evaluated;
 *     const entry keys are numbers, not expressions. Names for the control plane are in `controlPlaneName`.
 *  5. Parsers: `ParserDecl.states` with `transition` resolved to state objects or 'accept'/'reject';
 *     select cases carry evaluated keysets.
 *  6. Nested blocks: a control/parser instantiated inside another block (`Sub() first;`) has its own checked
 *     copy of the declaration (`instancePath` set, e.g. `MyIngress.first`); `InstanceDecl.type.decl` and
 *     the `control_apply`/`parser_apply` call targets point at that copy, so each instance owns its tables,
 *     actions and externs. `CheckedProgram.tables/actions/externInstances` list only objects of blocks that
 *     are part of the pipeline (the six main blocks and these copies), never of an uninstantiated template.
 *  7. Integer values: `bit<W>` values are bigints in [0, 2^W); `int<W>` values are signed bigints in
 *     [-2^(W-1), 2^(W-1)); untyped integers (`infint`) appear only in folded constants.
 *     `error` values are numbered by `program.errors` (index = code, bmv2's order); plain enum members by
 *     their index in `EnumDecl.members`; serializable enum members carry their value.
 *
 * One file on purpose, over the usual size: type declarations only (no code but the UNKNOWN_TYPE constant),
 * and the node types refer to each other throughout (expressions hold types, declarations hold statements,
 * types hold declarations), so the whole tree reads best as one.
 */

// ---------------------------------------------------------------- locations and annotations

export interface Loc {
  file: string;
  line: number;
  col: number;
}

export interface Annotation {
  name: string;
  /** The annotation body as written between the parentheses (raw token text joined by spaces), '' if none. */
  body: string;
  /** For annotations whose body is a single expression or a list of expressions, e.g. @name("x"), @id(3). */
  args: Expr[];
  /** A structured annotation (P4_16 v1.2, written with brackets): `@a[1, "x"]` or `@a[k = 1, j = "x"]`. */
  structured?:
    { kind: 'list'; values: Expr[] } | { kind: 'kv'; pairs: { key: string; value: Expr; loc: Loc }[] };
  loc: Loc;
}

// ---------------------------------------------------------------- types

/**
 * What a `type` declaration adds to its base type. The checker treats the new type as its base (typeEquals
 * ignores this); P4Info names it (type_name, type_info.new_types), as p4c does.
 */
export interface NewType {
  name: string;
  /** From `@p4runtime_translation(uri, controller type)`: the type the control plane sees instead. */
  translation?: { uri: string; sdn: { kind: 'bit'; width: number } | { kind: 'string' } };
  loc: Loc;
}

export type Type =
  | { kind: 'unknown' }
  | { kind: 'bit'; width: number; newType?: NewType }
  | { kind: 'int'; width: number; newType?: NewType }
  | { kind: 'varbit'; maxWidth: number }
  | { kind: 'infint' }
  | { kind: 'bool'; newType?: NewType }
  | { kind: 'string' }
  | { kind: 'void' }
  | { kind: 'error' }
  | { kind: 'match_kind' }
  /** The type of `_` / `default` and of don't-care arguments. */
  | { kind: 'dontcare' }
  | { kind: 'header'; decl: HeaderTypeDecl }
  | { kind: 'header_union'; decl: HeaderUnionDecl }
  | { kind: 'struct'; decl: StructTypeDecl }
  /** A header stack `H[size]` (element is a header or header_union type). */
  | { kind: 'stack'; element: Type; size: number }
  | { kind: 'enum'; decl: EnumDecl }
  | { kind: 'tuple'; elements: Type[] }
  /** A brace list `{a, b}` before it is converted to a tuple/struct/header by context. */
  | { kind: 'list'; elements: Type[] }
  /** A keyset of select/const entries (`v &&& m`, `a .. b`), over an element type. */
  | { kind: 'set'; element: Type }
  | { kind: 'typevar'; name: string }
  | { kind: 'extern'; decl: ExternDecl; typeArgs: Type[] }
  | { kind: 'parser'; decl: ParserDecl | ParserTypeDecl }
  | { kind: 'control'; decl: ControlDecl | ControlTypeDecl }
  | { kind: 'package'; decl: PackageTypeDecl }
  | { kind: 'action'; decl: ActionDecl }
  | { kind: 'table'; decl: TableDecl }
  /** The struct returned by `t.apply()`: fields hit, miss, action_run. */
  | { kind: 'apply_result'; table: TableDecl }
  /** The type of `t.apply().action_run`: an enum of the table's actions. */
  | { kind: 'action_enum'; table: TableDecl }
  | { kind: 'state' }
  | { kind: 'value_set'; element: Type };

export const UNKNOWN_TYPE: Type = { kind: 'unknown' };

// ---------------------------------------------------------------- constant values

export type ConstValue =
  | { kind: 'int'; value: bigint }
  | { kind: 'bool'; value: boolean }
  | { kind: 'string'; value: string }
  /** `code` is the index in `CheckedProgram.errors`. */
  | { kind: 'error'; name: string; code: number }
  /** `value` is the serializable value, or the member index for plain enums. */
  | { kind: 'enum'; decl: EnumDecl; member: string; value: bigint }
  | { kind: 'tuple'; elements: ConstValue[] }
  | { kind: 'struct'; fields: { name: string; value: ConstValue }[] };

// ---------------------------------------------------------------- expressions

interface ExprBase {
  /** Where the expression starts (for a binary expression, its left operand; for `a.b`, `a`). */
  loc: Loc;
  /** Set by the checker. */
  type: Type;
  /** Set by the checker when the expression is a compile-time constant. */
  constValue?: ConstValue;
}

export interface IntLiteral extends ExprBase {
  kind: 'int';
  value: bigint;
  /** From a width prefix: `8w5` → {width: 8, signed: false}; absent for untyped literals. */
  width?: number;
  signed?: boolean;
  text: string;
}

export interface BoolLiteral extends ExprBase {
  kind: 'bool';
  value: boolean;
}

export interface StringLiteral extends ExprBase {
  kind: 'string';
  value: string;
}

/** What a bare name resolves to. */
export type NameRef =
  | Param
  | VariableDecl
  | ConstDecl
  | InstanceDecl
  | ActionDecl
  | TableDecl
  | ValueSetDecl
  | ExternFunctionDecl
  | FunctionDecl
  | ParserDecl
  | ControlDecl;

export interface NameExpr extends ExprBase {
  kind: 'name';
  name: string;
  /** `.x`: look only at the top level. */
  global?: boolean;
  /** Set by the checker. */
  ref?: NameRef;
}

/** What `e.m` denotes, set by the checker on MemberExpr. */
export type MemberKind =
  /** A field of a struct, header or header union (or of `t.apply()`: hit/miss/action_run). */
  | 'field'
  /** hdr.stack.next / .last (lvalue or rvalue header). */
  | 'stack_next'
  | 'stack_last'
  /** hdr.stack.size / .lastIndex (bit<32>). */
  | 'stack_size'
  | 'stack_lastIndex'
  /** The method part of a call, e.g. `h.isValid` or `reg.read` (see CallExpr.target). */
  | 'method'
  /** `error.Foo`, `MyEnum.Foo`: folded into constValue. */
  | 'error_member'
  | 'enum_member'
  /** `t.apply().hit` etc. */
  | 'table_hit'
  | 'table_miss'
  | 'table_action_run';

export interface MemberExpr extends ExprBase {
  kind: 'member';
  expr: Expr;
  member: string;
  /** Where the member name is (`loc` is where the whole expression starts). */
  memberLoc?: Loc;
  /** Set by the checker. */
  memberKind?: MemberKind;
}

/** A type used in expression position: `error`, an enum name, a header type in `T.minSizeInBits()`. */
export interface TypeNameExpr extends ExprBase {
  kind: 'typename';
  typeRef: TypeRef;
}

export interface IndexExpr extends ExprBase {
  kind: 'index';
  expr: Expr;
  index: Expr;
}

export interface SliceExpr extends ExprBase {
  kind: 'slice';
  expr: Expr;
  hi: Expr;
  lo: Expr;
  /** `expr[lo +: width]`, as written: `width` bits from `lo` up. The checker turns it into `[hi:lo]`, or, for a
   *  `lo` known only at run time, into `(expr >> lo)[width - 1:0]`. */
  width?: Expr;
  /** Set by the checker: the folded bounds. */
  hiValue?: number;
  loValue?: number;
}

export type UnaryOp = '-' | '~' | '!' | '+';

export interface UnaryExpr extends ExprBase {
  kind: 'unary';
  op: UnaryOp;
  operand: Expr;
}

export type BinaryOp =
  | '*'
  | '/'
  | '%'
  | '+'
  | '-'
  | '|+|'
  | '|-|'
  | '<<'
  | '>>'
  | '<'
  | '>'
  | '<='
  | '>='
  | '=='
  | '!='
  | '&'
  | '^'
  | '|'
  | '++'
  | '&&'
  | '||'
  /** Keyset only: value &&& mask. */
  | '&&&'
  /** Keyset only: low .. high. */
  | '..';

export interface BinaryExpr extends ExprBase {
  kind: 'binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
}

export interface TernaryExpr extends ExprBase {
  kind: 'ternary';
  cond: Expr;
  then: Expr;
  else: Expr;
}

export interface CastExpr extends ExprBase {
  kind: 'cast';
  targetType: TypeRef;
  expr: Expr;
}

/** What a call invokes, set by the checker. */
export type CallTarget =
  | { kind: 'action'; decl: ActionDecl }
  | { kind: 'function'; decl: FunctionDecl }
  | { kind: 'extern_function'; decl: ExternFunctionDecl }
  /** A method of an extern instance (register.read, counter.count, packet_in.extract, ...): `object` is the
   *  expression denoting the instance (a name of an InstanceDecl or of a packet_in/packet_out parameter). */
  | { kind: 'extern_method'; extern: ExternDecl; method: string; object: Expr }
  | { kind: 'table_apply'; table: TableDecl }
  /** `c.apply(...)` on a control/parser instance declared locally. */
  | { kind: 'control_apply'; instance: InstanceDecl; decl: ControlDecl }
  | { kind: 'parser_apply'; instance: InstanceDecl; decl: ParserDecl }
  /** `c.apply(...)` on a constructor parameter of control or parser type: the instance is the constructor
   *  argument, known per instance of the enclosing block (the code generator binds it). */
  | { kind: 'param_apply'; param: Param; decl: ControlDecl | ControlTypeDecl | ParserDecl | ParserTypeDecl }
  /** Built-in methods of headers, unions and stacks; `object` is the header/stack expression. */
  | {
      kind: 'builtin';
      name:
        | 'isValid'
        | 'setValid'
        | 'setInvalid'
        | 'push_front'
        | 'pop_front'
        | 'minSizeInBits'
        | 'minSizeInBytes'
        | 'maxSizeInBits'
        | 'maxSizeInBytes';
      object: Expr;
    };

export interface CallExpr extends ExprBase {
  kind: 'call';
  callee: Expr;
  typeArgs: TypeRef[];
  /** As written; each may be named. */
  rawArgs: Argument[];
  /** Set by the checker: in parameter order, defaults filled in, `undefined` for an omitted optional arg. */
  args?: (Expr | undefined)[];
  /** Set by the checker: the parameters `args` bind to (with type variables substituted in `Param.type`). */
  params?: Param[];
  /** Set by the checker: the values of the callee's type parameters (for generic externs/functions). */
  typeArgValues?: Type[];
  target?: CallTarget;
}

export interface Argument {
  name?: string;
  /** `_` as an argument is a don't-care expression. */
  value: Expr;
  loc: Loc;
}

/** `{a, b, c}` (tuple/list, or a struct/header initialised by position when the context says so). */
export interface ListExpr extends ExprBase {
  kind: 'list';
  elements: Expr[];
  /** Where a closing `...` stands (`{1, ...}`): the elements left get default values. */
  rest?: Loc;
  /** Set before checking where a closing `...` may stand (see DefaultValueExpr.allowed). */
  allowed?: boolean;
}

/** `{a = 1, b = 2}`, optionally typed: `(T){...}` arrives as a cast. */
export interface StructInitExpr extends ExprBase {
  kind: 'struct_init';
  fields: { name: string; value: Expr; loc: Loc }[];
  /** Where a closing `...` stands (`{a = 1, ...}`): the fields left get default values. */
  rest?: Loc;
  /** Set before checking where a closing `...` may stand (see DefaultValueExpr.allowed). */
  allowed?: boolean;
}

/** `default` or `_` in a keyset, or `_` as a don't-care argument / lvalue. */
export interface DontCareExpr extends ExprBase {
  kind: 'dontcare';
  text: 'default' | '_';
}

/**
 * `...`: the default value of the type its context gives (0, false, the first enum member, `error.NoError`,
 * invalid headers). Also what the checker puts for each element or field a closing `...` leaves out.
 */
export interface DefaultValueExpr extends ExprBase {
  kind: 'dots';
  /** Set before checking where a default value may stand: an initializer or the right of an assignment. */
  allowed?: boolean;
}

/** `{#}`: an invalid header or header union, of the type its context gives (a cast, the other side of `==`). */
export interface InvalidHeaderExpr extends ExprBase {
  kind: 'invalid_header';
}

export type Expr =
  | IntLiteral
  | BoolLiteral
  | StringLiteral
  | NameExpr
  | MemberExpr
  | TypeNameExpr
  | IndexExpr
  | SliceExpr
  | UnaryExpr
  | BinaryExpr
  | TernaryExpr
  | CastExpr
  | CallExpr
  | ListExpr
  | StructInitExpr
  | DontCareExpr
  | DefaultValueExpr
  | InvalidHeaderExpr;

// ---------------------------------------------------------------- type references (syntax) → Type

/** A type as written. The checker sets `resolved`. */
export type TypeRef =
  | {
      kind: 'base';
      name: 'bool' | 'error' | 'string' | 'void' | 'match_kind' | 'int_infint';
      loc: Loc;
      resolved?: Type;
    }
  | { kind: 'bits'; signed: boolean; varbit: boolean; width: Expr; loc: Loc; resolved?: Type }
  | { kind: 'named'; name: string; global?: boolean; typeArgs: TypeRef[]; loc: Loc; resolved?: Type }
  | { kind: 'stack'; element: TypeRef; size: Expr; loc: Loc; resolved?: Type }
  | { kind: 'tuple'; elements: TypeRef[]; loc: Loc; resolved?: Type }
  /** `list<T>`: this target accepts it only in a cast of the list a for-in loop walks. */
  | { kind: 'list'; element: TypeRef; loc: Loc; resolved?: Type }
  | { kind: 'dontcare'; loc: Loc; resolved?: Type };

// ---------------------------------------------------------------- statements

export interface AssignStmt {
  kind: 'assign';
  lhs: Expr;
  rhs: Expr;
  loc: Loc;
}

export interface CallStmt {
  kind: 'call';
  call: CallExpr;
  loc: Loc;
}

export interface IfStmt {
  kind: 'if';
  cond: Expr;
  then: Stmt;
  else?: Stmt;
  loc: Loc;
}

export interface BlockStmt {
  kind: 'block';
  stmts: Stmt[];
  annotations: Annotation[];
  loc: Loc;
}

export interface SwitchCase {
  /** Labels sharing one body (fall-through labels are merged into the next case that has a body). A
   *  `DontCareExpr` with text 'default' is the default label. */
  labels: Expr[];
  /** For `switch (t.apply().action_run)`: the actions named by `labels` (undefined for default). */
  actions?: (ActionDecl | undefined)[];
  /** Absent only for trailing labels without a body (they do nothing). */
  body?: BlockStmt;
  loc: Loc;
}

export interface SwitchStmt {
  kind: 'switch';
  expr: Expr;
  cases: SwitchCase[];
  /** Set by the checker. */
  switchKind?: 'action_run' | 'value';
  loc: Loc;
}

export interface ExitStmt {
  kind: 'exit';
  loc: Loc;
}

export interface ReturnStmt {
  kind: 'return';
  value?: Expr;
  loc: Loc;
}

export interface EmptyStmt {
  kind: 'empty';
  loc: Loc;
}

/** `for (init; cond; update) body`: the init statements (declarations, assignments, calls) run once in the
 *  loop's own scope, the condition before each iteration, the updates after each (and after `continue`). */
export interface ForStmt {
  kind: 'for';
  init: Stmt[];
  cond: Expr;
  update: Stmt[];
  body: Stmt;
  loc: Loc;
}

/**
 * `for (T v in c) body`: v takes each value of c in order, c evaluated once before the first iteration. c is a
 * range `from .. to` (both included; `to` present), a header stack, or a list expression (possibly cast to
 * `list<T>`): each element in turn, as it was before the loop.
 */
export interface ForInStmt {
  kind: 'for_in';
  variable: VariableDecl;
  /** The range's start, or the whole collection when `to` is absent. */
  from: Expr;
  to?: Expr;
  /** What `from` is, set by the checker. */
  collection?: 'range' | 'stack' | 'list';
  /** A list collection's elements, each checked against the variable's type (the checker sets them). */
  elements?: Expr[];
  body: Stmt;
  loc: Loc;
}

/** `break` and `continue`: only inside a loop's body. */
export interface LoopJumpStmt {
  kind: 'break' | 'continue';
  loc: Loc;
}

/** A local variable or constant declared inside a block, action body or parser state. */
export interface DeclStmt {
  kind: 'decl';
  decl: VariableDecl | ConstDecl;
  loc: Loc;
}

export type Stmt =
  | AssignStmt
  | CallStmt
  | IfStmt
  | BlockStmt
  | SwitchStmt
  | ExitStmt
  | ReturnStmt
  | EmptyStmt
  | DeclStmt
  | ForStmt
  | ForInStmt
  | LoopJumpStmt;

// ---------------------------------------------------------------- declarations

export type Direction = 'in' | 'out' | 'inout' | 'none';

export interface Param {
  kind: 'param';
  name: string;
  direction: Direction;
  typeRef: TypeRef;
  /** Set by the checker. */
  type: Type;
  defaultValue?: Expr;
  /** `@optional` parameter. */
  optional?: boolean;
  annotations: Annotation[];
  loc: Loc;
}

export interface ConstDecl {
  kind: 'const';
  name: string;
  typeRef: TypeRef;
  type: Type;
  value: Expr;
  /** Set by the checker. */
  constValue?: ConstValue;
  annotations: Annotation[];
  loc: Loc;
}

export interface VariableDecl {
  kind: 'variable';
  name: string;
  typeRef: TypeRef;
  type: Type;
  init?: Expr;
  annotations: Annotation[];
  loc: Loc;
}

export interface TypedefDecl {
  kind: 'typedef';
  name: string;
  /** `type` (a new type) rather than `typedef`; both are transparent to the engine. A new type's `type`
   *  carries its NewType. */
  isNewType: boolean;
  typeRef: TypeRef;
  type: Type;
  annotations: Annotation[];
  loc: Loc;
}

export interface Field {
  name: string;
  typeRef: TypeRef;
  /** Set by the checker. */
  type: Type;
  annotations: Annotation[];
  loc: Loc;
  /** Set by the checker for header fields: bit offset from the start of the header, and width in bits
   *  (for a varbit field, its maximum width). */
  offset?: number;
  width?: number;
}

export interface HeaderTypeDecl {
  kind: 'header';
  name: string;
  /** Type parameters of a generic type (`struct Pair<T>`): each use names its arguments, see specialize.ts. */
  typeParams?: string[];
  fields: Field[];
  annotations: Annotation[];
  loc: Loc;
  /** Set by the checker: total width in bits of the fixed-width fields (varbit fields count 0). */
  bitWidth?: number;
  /** Set by the checker: the varbit field, if any (at most one). */
  varbitField?: Field;
}

export interface HeaderUnionDecl {
  kind: 'header_union';
  name: string;
  /** Type parameters of a generic type (`struct Pair<T>`): each use names its arguments, see specialize.ts. */
  typeParams?: string[];
  fields: Field[];
  annotations: Annotation[];
  loc: Loc;
}

export interface StructTypeDecl {
  kind: 'struct';
  name: string;
  /** Type parameters of a generic type (`struct Pair<T>`): each use names its arguments, see specialize.ts. */
  typeParams?: string[];
  fields: Field[];
  annotations: Annotation[];
  loc: Loc;
}

export interface EnumMember {
  name: string;
  /** Only for serializable enums; set (folded) by the checker. */
  valueExpr?: Expr;
  /** Set by the checker: the serializable value, or the member index for plain enums. */
  value?: bigint;
  loc: Loc;
}

export interface EnumDecl {
  kind: 'enum';
  name: string;
  /** For `enum bit<8> E {...}`. */
  underlyingRef?: TypeRef;
  /** Set by the checker for serializable enums. */
  underlying?: Type;
  members: EnumMember[];
  annotations: Annotation[];
  loc: Loc;
}

/** `error { ... }` and `match_kind { ... }`; several declarations merge. */
export interface ErrorDecl {
  kind: 'error';
  members: { name: string; loc: Loc }[];
  loc: Loc;
}

export interface MatchKindDecl {
  kind: 'match_kind';
  members: { name: string; loc: Loc }[];
  loc: Loc;
}

export interface MethodDecl {
  name: string;
  typeParams: string[];
  params: Param[];
  returnTypeRef?: TypeRef;
  /** Set by the checker (void when absent). */
  returnType: Type;
  isAbstract: boolean;
  annotations: Annotation[];
  loc: Loc;
}

export interface ExternDecl {
  kind: 'extern';
  name: string;
  typeParams: string[];
  constructors: MethodDecl[];
  methods: MethodDecl[];
  annotations: Annotation[];
  loc: Loc;
}

export interface ExternFunctionDecl {
  kind: 'extern_function';
  name: string;
  typeParams: string[];
  params: Param[];
  returnTypeRef: TypeRef;
  returnType: Type;
  annotations: Annotation[];
  loc: Loc;
}

/** A P4 function (`bit<8> max(in bit<8> a, in bit<8> b) { ... }`). */
export interface FunctionDecl {
  kind: 'function';
  name: string;
  typeParams: string[];
  params: Param[];
  returnTypeRef: TypeRef;
  returnType: Type;
  body: BlockStmt;
  annotations: Annotation[];
  loc: Loc;
}

/** `parser P<H>(packet_in b, out H h);` (a parser type, as in v1model.p4). */
export interface ParserTypeDecl {
  kind: 'parser_type';
  name: string;
  typeParams: string[];
  params: Param[];
  annotations: Annotation[];
  loc: Loc;
}

export interface ControlTypeDecl {
  kind: 'control_type';
  name: string;
  typeParams: string[];
  params: Param[];
  annotations: Annotation[];
  loc: Loc;
}

export interface PackageTypeDecl {
  kind: 'package_type';
  name: string;
  typeParams: string[];
  params: Param[];
  annotations: Annotation[];
  loc: Loc;
}

export type StateRef = ParserState | 'accept' | 'reject';

/** One component of a keyset (select case or const table entry key), evaluated by the checker. */
export type KeysetValue =
  | { kind: 'value'; value: bigint }
  | { kind: 'mask'; value: bigint; mask: bigint }
  | { kind: 'range'; low: bigint; high: bigint }
  | { kind: 'default' }
  | { kind: 'value_set'; decl: ValueSetDecl };

export interface SelectCase {
  /** As written: one expression per select component (a ListExpr for tuples is flattened here). */
  keysetExprs: Expr[];
  /** Set by the checker: one per select expression (a single `default`/`_` is expanded to all). */
  keyset?: KeysetValue[];
  nextName: string;
  /** Set by the checker. */
  next?: StateRef;
  loc: Loc;
}

export type Transition =
  | { kind: 'direct'; nextName: string; next?: StateRef; loc: Loc }
  | { kind: 'select'; exprs: Expr[]; cases: SelectCase[]; loc: Loc };

export interface ParserState {
  kind: 'state';
  name: string;
  stmts: Stmt[];
  /** A state with no transition statement goes to reject (P4_16 §12.5). */
  transition: Transition;
  annotations: Annotation[];
  loc: Loc;
}

export interface ValueSetDecl {
  kind: 'value_set';
  name: string;
  elementTypeRef: TypeRef;
  elementType: Type;
  sizeExpr: Expr;
  /** Set by the checker. */
  size?: number;
  controlPlaneName?: string;
  annotations: Annotation[];
  loc: Loc;
  /** Set by the checker: the parser that declares it. */
  parent?: ParserDecl;
}

/** Declarations allowed inside a parser or control body (before `apply` / the states). */
export type LocalDecl = ConstDecl | VariableDecl | InstanceDecl | ActionDecl | TableDecl | ValueSetDecl;

export interface ParserDecl {
  kind: 'parser';
  name: string;
  typeParams: string[];
  params: Param[];
  ctorParams: Param[];
  locals: LocalDecl[];
  states: ParserState[];
  annotations: Annotation[];
  loc: Loc;
  /** Set on the per-instance copy made for a parser instantiated inside another block (see ControlDecl). */
  instancePath?: string;
}

export interface ControlDecl {
  kind: 'control';
  name: string;
  typeParams: string[];
  params: Param[];
  ctorParams: Param[];
  locals: LocalDecl[];
  apply: BlockStmt;
  annotations: Annotation[];
  loc: Loc;
  /** A control instantiated inside another (`Helper() first;` in MyIngress) gets its own checked copy of the
   *  declaration, so that its tables, actions and externs are distinct objects, named under the instance's
   *  control-plane name (`MyIngress.first.lookup`, or under its @name, as p4c names them). This is the path
   *  of declared names that leads to the copy (`MyIngress.first`), which tells the block it runs in; the
   *  InstanceDecl's type and `control_apply` targets point at the copy. */
  instancePath?: string;
}

export interface ActionDecl {
  kind: 'action';
  name: string;
  /** Directional params (in/out/inout) come first and are bound where the action is referenced; the
   *  direction-less params that follow are action data, supplied by the control plane. */
  params: Param[];
  body: BlockStmt;
  annotations: Annotation[];
  loc: Loc;
  /** Set by the checker: e.g. `MyIngress.set_prio`, or `NoAction` for a top-level action (honours @name). */
  controlPlaneName?: string;
  /** The control that declares it; undefined for top-level actions. */
  parent?: ControlDecl;
  /** Set by the checker when a table lists it or a control statement calls it (p4c drops unreferenced actions,
   *  and inlines calls from other actions). */
  referenced?: boolean;
}

export interface TableKey {
  expr: Expr;
  matchKindName: string;
  matchKindLoc?: Loc;
  /** Set by the checker: the control-plane name (`@name` or the expression as written, e.g. `hdr.ipv4.dstAddr`). */
  name?: string;
  /** Set by the checker: the key's width in bits. */
  width?: number;
  annotations: Annotation[];
  loc: Loc;
}

/** An action as referenced by a table (actions list, default_action, const entry). */
export interface TableActionRef {
  /** The callee as written (a name, maybe with arguments). */
  call: CallExpr;
  /** Set by the checker. */
  action?: ActionDecl;
  /** Set by the checker: for the actions list, the bound directional arguments; for default_action and
   *  entries, all arguments (directional ones first, then action data, each with a folded constValue). */
  args?: Expr[];
  annotations: Annotation[];
  loc: Loc;
}

export interface TableEntryDecl {
  keysetExprs: Expr[];
  action: TableActionRef;
  /** Set by the checker, one per table key. */
  keys?: KeysetValue[];
  /** Explicit `priority = N:` or `@priority(N)` (set by the checker from `priority = (expression):`). */
  explicitPriority?: number;
  /** `priority = (expression):`, as written. */
  priorityExpr?: Expr;
  /** Where `priority = N:` is written (p4c rejects it in `const entries`). */
  priorityKeywordLoc?: Loc;
  /** Set by the checker: the entry's effective priority (higher wins; entries without an explicit priority
   *  get decreasing priorities in source order, so the first listed wins, as P4_16 §14.2.1.4 specifies). */
  priority?: number;
  /** In `const entries`, or written `const` itself. */
  isConst: boolean;
  annotations: Annotation[];
  loc: Loc;
}

export interface TableProperty {
  name: string;
  value: Expr;
  isConst: boolean;
  annotations: Annotation[];
  loc: Loc;
}

export interface TableDecl {
  kind: 'table';
  name: string;
  /** Raw syntax. */
  keyDecls: TableKey[];
  actionRefs: TableActionRef[];
  /** Where the `actions` property is written (entries and default_action must come after it). */
  actionsLoc?: Loc;
  defaultActionRef?: TableActionRef;
  defaultActionIsConst: boolean;
  /** Set by the checker when a control statement applies it outside a branch p4c's front-end removes (p4c
   *  removes the other tables: they are not in the P4Info). */
  applied?: boolean;
  entryDecls: TableEntryDecl[];
  /** `const entries` vs `entries` (all entries of one table share this). */
  entriesAreConst: boolean;
  /** Every other property (size, counters, meters, implementation, support_timeout, ...). */
  properties: TableProperty[];
  annotations: Annotation[];
  loc: Loc;

  /** Set by the checker. */
  controlPlaneName?: string;
  parent?: ControlDecl;
  /** Set by the checker: the default action with all arguments; NoAction() when the program gives none. */
  defaultAction?: TableActionRef;
  /** Set by the checker: `size` property value, or 1024 (p4c/bmv2 default) when absent. */
  size?: number;
  /** Set by the checker: `counters = <direct_counter instance>`. */
  directCounter?: InstanceDecl;
  /** Set by the checker: `meters = <direct_meter instance>`. */
  directMeter?: InstanceDecl;
  /** Set by the checker: `implementation = <action_profile or action_selector>`, named or constructed in
   *  place (check/table-implementation.ts). */
  implementation?: InstanceDecl;
}

/** An instantiation: `register<bit<32>>(1024) r;`, `MyCtl() c;`, `V1Switch(...) main;`. */
export interface InstanceDecl {
  kind: 'instance';
  name: string;
  typeRef: TypeRef;
  args: Argument[];
  annotations: Annotation[];
  loc: Loc;
  /** Set by the checker. */
  type: Type;
  /** Set by the checker: constructor arguments in parameter order, folded (constValue set when constant). */
  ctorArgs?: Expr[];
  controlPlaneName?: string;
  parent?: ControlDecl | ParserDecl;
}

export type TopDecl =
  | ConstDecl
  | TypedefDecl
  | HeaderTypeDecl
  | HeaderUnionDecl
  | StructTypeDecl
  | EnumDecl
  | ErrorDecl
  | MatchKindDecl
  | ExternDecl
  | ExternFunctionDecl
  | FunctionDecl
  | ParserTypeDecl
  | ControlTypeDecl
  | PackageTypeDecl
  | ParserDecl
  | ControlDecl
  | ActionDecl
  | InstanceDecl;

export type TypeDecl =
  | TypedefDecl
  | HeaderTypeDecl
  | HeaderUnionDecl
  | StructTypeDecl
  | EnumDecl
  | ExternDecl
  | ParserTypeDecl
  | ControlTypeDecl
  | PackageTypeDecl
  | ParserDecl
  | ControlDecl;

export interface Program {
  decls: TopDecl[];
}

// ---------------------------------------------------------------- the checked program

/** The v1model package instantiation, resolved. */
export interface V1SwitchMain {
  instance: InstanceDecl;
  parser: ParserDecl;
  verifyChecksum: ControlDecl;
  ingress: ControlDecl;
  egress: ControlDecl;
  computeChecksum: ControlDecl;
  deparser: ControlDecl;
  /** Names under which each block's objects appear to the control plane (instance name, or the type name
   *  for an anonymous `MyIngress()` argument). */
  blockNames: {
    parser: string;
    verifyChecksum: string;
    ingress: string;
    egress: string;
    computeChecksum: string;
    deparser: string;
  };
  /** The H, M type arguments of V1Switch and the standard_metadata_t struct. */
  headersType: StructTypeDecl;
  metadataType: StructTypeDecl;
  standardMetadataType: StructTypeDecl;
}

/** A top-level action referenced from a control (see CheckedProgram.globalActionUses). */
export interface GlobalActionUse {
  control: ControlDecl;
  action: ActionDecl;
  /** The table that lists it, when that is the use (p4c keeps only the tables a control applies). */
  table?: TableDecl;
}

export interface CheckedProgram {
  program: Program;
  main: V1SwitchMain;
  /** Error names in code order (bmv2 numbering: core.p4's errors first, then the program's). */
  errors: string[];
  matchKinds: string[];
  /** Every table of the pipeline's controls (nested instances included), in declaration order. */
  tables: TableDecl[];
  /** Every action (top-level and control-local) that may be referenced by the control plane. */
  actions: ActionDecl[];
  /**
   * The top-level actions each control references from its tables and apply block, in first-use order (a
   * table without default_action uses NoAction), across all controls in the order the checker met them. p4c's
   * front-end gives each main control its own copy of those it or the controls inlined into it use, ahead of
   * its own actions, which is where they appear in P4Info.
   */
  globalActionUses: GlobalActionUse[];
  /** Every extern instance (register, counter, direct_counter, meter, direct_meter, ...), top-level and local. */
  externInstances: InstanceDecl[];
  /** Every parser value_set. */
  valueSets: ValueSetDecl[];
  /** Headers annotated @controller_header("packet_in"|"packet_out"). */
  controllerHeaders: { name: string; decl: HeaderTypeDecl }[];
  /** Every top-level type declaration by name (typedefs resolved). */
  types: Map<string, Type>;
  /** The copies of controls and parsers instantiated inside the pipeline's blocks, each after the copies
   *  instantiated inside it, siblings in declaration order. */
  nestedBlocks: (ControlDecl | ParserDecl)[];
}

/**
 * The AST links that lead out of a body (declarations, types, resolved references, source positions). A
 * walk over the statements and expressions of one body, looking for calls, skips them: following them would
 * reach other declarations and, through `parent` and `decl`, cycle.
 */
export const OUTWARD_LINKS: ReadonlySet<string> = new Set([
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
  'returnType',
  'returnTypeRef',
]);
