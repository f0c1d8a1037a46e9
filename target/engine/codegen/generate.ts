// The whole program: every block, type factory and table in dependency order, and what the engine needs to
// run it (tables, extern instances, action functions, field lists).
import type { CheckedProgram, ControlDecl, ParserDecl, StructTypeDecl } from '../../frontend/ast.js';
import { intValue } from '../../frontend/types.js';
import { blockArg, control } from './blocks.js';
import { bindCtorArgs } from './calls.js';
import { deparsedBits } from './deparser.js';
import { externInfo } from './externs.js';
import { Gen, type Generated } from './gen.js';
import { LOOP_COUNTER } from './loops.js';
import { parser } from './parser.js';
import { tableInfo } from './tables.js';
import { factory, resetter } from './values.js';

export function generate(p: CheckedProgram): Generated {
  return run(new Gen(p));
}

function run(gen: Gen): Generated {
  const m = gen.p.main;
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
    gen.declPrefix.set(d, name);
    mainPath.set(d, name);
  }
  for (const d of gen.p.program.decls)
    if ((d.kind === 'control' || d.kind === 'parser') && !gen.declPrefix.has(d))
      gen.declPrefix.set(d, d.name);
  // Objects of the main blocks exist even when no code refers to them (the control plane may).
  for (const inst of gen.p.externInstances) {
    const path = inst.parent ? mainPath.get(inst.parent) : '';
    if (path !== undefined) gen.withPath(path, () => externInfo(gen, inst));
  }
  for (const t of gen.p.tables) {
    const path = t.parent ? mainPath.get(t.parent) : '';
    if (path !== undefined) gen.withPath(path, () => tableInfo(gen, t));
  }
  collectFieldLists(gen, m.metadataType, '');
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
      if (prm.type.kind === 'struct' && prm.type.decl === m.metadataType) gen.metaParams.add(prm);
  }
  const entry: string[] = [];
  // main's arguments, `MyIngress(5)`, in the order of `blocks`: the constructor arguments of each block.
  const ctorCalls = m.instance.ctorArgs ?? [];
  for (const [i, [role, d]] of blocks.entries()) {
    const fn = gen.withPath(gen.declPrefix.get(d) ?? '', () => {
      const call = ctorCalls[i];
      if (call?.kind === 'call') bindCtorArgs(gen, d.ctorParams, call.args, '');
      return d.kind === 'parser' ? parser(gen, d) : control(gen, d);
    });
    const args = d.params.map((prm) => blockArg(gen, prm));
    entry.push(`${role}() { ${LOOP_COUNTER} = 0; ${fn}(${args.join(', ')}); }`);
  }
  const hdrF = factory(gen, { kind: 'struct', decl: m.headersType });
  const metaF = factory(gen, { kind: 'struct', decl: m.metadataType });
  const smF = factory(gen, { kind: 'struct', decl: m.standardMetadataType });
  const hdrR = resetter(gen, { kind: 'struct', decl: m.headersType });
  const metaR = resetter(gen, { kind: 'struct', decl: m.metadataType });
  const smR = resetter(gen, { kind: 'struct', decl: m.standardMetadataType });
  const dbits = deparsedBits(gen, m.deparser);
  const source = [
    `'use strict';`,
    `let $hdr, $meta, $sm, $pkt, $out, $st, $t, $pk, $xo, ${LOOP_COUNTER} = 0;`,
    // The switch the blocks run for: its runtime (random stream), tables, externs, log and value sets (see use()).
    `let $rt, $tables, $ext, $log, $vsets;`,
    ...gen.top,
    `return {`,
    `  use(rt, tables, ext, log, vsets) { $rt = rt; $tables = tables; $ext = ext; $log = log; $vsets = vsets; },`,
    `  set(s) { $hdr = s.hdr; $meta = s.meta; $sm = s.sm; $pkt = s.pkt; $out = s.out; $st = s.st; },`,
    `  newHeaders: ${hdrF}, newMeta: ${metaF}, newStandardMetadata: ${smF},`,
    `  resetHeaders: ${hdrR}, resetMeta: ${metaR}, resetStandardMetadata: ${smR},`,
    `  deparsedBits() { ${dbits} },`,
    ...entry.map((e) => `  ${e},`),
    `};`,
  ].join('\n');
  return {
    source,
    tables: gen.tables,
    externs: gen.externs,
    actionFns: gen.actionFns,
    valueSets: gen.valueSets,
    fieldLists: gen.fieldLists,
    digests: gen.digests,
  };
}

function collectFieldLists(gen: Gen, s: StructTypeDecl, prefix: string): void {
  for (const f of s.fields) {
    const path = prefix + f.name;
    for (const a of f.annotations) {
      if (a.name !== 'field_list') continue;
      const nums = a.args.length
        ? a.args.map((arg) => intValue(arg.constValue) ?? -1n)
        : a.body.split(',').map((x) => (/^\s*\d+\s*$/.test(x) ? BigInt(x.trim()) : -1n));
      for (const v of nums) {
        if (v < 0n) continue;
        const k = Number(v);
        const list = gen.fieldLists.get(k) ?? [];
        list.push(path);
        gen.fieldLists.set(k, list);
      }
    }
    if (f.type.kind === 'struct') collectFieldLists(gen, f.type.decl, path + '.');
  }
}
