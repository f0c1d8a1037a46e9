// `mlt loss set|clear`: make one port of a switch a lossy link (mlt.p4 MLTEgress.port_loss_rate), or clear it.
import { Command, InvalidArgumentError } from 'commander';
import { clearLoss, setLoss } from '../../controller/observe/index.js';
import { integerOption } from '../option-values.js';
import { addSwitchOptions, chooseSwitch, onSwitch, type SwitchFlags } from '../switch-options.js';

const EXAMPLES = `
Examples:
  $ mlt loss set --port 6 --rate 0.01                     # 1% of packets out of port 6 are lost
  $ mlt loss set --fabric configs/fabrics/small.yaml --switch leaf0 --port 5 --rate 0.001
  $ mlt loss clear --fabric configs/fabrics/small.yaml --switch leaf0 --port 5

The next \`mlt push\` of a fabric file makes the table hold the file's policy.loss again.`;

/** bmv2's ports are 9 bits, and 511 is its drop port. */
const port = integerOption(0, 510);

function probability(v: string): number {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new InvalidArgumentError('expected a probability 0..1');
  return n;
}

export function lossCommand(): Command {
  const set = addSwitchOptions(
    new Command('set').description('set the loss probability of packets leaving a port'),
  )
    .requiredOption('--port <n>', 'egress port', port)
    .requiredOption('--rate <p>', 'loss probability 0..1', probability)
    .option('--json', 'print the result as JSON')
    .addHelpText('after', EXAMPLES)
    .action(async (flags: SwitchFlags & { port: number; rate: number; json?: boolean }) => {
      const sw = chooseSwitch(flags);
      await onSwitch(sw, true, async (client, codec) => {
        const value = await setLoss(client, codec, flags.port, flags.rate);
        process.stdout.write(
          flags.json
            ? `${JSON.stringify({ switch: sw.name, port: flags.port, rate: flags.rate, value })}\n`
            : `${sw.name}: port ${flags.port} loses ${flags.rate * 100}% of packets (rate ${value})\n`,
        );
      });
    });
  const clear = addSwitchOptions(new Command('clear').description("clear a port's lossy link (rate 0)"))
    .requiredOption('--port <n>', 'egress port', port)
    .option('--json', 'print the result as JSON')
    .addHelpText('after', EXAMPLES)
    .action(async (flags: SwitchFlags & { port: number; json?: boolean }) => {
      const sw = chooseSwitch(flags);
      await onSwitch(sw, true, async (client, codec) => {
        const cleared = await clearLoss(client, codec, flags.port);
        process.stdout.write(
          flags.json
            ? `${JSON.stringify({ switch: sw.name, port: flags.port, cleared })}\n`
            : `${sw.name}: port ${flags.port} ${cleared ? 'is lossless again' : 'had no lossy link'}\n`,
        );
      });
    });
  return new Command('loss')
    .description('make a port a lossy link, or clear it (for experiments; MLTEgress.port_loss_rate)')
    .addCommand(set)
    .addCommand(clear)
    .addHelpText('after', EXAMPLES);
}
