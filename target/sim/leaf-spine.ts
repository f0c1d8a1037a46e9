// Building a fabric from the topology model (topology/): the leaf-spine builder that scenarios use, and any
// expanded topology, such as a fabric file's. The naming and numbering of leaf-spine fabrics live in
// topology/leaf-spine.ts, shared with the controller.
import {
  expandLeafSpine,
  type LeafSpineLayout,
  type LeafSpineSpec as TopologyLeafSpineSpec,
  type Topology,
  type TopologyNode,
} from '../../topology/index.js';
import type { Fabric, LinkSpec } from './fabric.js';
import type { Route } from './builtin-router.js';
import type { SwitchConfig } from './nodes.js';
import type { SimPipeline } from './pipeline.js';

export { LeafSpineLayout } from '../../topology/index.js';

export interface LeafSpineSpec extends TopologyLeafSpineSpec<LinkSpec> {
  switchConfig?: Partial<SwitchConfig>;
}

export type SwitchRole = 'leaf' | 'spine';

/** Routes a destination-based router needs: hosts of a leaf directly, other leaves over every spine. */
export function leafSpineRoutes(layout: LeafSpineLayout, role: SwitchRole, index: number): Route[] {
  const { leaves, spines, hostsPerLeaf } = layout.spec;
  const routes: Route[] = [];
  if (role === 'spine') {
    for (let l = 0; l < leaves; l++)
      routes.push({ prefix: layout.leafPrefix(l), prefixLen: 24, ports: [layout.spineDownPort(l)] });
    return routes;
  }
  const uplinks = Array.from({ length: spines }, (_, s) => layout.leafUplinkPort(s));
  for (let l = 0; l < leaves; l++) {
    if (l === index)
      for (let i = 0; i < hostsPerLeaf; i++)
        routes.push({ prefix: layout.hostIp(l, i), prefixLen: 32, ports: [layout.leafHostPort(i)] });
    else routes.push({ prefix: layout.leafPrefix(l), prefixLen: 24, ports: uplinks });
  }
  return routes;
}

/** Add every node and link of a topology, in its order; `pipelineFor` makes each switch's own pipeline. */
export function buildTopology(
  fabric: Fabric,
  topology: Topology<LinkSpec>,
  pipelineFor: (node: TopologyNode & { kind: 'switch' }, index: number) => SimPipeline,
  switchConfig?: Partial<SwitchConfig>,
): void {
  let index = 0;
  for (const n of topology.nodes)
    if (n.kind === 'switch') fabric.addSwitch(n.name, pipelineFor(n, index++), switchConfig);
    else fabric.addHost(n.name, n.ip, n.mac);
  for (const l of topology.links) fabric.connect(l.a.node, l.a.port, l.b.node, l.b.port, l.props);
}

/** Add a leaf-spine fabric; `pipelineFor` makes each switch's own pipeline instance. */
export function buildLeafSpine(
  fabric: Fabric,
  spec: LeafSpineSpec,
  pipelineFor: (role: SwitchRole, index: number, layout: LeafSpineLayout) => SimPipeline,
): LeafSpineLayout {
  const { layout, topology } = expandLeafSpine(spec);
  buildTopology(
    fabric,
    topology,
    (n) => pipelineFor(n.role ?? 'leaf', Number(/\d+$/.exec(n.name)![0]), layout),
    spec.switchConfig,
  );
  return layout;
}
