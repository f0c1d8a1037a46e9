// Fabric files: the examples load, and malformed files of many kinds (generated) are each rejected with a
// located message (file:line:col: path: what is wrong).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { ConfigError } from '../../../config-file/index.js';
import { loadFabric, parseFabric, type FabricFile } from '../../fabric/index.js';

const FILE = 'fabric.yaml';

function base(): FabricFile {
  return {
    name: 'two',
    pipeline: { p4: 'mlt.p4' },
    switches: [
      { name: 's1', address: '127.0.0.1:9701' },
      { name: 's2', address: '127.0.0.1:9702', deviceId: 3, electionId: 7 },
    ],
    topology: {
      switches: ['s1', 's2'],
      hosts: [
        { name: 'h1', ip: '10.0.1.1', port: 's1:1' },
        { name: 'h2', ip: '10.0.2.1', port: 's2:1' },
      ],
      links: ['s1:2 <-> s2:2', { a: 's1:3', b: 's2:3', rate: '40Gbps' }],
      link: { rate: '100Gbps', delay: '1us' },
    },
    policy: {
      queues: 8,
      dscp: { map: { '0': 0, '8': 1 } },
      thresholds: { queues: [{ queue: 0, S: 10, L: 20 }] },
      spray: 'random',
      loss: [{ switch: 's1', port: 2, rate: 0.5 }],
    },
  };
}

type Mutation = [string, (f: FabricFile & Record<string, unknown>, k: number) => void, RegExp];
// `k` is a random small number that varies the mutation; `pattern` is what the message must say.
/* eslint-disable @typescript-eslint/no-explicit-any -- mutations reach into the file as plain data */
const mutations: Mutation[] = [
  [
    'bad address',
    (f, k) => (f.switches[k % 2]!.address = ['nohost', '1.2.3.4', ':99', 'a b:1'][k % 4]!),
    /switches\[\d\]\.address: must match pattern/,
  ],
  [
    'unknown switch property',
    (f, k) => ((f.switches[k % 2] as any).colour = 'red'),
    /switches\[\d\]\.colour: unknown property/,
  ],
  [
    'switch listed twice',
    (f) => f.switches.push({ name: 's1', address: '127.0.0.1:9800' }),
    /switches\[2\]\.name: switch 's1' is listed twice/,
  ],
  ['switch missing', (f) => f.switches.pop(), /switches: no entry for switch s2 of the topology/],
  [
    'switch not in topology',
    (f) => (f.switches[1]!.name = 'zz'),
    /switches\[1\]\.name: 'zz' is not a switch of the topology/,
  ],
  [
    'same address twice',
    (f) => (f.switches[1] = { name: 's2', address: '127.0.0.1:9701' }),
    /switches\[1\]\.address: 127\.0\.0\.1:9701 device 0 is already switch 's1'/,
  ],
  [
    'port out of range',
    (f, k) => (f.switches[k % 2]!.address = ['127.0.0.1:65536', 'localhost:99999'][k % 2]!),
    /switches\[\d\]\.address: port \d+ is out of range \(0\.\.65535\)/,
  ],
  ['negative device id', (f) => (f.switches[0]!.deviceId = -1 - 0), /switches\[0\]\.deviceId: must be >= 0/],
  [
    'link arrow',
    (f, k) => ((f.topology as any).links[0] = ['s1:2 <- s2:2', 's1:2 -- s2:2', 's1 <-> s2:2'][k % 3]),
    /topology\.links\[0\]/,
  ],
  [
    'link to unknown switch',
    (f) => ((f.topology as any).links[0] = 's1:2 <-> s9:2'),
    /topology\.links\[0\]: no switch or host named 's9'/,
  ],
  [
    'port used twice',
    (f) => ((f.topology as any).links[1].a = 's1:2'),
    /topology\.links\[1\]\.a: s1:2 is already connected/,
  ],
  [
    'bad host address',
    (f, k) => ((f.topology as any).hosts[k % 2].ip = '10.0.300.1'),
    /topology\.hosts\[\d\]\.ip: '10\.0\.300\.1' is not an IPv4 address/,
  ],
  [
    'host on unknown switch',
    (f) => ((f.topology as any).hosts[0].port = 'x9:1'),
    /topology\.hosts\[0\]\.port: no switch or host named 'x9'/,
  ],
  [
    'negative threshold',
    (f) => ((f.policy.thresholds as any).queues[0].S = -5),
    /policy\.thresholds\.queues\[0\]\.S: must be >= 0/,
  ],
  [
    'S above L',
    (f) => ((f.policy.thresholds as any).queues[0].S = 30),
    /policy\.thresholds\.queues\[0\]\.S: S = 30 is above L = 20/,
  ],
  [
    'queue out of range',
    (f) => ((f.policy.thresholds as any).queues[0].queue = 9),
    /policy\.thresholds\.queues\[0\]\.queue: must be <= 7/,
  ],
  [
    'queue beyond the policy',
    (f) => {
      (f.policy as any).queues = 2;
      (f.policy.thresholds as any).queues[0].queue = 5;
    },
    /policy\.thresholds\.queues\[0\]\.queue: not a queue \(0\.\.1\)/,
  ],
  ['two threshold forms', (f) => ((f.policy.thresholds as any).solve = 'x.yaml'), /policy\.thresholds/],
  [
    'unknown spray',
    (f) => ((f.policy as any).spray = 'hash'),
    /policy\.spray: must be one of: round-robin, random/,
  ],
  ['dscp out of range', (f) => ((f.policy.dscp as any).map = { '64': 1 }), /policy\.dscp\.map/],
  [
    'priority out of range',
    (f) => ((f.policy.dscp as any).map = { '8': 9 }),
    /policy\.dscp\.map\[8\]: must be <= 7/,
  ],
  [
    'loss on unknown switch',
    (f) => ((f.policy.loss as any)[0].switch = 'q'),
    /policy\.loss\[0\]\.switch: no switch named 'q'/,
  ],
  [
    'loss on unlinked port',
    (f) => ((f.policy.loss as any)[0].port = 40),
    /policy\.loss\[0\]\.port: port 40 of 's1' has no link/,
  ],
  ['loss rate above 1', (f) => ((f.policy.loss as any)[0].rate = 2), /policy\.loss\[0\]\.rate: must be <= 1/],
  ['unknown top-level key', (f) => (f.polcy = {}), /polcy: unknown property/],
  ['missing policy', (f) => delete (f as any).policy, /missing required property 'policy'/],
  ['missing profile file', (f) => ((f.policy as any).dscp = { profile: 'nope.yaml' }), /nope\.yaml/],
];
/* eslint-enable @typescript-eslint/no-explicit-any */

describe('fabric files', () => {
  it('the example fabrics load (small and MLT §6.2)', () => {
    const small = loadFabric('configs/fabrics/small.yaml');
    assert.equal(small.switches.length, 6);
    const big = loadFabric('configs/fabrics/mlt-6.2.yaml');
    assert.equal(big.switches.length, 13);
    assert.equal(big.entries.get('leaf0')!.filter((e) => e.table === 'MLTIngress.spray_paths').length, 8 * 4);
  });

  it('reads switches with defaults and paths relative to the file', () => {
    const f = parseFabric(stringify(base()), '/some/dir/fabric.yaml');
    assert.deepEqual(f.switches[0], {
      name: 's1',
      address: '127.0.0.1:9701',
      deviceId: 0,
      electionId: 1,
      role: '',
      pipeline: { p4: '/some/dir/mlt.p4' },
    });
    assert.equal(f.switches[1]!.deviceId, 3);
    // s1: h1's /32, h2's /32 sprayed over the two links, DSCP 2, thresholds on 3 ports, one loss rate.
    assert.equal(f.entries.get('s1')!.length, 1 + 1 + 1 + 2 + 2 + 3 + 1);
  });

  it('rejects malformed files of many kinds, each with file:line:col, the path and what is wrong', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: mutations.length - 1 }), fc.nat(100), (m, k) => {
        const [what, mutate, pattern] = mutations[m]!;
        const f = base() as FabricFile & Record<string, unknown>;
        mutate(f, k);
        let error: unknown;
        try {
          parseFabric(stringify(f), FILE);
        } catch (e) {
          error = e;
        }
        assert.ok(error instanceof ConfigError, `${what}: expected a ConfigError, got ${String(error)}`);
        assert.match(error.message, pattern, what);
        for (const issue of error.issues.filter((i) => i.file === FILE)) {
          assert.ok(issue.line !== undefined && issue.col !== undefined, `${what}: ${error.message}`);
        }
        assert.match(error.message.split('\n')[0]!, /^[^:]+:\d+:\d+: /, what);
      }),
      { numRuns: 300 },
    );
  });
});
