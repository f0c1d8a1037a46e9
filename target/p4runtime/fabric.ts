// Many P4Runtime devices at once, one server each on a loopback address:
//  - startEmbeddedFabric: independent embedded switches (what `mlt target --fabric` serves);
//  - serveSimSwitches: the switches of a simulated fabric (target/sim), so that a controller configures over
//    P4Runtime the very switches that then carry traffic in virtual time.
// Both compile a pushed program once per source text, however many devices load it.
import { compileP4, formatDiagnostic } from '../compiler/index.js';
import { Switch, type SwitchOptions } from '../engine/index.js';
import type { CheckedProgram } from '../frontend/index.js';
import type { P4Info } from '../p4info/types.js';
import { EnginePipeline } from '../sim/engine-pipeline.js';
import type { Fabric } from '../sim/fabric.js';
import { p4InfoMismatch } from './p4info-wire.js';
import { PipelineLoadError, type PipelineLoader } from './pipeline.js';
import { startP4RuntimeServer, type RunningP4RuntimeServer } from './server.js';

export interface FabricEndpoint {
  name: string;
  address: string;
  deviceId: number;
}

export interface RunningFabric {
  endpoints: FabricEndpoint[];
  servers: RunningP4RuntimeServer[];
  stop(graceMs?: number): Promise<void>;
}

type Compiled = { program: CheckedProgram; p4info: P4Info };

/** Sandboxed compilation (a pushed program comes from a client), memoised by source text. */
function compiler(includeDirs: string[]): (source: string, name: string) => Compiled {
  const cache = new Map<string, Compiled>();
  return (source, name) => {
    const hit = cache.get(source);
    if (hit) return hit;
    const r = compileP4({ path: name, text: source }, { includeDirs, sandbox: true });
    if (!r.ok)
      throw new PipelineLoadError(r.diagnostics.map(formatDiagnostic).join('\n') || `cannot compile ${name}`);
    const compiled = { program: r.program, p4info: r.p4info };
    cache.set(source, compiled);
    return compiled;
  };
}

/** Loopback only: these servers are for local use. */
export function isLoopbackAddress(address: string): boolean {
  const i = address.lastIndexOf(':');
  const host = address.slice(0, i).replace(/^\[|\]$/g, '');
  return i > 0 && (host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host));
}

async function startAll(
  specs: { name: string; address: string; deviceId: number; start: () => Promise<RunningP4RuntimeServer> }[],
): Promise<RunningFabric> {
  for (const s of specs)
    if (!isLoopbackAddress(s.address))
      throw new Error(
        `${s.name}: ${s.address} is not a loopback address; the embedded target only listens on loopback`,
      );
  const settled = await Promise.allSettled(specs.map((s) => s.start()));
  const servers = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = settled.findIndex((r) => r.status === 'rejected');
  if (failed >= 0) {
    await Promise.all(servers.map((s) => s.stop(0)));
    const reason = (settled[failed] as PromiseRejectedResult).reason as Error;
    throw new Error(`${specs[failed]!.name}: cannot listen on ${specs[failed]!.address}: ${reason.message}`, {
      cause: reason,
    });
  }
  return {
    servers,
    endpoints: specs.map((s, i) => ({ name: s.name, address: servers[i]!.address, deviceId: s.deviceId })),
    stop: async (graceMs = 2000) => {
      await Promise.all(servers.map((s) => s.stop(graceMs)));
    },
  };
}

export interface EmbeddedFabricDevice {
  name: string;
  /** Loopback host:port; port 0 picks a free one. */
  address: string;
  deviceId?: number;
  /** A program to run from the start: its source and the name diagnostics use. */
  program?: { source: string; name: string };
}

export interface EmbeddedFabricOptions extends Pick<SwitchOptions, 'priorityQueues' | 'cpuPort'> {
  /** Seed of the first device's random() extern; the others get seed + index. */
  seed?: number;
  includeDirs?: string[];
  log?: (line: string) => void;
}

/** Start one independent embedded switch with its own P4Runtime server per device. */
export async function startEmbeddedFabric(
  devices: readonly EmbeddedFabricDevice[],
  opts: EmbeddedFabricOptions = {},
): Promise<RunningFabric> {
  const compile = compiler(opts.includeDirs ?? []);
  const cpuPort = opts.cpuPort ?? 255;
  return startAll(
    devices.map((d, i) => {
      const loader: PipelineLoader = (source, name) => {
        const c = compile(source, name);
        const switchOptions: SwitchOptions = { cpuPort, seed: ((opts.seed ?? 1) + i) >>> 0 };
        if (opts.priorityQueues !== undefined) switchOptions.priorityQueues = opts.priorityQueues;
        return { p4info: c.p4info, device: new Switch(c.program, c.p4info, switchOptions) };
      };
      const deviceId = d.deviceId ?? 0;
      return {
        name: d.name,
        address: d.address,
        deviceId,
        start: () =>
          startP4RuntimeServer({
            address: d.address,
            deviceId,
            cpuPort,
            loader,
            ...(d.program ? { initialProgram: d.program } : {}),
            ...(opts.log ? { log: (line: string) => opts.log!(`${d.name}: ${line}`) } : {}),
          }),
      };
    }),
  );
}

export interface SimSwitchesOptions {
  /** The P4 program the fabric's switches run (its source text and a name): the device's initial pipeline. */
  program: { source: string; name: string };
  /** Loopback host to listen on; each switch gets a free port. Default 127.0.0.1. */
  host?: string;
  includeDirs?: string[];
  log?: (line: string) => void;
}

/**
 * Serve every P4 switch of a simulated fabric over P4Runtime (device id 0 each), in the fabric's switch
 * order. The device is the engine switch the fabric runs: entries written over P4Runtime are the ones its
 * packets meet in virtual time. Setting a pipeline must name the same program (its P4Info is checked); as
 * on bmv2 it starts the switch afresh (no entries, counters at zero). Run traffic only while no RPC is in
 * flight (e.g. after the push has finished): the simulator and the server share the switch.
 */
export async function serveSimSwitches(fabric: Fabric, opts: SimSwitchesOptions): Promise<RunningFabric> {
  const compile = compiler(opts.includeDirs ?? []);
  const host = opts.host ?? '127.0.0.1';
  const specs = [...fabric.switches.values()].flatMap((node) => {
    if (!(node.pipeline instanceof EnginePipeline)) return [];
    const sw = node.pipeline.sw;
    let initial = true;
    const loader: PipelineLoader = (source, name) => {
      const c = compile(source, name);
      const mismatch = p4InfoMismatch(c.p4info, sw.p4info);
      if (mismatch)
        throw new PipelineLoadError(
          `switch ${node.name} of the simulated fabric runs another program: ${mismatch}`,
        );
      if (!initial) sw.reset();
      initial = false;
      return { p4info: sw.p4info, device: sw };
    };
    const address = `${host.includes(':') ? `[${host}]` : host}:0`;
    return [
      {
        name: node.name,
        address,
        deviceId: 0,
        start: () =>
          startP4RuntimeServer({
            address,
            deviceId: 0,
            loader,
            initialProgram: opts.program,
            ...(opts.log ? { log: (line: string) => opts.log!(`${node.name}: ${line}`) } : {}),
          }),
      },
    ];
  });
  return startAll(specs);
}
