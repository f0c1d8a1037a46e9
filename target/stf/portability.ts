// What an STF file cannot mean on real bmv2. p4c's runner hands table, register, mirroring and multicast
// commands to simple_switch's CLI asynchronously and feeds the packets through capture files, so such a command
// is not ordered with the packets around it: on bmv2 a `setdefault` written after four packets has been seen
// to take effect before the first. The embedded runner applies commands in file order, so a file that changes
// state after a packet passes here and fails (or, worse, passes for the wrong reason) there. A portable file
// sets all its state before its first packet.
import type { StfCommand } from './parser.js';

/** Commands that change the switch's state as p4c's runner passes them to the switch's CLI. */
const STATE_CHANGES = new Set<StfCommand['kind']>([
  'add',
  'setdefault',
  'register_write',
  'register_reset',
  'counter_write',
  'meter_set_rates',
  'meter_array_set_rates',
  'mirroring_add',
  'mirroring_add_mc',
  'mirroring_delete',
  'mc_mgrp_create',
  'mc_node_create',
  'mc_node_update',
  'mc_node_associate',
  'remove_all',
]);

/** The file's keyword for a command, as a user wrote it. */
function keyword(kind: StfCommand['kind']): string {
  return kind === 'remove_all' ? 'remove all' : kind;
}

/** One warning, `file:line: warning: ...`, for each state change that follows a packet. */
export function portabilityWarnings(commands: readonly StfCommand[], file: string): string[] {
  const first = commands.find((c) => c.kind === 'packet');
  if (first === undefined) return [];
  return commands
    .filter((c) => STATE_CHANGES.has(c.kind) && c.line > first.line)
    .map(
      (c) =>
        `${file}:${c.line}: warning: '${keyword(c.kind)}' after the first packet (line ${first.line}): ` +
        "p4c's STF runner applies it on bmv2 unordered with the packets, so this test cannot mean the same " +
        'there; set all state before the first packet',
    );
}
