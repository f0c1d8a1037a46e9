// Names written as paths from the top-level package instance, as some STF generators write them
// (`main.ig.guh`: table `guh` of the control passed to V1Switch as its `ig` argument), turned into the
// control-plane names P4Info uses (`cIngress.guh`: the control's instance name, or its type name when it
// is instantiated anonymously in main's arguments).
import type { V1SwitchMain } from '../frontend/ast.js';
import type { StfCommand } from './parser.js';

/** V1Switch's parameter names (v1model.p4), in the order of its blocks. */
const PARAMS: Record<string, keyof V1SwitchMain['blockNames']> = {
  p: 'parser',
  vr: 'verifyChecksum',
  ig: 'ingress',
  eg: 'egress',
  ck: 'computeChecksum',
  dep: 'deparser',
};

/** `name` with a leading `main.PARAM.` replaced by that block's control-plane name; other names as they are. */
export function fromPackagePath(name: string, blocks: V1SwitchMain['blockNames']): string {
  const m = /^main\.([A-Za-z_]+)\.(.+)$/.exec(name);
  const block = m ? PARAMS[m[1]!] : undefined;
  return block ? `${blocks[block]}.${m![2]}` : name;
}

/** The command with every table, action, counter, register and meter name it holds made a control-plane name. */
export function withControlPlaneNames(c: StfCommand, blocks: V1SwitchMain['blockNames']): StfCommand {
  const n = (name: string): string => fromPackagePath(name, blocks);
  switch (c.kind) {
    case 'add':
    case 'setdefault':
      return { ...c, table: n(c.table), action: { ...c.action, name: n(c.action.name) } };
    case 'check_counter':
    case 'counter_read':
    case 'counter_write':
      return { ...c, counter: n(c.counter) };
    case 'register_read':
    case 'register_write':
    case 'register_reset':
      return { ...c, register: n(c.register) };
    case 'meter_get_rates':
    case 'meter_set_rates':
    case 'meter_array_set_rates':
      return { ...c, meter: n(c.meter) };
    default:
      return c;
  }
}
