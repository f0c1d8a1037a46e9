// The embedded target as a P4Runtime device: what the `mlt` entry point (and tools that need a local
// switch) start. Everything else in this folder is the server's inside.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { engineLoader, type EngineLoaderOptions } from './engine-loader.js';
import { startP4RuntimeServer, type P4RuntimeServerOptions, type RunningP4RuntimeServer } from './server.js';

export { engineLoader, type EngineLoaderOptions } from './engine-loader.js';
export {
  PipelineLoadError,
  type LoadedPipeline,
  type PipelineDevice,
  type PipelineLoader,
} from './pipeline.js';
export { startP4RuntimeServer, type P4RuntimeServerOptions, type RunningP4RuntimeServer } from './server.js';
export { P4RUNTIME_API_VERSION } from './service.js';

export interface EmbeddedTargetOptions
  extends
    Omit<P4RuntimeServerOptions, 'loader' | 'initialProgram'>,
    Pick<EngineLoaderOptions, 'seed' | 'includeDirs' | 'priorityQueues'> {
  /** A P4 program to run from the start; without one the device waits for SetForwardingPipelineConfig. */
  p4Path?: string;
}

/** Start the embedded target with a P4Runtime server (default 127.0.0.1:9559; pass port 0 for any free port).
 *  Throws PipelineLoadError, listing the diagnostics, when the program does not compile. */
export async function startEmbeddedTarget(opts: EmbeddedTargetOptions = {}): Promise<RunningP4RuntimeServer> {
  const { p4Path, seed, includeDirs, priorityQueues, ...server } = opts;
  const path = p4Path ? resolve(p4Path) : undefined;
  const cpuPort = server.cpuPort ?? 255;
  return startP4RuntimeServer({
    ...server,
    cpuPort,
    loader: engineLoader({
      cpuPort,
      ...(seed !== undefined ? { seed } : {}),
      ...(priorityQueues !== undefined ? { priorityQueues } : {}),
      includeDirs: [...(path ? [dirname(path)] : []), ...(includeDirs ?? [])],
    }),
    ...(path ? { initialProgram: { source: readFileSync(path, 'utf8'), name: path } } : {}),
  });
}
