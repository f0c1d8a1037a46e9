// The real pipeline loader: compile P4 source with the target's front-end and run it on the engine.
import { compileP4, formatDiagnostic } from '../compiler/index.js';
import { Switch, type SwitchOptions } from '../engine/index.js';
import { PipelineLoadError, type PipelineLoader } from './pipeline.js';

export interface EngineLoaderOptions extends SwitchOptions {
  /** The directories the operator allows a program to #include from, besides the target's own core.p4 and
   *  v1model.p4. Every program this loader compiles is sandboxed to them: a pipeline pushed over
   *  P4Runtime comes from a client, and must not read the server's files or tell whether they exist. */
  includeDirs?: string[];
}

export function engineLoader(opts: EngineLoaderOptions = {}): PipelineLoader {
  const { includeDirs, ...switchOptions } = opts;
  return (source, name) => {
    const r = compileP4({ path: name, text: source }, { includeDirs: includeDirs ?? [], sandbox: true });
    if (!r.ok)
      throw new PipelineLoadError(r.diagnostics.map(formatDiagnostic).join('\n') || `cannot compile ${name}`);
    return { p4info: r.p4info, device: new Switch(r.program, r.p4info, switchOptions) };
  };
}
