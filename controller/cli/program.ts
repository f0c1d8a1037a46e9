// The `mlt` command tree. Each subcommand lives in its own module under ./commands and is added here,
// so this file is the one place where the project's parts are wired into commands.
import { Command } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveCommand } from './commands/solve.js';
import { simCommand } from './commands/sim.js';
import { stfCommand } from './commands/stf.js';
import { compileCommand } from './commands/compile.js';
import { targetCommand } from './commands/target.js';

/** The version from the nearest package.json, found the same way from source and from dist/. */
function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate))
      return (JSON.parse(readFileSync(candidate, 'utf8')) as { version: string }).version;
    const up = dirname(dir);
    if (up === dir) return '0.0.0';
    dir = up;
  }
}

export function buildProgram(): Command {
  const program = new Command('mlt')
    .description(
      'MLT switch: P4 data plane, threshold solver and P4Runtime control plane for ML training fabrics',
    )
    .version(packageVersion())
    .showHelpAfterError();
  program.addCommand(solveCommand());
  program.addCommand(simCommand());
  program.addCommand(stfCommand());
  program.addCommand(compileCommand());
  program.addCommand(targetCommand());
  return program;
}
