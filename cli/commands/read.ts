// `mlt read`: the table entries a switch holds, by name (from the device's own P4Info).
import { Command } from 'commander';
import type { DecodedMatch, DecodedTableEntry } from 'p4runtime-ts';
import { describeEntry } from '../../controller/push/index.js';
import { UserInputError } from '../errors.js';
import { addSwitchOptions, chooseSwitch, onSwitch, type SwitchFlags } from '../switch-options.js';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

const EXAMPLES = `
Examples:
  $ mlt read                                              # the switch at 127.0.0.1:9559
  $ mlt read --fabric configs/fabrics/small.yaml --switch leaf0 --table MLTEgress.queue_thresholds
  $ mlt read --target 127.0.0.1:9562 --json`;

function matchJson(m: DecodedMatch): Record<string, string | number> {
  switch (m.kind) {
    case 'exact':
    case 'optional':
      return { [m.kind]: m.value.toString() };
    case 'lpm':
      return { lpm: m.value.toString(), prefixLen: m.prefixLen };
    case 'ternary':
      return { ternary: m.value.toString(), mask: m.mask.toString() };
    case 'range':
      return { low: m.low.toString(), high: m.high.toString() };
  }
}

export function entryJson(e: DecodedTableEntry): Record<string, unknown> {
  return {
    table: e.table,
    match: Object.fromEntries(Object.entries(e.match).map(([k, m]) => [k, matchJson(m)])),
    priority: e.priority,
    ...(e.action
      ? {
          action: e.action.name,
          params: Object.fromEntries(Object.entries(e.action.params).map(([k, v]) => [k, v.toString()])),
        }
      : {}),
  };
}

export function readCommand(): Command {
  return addSwitchOptions(
    new Command('read').description(
      "print the table entries a switch holds (names from the switch's P4Info)",
    ),
  )
    .option('--table <name>', 'only this table (repeatable)', collect, [])
    .option('--json', 'one JSON array of entries (values as decimal strings)')
    .addHelpText('after', EXAMPLES)
    .action(async (flags: SwitchFlags & { table: string[]; json?: boolean }) => {
      const sw = chooseSwitch(flags);
      await onSwitch(sw, false, async (client, codec) => {
        const known = codec.index.tables.all().map((t) => t.preamble!.name!);
        const unknown = flags.table.filter((t) => !known.includes(t));
        if (unknown.length > 0)
          throw new UserInputError(
            `${sw.name} has no table ${unknown.join(', ')} (tables: ${known.join(', ')})`,
          );
        const entries: DecodedTableEntry[] = [];
        for (const t of flags.table.length > 0 ? flags.table : [undefined])
          entries.push(...(await client.readTableEntries(t)));
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(entries.map(entryJson), null, 2)}\n`);
          return;
        }
        const byTable = new Map<string, DecodedTableEntry[]>();
        for (const e of entries) byTable.set(e.table, [...(byTable.get(e.table) ?? []), e]);
        process.stdout.write(`${sw.name}: ${entries.length} entries\n`);
        for (const [table, list] of byTable) {
          process.stdout.write(`${table} (${list.length})\n`);
          for (const e of list) process.stdout.write(`  ${describeEntry(e).slice(table.length + 1)}\n`);
        }
      });
    });
}
