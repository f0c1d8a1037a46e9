// How the operator commands (read, counters, loss) name one switch: `--target ADDR` (default
// 127.0.0.1:9559, device id 0) or `--fabric FILE --switch NAME`, which takes address, device id, election
// id and role from the fabric file.
import type { Command } from 'commander';
import { loadFabric } from '../controller/fabric/index.js';
import { codeName, P4Codec, P4RuntimeClient, P4RuntimeError, WriteError } from 'p4runtime-ts';
import { EXIT_CHECK_FAILED, UserInputError } from './errors.js';
import { addressValue, integerOption } from './option-values.js';

export interface SwitchFlags {
  target?: string;
  deviceId?: number;
  electionId?: number;
  fabric?: string;
  switch?: string;
}

export interface ChosenSwitch {
  name: string;
  address: string;
  deviceId: number;
  electionId: number;
  role: string;
}

export const DEFAULT_TARGET = '127.0.0.1:9559';

export function addSwitchOptions(cmd: Command): Command {
  return cmd
    .option(
      '--target <host:port>',
      `the switch's P4Runtime address (default ${DEFAULT_TARGET})`,
      addressValue,
    )
    .option('--device-id <n>', 'P4Runtime device id (default 0)', integerOption(0))
    .option('--election-id <n>', 'election id to write with (default 1)', integerOption(1))
    .option('--fabric <file>', 'take the switch from a fabric file (with --switch)')
    .option('--switch <name>', 'the switch of --fabric');
}

export function chooseSwitch(flags: SwitchFlags): ChosenSwitch {
  if (flags.fabric === undefined) {
    if (flags.switch !== undefined) throw new UserInputError('--switch needs --fabric FILE');
    return {
      name: flags.target ?? DEFAULT_TARGET,
      address: flags.target ?? DEFAULT_TARGET,
      deviceId: flags.deviceId ?? 0,
      electionId: flags.electionId ?? 1,
      role: '',
    };
  }
  if (flags.target !== undefined) throw new UserInputError('give either --target or --fabric, not both');
  const fabric = loadFabric(flags.fabric);
  const names = fabric.switches.map((s) => s.name);
  if (flags.switch === undefined)
    throw new UserInputError(`--fabric needs --switch NAME (one of: ${names.join(', ')})`);
  const s = fabric.switches.find((x) => x.name === flags.switch);
  if (!s)
    throw new UserInputError(`${flags.fabric} has no switch ${flags.switch} (switches: ${names.join(', ')})`);
  return {
    name: s.name,
    address: s.address,
    deviceId: flags.deviceId ?? s.deviceId,
    electionId: flags.electionId ?? s.electionId,
    role: s.role,
  };
}

/** The switch refused or could not be reached: the command failed (exit 1), the input was fine. */
export class SwitchError extends Error {}

/** Connect, run `fn`, close; a switch that fails makes the command print why and exit 1. */
export async function onSwitch(
  s: ChosenSwitch,
  arbitrate: boolean,
  fn: (client: P4RuntimeClient, codec: P4Codec) => Promise<void>,
): Promise<void> {
  let connected: { client: P4RuntimeClient; codec: P4Codec } | undefined;
  try {
    connected = await connectSwitch(s, arbitrate);
    await fn(connected.client, connected.codec);
  } catch (e) {
    if (!(e instanceof SwitchError || e instanceof P4RuntimeError)) throw e;
    const why =
      e instanceof WriteError && e.failed.length > 0
        ? e.failed.map((u) => `${codeName(u.canonical_code)}: ${u.message}`).join('; ')
        : e instanceof P4RuntimeError
          ? `${e.rpc}: ${codeName(e.code)}: ${e.details}`
          : e.message;
    process.stderr.write(`${s.name}: ${why}\n`);
    process.exitCode = EXIT_CHECK_FAILED;
  } finally {
    connected?.client.close();
  }
}

/** A client with the device's own P4Info for names; `arbitrate` also makes it the primary (for writes). */
export async function connectSwitch(
  s: ChosenSwitch,
  arbitrate: boolean,
): Promise<{ client: P4RuntimeClient; codec: P4Codec }> {
  const client = new P4RuntimeClient({
    address: s.address,
    deviceId: s.deviceId,
    electionId: s.electionId,
    role: s.role,
    reconnect: false,
  });
  try {
    if (arbitrate) {
      const a = await client.connect();
      if (!a.primary)
        throw new SwitchError(
          `not the primary controller of ${s.name}: election id ${s.electionId}, the primary's is ${a.electionId ?? '?'}`,
        );
    }
    const p4info = await client.fetchP4Info();
    return { client, codec: new P4Codec(p4info) };
  } catch (e) {
    client.close();
    throw e;
  }
}

/** Columns padded to their widest cell; numbers right-aligned. */
export function formatTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  return cells
    .map((r, ri) =>
      r
        .map((c, i) =>
          ri > 0 && typeof rows[ri - 1]![i] === 'number' ? c.padStart(widths[i]!) : c.padEnd(widths[i]!),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
