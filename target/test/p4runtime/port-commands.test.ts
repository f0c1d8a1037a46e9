// `mlt target --commands`: simple_switch_CLI's port_remove and port_add take a watched port out of one-shot
// selection and bring it back, on the running device; a line that cannot run changes nothing.
import { strict as assert } from 'node:assert';
import type { P4RuntimeClient } from 'p4runtime-ts';
import type { Device } from '../../p4runtime/device.js';
import { PortCommandError, runPortCommand } from '../../p4runtime/port-commands.js';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';
import { fwd, send, SOURCE } from './action-profile-program.js';
import { primaryForEachTest } from './harness.js';

describe('P4Runtime server: port commands', () => {
  let server: RunningP4RuntimeServer;
  let c: P4RuntimeClient;
  primaryForEachTest((s, client) => {
    server = s;
    c = client;
  }, SOURCE);

  /** Entry dst 2: a one-shot set of ports 10 and 20, each watching itself. */
  const watchedPair = () =>
    c.insert({
      table: 'ecmp',
      match: { 'hdr.h.dst': 2 },
      actionSet: [
        { action: fwd(10), watchPort: 10 },
        { action: fwd(20), watchPort: 20 },
      ],
    });

  /** The ports 64 flows to dst 2 leave by. */
  const portsUsed = (): number[] =>
    [...new Set(Array.from({ length: 64 }, (_, flow) => send(server, 2, flow).port))].sort((a, b) => a - b);

  it('port_remove takes a watched port out of selection, port_add brings it back', async () => {
    await watchedPair();
    const devices = new Map<string, Device>([['', server.service.device]]);
    assert.deepEqual(portsUsed(), [10, 20]);
    assert.equal(runPortCommand('port_remove 20', devices), 'port 20 down');
    assert.deepEqual(portsUsed(), [10]);
    assert.equal(runPortCommand('  port_add veth20 20  ', devices), 'port 20 up');
    assert.deepEqual(portsUsed(), [10, 20]);
    assert.equal(runPortCommand('', devices), undefined);
    assert.equal(runPortCommand('# a comment', devices), undefined);
  });

  it('names the switch of a fabric first, and refuses what it cannot run without changing anything', async () => {
    await watchedPair();
    const fabric = new Map<string, Device>([['leaf0', server.service.device]]);
    assert.equal(runPortCommand('leaf0 port_remove 10', fabric), 'leaf0: port 10 down');
    assert.deepEqual(portsUsed(), [20]);
    const refused: [string, RegExp][] = [
      ['leaf9 port_remove 20', /no switch 'leaf9' \(a line starts with one of: leaf0\)/],
      ['port_remove 20', /no switch 'port_remove'/],
      ['leaf0 port_remove', /usage: port_remove PORT/],
      ['leaf0 port_remove 20 21', /usage: port_remove PORT/],
      ['leaf0 port_remove 512', /port '512' is not a port number \(0\.\.511\)/],
      ['leaf0 port_remove -1', /port '-1' is not a port number/],
      ['leaf0 port_add 20', /usage: port_add IFACE PORT/],
      ['leaf0 set_queue_depth 64', /unknown command 'set_queue_depth'/],
    ];
    for (const [line, message] of refused)
      assert.throws(
        () => runPortCommand(line, fabric),
        (e: unknown) => e instanceof PortCommandError && message.test(e.message),
        line,
      );
    assert.deepEqual(portsUsed(), [20]);
  });
});
