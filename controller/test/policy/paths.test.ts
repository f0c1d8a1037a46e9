// Path computation as properties over random leaf-spine and random explicit topologies: every route and
// spray path leads from its switch to the destination over shortest paths without loops, and ends on the
// port of the destination host.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  expandTopology,
  hostAttachments,
  inPrefix,
  type ExplicitTopologyFile,
  type Topology,
} from '../../../topology/index.js';
import { computeRouting, MAX_PATHS, type SwitchRouting } from '../../policy/index.js';

const link = { rate: '10Gbps' };

const leafSpine = fc
  .record({
    spines: fc.integer({ min: 1, max: 10 }),
    leaves: fc.integer({ min: 1, max: 6 }),
    hostsPerLeaf: fc.integer({ min: 1, max: 4 }),
  })
  .map((s) => expandTopology({ leafSpine: { ...s, link } }).topology);

/** A random connected graph: a spanning tree plus extra edges, hosts on some switches. */
const explicit = fc
  .record({
    n: fc.integer({ min: 2, max: 7 }),
    parents: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
    extra: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }),
    hosts: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 7, maxLength: 7 }),
  })
  .map(({ n, parents, extra, hosts }) => {
    const next = new Array<number>(n).fill(1);
    const links: string[] = [];
    const connect = (a: number, b: number): void => {
      links.push(`s${a}:${next[a]!++} <-> s${b}:${next[b]!++}`);
    };
    for (let i = 1; i < n; i++) connect(i, parents[i - 1]! % i);
    for (const [a, b] of extra) if (a % n !== b % n) connect(a % n, b % n);
    const file: ExplicitTopologyFile = {
      switches: Array.from({ length: n }, (_, i) => `s${i}`),
      hosts: [],
      links,
      link,
    };
    for (let i = 0; i < n; i++)
      for (let h = 0; h < hosts[i]!; h++)
        file.hosts.push({ name: `h${i}.${h}`, ip: `10.${i}.${h}.1`, port: `s${i}:${next[i]!++}` });
    return expandTopology(file).topology;
  });

interface Step {
  at: string;
  port: number;
}

/** Where a port of a switch leads. */
function neighbours(t: Topology): Map<string, string> {
  const m = new Map<string, string>();
  for (const l of t.links) {
    m.set(`${l.a.node}:${l.a.port}`, l.b.node);
    m.set(`${l.b.node}:${l.b.port}`, l.a.node);
  }
  return m;
}

function distances(t: Topology, from: string): Map<string, number> {
  const sw = new Set(t.nodes.filter((n) => n.kind === 'switch').map((n) => n.name));
  const dist = new Map([[from, 0]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++)
    for (const l of t.links)
      for (const [x, y] of [
        [l.a.node, l.b.node],
        [l.b.node, l.a.node],
      ] as const)
        if (x === queue[i] && sw.has(y) && !dist.has(y)) {
          dist.set(y, dist.get(x)! + 1);
          queue.push(y);
        }
  return dist;
}

/** The route a switch uses for an address (longest prefix), as mlt.p4's lpm lookup finds it. */
function lookup(r: SwitchRouting, ip: number): SwitchRouting['routes'][number] | undefined {
  let best: SwitchRouting['routes'][number] | undefined;
  for (const route of r.routes)
    if (inPrefix(ip, route.dest.prefix, route.dest.prefixLen))
      if (!best || route.dest.prefixLen > best.dest.prefixLen) best = route;
  return best;
}

function checkTopology(t: Topology): void {
  const routing = computeRouting(t);
  const next = neighbours(t);
  const attached = hostAttachments(t);
  for (const src of routing.keys()) {
    const dist = distances(t, src);
    for (const host of t.nodes) {
      if (host.kind !== 'host') continue;
      const at = attached.get(host.name)!;
      if (!dist.has(at.node)) continue;
      // Every way a packet can go from src: a port route follows IPv4 lookups, a spray group each path.
      const walks: Step[][] = [];
      const follow = (sw: string, trail: Step[], ttl: number): void => {
        assert.ok(ttl > 0, `routing loop from ${src} to ${host.name}: ${JSON.stringify(trail)}`);
        const route = lookup(routing.get(sw)!, host.ip);
        assert.ok(route, `${sw} has no route to ${host.name}`);
        if (route.kind === 'port') {
          const step = { at: sw, port: route.port };
          const to = next.get(`${sw}:${route.port}`)!;
          if (to === host.name) walks.push([...trail, step]);
          else follow(to, [...trail, step], ttl - 1);
          return;
        }
        const paths = routing.get(sw)!.groups[route.group]!;
        assert.ok(paths.length >= 2 && paths.length <= MAX_PATHS);
        assert.equal(new Set(paths.map((p) => p.join(','))).size, paths.length, 'paths of a group differ');
        for (const p of paths) {
          let at2 = sw;
          const steps: Step[] = [];
          for (const port of p) {
            steps.push({ at: at2, port });
            at2 = next.get(`${at2}:${port}`)!;
          }
          // A source route ends on the prefix's switch, which routes to the host by IPv4.
          assert.equal(at2, route.dest.switch);
          follow(at2, [...trail, ...steps], ttl - 1);
        }
      };
      follow(src, [], 20);
      assert.ok(walks.length >= 1);
      for (const w of walks) {
        const visited = w.map((s) => s.at);
        assert.equal(new Set(visited).size, visited.length, `loop: ${visited.join(' -> ')}`);
        assert.equal(w.length - 1, dist.get(at.node), `not shortest: ${visited.join(' -> ')}`);
        assert.deepEqual(w[w.length - 1], { at: at.node, port: at.port }, 'ends on the host port');
      }
    }
  }
}

describe('policy: paths', () => {
  it('leaf-spine: every path is loop-free, shortest and ends on the right host port', () => {
    fc.assert(fc.property(leafSpine, checkTopology), { numRuns: 60 });
  });

  it('explicit topologies: every path is loop-free, shortest and ends on the right host port', () => {
    fc.assert(fc.property(explicit, checkTopology), { numRuns: 150 });
  });

  it('a leaf sprays to each remote leaf over every spine, as source routes up and down', () => {
    const t = expandTopology({ leafSpine: { spines: 4, leaves: 3, hostsPerLeaf: 2, link } }).topology;
    const r = computeRouting(t).get('leaf0')!;
    assert.equal(r.groups.length, 2);
    // leaf ports 3..6 face spines 0..3; spine port l+1 faces leaf l.
    assert.deepEqual(r.groups[0], [
      [3, 2],
      [4, 2],
      [5, 2],
      [6, 2],
    ]);
    const spine = computeRouting(t).get('spine0')!;
    assert.equal(spine.groups.length, 0);
    assert.deepEqual(
      spine.routes.map((x) => (x.kind === 'port' ? x.port : -1)),
      [1, 2, 3],
    );
  });
});
