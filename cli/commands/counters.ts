// `mlt counters [--watch SECONDS] [--json]`: mlt.p4's counters per port and queue, and rates while watching.
import { Command, InvalidArgumentError } from 'commander';
import { counterRates, readCounters, type CounterSnapshot } from '../../controller/observe/index.js';
import {
  addSwitchOptions,
  chooseSwitch,
  onSwitch,
  formatTable,
  type SwitchFlags,
} from '../switch-options.js';

const EXAMPLES = `
Examples:
  $ mlt counters                                          # the switch at 127.0.0.1:9559
  $ mlt counters --fabric configs/fabrics/small.yaml --switch leaf0
  $ mlt counters --target 127.0.0.1:9562 --watch 1        # rates every second until Ctrl-C
  $ mlt counters --json

Columns: per port and queue, packets forwarded (passed the thresholds), CE-marked at S, dropped at S (not
ECN-capable), dropped at L; per port, packets lost on the lossy link, packets and bytes out.`;

/**
 * The watch interval's range. Below a tenth of a second the reads run back to back and the rates measure
 * the read itself. A day is far below where Node's timers overflow (24.8 days) and then fire at once, in a
 * loop.
 */
const MIN_WATCH_S = 0.1;
const MAX_WATCH_S = 86_400;

function seconds(v: string): number {
  const n = Number(v);
  if (v.trim() === '' || !(n >= MIN_WATCH_S && n <= MAX_WATCH_S))
    throw new InvalidArgumentError(`expected a number of seconds from ${MIN_WATCH_S} to ${MAX_WATCH_S}`);
  return n;
}

function render(name: string, s: CounterSnapshot, rates: boolean): string {
  const fmt = (n: number): number | string => (rates ? n.toFixed(1) : n);
  const unit = rates ? ' (per second)' : '';
  const queues = formatTable(
    ['port', 'queue', 'forwarded', 'ce', 'dropS', 'dropL'],
    s.queues.map((q) => [
      q.port,
      q.queue,
      fmt(q.forwarded),
      fmt(q.ceMarked),
      fmt(q.droppedAtS),
      fmt(q.droppedAtL),
    ]),
  );
  const ports = formatTable(
    ['port', 'lost', 'txPackets', 'bytesOut'],
    s.ports.map((p) => [p.port, fmt(p.lost), fmt(p.txPackets), fmt(p.bytesOut)]),
  );
  return `${name}${unit}\nper queue\n${queues}\nper port\n${ports}\n`;
}

export function countersCommand(): Command {
  return addSwitchOptions(
    new Command('counters').description("print mlt.p4's counters per port and queue (rates with --watch)"),
  )
    .option('--watch <seconds>', 'read again every SECONDS and print rates, until interrupted', seconds)
    .option('--json', 'JSON: the counters, or with --watch one object of rates per line')
    .addHelpText('after', EXAMPLES)
    .action(async (flags: SwitchFlags & { watch?: number; json?: boolean }) => {
      const sw = chooseSwitch(flags);
      await onSwitch(sw, false, async (client) => {
        let last = await readCounters(client);
        if (flags.watch === undefined) {
          process.stdout.write(
            flags.json
              ? `${JSON.stringify({ switch: sw.name, ...last }, null, 2)}\n`
              : render(sw.name, last, false),
          );
          return;
        }
        let stop = false;
        // A signal ends the wait at once, not when the interval is over.
        let wake: (() => void) | undefined;
        const onSignal = (): void => {
          stop = true;
          wake?.();
        };
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
        process.stderr.write(`${sw.name}: rates every ${flags.watch} s until interrupted (Ctrl-C)\n`);
        while (!stop) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, flags.watch! * 1000);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          if (stop) break;
          const now = await readCounters(client);
          const rates = counterRates(last, now);
          last = now;
          process.stdout.write(
            flags.json ? `${JSON.stringify({ switch: sw.name, rates })}\n` : render(sw.name, rates, true),
          );
        }
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      });
    });
}
