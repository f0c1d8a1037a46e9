// Routing entries for p4/mlt.p4 on a leaf-spine fabric, so a scenario need not list hundreds of routes: each
// leaf reaches its own hosts by /32 and every other leaf's /24 through spray group 0, whose paths are the
// uplinks to every spine (one-hop paths: the spine routes on by IPv4); each spine routes every leaf's /24 down.
import type { LeafSpineLayout } from './leaf-spine.js';
import type { EntrySpec } from './table-entries.js';
import { formatIpv4 } from './frames.js';

export type MltRouting = 'spray' | 'spray-random';

const MAX_PATHS = 8;

function entry(
  table: string,
  match: Record<string, string>,
  action: string,
  params: Record<string, string>,
): EntrySpec {
  return { origin: 'pipeline.routing', overridable: true, table, isDefault: false, match, action, params };
}

export function mltLeafSpineEntries(
  layout: LeafSpineLayout,
  role: 'leaf' | 'spine',
  index: number,
  mode: MltRouting,
): EntrySpec[] {
  const { leaves, spines, hostsPerLeaf } = layout.spec;
  const out: EntrySpec[] = [];
  const route = (prefix: number, len: number, action: string, params: Record<string, string>): void => {
    out.push(
      entry('MLTIngress.ipv4_route', { 'hdr.ipv4.dst_addr': `${formatIpv4(prefix)}/${len}` }, action, params),
    );
  };
  if (role === 'spine') {
    for (let l = 0; l < leaves; l++)
      route(layout.leafPrefix(l), 24, 'MLTIngress.route_to_port', { port: String(layout.spineDownPort(l)) });
    return out;
  }
  if (spines > MAX_PATHS)
    throw new Error(`mlt.p4 sprays over at most ${MAX_PATHS} paths; this fabric has ${spines} spines`);
  for (let i = 0; i < hostsPerLeaf; i++)
    route(layout.hostIp(index, i), 32, 'MLTIngress.route_to_port', { port: String(layout.leafHostPort(i)) });
  for (let l = 0; l < leaves; l++)
    if (l !== index) route(layout.leafPrefix(l), 24, 'MLTIngress.route_to_spray_group', { group: '0' });
  out.push(
    entry(
      'MLTIngress.spray_groups',
      { 'meta.spray_group': '0' },
      mode === 'spray' ? 'MLTIngress.spray_round_robin' : 'MLTIngress.spray_random',
      { num_paths: String(spines) },
    ),
  );
  for (let s = 0; s < spines; s++) {
    const hops: Record<string, string> = { port: String(layout.leafUplinkPort(s)), hops: '0' };
    for (let h = 1; h <= 7; h++) hops[`hop${h}`] = '0';
    out.push(
      entry(
        'MLTIngress.spray_paths',
        { 'meta.spray_group': '0', 'meta.path_index': String(s) },
        'MLTIngress.use_path',
        hops,
      ),
    );
  }
  return out;
}
