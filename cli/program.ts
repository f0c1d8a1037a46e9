// The `mlt` command tree. Each subcommand lives in its own module under ./commands and is added here,
// so this file is the one place where the project's parts are wired into commands.
import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../controller/config/index.js';
import { solveCommand } from './commands/solve.js';
import { simCommand } from './commands/sim.js';
import { stfCommand } from './commands/stf.js';
import { compileCommand } from './commands/compile.js';
import { targetCommand } from './commands/target.js';
import { pushCommand } from './commands/push.js';
import { experimentCommand } from './commands/experiment.js';
import { readCommand } from './commands/read.js';
import { countersCommand } from './commands/counters.js';
import { lossCommand } from './commands/loss.js';

/** The version in the package.json of the project root, found the same way from source and from dist/. */
function packageVersion(): string {
  return (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
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
  program.addCommand(pushCommand());
  program.addCommand(experimentCommand());
  program.addCommand(readCommand());
  program.addCommand(countersCommand());
  program.addCommand(lossCommand());
  return program;
}
