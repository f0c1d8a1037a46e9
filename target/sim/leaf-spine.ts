// The two-tier Clos that MLT evaluates (§6.2: 4 spines, 9 leaves, 16 hosts per leaf, 100 Gb/s). Naming and
// numbering are fixed so that scenarios and table entries can refer to them:
//   switches `leaf0..`, `spine0..`; hosts `h<leaf>.<i>` with IPv4 10.0.<leaf>.<i+1> and MAC 02:00:00:00:<leaf>:<i+1>;
//   leaf ports 1..H face hosts (host i on port i+1), ports H+1..H+S face spines (spine s on port H+1+s);
//   spine port l+1 faces leaf l. Port 0 is left unused, since bmv2 sends a packet whose egress_spec was never
//   set to port 0.
import type { Fabric, LinkSpec } from './fabric.js';
import type { Route } from './builtin-router.js';
import type { SwitchConfig } from './nodes.js';
import type { SimPipeline } from './pipeline.js';

export interface LeafSpineSpec {
  spines: number;
  leaves: number;
  hostsPerLeaf: number;
  /** Host-to-leaf links. */
  hostLink: LinkSpec;
  /** Leaf-to-spine links. */
  fabricLink: LinkSpec;
  switchConfig?: Partial<SwitchConfig>;
}

export type SwitchRole = 'leaf' | 'spine';

export class LeafSpineLayout {
  constructor(readonly spec: LeafSpineSpec) {}

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

  /** Routes a destination-based router needs: hosts of a leaf directly, other leaves over every spine. */
  routes(role: SwitchRole, index: number): Route[] {
    const { leaves, spines, hostsPerLeaf } = this.spec;
    const routes: Route[] = [];
    if (role === 'spine') {
      for (let l = 0; l < leaves; l++)
        routes.push({ prefix: this.leafPrefix(l), prefixLen: 24, ports: [this.spineDownPort(l)] });
      return routes;
    }
    const uplinks = Array.from({ length: spines }, (_, s) => this.leafUplinkPort(s));
    for (let l = 0; l < leaves; l++) {
      if (l === index)
        for (let i = 0; i < hostsPerLeaf; i++)
          routes.push({ prefix: this.hostIp(l, i), prefixLen: 32, ports: [this.leafHostPort(i)] });
      else routes.push({ prefix: this.leafPrefix(l), prefixLen: 24, ports: uplinks });
    }
    return routes;
  }
}

/** Add a leaf-spine fabric; `pipelineFor` makes each switch's own pipeline instance. */
export function buildLeafSpine(
  fabric: Fabric,
  spec: LeafSpineSpec,
  pipelineFor: (role: SwitchRole, index: number, layout: LeafSpineLayout) => SimPipeline,
): LeafSpineLayout {
  const layout = new LeafSpineLayout(spec);
  if (spec.leaves > 255 || spec.hostsPerLeaf > 254)
    throw new Error('at most 255 leaves and 254 hosts per leaf');
  for (let s = 0; s < spec.spines; s++)
    fabric.addSwitch(layout.spineName(s), pipelineFor('spine', s, layout), spec.switchConfig);
  for (let l = 0; l < spec.leaves; l++) {
    const leaf = layout.leafName(l);
    fabric.addSwitch(leaf, pipelineFor('leaf', l, layout), spec.switchConfig);
    for (let i = 0; i < spec.hostsPerLeaf; i++) {
      const h = layout.hostName(l, i);
      fabric.addHost(h, layout.hostIp(l, i), layout.hostMac(l, i));
      fabric.connect(h, 0, leaf, layout.leafHostPort(i), spec.hostLink);
    }
    for (let s = 0; s < spec.spines; s++)
      fabric.connect(
        leaf,
        layout.leafUplinkPort(s),
        layout.spineName(s),
        layout.spineDownPort(l),
        spec.fabricLink,
      );
  }
  return layout;
}
