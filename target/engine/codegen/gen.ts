// Compiles a checked v1model program into JavaScript source, evaluated once with `new Function`.
// Every parser, control, action, function and table becomes a JS function; expressions become JS expressions
// specialised for their types (bits.ts), so a packet runs straight-line code with no tree walking.
//
// Storage: the parameters and locals of parsers and controls are module-level variables of the generated code
// (P4 has no recursion, so one copy each suffices); actions and functions use real JS parameters. Scalar
// out/inout arguments are returned by the callee and written back by the caller; header/struct arguments are
// passed by reference.
//
// This module holds the generator's state and naming; each job is a module of this folder: generate (the
// program), values, expressions, statements, calls, blocks (controls, actions, functions), parser, deparser,
// externs, checksum packing and tables.
import type {
  ActionDecl,
  CheckedProgram,
  InstanceDecl,
  Param,
  TableDecl,
  Type,
  ValueSetDecl,
} from '../../frontend/ast.js';
import type { DigestInfo } from '../digest.js';
import type { MatchKind } from '../table.js';

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
  /** The parser value sets selects name, in the order of the generated code's `$vsets`. */
  valueSets: ValueSetDecl[];
  /** Meta field paths (dotted, relative to the user metadata) per @field_list index. */
  fieldLists: Map<number, string[]>;
  /** The digests digest() calls make, by the id the generated code records. */
  digests: DigestInfo[];
}

export interface FnCtx {
  /** Source of the statement that leaves the current function normally (copy-out included). */
  ret: (value?: string) => string;
  /** Inside a loop: the labels that `break` (the loop's) and `continue` (its body's) leave. */
  loop?: { exit: string; next: string };
}

/** A control or parser instance, the instance path its state lives under, and the path of the block that
 *  declares it (where its constructor arguments are evaluated). */
export interface BoundBlock {
  instance: InstanceDecl;
  path: string;
  outer: string;
}

const ident = (s: string): string => s.replace(/[^A-Za-z0-9_$]/g, '_');

export class Gen {
  readonly top: string[] = [];
  /** JS names per declaration and instance path (a control instantiated twice gets two sets of state). */
  readonly names = new Map<object, Map<string, string>>();
  /** The instance each constructor parameter of control or parser type stands for, per instance path of the
   *  block that declares the parameter. */
  readonly blockArgs = new Map<Param, Map<string, BoundBlock>>();
  /** Control-plane prefix of the control instance being generated ('' at top level). */
  path = '';
  /** For each control/parser declaration, the prefix the front-end used in its control-plane names. */
  readonly declPrefix = new Map<object, string>();
  readonly factories = new Map<object, string>();
  readonly resetters = new Map<object, string>();
  /** setValid and setInvalid functions by header declaration (see validator). */
  readonly validators = new Map<object, string>();
  readonly devalidators = new Map<object, string>();
  /** Functions invalidating a stack element by declaration (see invalidator). */
  readonly invalidators = new Map<object, string>();
  readonly emitted = new Set<object>();
  readonly tables: TableInfo[] = [];
  readonly tableOf = new Map<string, TableInfo>();
  readonly externs: ExternInfo[] = [];
  readonly externOf = new Map<string, ExternInfo>();
  readonly valueSets: ValueSetDecl[] = [];
  readonly objIds = new Map<object, number>();
  readonly actionFns = new Map<ActionDecl, string>();
  readonly fieldLists = new Map<number, string[]>();
  readonly digests: DigestInfo[] = [];
  counter = 0;
  readonly errorCodes: Map<string, number>;
  metaParams = new Set<Param>();
  constructor(readonly p: CheckedProgram) {
    this.errorCodes = new Map(p.errors.map((e, i) => [e, i]));
  }

  /** The index of a value set in `$vsets`, the switch's value set stores. */
  valueSetIndex(d: ValueSetDecl): number {
    const i = this.valueSets.indexOf(d);
    return i >= 0 ? i : this.valueSets.push(d) - 1;
  }

  fresh(base: string): string {
    return `${ident(base)}$${this.counter++}`;
  }

  nameOf(o: object, base: string): string {
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

  known(o: object): string | undefined {
    return this.names.get(o)?.get(this.path);
  }

  /** The control-plane name of an object declared in a control, for the instance being generated. */
  instanceName(cpName: string, parent: object | undefined): string {
    if (!parent) return cpName;
    const prefix = this.declPrefix.get(parent);
    if (prefix === undefined || prefix === this.path) return cpName;
    return cpName.startsWith(`${prefix}.`) ? `${this.path}${cpName.slice(prefix.length)}` : cpName;
  }

  withPath<T>(path: string, f: () => T): T {
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

  /** o's key under the current instance path: a control's locals exist once per instance of the control. */
  key(o: object): string {
    return `${this.objectId(o)}@${this.path}`;
  }

  /** o's key wherever it is reached from: for what exists once in the program. */
  globalKey(o: object): string {
    return `${this.objectId(o)}@`;
  }

  private objectId(o: object): number {
    let id = this.objIds.get(o);
    if (id === undefined) {
      id = this.objIds.size;
      this.objIds.set(o, id);
    }
    return id;
  }
}
