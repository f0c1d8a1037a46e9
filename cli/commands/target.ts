// `mlt target --p4 FILE --grpc 127.0.0.1:9559`: run the embedded v1model target with a P4Runtime server.
// The program is the initial pipeline; a controller may push another with SetForwardingPipelineConfig
// (device config = P4 source). `mlt target --fabric FABRIC.yaml` serves one such device per switch of a
// fabric file, each on its own loopback address. Stops cleanly on SIGINT/SIGTERM.
import { Command, InvalidArgumentError } from 'commander';
import { addressValue, integerOption, seedValue } from '../option-values.js';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { ConfigError } from '../../config-file/index.js';
import { loadFabric } from '../../controller/fabric/index.js';
import { isLoopbackAddress, startEmbeddedFabric, type RunningFabric } from '../../target/p4runtime/fabric.js';
import { readRegularFile } from '../../target/frontend/source-file.js';
import { captureEgress, type EgressCapture } from '../../target/p4runtime/capture.js';
import type { Device } from '../../target/p4runtime/device.js';
import type { P4RuntimeService } from '../../target/p4runtime/service.js';
import { engineLoader } from '../../target/p4runtime/engine-loader.js';
import {
  PortCommandError,
  PORT_COMMANDS_HELP,
  runPortCommand,
} from '../../target/p4runtime/port-commands.js';
import { DEFAULT_LIMITS } from '../../target/p4runtime/limits.js';
import { PipelineLoadError } from '../../target/p4runtime/pipeline.js';
import { startP4RuntimeServer } from '../../target/p4runtime/server.js';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** The server is for local use: bind only to loopback. */
function loopbackAddress(v: string): string {
  addressValue(v);
  if (!isLoopbackAddress(v))
    throw new InvalidArgumentError(
      `${v.slice(0, v.lastIndexOf(':'))} is not a loopback address; the embedded target only listens on loopback`,
    );
  return v;
}

export function targetCommand(): Command {
  return new Command('target')
    .description('run the embedded v1model target as a P4Runtime device (gRPC on a loopback address)')
    .option('--p4 <file>', 'P4_16 v1model program loaded as the initial pipeline')
    .option(
      '--fabric <file>',
      "serve every switch of a fabric file (configs/schemas/fabric.schema.json) at its address, each running the file's P4 pipeline",
    )
    .option(
      '--grpc <host:port>',
      'listen address (loopback only; port 0 picks a free port)',
      loopbackAddress,
      '127.0.0.1:9559',
    )
    .option('--device-id <n>', 'P4Runtime device id', integerOption(0), 0)
    .option(
      '--cpu-port <n>',
      'port the program uses for the CPU (PacketIn/PacketOut)',
      integerOption(0, 511),
      255,
    )
    .option('--seed <n>', "seed for the program's random() extern", seedValue, 1)
    .option(
      '--max-message-mib <n>',
      'largest gRPC message the server accepts, in MiB (bmv2: 256; this target: 64, see target/README.md)',
      integerOption(1, 2047),
      DEFAULT_LIMITS.maxReceiveBytes / 2 ** 20,
    )
    .option(
      '--max-batch <n>',
      'most updates in one Write and entities in one Read (more: RESOURCE_EXHAUSTED)',
      integerOption(1, 10_000_000),
      DEFAULT_LIMITS.maxUpdatesPerWrite,
    )
    .option(
      '--keepalive-ms <n>',
      'ping a connection silent this long; 0 turns keepalive off',
      integerOption(0, 2 ** 31 - 1),
      DEFAULT_LIMITS.keepaliveTimeMs,
    )
    .option(
      '--keepalive-timeout-ms <n>',
      "close a connection (and end a silent primary's role) when its ping is unanswered this long",
      integerOption(0, 2 ** 31 - 1),
      DEFAULT_LIMITS.keepaliveTimeoutMs,
    )
    .option(
      '--pcap <dir>',
      'write the frames each device sends out of its data-plane ports as capture files, as simple_switch_grpc ' +
        '--pcap does: DIR/portN_out.pcap (with --fabric, DIR/SWITCH-ethN_out.pcap), wall-clock timestamps',
    )
    .option(
      '--commands',
      `read runtime commands from standard input, a line each, as simple_switch_CLI takes them: ${PORT_COMMANDS_HELP}; with --fabric a line starts with the switch's name`,
    )
    .option(
      '-I, --include-dir <dir>',
      'allow programs (the --p4 one and pushed ones) to #include files under this directory (repeatable); ' +
        "without it only the target's own core.p4 and v1model.p4 can be included",
      collect,
      [],
    )
    .action(
      async (flags: {
        p4?: string;
        fabric?: string;
        grpc: string;
        deviceId: number;
        cpuPort: number;
        seed: number;
        includeDir: string[];
        maxMessageMib: number;
        maxBatch: number;
        keepaliveMs: number;
        keepaliveTimeoutMs: number;
        pcap?: string;
        commands?: boolean;
      }) => {
        if (flags.fabric !== undefined) {
          if (flags.p4 !== undefined) {
            process.stderr.write('error: give either --p4 or --fabric, not both\n');
            process.exitCode = 2;
            return;
          }
          await serveFabric(flags.fabric, flags);
          return;
        }
        if (flags.p4 === undefined) {
          process.stderr.write(
            'error: give --p4 FILE (one switch) or --fabric FILE (every switch of a fabric)\n',
          );
          process.exitCode = 2;
          return;
        }
        const path = resolve(flags.p4);
        const read = readRegularFile(path);
        if (!read.ok) {
          process.stderr.write(`error: cannot read ${flags.p4}: ${read.reason}\n`);
          process.exitCode = 2;
          return;
        }
        const source = read.bytes.toString('utf8');
        const log = (line: string): void => void process.stderr.write(`[target] ${line}\n`);
        let server;
        try {
          server = await startP4RuntimeServer({
            address: flags.grpc,
            deviceId: flags.deviceId,
            cpuPort: flags.cpuPort,
            loader: engineLoader({
              cpuPort: flags.cpuPort,
              seed: flags.seed,
              // The --p4 program compiles in the same sandbox as a pushed one (see engineLoader).
              includeDirs: flags.includeDir,
            }),
            initialProgram: { source, name: path },
            log,
            limits: {
              maxReceiveBytes: Math.max(1, flags.maxMessageMib) * 2 ** 20,
              maxUpdatesPerWrite: flags.maxBatch,
              maxEntitiesPerRead: flags.maxBatch,
              keepaliveTimeMs: flags.keepaliveMs,
              keepaliveTimeoutMs: flags.keepaliveTimeoutMs,
            },
          });
        } catch (e) {
          const msg = e instanceof PipelineLoadError ? e.message : `cannot start: ${(e as Error).message}`;
          process.stderr.write(`error: ${msg}\n`);
          process.exitCode = 2;
          return;
        }
        process.stdout.write(
          `P4Runtime device ${flags.deviceId} listening on ${server.address} (program ${flags.p4}, CPU port ${flags.cpuPort})\n`,
        );
        await serveUntilSignal([{ name: '', service: server.service }], flags, log, (ms) => server.stop(ms));
      },
    );
}

/** A served device as --pcap and --commands name it: by its switch's name, or '' when it is the only one. */
interface Served {
  name: string;
  service: P4RuntimeService;
}

/**
 * Runs the --pcap captures and the --commands reader beside the servers until SIGINT or SIGTERM, then `stop`s
 * them. Captures that cannot start stop the servers at once with exit status 2.
 */
async function serveUntilSignal(
  served: readonly Served[],
  flags: { pcap?: string; commands?: boolean },
  log: (line: string) => void,
  stop: (graceMs: number) => Promise<void>,
): Promise<void> {
  let captures: EgressCapture[] = [];
  if (flags.pcap !== undefined) {
    const dir = flags.pcap;
    try {
      captures = served.map(({ name, service }) =>
        captureEgress(
          service,
          dir,
          (port) => (name === '' ? `port${port}` : `${name}-eth${port}`) + '_out.pcap',
          log,
        ),
      );
      log(`capturing egress in ${dir}`);
    } catch (e) {
      process.stderr.write(`error: --pcap ${dir}: ${(e as Error).message}\n`);
      await stop(0);
      process.exitCode = 2;
      return;
    }
  }
  const stopCommands = flags.commands
    ? readCommands(new Map(served.map((d) => [d.name, d.service.device])), log)
    : undefined;
  await untilSignal(log, () => stop(2000));
  stopCommands?.();
  for (const c of captures) c.close();
  process.exitCode = 0;
}

/** Runs the port commands of each line of standard input, logging what each did; returns a stop function. */
function readCommands(devices: ReadonlyMap<string, Device>, log: (line: string) => void): () => void {
  const lines = createInterface({ input: process.stdin, terminal: false });
  lines.on('line', (line) => {
    try {
      const done = runPortCommand(line, devices);
      if (done !== undefined) log(done);
    } catch (e) {
      if (!(e instanceof PortCommandError)) throw e;
      log(`error: ${e.message}`);
    }
  });
  return () => {
    lines.close();
    process.stdin.destroy();
  };
}

async function untilSignal(log: (line: string) => void, stop: () => Promise<void>): Promise<void> {
  await new Promise<void>((done) => {
    const onSignal = (signal: string): void => {
      log(`${signal}: shutting down`);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      void stop().then(done);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

async function serveFabric(
  file: string,
  flags: { cpuPort: number; seed: number; includeDir: string[]; pcap?: string; commands?: boolean },
): Promise<void> {
  const fail = (message: string): void => {
    process.stderr.write(`${message}\n`);
    process.exitCode = 2;
  };
  let fabric;
  try {
    fabric = loadFabric(file);
  } catch (e) {
    if (e instanceof ConfigError) return fail(e.message);
    throw e;
  }
  const devices = [];
  for (const s of fabric.switches) {
    if (!isLoopbackAddress(s.address))
      return fail(
        `${file}: switch ${s.name}: ${s.address} is not a loopback address; the embedded target only listens on loopback`,
      );
    if (s.pipeline && !('p4' in s.pipeline))
      return fail(
        `${file}: switch ${s.name}: the embedded target runs P4 source (pipeline: {p4: FILE}), not bmv2 JSON`,
      );
    let program;
    if (s.pipeline) {
      const read = readRegularFile(s.pipeline.p4);
      if (!read.ok) return fail(`${file}: switch ${s.name}: cannot read ${s.pipeline.p4}: ${read.reason}`);
      program = { source: read.bytes.toString('utf8'), name: s.pipeline.p4 };
    }
    devices.push({ name: s.name, address: s.address, deviceId: s.deviceId, ...(program ? { program } : {}) });
  }
  const log = (line: string): void => void process.stderr.write(`[target] ${line}\n`);
  let running: RunningFabric;
  try {
    running = await startEmbeddedFabric(devices, {
      cpuPort: flags.cpuPort,
      seed: flags.seed,
      includeDirs: flags.includeDir,
      log,
    });
  } catch (e) {
    return fail(`error: ${e instanceof PipelineLoadError ? e.message : (e as Error).message}`);
  }
  const width = Math.max(...running.endpoints.map((e) => e.name.length));
  for (const e of running.endpoints)
    process.stdout.write(
      `${e.name.padEnd(width)}  P4Runtime device ${e.deviceId} listening on ${e.address}\n`,
    );
  process.stdout.write(`fabric ${fabric.name}: ${running.endpoints.length} switches\n`);
  const served = running.servers.map((server, i) => ({
    name: running.endpoints[i]!.name,
    service: server.service,
  }));
  await serveUntilSignal(served, flags, log, (ms) => running.stop(ms));
}
