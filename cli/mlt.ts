// Entry point of the `mlt` command (bin/mlt.js loads the compiled form of this file).
import { runMain } from './errors.js';
import { buildProgram } from './program.js';

process.exitCode = await runMain(buildProgram(), process.argv);
