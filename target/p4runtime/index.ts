// The embedded target as a P4Runtime device: what the `mlt` entry point (and tools that need a local
// switch) start. Everything else in this folder is the server's inside.
import { resolve } from 'node:path';
import { readRegularFile } from '../frontend/source-file.js';
import { engineLoader, type EngineLoaderOptions } from './engine-loader.js';
import { PipelineLoadError } from './pipeline.js';
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
export { DEFAULT_LIMITS, type ServerLimits } from './limits.js';

export interface EmbeddedTargetOptions
  extends
    Omit<P4RuntimeServerOptions, 'loader' | 'initialProgram'>,
    Pick<EngineLoaderOptions, 'seed' | 'includeDirs' | 'priorityQueues'> {
  /** A P4 program to run from the start; without one the device waits for SetForwardingPipelineConfig. It
   *  compiles under the same sandbox as a pushed one: its own folder is not an include directory unless
   *  listed in includeDirs. */
  p4Path?: string;
}

function readProgram(path: string): string {
  const read = readRegularFile(path);
  if (!read.ok) throw new PipelineLoadError(`cannot read ${path}: ${read.reason}`);
  return read.bytes.toString('utf8');
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
      includeDirs: includeDirs ?? [],
    }),
    ...(path ? { initialProgram: { source: readProgram(path), name: path } } : {}),
  });
}
export {
  isLoopbackAddress,
  serveSimSwitches,
  startEmbeddedFabric,
  type EmbeddedFabricDevice,
  type EmbeddedFabricOptions,
  type FabricEndpoint,
  type RunningFabric,
  type SimSwitchesOptions,
} from './fabric.js';
