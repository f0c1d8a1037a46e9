// Controls, actions and functions as JS functions, with their locals and the per-packet context variables.
import type { ActionDecl, ControlDecl, FunctionDecl, Param } from '../../frontend/ast.js';
import { signature } from './calls.js';
import { exitCopyOut } from './copy-out.js';
import { CodegenError, type Gen } from './gen.js';
import { block, varDecl } from './statements.js';

export function blockArg(gen: Gen, prm: Param): string {
  const t = prm.type;
  if (t.kind === 'extern') return 'null';
  const m = gen.p.main;
  if (t.kind === 'struct' && t.decl === m.headersType) return '$hdr';
  if (t.kind === 'struct' && t.decl === m.metadataType) return '$meta';
  if (t.kind === 'struct' && t.decl === m.standardMetadataType) return '$sm';
  throw new CodegenError(`unexpected top-level block parameter ${prm.name}`);
}

export function action(gen: Gen, a: ActionDecl): string {
  const have = gen.known(a);
  if (have) return have;
  const name = gen.nameOf(a, `act_${a.name}`);
  if (gen.path === (a.parent ? gen.declPrefix.get(a.parent) : '') || !a.parent) gen.actionFns.set(a, name);
  const { jsParams, prologue, ctx, outs } = signature(gen, a.params, false, false);
  const body = exitCopyOut(gen, block(gen, a.body, ctx), a, outs);
  gen.top.push(
    `function ${name}(${jsParams.join(', ')}) {\n${prologue.join('\n')}\n${body}\n${ctx.ret()}\n}`,
  );
  return name;
}

export function func(gen: Gen, f: FunctionDecl): string {
  const have = gen.known(f);
  if (have) return have;
  const name = gen.nameOf(f, `fn_${f.name}`);
  const hasRet = f.returnType.kind !== 'void';
  const { jsParams, prologue, ctx } = signature(gen, f.params, false, hasRet);
  const body = block(gen, f.body, ctx);
  gen.top.push(
    `function ${name}(${jsParams.join(', ')}) {\n${prologue.join('\n')}\n${body}\n${ctx.ret()}\n}`,
  );
  return name;
}

export function localsInit(gen: Gen, locals: ControlDecl['locals']): string[] {
  const init: string[] = [];
  for (const l of locals) {
    if (l.kind === 'variable') {
      const n = gen.nameOf(l, l.name);
      gen.top.push(`let ${n};`);
      init.push(varDecl(gen, l, true));
    }
  }
  return init;
}

export function control(gen: Gen, d: ControlDecl): string {
  const have = gen.known(d);
  if (have) return have;
  const name = gen.nameOf(d, `ctl_${d.name}`);
  const { jsParams, prologue, aliases, ctx, outs } = signature(gen, d.params, true, false);
  const init = localsInit(gen, d.locals);
  const body = exitCopyOut(gen, block(gen, d.apply, ctx), d, outs);
  gen.top.push(
    `function ${name}(${jsParams.join(', ')}) {\n${prologue.join('\n')}\n${init.join('\n')}\n${contextLocals(body, `${aliases}\n${body}`)}\n${ctx.ret()}\n}`,
  );
  return name;
}

/** `code` in a block where the per-packet context variables that `uses` mentions ($pkt, $out, $sm: set by the
 *  engine between blocks, never while one runs) are local constants shadowing the module-level ones. */
export function contextLocals(uses: string, code: string): string {
  const vars = ['$pkt', '$out', '$sm'].filter((v) => uses.includes(v));
  if (vars.length === 0) return `{ ${code}\n}`;
  const outer = vars.map((v) => `${v}$l = ${v}`).join(', ');
  const inner = vars.map((v) => `${v} = ${v}$l`).join(', ');
  return `{ const ${outer}; { const ${inner};\n${code}\n} }`;
}
