// `mlt stf PROGRAM.p4 TEST.stf`: run a p4c-style STF test on the embedded v1model target.
// Exit 0 when the test passes, 1 with a diff of expected vs actual packets when it fails, 2 when the program or
// the test cannot be loaded.
import { Command } from 'commander';
import { writeCaptures } from '../../target/stf/captures.js';
import { runStf } from '../../target/stf/index.js';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

export function stfCommand(): Command {
  return new Command('stf')
    .description('run an STF test (p4c bmv2 format) against a P4_16 v1model program on the embedded target')
    .argument('<program>', 'P4_16 program (v1model)')
    .argument('<test>', 'STF test file')
    .option('-I, --include <dir>', 'add a directory to the #include search path (repeatable)', collect, [])
    .option(
      '--pcap <dir>',
      "write the test's traffic as capture files, as p4c's runner leaves them: DIR/pcapN_in.pcap (sent on port N), DIR/pcapN_out.pcap (out of port N)",
    )
    .action(async (program: string, test: string, flags: { include: string[]; pcap?: string }) => {
      const result = await runStf({ programPath: program, stfPath: test, includeDirs: flags.include });
      for (const w of result.warnings ?? []) process.stderr.write(`${w}\n`);
      if (flags.pcap !== undefined && result.traffic) {
        try {
          const files = writeCaptures(flags.pcap, result.traffic);
          process.stderr.write(`captures: ${files.length} file(s) in ${flags.pcap}\n`);
        } catch (e) {
          process.stderr.write(`error: --pcap ${flags.pcap}: ${(e as Error).message}\n`);
          process.exitCode = 2;
          return;
        }
      }
      if (result.status === 'pass') {
        process.stdout.write(`${result.report}\n`);
        process.exitCode = 0;
      } else if (result.status === 'fail') {
        process.stdout.write(`${result.report}\n`);
        process.exitCode = 1;
      } else {
        process.stderr.write(`error: ${result.report}\n`);
        process.exitCode = 2;
      }
    });
}
