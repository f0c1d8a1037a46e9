// `make demo`: what the project is for, in one command. The same parameter-server gradient traffic (ResNet50,
// scaled) through the same leaf-spine fabric of p4/mlt.p4 switches, configured three ways (a TCP baseline on one
// queue, DLCP's thresholds, MLT's solved thresholds), with and without a lossy leaf uplink; the comparison is
// printed and drawn to results/demo.svg. It runs `mlt experiment` exactly as a user would, and exits with its
// status, so the demo doubles as a smoke test of the whole product.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'cli', 'mlt.ts');
const config = 'configs/experiments/demo.yaml';

const bold = process.stdout.isTTY ? (t: string): string => `\x1b[1m${t}\x1b[0m` : (t: string): string => t;
process.stdout.write(
  `${bold('MLT switch demo')}: parameter-server training iterations on a leaf-spine of p4/mlt.p4 switches.\n` +
    'Each run builds the fabric, has the controller push a policy to every switch over P4Runtime, and runs\n' +
    'the same workload:\n' +
    '  baseline  TCP-like hosts (one path per connection, RTO_min 10 ms), one queue, tail drop\n' +
    '  DLCP      MLT hosts, DSCP priority queues, arithmetic thresholds, per-packet spraying\n' +
    "  MLT       MLT hosts, DSCP priority queues, the solver's thresholds, per-packet spraying\n" +
    "on the commodity switch model, and MLT once more on bmv2's queue semantics; each with a 1% lossy uplink too.\n" +
    'How to read the numbers: README.md, "Reading the experiment".\n\n' +
    `$ mlt experiment ${config}\n`,
);
const started = Date.now();
const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--conditions=development', entry, 'experiment', config],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.stdout.write(`\ndemo finished in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
process.exit(r.status ?? 1);
