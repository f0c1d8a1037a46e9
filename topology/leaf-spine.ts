// The two-tier Clos that MLT evaluates (§6.2: 4 spines, 9 leaves, 16 hosts per leaf). Naming and numbering
// are fixed so that scenarios, fabric files and table entries can refer to them:
//   switches `leaf0..`, `spine0..`; hosts `h<leaf>.<i>` with IPv4 10.0.<leaf>.<i+1> and MAC 02:00:00:00:<leaf>:<i+1>;
//   leaf ports 1..H face hosts (host i on port i+1), ports H+1..H+S face spines (spine s on port H+1+s);
//   spine port l+1 faces leaf l. Port 0 is left unused, since bmv2 sends a packet whose egress_spec was never
//   set to port 0.
import type { LinkProps, Topology, TopologyLink, TopologyNode } from './types.js';

export interface LeafSpineSpec<L = LinkProps> {
  spines: number;
  leaves: number;
  hostsPerLeaf: number;
  /** Host-to-leaf links. */
  hostLink: L;
  /** Leaf-to-spine links. */
  fabricLink: L;
}

export const MAX_LEAVES = 255;
export const MAX_HOSTS_PER_LEAF = 254;

export class LeafSpineLayout {
  constructor(readonly spec: Pick<LeafSpineSpec, 'spines' | 'leaves' | 'hostsPerLeaf'>) {}

  leafName(l: number): string {
    return `leaf${l}`;
  }
  spineName(s: number): string {
    return `spine${s}`;
  }
  hostName(l: number, i: number): string {
    return `h${l}.${i}`;
  }
  hostIp(l: number, i: number): number {
    return ((10 << 24) | (l << 8) | (i + 1)) >>> 0;
  }
  hostMac(l: number, i: number): number {
    return 0x020000000000 + l * 256 + i + 1;
  }
  /** The /24 of a leaf's hosts. */
  leafPrefix(l: number): number {
    return ((10 << 24) | (l << 8)) >>> 0;
  }
  leafHostPort(i: number): number {
    return i + 1;
  }
  leafUplinkPort(s: number): number {
    return this.spec.hostsPerLeaf + 1 + s;
  }
  spineDownPort(l: number): number {
    return l + 1;
  }
}

/** The leaf-spine fabric as nodes and links, in the order a simulator builds it: spines, then each leaf
 *  with its hosts and uplinks. */
export function expandLeafSpine<L = LinkProps>(
  spec: LeafSpineSpec<L>,
): { layout: LeafSpineLayout; topology: Topology<L> } {
  if (spec.leaves > MAX_LEAVES || spec.hostsPerLeaf > MAX_HOSTS_PER_LEAF)
    throw new Error(`at most ${MAX_LEAVES} leaves and ${MAX_HOSTS_PER_LEAF} hosts per leaf`);
  const layout = new LeafSpineLayout(spec);
  const nodes: TopologyNode[] = [];
  const links: TopologyLink<L>[] = [];
  for (let s = 0; s < spec.spines; s++)
    nodes.push({ kind: 'switch', name: layout.spineName(s), role: 'spine' });
  for (let l = 0; l < spec.leaves; l++) {
    const leaf = layout.leafName(l);
    nodes.push({ kind: 'switch', name: leaf, role: 'leaf' });
    for (let i = 0; i < spec.hostsPerLeaf; i++) {
      const h = layout.hostName(l, i);
      nodes.push({ kind: 'host', name: h, ip: layout.hostIp(l, i), mac: layout.hostMac(l, i) });
      links.push({
        a: { node: h, port: 0 },
        b: { node: leaf, port: layout.leafHostPort(i) },
        props: spec.hostLink,
      });
    }
    for (let s = 0; s < spec.spines; s++)
      links.push({
        a: { node: leaf, port: layout.leafUplinkPort(s) },
        b: { node: layout.spineName(s), port: layout.spineDownPort(l) },
        props: spec.fabricLink,
      });
  }
  const prefixes = Array.from({ length: spec.leaves }, (_, l) => ({
    switch: layout.leafName(l),
    prefix: layout.leafPrefix(l),
    prefixLen: 24,
  }));
  return { layout, topology: { nodes, links, prefixes } };
}
