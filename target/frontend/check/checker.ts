// The type checker: resolves names and types, infers widths of untyped literals, folds constants, and
// completes declarations (header layouts, tables, control-plane names) in place on the parsed AST.
// This module holds the checker's state and its entry point; each job is a module of this folder, as p4c
// splits its type checker: type-refs, declarations, externs, parsers, controls (and tables), statements,
// expressions, inference (coercion of untyped literals) and calls.
import type {
  ActionDecl,
  ControlDecl,
  ExternFunctionDecl,
  FunctionDecl,
  GlobalActionUse,
  InstanceDecl,
  Loc,
  NameRef,
  Param,
  ParserDecl,
  Program,
  TableDecl,
  Type,
  ValueSetDecl,
} from '../ast.js';
import { CompileAbort, type Diagnostics } from '../diagnostics.js';
import { Scope } from '../scope.js';
import { topDecl } from './declarations.js';
import { checkRecursion } from './recursion.js';
import { checkCallCost } from './call-cost.js';

export type Callable = ExternFunctionDecl | FunctionDecl | ActionDecl;

export interface Ctx {
  scope: Scope;
  control?: ControlDecl;
  parser?: ParserDecl;
  action?: ActionDecl;
  fn?: FunctionDecl;
  /** In a branch a constant condition never takes (`if (false)`), which p4c's front-end removes: an action
   *  called only there is not part of the P4Info. */
  dead?: boolean;
  /** The table whose actions, default action or entries are being checked. */
  table?: TableDecl;
  /** The block name under which control-plane objects are named (the control or parser name). */
  block?: string;
  /** Inside a loop's body, where `break` and `continue` may stand. */
  loop?: boolean;
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
  /** See CheckedProgram.globalActionUses. */
  globalActionUses: GlobalActionUse[];
}

export class Checker {
  readonly global = new Scope();
  readonly errors: string[] = [];
  readonly errorLocs = new Map<string, Loc>();
  readonly matchKinds: string[] = [];
  readonly tables: TableDecl[] = [];
  readonly actions: ActionDecl[] = [];
  readonly externInstances: InstanceDecl[] = [];
  readonly valueSets: ValueSetDecl[] = [];
  readonly instances: InstanceDecl[] = [];
  readonly copies: (ControlDecl | ParserDecl)[] = [];
  readonly globalActionUses: GlobalActionUse[] = [];
  /** The top-level actions each table, or each control's statements, already noted as used. */
  private readonly actionsUsedBy = new Map<ControlDecl | TableDecl, Set<ActionDecl>>();
  /** Nesting depth of each struct type's values (see checkStructNesting). */
  readonly typeDepth = new Map<object, number>();
  /** Cells of the register, counter and meter arrays instantiated so far (see MAX_EXTERN_CELLS). */
  externCells = 0;
  /** Controls and parsers instantiated inside blocks so far (see MAX_BLOCK_COPIES). */
  blockCopies = 0;
  /** What each constructor parameter of control or parser type is bound to, per instance (see call-cost.ts). */
  readonly blockBindings = new Map<Param, InstanceDecl | Param>();
  /** Fields in a value of each struct-like declaration, tuple and stack type (see type-size.ts). */
  readonly typeSize = new WeakMap<object, number>();
  /** Specializations of generic types by their arguments' text, their names (one per specialization), and the
   *  ones being made, outermost first, each with the use that asked for it (see specialize.ts). */
  readonly specializations = new Map<object, Map<string, Type>>();
  readonly specializedNames = new Set<string>();
  readonly specializing: { loc: Loc; text: string }[] = [];
  /** Unchecked copies of the generic functions whose declarations check, and their specializations by their
   *  type arguments' text (see specializeFunction). */
  readonly pristineFunctions = new Map<FunctionDecl, FunctionDecl>();
  readonly functionSpecializations = new Map<FunctionDecl, Map<string, FunctionDecl>>();
  /** Unchecked copies of parser/control declarations, from which per-instance copies are made. */
  readonly pristine = new Map<ControlDecl | ParserDecl, ControlDecl | ParserDecl>();
  constructor(readonly diags: Diagnostics) {}

  check(program: Program): CheckResult {
    for (const d of program.decls) {
      try {
        topDecl(this, d);
      } catch (e) {
        if (!(e instanceof CompileAbort)) throw e;
      }
    }
    checkRecursion(this, program);
    // Counted only in a program without errors: every call's target is known, and there is no recursion.
    if (!this.diags.hasErrors) checkCallCost(this, program);
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
      globalActionUses: this.globalActionUses,
    };
  }

  /** Records a reference to a top-level action from a control's tables or apply block (p4c's front-end
   *  localizes exactly those, FindGlobalActionUses: references inside the control's own actions do not count). */
  noteActionUse(ctx: Ctx, a: ActionDecl): void {
    if (a.parent || !ctx.control || ctx.action || ctx.dead) return;
    const control = ctx.control;
    const user = ctx.table ?? control;
    let used = this.actionsUsedBy.get(user);
    if (!used) this.actionsUsedBy.set(user, (used = new Set()));
    if (used.has(a)) return;
    used.add(a);
    this.globalActionUses.push({ control, action: a, ...(ctx.table ? { table: ctx.table } : {}) });
  }

  error(loc: Loc, message: string): void {
    this.diags.error(...this.located(loc, message));
  }

  fatal(loc: Loc, message: string): never {
    return this.diags.fatal(...this.located(loc, message));
  }

  /** Where an error is reported: at the use that made the specialization it was found in, if any (the generic
   *  declaration may be fine with other arguments), naming the place inside the generic. */
  private located(loc: Loc, message: string): [Loc, string] {
    const outer = this.specializing[0];
    if (outer === undefined) return [loc, message];
    const inner = this.specializing[this.specializing.length - 1]!;
    return [outer.loc, `${message}, in ${inner.text} (at ${loc.file}:${loc.line}:${loc.col})`];
  }

  declareValue(scope: Scope, name: string, ref: NameRef, loc: Loc): void {
    const existing = scope.values.get(name);
    const fn = (r: NameRef): boolean => r.kind === 'extern_function' || r.kind === 'function';
    const block = (r: NameRef): boolean => r.kind === 'parser' || r.kind === 'control';
    // Functions overload each other. A parser or control may also take a function's name, as p4c accepts
    // (`control verify_checksum(...)` after v1model's extern): from then on the name is a type name, so a call
    // of it is a constructor call (see callExpr), and no function can be declared with it any more.
    const ok =
      existing === undefined || (fn(ref) && existing.every(fn)) || (block(ref) && existing.every(fn));
    if (!ok) this.error(loc, `redeclaration of '${name}'`);
    scope.addValue(name, ref);
  }

  declareType(scope: Scope, name: string, t: Type, loc: Loc): void {
    if (scope.types.has(name)) this.error(loc, `redeclaration of type '${name}'`);
    scope.types.set(name, t);
  }
}
