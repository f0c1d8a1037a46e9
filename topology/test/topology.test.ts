import { strict as assert } from 'node:assert';
import { expandTopology, TopologyError, type ExplicitTopologyFile } from '../index.js';

const base = (): ExplicitTopologyFile => ({
  switches: ['a', 'b'],
  hosts: [
    { name: 'h1', ip: '10.0.0.1', port: 'a:1' },
    { name: 'h2', ip: '10.0.1.1', port: 'b:1' },
  ],
  links: ['a:2 <-> b:2'],
  link: { rate: '10Gbps', delay: '1us' },
});

function rejects(file: ExplicitTopologyFile, path: (string | number)[], message: RegExp): void {
  assert.throws(
    () => expandTopology(file),
    (e: unknown) =>
      e instanceof TopologyError && assert.deepEqual(e.path, path) === undefined && message.test(e.message),
  );
}

describe('topology', () => {
  it('expands a leaf-spine fabric in the order a simulator builds it', () => {
    const { topology, layout } = expandTopology({
      leafSpine: { spines: 2, leaves: 2, hostsPerLeaf: 1, link: { rate: '1Gbps' } },
    });
    assert.deepEqual(
      topology.nodes.map((n) => n.name),
      ['spine0', 'spine1', 'leaf0', 'h0.0', 'leaf1', 'h1.0'],
    );
    assert.equal(topology.links.length, 2 + 4);
    assert.equal(layout?.leafUplinkPort(1), 3);
    assert.deepEqual(topology.prefixes[1], { switch: 'leaf1', prefix: 0x0a000100, prefixLen: 24 });
  });

  it('expands explicit links, hosts attached to switch ports first', () => {
    const { topology } = expandTopology(base());
    assert.deepEqual(
      topology.links.map((l) => `${l.a.node}:${l.a.port}-${l.b.node}:${l.b.port}`),
      ['h1:0-a:1', 'h2:0-b:1', 'a:2-b:2'],
    );
    assert.deepEqual(topology.links[2]!.props, { rate: '10Gbps', delay: '1us' });
  });

  it('rejects what a schema cannot see, with the path', () => {
    rejects({ ...base(), links: ['a:2 <-> c:1'] }, ['links', 0], /no switch or host named 'c'/);
    rejects({ ...base(), links: ['a:1 <-> b:2'] }, ['links', 0], /a:1 is already connected/);
    rejects({ ...base(), links: ['a:2 <-> b'] }, ['links', 0], /needs a port/);
    rejects({ ...base(), links: ['a:2 -- b:2'] }, ['links', 0], /expected 'switch:port <-> switch:port'/);
    const dupIp = base();
    dupIp.hosts[1]!.ip = '10.0.0.1';
    rejects(dupIp, ['hosts', 1, 'ip'], /already host 'h1'/);
    rejects({ ...base(), switches: ['a', 'a'] }, ['switches', 1], /used twice/);
    const loose = base();
    delete loose.hosts[1]!.port;
    rejects(loose, ['hosts', 1], /attached to nothing/);
    rejects(
      { ...base(), prefixes: [{ switch: 'a', prefix: '10.0.0.0/16' }] },
      ['prefixes', 0, 'prefix'],
      /covers host 'h2'/,
    );
    const noRate = base();
    delete noRate.link;
    rejects(noRate, ['hosts', 0, 'port'], /no rate/);
  });
});
