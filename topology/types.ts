// The topology of a fabric as plain data: switches and hosts joined by point-to-point links, each end a
// (node, port) pair. Both the simulator (to build the fabric) and the controller (to compute routes and
// spray paths) read the same expanded form, so a fabric is simulated exactly as it is configured.

/** A link's speed and propagation delay as written in a file (`100Gbps`, `1us`); the reader parses them. */
export interface LinkProps {
  rate: string | number;
  delay?: string;
}

export interface Endpoint {
  node: string;
  /** Hosts have a single port, numbered 0. */
  port: number;
}

export interface SwitchNode {
  kind: 'switch';
  name: string;
  /** Known for the leaf-spine builder; explicit topologies leave it out. */
  role?: 'leaf' | 'spine';
}

export interface HostNode {
  kind: 'host';
  name: string;
  /** IPv4 address as an unsigned 32-bit number. */
  ip: number;
  /** MAC address as a 48-bit number. */
  mac: number;
}

export type TopologyNode = SwitchNode | HostNode;

/** `L` is how link properties are held: as written in a file by default, parsed by a simulator. */
export interface TopologyLink<L = LinkProps> {
  a: Endpoint;
  b: Endpoint;
  props: L;
}

/** The addresses a switch delivers to its own hosts, as one routing prefix (e.g. a leaf's /24). */
export interface HostPrefix {
  switch: string;
  prefix: number;
  prefixLen: number;
}

export interface Topology<L = LinkProps> {
  /** In the order a simulator creates them (which fixes per-switch seeds). */
  nodes: TopologyNode[];
  /** In the order they are connected. */
  links: TopologyLink<L>[];
  /** Prefixes that aggregate several hosts of one switch; hosts not covered are routed by /32. */
  prefixes: HostPrefix[];
}
