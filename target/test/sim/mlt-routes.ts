// Hand-written p4/mlt.p4 routing for the two-leaf fabrics of the simulator tests, as scenario `tables:`
// entries. Target tests cannot use the controller (which computes routes for real fabrics, resolved by
// `mlt sim`), so these few entries are written out: each leaf reaches its own hosts (10.0.<leaf>.<i+1>) by
// /32 on port i + 1 and the other leaf's /24 through spray group 0, whose paths go up to each spine and down
// to the other leaf (port 1 for leaf 0, port 2 for leaf 1); each spine routes every leaf's /24 down.
import type { TableEntryFile } from '../../sim/scenario-file.js';

const noHops = Object.fromEntries(Array.from({ length: 7 }, (_, h) => [`hop${h + 1}`, 0]));

export function twoLeafRoutes(
  spines: number,
  hostsPerLeaf: number,
  spray: 'round-robin' | 'random' = 'round-robin',
): TableEntryFile[] {
  const route = 'MLTIngress.ipv4_route';
  const out: TableEntryFile[] = [
    {
      switches: 'spine*',
      repeat: { l: '0..1' },
      table: route,
      match: { 'hdr.ipv4.dst_addr': '10.0.${l}.0/24' },
      action: 'MLTIngress.route_to_port',
      params: { port: '${l+1}' },
    },
  ];
  for (const leaf of [0, 1])
    out.push(
      {
        switches: `leaf${leaf}`,
        repeat: { i: `0..${hostsPerLeaf - 1}` },
        table: route,
        match: { 'hdr.ipv4.dst_addr': `10.0.${leaf}.\${i+1}/32` },
        action: 'MLTIngress.route_to_port',
        params: { port: '${i+1}' },
      },
      {
        switches: `leaf${leaf}`,
        table: route,
        match: { 'hdr.ipv4.dst_addr': `10.0.${1 - leaf}.0/24` },
        action: 'MLTIngress.route_to_spray_group',
        params: { group: 0 },
      },
      {
        switches: `leaf${leaf}`,
        repeat: { s: `0..${spines - 1}` },
        table: 'MLTIngress.spray_paths',
        match: { 'meta.spray_group': 0, 'meta.path_index': '${s}' },
        action: 'MLTIngress.use_path',
        // Up to spine s, then one pushed hop: the spine's port down to the other leaf.
        params: { port: `\${s+${hostsPerLeaf + 1}}`, hops: 1, ...noHops, hop1: 2 - leaf },
      },
    );
  out.push({
    switches: 'leaf*',
    table: 'MLTIngress.spray_groups',
    match: { 'meta.spray_group': 0 },
    action: spray === 'random' ? 'MLTIngress.spray_random' : 'MLTIngress.spray_round_robin',
    params: { num_paths: spines },
  });
  return out;
}

/** The same entries as YAML list items (flow style), to follow a `tables:` key in a scenario text. */
export function twoLeafRoutesYaml(
  spines: number,
  hostsPerLeaf: number,
  spray?: 'round-robin' | 'random',
): string {
  return twoLeafRoutes(spines, hostsPerLeaf, spray)
    .map((e) => `\n  - ${JSON.stringify(e)}`)
    .join('');
}
