// The order in which p4c's serializer meets a program's objects. p4c's front-end inlines every control and
// parser instantiated inside another (InlinePass): the callee's declarations take the place of its instance
// declaration, and top-level actions a main control (or anything inlined into it) uses are copied to the front
// of its declarations (LocalizeAllActions). The serializer then walks V1Switch's blocks in argument order, each
// one's declarations in order. Here the checked program keeps a copy per instance instead (see
// ControlDecl.instancePath), so each object's place is the path of declaration indices that leads to it.
import type {
  ActionDecl,
  CheckedProgram,
  ControlDecl,
  GlobalActionUse,
  InstanceDecl,
  LocalDecl,
  ParserDecl,
} from '../frontend/ast.js';

type Block = ControlDecl | ParserDecl;

/** Lexicographic order of declaration paths; a missing path (a top-level object) sorts first. */
function comparePaths(a: readonly number[] | undefined, b: readonly number[] | undefined): number {
  if (a === undefined || b === undefined) return (a === undefined ? 0 : 1) - (b === undefined ? 0 : 1);
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function copyOf(l: LocalDecl): Block | undefined {
  if (l.kind !== 'instance') return undefined;
  const t = (l as InstanceDecl).type;
  if (t.kind !== 'control' && t.kind !== 'parser') return undefined;
  const d = t.decl;
  return (d.kind === 'control' || d.kind === 'parser') && d.instancePath ? d : undefined;
}

export class PipelineOrder {
  /** Each declaration's path: its main block's place in V1Switch, then its index in each block down to it. */
  private readonly paths = new Map<object, number[]>();
  /** The main block each copy runs in. */
  private readonly rootOf = new Map<Block, Block>();
  readonly mainBlocks: Block[];

  constructor(private readonly prog: CheckedProgram) {
    const m = prog.main;
    this.mainBlocks = [m.parser, m.verifyChecksum, m.ingress, m.egress, m.computeChecksum, m.deparser];
    // A block applied directly (`Sub.apply()`) has no instance declaration: p4c's InstantiateDirectCalls
    // declares one after the block's own declarations.
    const direct = new Map<string, Block[]>();
    for (const c of prog.nestedBlocks) {
      const parent = c.instancePath!.slice(0, c.instancePath!.lastIndexOf('.'));
      direct.set(parent, [...(direct.get(parent) ?? []), c]);
    }
    const seen = new Set<Block>();
    const visit = (b: Block, path: number[], root: Block, blockPath: string): void => {
      if (seen.has(b)) return;
      seen.add(b);
      this.rootOf.set(b, root);
      this.paths.set(b, path);
      b.locals.forEach((l, i) => {
        this.paths.set(l, [...path, i]);
        const copy = copyOf(l);
        if (copy) visit(copy, [...path, i], root, copy.instancePath!);
      });
      (direct.get(blockPath) ?? []).forEach((c, k) =>
        visit(c, [...path, b.locals.length + k], root, c.instancePath!),
      );
    };
    this.mainBlocks.forEach((b, i) => {
      if (!seen.has(b)) visit(b, [i], b, b.name);
    });
  }

  /** Objects as p4c lists them: top-level ones first, then by their place in the inlined pipeline. */
  sort<T extends object>(items: readonly T[]): T[] {
    return items
      .map((t, i) => ({ t, i, path: this.paths.get(t) }))
      .sort((a, b) => comparePaths(a.path, b.path) || a.i - b.i)
      .map((x) => x.t);
  }

  /**
   * The main controls as p4c's serializer analyzes them, in V1Switch's order: each one's actions (the
   * top-level actions used in it or in what is inlined into it, in first-use order, then its own and its
   * inlined blocks' actions that `include` keeps), and its blocks (itself, then those inlined into it).
   */
  controls(
    include: (a: ActionDecl) => boolean,
    live: (u: GlobalActionUse) => boolean,
  ): { actions: ActionDecl[]; blocks: Block[] }[] {
    const own = this.sort(this.prog.actions.filter((a) => a.parent !== undefined && include(a)));
    const nested = this.sort(this.prog.nestedBlocks);
    return this.mainBlocks
      .filter((root) => root.kind === 'control')
      .map((root) => ({
        actions: [
          ...this.prog.globalActionUses
            .filter((u) => this.rootOf.get(u.control) === root && live(u) && include(u.action))
            .map((u) => u.action),
          ...own.filter((a) => this.rootOf.get(a.parent!) === root),
        ],
        blocks: [root, ...nested.filter((b) => this.rootOf.get(b) === root)],
      }));
  }
}
