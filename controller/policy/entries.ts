// The one mapping from a fabric's topology and policy to p4/mlt.p4's table entries, by the control-plane
// names in mlt.p4's P4Info (the header comment of p4/mlt.p4 documents each table). Values are numbers or
// P4Runtime-style text (`10.0.1.0/24` for lpm), which both p4runtime-ts and the simulator's tables read.
import { formatIpv4, type Topology } from '../../topology/index.js';
import { computeRouting, type PortPath } from './paths.js';
import { installedThreshold, lossRateValue } from './thresholds.js';
import type { ResolvedPolicy } from './types.js';

export interface PolicyEntry {
  table: string;
  match: Record<string, number | string>;
  action: string;
  params: Record<string, number>;
}

/** The names this module uses; a pipeline's P4Info must have them all (see missingNames). */
export const MLT = {
  ipv4Route: 'MLTIngress.ipv4_route',
  dstAddr: 'hdr.ipv4.dst_addr',
  routeToPort: 'MLTIngress.route_to_port',
  routeToGroup: 'MLTIngress.route_to_spray_group',
  sprayGroups: 'MLTIngress.spray_groups',
  sprayGroup: 'meta.spray_group',
  roundRobin: 'MLTIngress.spray_round_robin',
  random: 'MLTIngress.spray_random',
  sprayPaths: 'MLTIngress.spray_paths',
  pathIndex: 'meta.path_index',
  usePath: 'MLTIngress.use_path',
  dscpToPriority: 'MLTIngress.dscp_to_priority',
  dscp: 'hdr.ipv4.dscp',
  setPriority: 'MLTIngress.set_priority',
  queueThresholds: 'MLTEgress.queue_thresholds',
  egressPort: 'standard_metadata.egress_port',
  priority: 'standard_metadata.priority',
  setThresholds: 'MLTEgress.set_thresholds',
  portLossRate: 'MLTEgress.port_loss_rate',
  setLossRate: 'MLTEgress.set_loss_rate',
} as const;

/** The tables a policy owns: a push makes each of them hold exactly the policy's entries. */
export const POLICY_TABLES: readonly string[] = [
  MLT.ipv4Route,
  MLT.sprayGroups,
  MLT.sprayPaths,
  MLT.dscpToPriority,
  MLT.queueThresholds,
  MLT.portLossRate,
];

const HOP_PARAMS = 7;

function usePathParams(path: PortPath): Record<string, number> {
  const params: Record<string, number> = { port: path[0]!, hops: path.length - 1 };
  for (let h = 1; h <= HOP_PARAMS; h++) params[`hop${h}`] = path[h] ?? 0;
  return params;
}

/** The ports of each switch that have a link, ascending. */
export function linkedPorts(topology: Topology): Map<string, number[]> {
  const switches = new Set(topology.nodes.filter((n) => n.kind === 'switch').map((n) => n.name));
  const ports = new Map<string, Set<number>>([...switches].map((s) => [s, new Set()]));
  for (const l of topology.links) for (const e of [l.a, l.b]) ports.get(e.node)?.add(e.port);
  return new Map([...ports].map(([s, p]) => [s, [...p].sort((a, b) => a - b)]));
}

/** queue_thresholds entries for model thresholds per queue on the given ports (installed per thresholds.ts). */
export function thresholdEntries(
  ports: readonly number[],
  thresholds: ReadonlyMap<number, { S: number; L: number }>,
): PolicyEntry[] {
  const list: PolicyEntry[] = [];
  const queues = [...thresholds].sort((a, b) => a[0] - b[0]);
  for (const port of ports)
    for (const [queue, th] of queues)
      list.push({
        table: MLT.queueThresholds,
        match: { [MLT.egressPort]: port, [MLT.priority]: queue },
        action: MLT.setThresholds,
        params: { s_threshold: installedThreshold(th.S), l_threshold: installedThreshold(th.L) },
      });
  return list;
}

/** Every switch's entries, in a stable order. Throws when the topology cannot be encoded (see paths.ts). */
export function policyEntries(topology: Topology, policy: ResolvedPolicy): Map<string, PolicyEntry[]> {
  const routing = computeRouting(topology);
  const ports = linkedPorts(topology);
  const out = new Map<string, PolicyEntry[]>();
  for (const [sw, r] of routing) {
    const list: PolicyEntry[] = [];
    for (const route of r.routes) {
      const match = { [MLT.dstAddr]: `${formatIpv4(route.dest.prefix)}/${route.dest.prefixLen}` };
      list.push(
        route.kind === 'port'
          ? { table: MLT.ipv4Route, match, action: MLT.routeToPort, params: { port: route.port } }
          : { table: MLT.ipv4Route, match, action: MLT.routeToGroup, params: { group: route.group } },
      );
    }
    r.groups.forEach((paths, g) => {
      list.push({
        table: MLT.sprayGroups,
        match: { [MLT.sprayGroup]: g },
        action: policy.spray === 'random' ? MLT.random : MLT.roundRobin,
        params: { num_paths: paths.length },
      });
      paths.forEach((p, i) =>
        list.push({
          table: MLT.sprayPaths,
          match: { [MLT.sprayGroup]: g, [MLT.pathIndex]: i },
          action: MLT.usePath,
          params: usePathParams(p),
        }),
      );
    });
    for (const [dscp, priority] of [...policy.dscp].sort((a, b) => a[0] - b[0]))
      list.push({
        table: MLT.dscpToPriority,
        match: { [MLT.dscp]: dscp },
        action: MLT.setPriority,
        params: { priority },
      });
    list.push(...thresholdEntries(ports.get(sw) ?? [], policy.thresholds));
    for (const l of policy.loss)
      if (l.switch === sw)
        list.push({
          table: MLT.portLossRate,
          match: { [MLT.egressPort]: l.port },
          action: MLT.setLossRate,
          params: { rate: lossRateValue(l.rate) },
        });
    out.set(sw, list);
  }
  return out;
}
