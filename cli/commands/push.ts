// `mlt push FABRIC.yaml [--switch NAME...] [--dry-run] [--json]`: install a fabric file's policy on its
// switches over P4Runtime, writing only the difference; a failed switch is left as it was.
import { Command } from 'commander';
import { loadFabric, type Fabric } from '../../controller/fabric/index.js';
import { describeEntry, pushFabric, type SwitchPushResult } from '../../controller/push/index.js';
import { EXIT_BAD_INPUT, EXIT_CHECK_FAILED, EXIT_OK, UserInputError } from '../errors.js';
import { pipelineResolver } from '../pipeline.js';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

const EXAMPLES = `
Examples:
  $ mlt target --fabric configs/fabrics/small.yaml &      # or simple_switch_grpc per switch
  $ mlt push configs/fabrics/small.yaml --dry-run         # show what would change
  $ mlt push configs/fabrics/small.yaml                   # install it
  $ mlt push configs/fabrics/small.yaml --switch leaf0 --json

Exit status: 0 every switch succeeded, 1 a switch failed (and was left as it was), 2 a bad file or usage.`;

/** The summary object of one switch: the switch name and exactly the five counts. */
export function summaryObject(r: SwitchPushResult): Record<string, string | number> {
  return {
    switch: r.switch,
    added: r.added,
    modified: r.modified,
    deleted: r.deleted,
    unchanged: r.unchanged,
    errors: r.errors,
  };
}

export function summaryLine(r: SwitchPushResult, width: number): string {
  const pipeline = r.pipeline === 'set' || r.pipeline === 'would be set' ? `  (pipeline ${r.pipeline})` : '';
  return (
    `${r.switch.padEnd(width)}  added ${r.added}, modified ${r.modified}, deleted ${r.deleted}, ` +
    `unchanged ${r.unchanged}, errors ${r.errors}${pipeline}`
  );
}

function printDiff(r: SwitchPushResult): string {
  const lines = [
    `${r.switch}:${r.pipeline === 'would be set' ? ' (pipeline would be set; its tables start empty)' : ''}`,
  ];
  for (const c of r.changes) {
    const sign = c.type === 'INSERT' ? '+' : c.type === 'MODIFY' ? '~' : '-';
    lines.push(`  ${sign} ${describeEntry(c.entry.decoded)}`);
    if (c.type === 'MODIFY' && c.before) lines.push(`      was ${describeEntry(c.before.decoded)}`);
  }
  if (r.changes.length === 0) lines.push('  (no changes)');
  return lines.join('\n');
}

export function pushCommand(): Command {
  const cmd = new Command('push')
    .description('install a fabric file (switches, topology, policy) on every switch over P4Runtime')
    .argument('<fabric>', 'fabric file (YAML, configs/schemas/fabric.schema.json)')
    .option('--switch <name>', 'push to this switch only (repeatable)', collect, [])
    .option('--dry-run', 'print the difference and change nothing')
    .option('--json', 'one object per switch: switch, added, modified, deleted, unchanged, errors')
    .addHelpText('after', EXAMPLES)
    .action(async (file: string, flags: { switch: string[]; dryRun?: boolean; json?: boolean }) => {
      const fabric: Fabric = loadFabric(file);
      const names = fabric.switches.map((s) => s.name);
      const unknown = flags.switch.filter((s) => !names.includes(s));
      if (unknown.length > 0)
        throw new UserInputError(
          `${file} has no switch ${unknown.join(', ')} (switches: ${names.join(', ')})`,
        );
      const resolver = pipelineResolver();
      // A pipeline file that cannot be read is the file's fault: check every one before touching any switch
      // (a program that does not compile is found when a switch needs it, before anything is written to it).
      for (const s of fabric.switches) if (s.pipeline) resolver(s.pipeline);
      const results = await pushFabric(fabric, {
        dryRun: flags.dryRun ?? false,
        resolvePipeline: resolver,
        ...(flags.switch.length > 0 ? { switches: flags.switch } : {}),
      });
      for (const r of results) for (const m of r.messages) process.stderr.write(`${r.switch}: ${m}\n`);
      if (flags.json) process.stdout.write(`${JSON.stringify(results.map(summaryObject), null, 2)}\n`);
      else {
        if (flags.dryRun)
          for (const r of results) if (r.errors === 0) process.stdout.write(`${printDiff(r)}\n`);
        const width = Math.max(...results.map((r) => r.switch.length));
        for (const r of results) process.stdout.write(`${summaryLine(r, width)}\n`);
      }
      process.exitCode = results.some((r) => r.badInput)
        ? EXIT_BAD_INPUT
        : results.every((r) => r.errors === 0)
          ? EXIT_OK
          : EXIT_CHECK_FAILED;
    });
  return cmd;
}
