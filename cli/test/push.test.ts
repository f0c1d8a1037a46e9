// `mlt push` end to end over loopback gRPC against embedded targets (no mocks): every entry read back equals
// the policy's, a second push writes nothing, one edited threshold is one MODIFY, a failure mid-push is
// undone, only the primary writes, --dry-run changes nothing, and malformed files change nothing.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { P4Codec, P4RuntimeClient, type Update } from 'p4runtime-ts';
import { loadFabric, parseFabric, type Fabric } from '../../controller/fabric/index.js';
import {
  keyedFromPolicy,
  pushFabric,
  readPolicyTables,
  type KeyedEntry,
  type PipelineConfig,
} from '../../controller/push/index.js';
import { startEmbeddedFabric, type RunningFabric } from '../../target/p4runtime/index.js';
import { pipelineResolver } from '../pipeline.js';
import { runCliAsync } from './run-cli-async.js';

const MLT_P4 = fileURLToPath(new URL('../../p4/mlt.p4', import.meta.url));
const SWITCHES = ['spine0', 'spine1', 'leaf0', 'leaf1'];

function fabricText(addresses: Map<string, string>, policyExtra = ''): string {
  return `name: test
pipeline: { p4: ${MLT_P4} }
switches:
${SWITCHES.map((s) => `  - { name: ${s}, address: '${addresses.get(s)}' }`).join('\n')}
topology:
  leafSpine: { spines: 2, leaves: 2, hostsPerLeaf: 3, link: { rate: 10Gbps } }
policy:
  dscp: { map: { '0': 0, '8': 1, '16': 2 } }
  thresholds:
    queues:
      - { queue: 0, S: 40, L: 120 }
      - { queue: 1, S: 20, L: 60 }
  spray: round-robin
${policyExtra}`;
}

describe('mlt push (embedded targets over loopback gRPC)', function () {
  this.timeout(120_000);
  let running: RunningFabric;
  let dir: string;
  let file: string;
  let addresses: Map<string, string>;
  const resolver = pipelineResolver();

  beforeEach(async () => {
    running = await startEmbeddedFabric(
      SWITCHES.map((name) => ({
        name,
        address: '127.0.0.1:0',
        program: { source: readFileSync(MLT_P4, 'utf8'), name: MLT_P4 },
      })),
    );
    addresses = new Map(running.endpoints.map((e) => [e.name, e.address]));
    dir = mkdtempSync(join(tmpdir(), 'mlt-push-'));
    file = join(dir, 'fabric.yaml');
    writeFileSync(file, fabricText(addresses));
  });

  afterEach(async () => {
    await running.stop(0);
    rmSync(dir, { recursive: true, force: true });
  });

  const codec = (): P4Codec => new P4Codec((resolver({ p4: MLT_P4 }).config() as PipelineConfig).p4info);

  async function installed(name: string): Promise<KeyedEntry[]> {
    const client = new P4RuntimeClient({ address: addresses.get(name)!, reconnect: false });
    try {
      return await readPolicyTables(client, codec());
    } finally {
      client.close();
    }
  }

  function expected(fabric: Fabric, name: string): string[] {
    const c = codec();
    return fabric.entries
      .get(name)!
      .map((e) => keyedFromPolicy(c, e))
      .map((k) => `${k.key} => ${k.value}`)
      .sort();
  }

  const asSet = (entries: KeyedEntry[]): string[] => entries.map((k) => `${k.key} => ${k.value}`).sort();

  it('installs a leaf-spine fabric: every entry read back equals the expected set, and a second push writes nothing', async () => {
    const fabric = loadFabric(file);
    const first = await pushFabric(fabric, { resolvePipeline: resolver });
    for (const r of first) {
      assert.equal(r.errors, 0, r.messages.join('; '));
      assert.equal(r.pipeline, 'set');
      assert.equal(r.added, fabric.entries.get(r.switch)!.length);
      assert.deepEqual(asSet(await installed(r.switch)), expected(fabric, r.switch));
    }
    const second = await pushFabric(fabric, { resolvePipeline: resolver });
    for (const r of second) {
      assert.equal(r.pipeline, 'unchanged');
      assert.deepEqual([r.added, r.modified, r.deleted, r.errors], [0, 0, 0, 0]);
      assert.equal(r.unchanged, fabric.entries.get(r.switch)!.length);
    }
  });

  it('an edited loss rate on one port is exactly one MODIFY; a removed one exactly one DELETE', async () => {
    const one = (rate: number): string => `  loss: [{ switch: leaf1, port: 4, rate: ${rate} }]\n`;
    await pushFabric(parseFabric(fabricText(addresses, one(0.01)), file), { resolvePipeline: resolver });
    const edited = await pushFabric(parseFabric(fabricText(addresses, one(0.02)), file), {
      resolvePipeline: resolver,
    });
    assert.deepEqual(
      edited.map((r) => [r.switch, r.added, r.modified, r.deleted, r.errors]),
      SWITCHES.map((s) => [s, 0, s === 'leaf1' ? 1 : 0, 0, 0]),
    );
    assert.equal(edited.find((r) => r.switch === 'leaf1')!.changes[0]!.type, 'MODIFY');
    const removed = await pushFabric(parseFabric(fabricText(addresses), file), { resolvePipeline: resolver });
    assert.deepEqual(
      removed.map((r) => r.deleted),
      SWITCHES.map((s) => (s === 'leaf1' ? 1 : 0)),
    );
  });

  it('an edited threshold is one MODIFY per port and queue it applies to, and nothing else', async () => {
    await pushFabric(loadFabric(file), { resolvePipeline: resolver });
    const text = fabricText(addresses).replace('{ queue: 1, S: 20, L: 60 }', '{ queue: 1, S: 21, L: 60 }');
    const r = await pushFabric(parseFabric(text, file), { resolvePipeline: resolver });
    // leaves have 3 host ports + 2 uplinks, spines 2 ports: one queue_thresholds entry each.
    assert.deepEqual(
      r.map((x) => [x.switch, x.added, x.modified, x.deleted]),
      [
        ['spine0', 0, 2, 0],
        ['spine1', 0, 2, 0],
        ['leaf0', 0, 5, 0],
        ['leaf1', 0, 5, 0],
      ],
    );
    for (const x of r)
      for (const c of x.changes) assert.equal(c.entry.decoded.action?.params.s_threshold, 20n);
  });

  it('a failure mid-push is undone: the switch holds exactly what it held before', async () => {
    // Install the fabric, then fill leaf0's ipv4_route (4096 entries) through P4Runtime until 2 places are
    // left, and push a fabric with 6 more hosts per leaf: its third new route cannot be inserted.
    await pushFabric(loadFabric(file), { resolvePipeline: resolver });
    const bigger = parseFabric(fabricText(addresses).replace('hostsPerLeaf: 3', 'hostsPerLeaf: 9'), file);
    const c = codec();
    const client = new P4RuntimeClient({ address: addresses.get('leaf0')!, electionId: 1, reconnect: false });
    await client.connect();
    const junk: Update[] = [];
    for (let i = 0; i < 4096 - 4 - 2; i++)
      junk.push({
        type: 'INSERT',
        entity: c.tableEntity({
          table: 'MLTIngress.ipv4_route',
          match: { 'hdr.ipv4.dst_addr': `192.168.${i >> 8}.${i & 255}/32` },
          action: { name: 'MLTIngress.route_to_port', params: { port: 1 } },
        }),
      });
    await client.writeBatched(junk, 1000);
    client.close();
    const before = asSet(await installed('leaf0'));
    assert.equal(before.length, loadFabric(file).entries.get('leaf0')!.length + 4090);
    const [r] = await pushFabric(bigger, { resolvePipeline: resolver, switches: ['leaf0'], batchSize: 2 });
    // Batches of 2: the first fills the last 2 places, both updates of the second fail.
    assert.equal(r!.errors, 2, r!.messages.join('\n'));
    assert.match(r!.messages.join('\n'), /RESOURCE_EXHAUSTED/);
    assert.match(r!.messages.join('\n'), /undone/);
    assert.deepEqual([r!.added, r!.modified, r!.deleted], [0, 0, 0]);
    assert.deepEqual(asSet(await installed('leaf0')), before);
  });

  it('two controllers: only the primary writes', async () => {
    const primary = new P4RuntimeClient({
      address: addresses.get('leaf0')!,
      electionId: 100,
      reconnect: false,
    });
    assert.equal((await primary.connect()).primary, true);
    try {
      const fabric = loadFabric(file);
      const results = await pushFabric(fabric, { resolvePipeline: resolver });
      const leaf0 = results.find((r) => r.switch === 'leaf0')!;
      assert.equal(leaf0.errors, 1);
      assert.match(leaf0.messages[0]!, /not the primary controller: election id 1, the primary's is 100/);
      assert.deepEqual(await installed('leaf0'), []);
      for (const r of results.filter((x) => x.switch !== 'leaf0')) assert.equal(r.errors, 0);
      const cli = await runCliAsync(['push', file]);
      assert.equal(cli.status, 1, cli.stderr);
      assert.match(cli.stderr, /leaf0: not the primary controller/);
    } finally {
      primary.close();
    }
  });

  it('mlt loss set|clear and mlt read, by --fabric FILE --switch NAME and by --target ADDR', async () => {
    await pushFabric(loadFabric(file), { resolvePipeline: resolver });
    const set = await runCliAsync([
      'loss',
      'set',
      '--fabric',
      file,
      '--switch',
      'leaf1',
      '--port',
      '4',
      '--rate',
      '0.25',
    ]);
    assert.equal(set.status, 0, set.stderr);
    assert.equal(set.stdout, 'leaf1: port 4 loses 25% of packets (rate 1073741824)\n');
    const read = await runCliAsync([
      'read',
      '--target',
      addresses.get('leaf1')!,
      '--table',
      'MLTEgress.port_loss_rate',
      '--json',
    ]);
    assert.equal(read.status, 0, read.stderr);
    assert.deepEqual(JSON.parse(read.stdout), [
      {
        table: 'MLTEgress.port_loss_rate',
        match: { 'standard_metadata.egress_port': { exact: '4' } },
        priority: 0,
        action: 'MLTEgress.set_loss_rate',
        params: { rate: '1073741824' },
      },
    ]);
    const cleared = await runCliAsync([
      'loss',
      'clear',
      '--target',
      addresses.get('leaf1')!,
      '--port',
      '4',
      '--json',
    ]);
    assert.deepEqual(JSON.parse(cleared.stdout), { switch: addresses.get('leaf1'), port: 4, cleared: true });
    assert.equal(
      (await installed('leaf1')).filter((e) => e.decoded.table === 'MLTEgress.port_loss_rate').length,
      0,
    );
    const bad = await runCliAsync([
      'loss',
      'set',
      '--fabric',
      file,
      '--switch',
      'nope',
      '--port',
      '4',
      '--rate',
      '2',
    ]);
    assert.equal(bad.status, 2);
    const down = await runCliAsync(['read', '--target', '127.0.0.1:1']);
    assert.equal(down.status, 1);
    assert.match(down.stderr, /127\.0\.0\.1:1: .*UNAVAILABLE/);
  });

  it('the CLI: --dry-run changes nothing, then push, summary lines and --json with exactly the five counts', async () => {
    const dry = await runCliAsync(['push', file, '--dry-run']);
    assert.equal(dry.status, 0, dry.stderr);
    assert.match(dry.stdout, /^leaf0: \(pipeline would be set; its tables start empty\)$/m);
    assert.match(
      dry.stdout,
      /^ {2}\+ MLTIngress\.ipv4_route hdr\.ipv4\.dst_addr=10\.0\.1\.0\/24 -> MLTIngress\.route_to_spray_group\(group=0\)$/m,
    );
    for (const s of SWITCHES) assert.deepEqual(await installed(s), []);
    // Bad files change nothing: exit 2 with the location.
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, fabricText(addresses, '  loss: [{ switch: leaf7, port: 1, rate: 0.1 }]\n'));
    const rejected = await runCliAsync(['push', bad]);
    assert.equal(rejected.status, 2);
    assert.match(rejected.stderr, /bad\.yaml:\d+:\d+: policy\.loss\[0\]\.switch: no switch named 'leaf7'/);
    writeFileSync(join(dir, 'broken.p4'), 'control C() { apply { x = 1; } }\n');
    writeFileSync(bad, fabricText(addresses).replace(MLT_P4, join(dir, 'broken.p4')));
    const uncompiled = await runCliAsync(['push', bad]);
    assert.equal(uncompiled.status, 2);
    assert.match(uncompiled.stderr, /broken\.p4:1:\d+: error/);
    for (const s of SWITCHES) assert.deepEqual(await installed(s), []);
    const fabric = loadFabric(file);
    const push = await runCliAsync(['push', file]);
    assert.equal(push.status, 0, push.stderr);
    assert.match(
      push.stdout,
      new RegExp(
        `^leaf0 +added ${fabric.entries.get('leaf0')!.length}, modified 0, deleted 0, unchanged 0, errors 0 {2}\\(pipeline set\\)$`,
        'm',
      ),
    );
    const again = await runCliAsync(['push', file, '--json', '--switch', 'leaf1']);
    assert.equal(again.status, 0, again.stderr);
    assert.deepEqual(JSON.parse(again.stdout), [
      {
        switch: 'leaf1',
        added: 0,
        modified: 0,
        deleted: 0,
        unchanged: fabric.entries.get('leaf1')!.length,
        errors: 0,
      },
    ]);
    const usage = await runCliAsync(['push', file, '--switch', 'nope']);
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /has no switch nope/);
  });
});
