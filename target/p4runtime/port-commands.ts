// `mlt target --commands`: runtime commands P4Runtime has no message for, read a line at a time. On bmv2 an
// interface's link going down or up is what takes a port out of watch_port selection and back
// (simple_switch_CLI's port_remove and port_add); the embedded target has no interfaces, so these two
// commands, in simple_switch_CLI's words, set a port's status instead. With a fabric, a line starts with the
// switch's name.
import type { Device } from './device.js';

export class PortCommandError extends Error {}

export const PORT_COMMANDS_HELP =
  'port_remove PORT (the port goes down), port_add IFACE PORT (it comes up; IFACE is ignored: no interfaces here)';

/** Largest port number v1model can name (PortId_t is bit<9>). */
const MAX_PORT = 511;

/**
 * Runs one command line on `devices` (by switch name; a single unnamed device when the map has the key '').
 * Returns what was done, for the log, or undefined for a blank line or a comment; throws PortCommandError,
 * changing nothing, for anything else it cannot run.
 */
export function runPortCommand(line: string, devices: ReadonlyMap<string, Device>): string | undefined {
  const words = line
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0 || words[0]!.startsWith('#')) return undefined;
  let target = '';
  if (!devices.has('')) {
    target = words.shift()!;
    if (!devices.has(target))
      throw new PortCommandError(
        `no switch '${target}' (a line starts with one of: ${[...devices.keys()].join(', ')})`,
      );
  }
  const device = devices.get(target)!;
  const [command, ...args] = words;
  const who = target === '' ? '' : `${target}: `;
  switch (command) {
    case 'port_remove': {
      if (args.length !== 1) throw new PortCommandError('usage: port_remove PORT');
      const port = portNumber(args[0]!);
      device.setPortStatus(port, false);
      return `${who}port ${port} down`;
    }
    case 'port_add': {
      if (args.length !== 2) throw new PortCommandError('usage: port_add IFACE PORT');
      const port = portNumber(args[1]!);
      device.setPortStatus(port, true);
      return `${who}port ${port} up`;
    }
    case 'help':
      return PORT_COMMANDS_HELP;
    default:
      throw new PortCommandError(
        `unknown command '${command ?? ''}': the target takes ${PORT_COMMANDS_HELP}`,
      );
  }
}

function portNumber(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > MAX_PORT)
    throw new PortCommandError(`port '${text}' is not a port number (0..${MAX_PORT})`);
  return Number(text);
}
