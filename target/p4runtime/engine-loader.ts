// The real pipeline loader: compile P4 source with the target's front-end and run it on the engine.
import { compileP4, formatDiagnostic } from '../frontend/index.js';
import { Switch, type SwitchOptions } from '../engine/index.js';
import { PipelineLoadError, type PipelineLoader } from './pipeline.js';

export interface EngineLoaderOptions extends SwitchOptions {
  /** Searched for #include; a pushed config has no directory of its own. */
  includeDirs?: string[];
}

export function engineLoader(opts: EngineLoaderOptions = {}): PipelineLoader {
  const { includeDirs, ...switchOptions } = opts;
  return (source, name) => {
    const r = compileP4({ path: name, text: source }, includeDirs ? { includeDirs } : {});
    if (!r.ok)
      throw new PipelineLoadError(r.diagnostics.map(formatDiagnostic).join('\n') || `cannot compile ${name}`);
    return { p4info: r.p4info, device: new Switch(r.program, r.p4info, switchOptions) };
  };
}
