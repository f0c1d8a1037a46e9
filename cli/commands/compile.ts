// `mlt compile PROGRAM.p4 [--p4info FILE] [-I DIR]... [-D NAME[=VALUE]]...`: check a P4_16 v1model program
// with the embedded target's front-end and write its P4Info in protobuf text format (as p4c's
// --p4runtime-files). Exit 0 on success, 2 with located errors on stderr when the program is rejected.
import { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { compileP4, formatDiagnostic, p4infoToText } from '../../target/compiler/index.js';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** `-D NAME=VALUE` / `-D NAME` (value 1), as a C compiler reads them. */
export function parseDefines(list: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of list) {
    const eq = d.indexOf('=');
    if (eq < 0) out[d] = '1';
    else out[d.slice(0, eq)] = d.slice(eq + 1);
  }
  return out;
}

export function compileCommand(): Command {
  return new Command('compile')
    .description('check a P4_16 v1model program and write its P4Info (text format)')
    .argument('<program>', 'P4_16 program (v1model)')
    .option('--p4info <file>', "write the P4Info text to this file ('-' for stdout)")
    .option('-I, --include <dir>', 'add a directory to the #include search path (repeatable)', collect, [])
    .option('-D, --define <name[=value]>', 'define a preprocessor macro (repeatable)', collect, [])
    .action((program: string, flags: { p4info?: string; include: string[]; define: string[] }) => {
      const result = compileP4(
        { path: program },
        { includeDirs: flags.include, defines: parseDefines(flags.define) },
      );
      for (const d of result.diagnostics) process.stderr.write(`${formatDiagnostic(d)}\n`);
      if (!result.ok) {
        const n = result.diagnostics.filter((d) => d.severity === 'error').length;
        process.stderr.write(`${n} error${n === 1 ? '' : 's'}\n`);
        process.exitCode = 2;
        return;
      }
      if (flags.p4info !== undefined) {
        const text = p4infoToText(result.p4info);
        if (flags.p4info === '-') process.stdout.write(text);
        else {
          try {
            writeFileSync(flags.p4info, text);
          } catch (e) {
            process.stderr.write(
              `error: cannot write ${flags.p4info}: ${e instanceof Error ? e.message : String(e)}\n`,
            );
            process.exitCode = 2;
            return;
          }
        }
      }
      const p = result.p4info;
      if (flags.p4info !== '-')
        process.stdout.write(
          `${program}: ok (${p.tables.length} tables, ${p.actions.length} actions, ${p.counters.length + p.direct_counters.length} counters, ${p.registers.length} registers)\n`,
        );
      process.exitCode = 0;
    });
}
