// Routes for p4/mlt.p4 from a topology: every switch reaches every remote host prefix over all its shortest
// paths. A prefix lives on the switch its hosts hang off; a switch with one shortest path routes by port (the
// next switch routes on by IPv4 along the same unique path), one with several sprays over all of them as
// source routes that end on the prefix's switch, which delivers by its own /32 host routes. mlt.p4 limits
// a group to 8 paths and a path to 8 hops (the first port plus 7 pushed hops).
import { hostAttachments, inPrefix, type Endpoint, type Topology } from '../../topology/index.js';

export const MAX_PATHS = 8;
export const MAX_PATH_HOPS = 8;
export const MAX_SPRAY_GROUPS = 256;

/** A path as mlt.p4 takes it: the egress port at each switch, starting at the switch that sprays. */
export type PortPath = number[];

export interface Destination {
  /** The switch that delivers to these hosts. */
  switch: string;
  prefix: number;
  prefixLen: number;
}

export type SwitchRoute =
  { kind: 'port'; dest: Destination; port: number } | { kind: 'spray'; dest: Destination; group: number };

export interface SwitchRouting {
  routes: SwitchRoute[];
  /** Spray groups by number: the paths of each. */
  groups: PortPath[][];
}

interface Adjacent {
  port: number;
  to: string;
}

/** Every switch's routes and spray groups. Throws when mlt.p4 cannot encode the fabric's paths. */
export function computeRouting(t: Topology): Map<string, SwitchRouting> {
  const switches = t.nodes.filter((n) => n.kind === 'switch').map((n) => n.name);
  const isSwitch = new Set(switches);
  const adj = new Map<string, Adjacent[]>(switches.map((s) => [s, []]));
  for (const l of t.links)
    if (isSwitch.has(l.a.node) && isSwitch.has(l.b.node)) {
      adj.get(l.a.node)!.push({ port: l.a.port, to: l.b.node });
      adj.get(l.b.node)!.push({ port: l.b.port, to: l.a.node });
    }
  for (const list of adj.values()) list.sort((x, y) => x.port - y.port);

  const attached = hostAttachments(t);
  const destinations = destinationsOf(t, attached);
  const out = new Map<string, SwitchRouting>();
  const distCache = new Map<string, Map<string, number>>();
  const distTo = (d: string): Map<string, number> => {
    let m = distCache.get(d);
    if (!m) distCache.set(d, (m = bfs(adj, d)));
    return m;
  };
  for (const x of switches) {
    const routing: SwitchRouting = { routes: [], groups: [] };
    const groupOf = new Map<string, number>();
    for (const h of t.nodes)
      if (h.kind === 'host' && attached.get(h.name)?.node === x)
        routing.routes.push({
          kind: 'port',
          dest: { switch: x, prefix: h.ip, prefixLen: 32 },
          port: attached.get(h.name)!.port,
        });
    for (const dest of destinations) {
      if (dest.switch === x) continue;
      const dist = distTo(dest.switch);
      if (!dist.has(x)) continue; // unreachable: packets to it miss ipv4_route and are dropped as NO_ROUTE
      const paths = shortestPaths(adj, dist, x, dest.switch, MAX_PATHS);
      if (paths.length === 1) {
        routing.routes.push({ kind: 'port', dest, port: paths[0]![0]! });
        continue;
      }
      const hops = paths[0]!.length;
      if (hops > MAX_PATH_HOPS)
        throw new Error(
          `${x} reaches ${dest.switch} in ${hops} hops; mlt.p4 source routes hold at most ${MAX_PATH_HOPS}`,
        );
      const key = JSON.stringify(paths);
      let group = groupOf.get(key);
      if (group === undefined) {
        group = routing.groups.length;
        if (group >= MAX_SPRAY_GROUPS)
          throw new Error(
            `${x} needs more than ${MAX_SPRAY_GROUPS} spray groups (mlt.p4's group id is 8 bits)`,
          );
        groupOf.set(key, group);
        routing.groups.push(paths);
      }
      routing.routes.push({ kind: 'spray', dest, group });
    }
    out.set(x, routing);
  }
  return out;
}

/** Each switch's own prefixes, then a /32 for each host that no prefix of its switch covers. */
function destinationsOf(t: Topology, attached: Map<string, Endpoint>): Destination[] {
  const out: Destination[] = t.prefixes.map((p) => ({
    switch: p.switch,
    prefix: p.prefix,
    prefixLen: p.prefixLen,
  }));
  for (const n of t.nodes) {
    if (n.kind !== 'host') continue;
    const at = attached.get(n.name);
    if (!at) continue;
    if (t.prefixes.some((p) => p.switch === at.node && inPrefix(n.ip, p.prefix, p.prefixLen))) continue;
    out.push({ switch: at.node, prefix: n.ip, prefixLen: 32 });
  }
  return out;
}

function bfs(adj: Map<string, Adjacent[]>, from: string): Map<string, number> {
  const dist = new Map<string, number>([[from, 0]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const u = queue[i]!;
    for (const { to } of adj.get(u)!)
      if (!dist.has(to)) {
        dist.set(to, dist.get(u)! + 1);
        queue.push(to);
      }
  }
  return dist;
}

/** Up to `limit` shortest paths from x to d, in order of their ports (every step goes one closer to d). */
function shortestPaths(
  adj: Map<string, Adjacent[]>,
  distToD: Map<string, number>,
  x: string,
  d: string,
  limit: number,
): PortPath[] {
  const out: PortPath[] = [];
  const walk = (u: string, path: number[]): void => {
    if (out.length >= limit) return;
    if (u === d) {
      out.push([...path]);
      return;
    }
    const du = distToD.get(u)!;
    for (const { port, to } of adj.get(u)!)
      if (distToD.get(to) === du - 1) {
        path.push(port);
        walk(to, path);
        path.pop();
      }
  };
  walk(x, []);
  return out;
}
