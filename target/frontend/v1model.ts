// Finds the v1model package instantiation (`V1Switch(...) main;`) and resolves its six blocks.
import type {
  CheckedProgram,
  ControlDecl,
  Expr,
  InstanceDecl,
  ParserDecl,
  Program,
  StructTypeDecl,
  Type,
  V1SwitchMain,
} from './ast.js';
import type { Diagnostics } from './diagnostics.js';
import type { CheckResult } from './check/checker.js';

function blockOf(e: Expr | undefined): { decl: ParserDecl | ControlDecl; name: string } | undefined {
  if (!e) return undefined;
  const t = e.type;
  if (
    (t.kind === 'parser' || t.kind === 'control') &&
    (t.decl.kind === 'parser' || t.decl.kind === 'control')
  ) {
    // `MyIngress()` is named after its type; a named instance `MyIngress() ig;` keeps the type name too,
    // as p4c's control-plane names for v1model use the control's declared name.
    return { decl: t.decl, name: t.decl.name };
  }
  return undefined;
}

function structOf(t: Type | undefined): StructTypeDecl | undefined {
  return t?.kind === 'struct' ? t.decl : undefined;
}

/** The v1model versions p4c knows: V1MODEL_VERSION (set before including v1model.p4) picks the externs'
 *  signatures, and p4c refuses a program that asks for one outside them. */
const FIRST_VERSION = 20180101n;
const LATEST_VERSION = 20200408n;

function checkVersion(program: Program, diags: Diagnostics): void {
  const decl = program.decls.find((d) => d.kind === 'const' && d.name === '__v1model_version');
  const v = decl?.kind === 'const' ? decl.constValue : undefined;
  if (decl && v?.kind === 'int' && (v.value < FIRST_VERSION || v.value > LATEST_VERSION))
    diags.error(
      decl.loc,
      `${v.value}: unknown v1model version (V1MODEL_VERSION); p4c knows ${FIRST_VERSION} to ${LATEST_VERSION}`,
    );
}

export function resolveMain(
  program: Program,
  result: CheckResult,
  diags: Diagnostics,
): V1SwitchMain | undefined {
  const main = program.decls.find((d): d is InstanceDecl => d.kind === 'instance' && d.name === 'main');
  if (!main) {
    const last = program.decls[program.decls.length - 1];
    diags.error(
      last?.loc ?? { file: '<input>', line: 1, col: 1 },
      "the program has no package instantiation named 'main' (V1Switch(...) main;)",
    );
    return undefined;
  }
  if (main.type.kind !== 'package' || main.type.decl.name !== 'V1Switch') {
    diags.error(main.loc, "'main' must be an instance of the v1model package V1Switch");
    return undefined;
  }
  checkVersion(program, diags);
  const args = main.ctorArgs ?? [];
  const blocks = args.map(blockOf);
  const kinds = ['parser', 'control', 'control', 'control', 'control', 'control'];
  for (let i = 0; i < 6; i++) {
    const b = blocks[i];
    if (!b || b.decl.kind !== kinds[i]) {
      if (!diags.hasErrors)
        diags.error(args[i]?.loc ?? main.loc, `argument ${i + 1} of V1Switch must be a ${kinds[i]}`);
      return undefined;
    }
  }
  // Block arguments of main's blocks would need instances outside every block, which this target lacks.
  for (const a of args) {
    const call = a.kind === 'call' ? a : undefined;
    const blockArg = call?.args?.find((x) => x?.type.kind === 'control' || x?.type.kind === 'parser');
    if (blockArg) {
      diags.error(
        blockArg.loc,
        `this target does not support passing a control or parser to one of main's blocks: instantiate it inside the block`,
      );
      return undefined;
    }
  }
  const parser = blocks[0]!.decl as ParserDecl;
  const [vr, ig, eg, ck, dep] = blocks.slice(1).map((b) => b!.decl as ControlDecl) as [
    ControlDecl,
    ControlDecl,
    ControlDecl,
    ControlDecl,
    ControlDecl,
  ];
  const headersType = structOf(parser.params[1]?.type);
  const metadataType = structOf(parser.params[2]?.type);
  const standardMetadataType = structOf(parser.params[3]?.type);
  if (!headersType || !metadataType || !standardMetadataType) {
    diags.error(
      parser.loc,
      `the parser '${parser.name}' must take (packet_in, out H, inout M, inout standard_metadata_t) with struct types H and M`,
    );
    return undefined;
  }
  void result;
  return {
    instance: main,
    parser,
    verifyChecksum: vr,
    ingress: ig,
    egress: eg,
    computeChecksum: ck,
    deparser: dep,
    blockNames: {
      parser: blocks[0]!.name,
      verifyChecksum: blocks[1]!.name,
      ingress: blocks[2]!.name,
      egress: blocks[3]!.name,
      computeChecksum: blocks[4]!.name,
      deparser: blocks[5]!.name,
    },
    headersType,
    metadataType,
    standardMetadataType,
  };
}

export function assemble(program: Program, result: CheckResult, main: V1SwitchMain): CheckedProgram {
  const controllerHeaders: CheckedProgram['controllerHeaders'] = [];
  for (const d of program.decls) {
    if (d.kind !== 'header') continue;
    const a = d.annotations.find((x) => x.name === 'controller_header');
    const arg = a?.args[0];
    if (arg?.kind === 'string') controllerHeaders.push({ name: arg.value, decl: d });
  }
  // Objects of blocks that are never instantiated (a control used only as a template for nested copies)
  // are not part of the pipeline; nor are the copies made inside such a template (`C1() c1;` in a control E
  // that only ever runs as copies of its own): only those under one of main's blocks run.
  const mainBlocks = [
    main.parser,
    main.verifyChecksum,
    main.ingress,
    main.egress,
    main.computeChecksum,
    main.deparser,
  ];
  const roots = new Set(mainBlocks.map((b) => b.name));
  const live = new Set<ControlDecl | ParserDecl>([
    ...mainBlocks,
    ...result.copies.filter((c) => roots.has((c.instancePath ?? '').split('.')[0]!)),
  ]);
  const isLive = (parent: ControlDecl | ParserDecl | undefined): boolean =>
    parent === undefined || live.has(parent);
  return {
    program,
    main,
    errors: result.errors,
    matchKinds: result.matchKinds,
    tables: result.tables.filter((t) => isLive(t.parent)),
    actions: result.actions.filter((a) => isLive(a.parent)),
    externInstances: result.externInstances.filter((i) => isLive(i.parent)),
    valueSets: result.valueSets.filter((v) => isLive(v.parent)),
    globalActionUses: result.globalActionUses.filter((u) => live.has(u.control)),
    controllerHeaders,
    types: result.types,
    nestedBlocks: result.copies.filter((c) => live.has(c)),
  };
}
