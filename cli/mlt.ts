// Entry point of the `mlt` command (bin/mlt.js loads the compiled form of this file).
import { buildProgram } from './program.js';

await buildProgram().parseAsync(process.argv);
