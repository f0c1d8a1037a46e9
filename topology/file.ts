// The `topology:` section that scenarios and fabric files share, and its expansion into nodes and links.
// Either the leaf-spine builder, or explicit switches, hosts and links `switch:port <-> switch:port`.
// JSON Schema checks the shapes; this checks what a schema cannot (names, ports used twice, addresses).
import { inPrefix, parseIpv4, parseMac } from './addresses.js';
import { expandLeafSpine, type LeafSpineLayout } from './leaf-spine.js';
import type { Endpoint, HostPrefix, LinkProps, Topology, TopologyLink, TopologyNode } from './types.js';

export interface LeafSpineFile {
  spines: number;
  leaves: number;
  hostsPerLeaf: number;
  /** Host-leaf links, and leaf-spine links unless fabricLink is given. */
  link: LinkProps;
  fabricLink?: LinkProps;
}

export interface ExplicitLinkFile {
  /** `switch:port`, or a host name (its single port). */
  a: string;
  b: string;
  rate?: string | number;
  delay?: string;
}

export interface ExplicitTopologyFile {
  switches: string[];
  hosts: { name: string; ip: string; mac?: string; port?: string }[];
  /** `a:1 <-> b:2` with the default link properties, or an object with its own. */
  links: (string | ExplicitLinkFile)[];
  /** Default link properties. */
  link?: LinkProps;
  /** Prefixes that aggregate a switch's hosts (`10.0.1.0/24`); other hosts are routed by /32. */
  prefixes?: { switch: string; prefix: string }[];
}

export type TopologyFile = { leafSpine: LeafSpineFile } | ExplicitTopologyFile;

export type DataPath = (string | number)[];

/** Something wrong inside a topology section; `path` is relative to that section. */
export class TopologyError extends Error {
  constructor(
    readonly path: DataPath,
    message: string,
  ) {
    super(message);
    this.name = 'TopologyError';
  }
}

export interface ExpandedTopology {
  topology: Topology;
  /** Set for the leaf-spine builder. */
  layout?: LeafSpineLayout;
}

export function expandTopology(file: TopologyFile): ExpandedTopology {
  if ('leafSpine' in file) {
    const t = file.leafSpine;
    try {
      return expandLeafSpine({
        spines: t.spines,
        leaves: t.leaves,
        hostsPerLeaf: t.hostsPerLeaf,
        hostLink: t.link,
        fabricLink: t.fabricLink ?? t.link,
      });
    } catch (e) {
      throw new TopologyError(['leafSpine'], (e as Error).message);
    }
  }
  return { topology: expandExplicit(file) };
}

const LINK_TEXT = /^\s*(\S+)\s*<->\s*(\S+)\s*$/;

function expandExplicit(file: ExplicitTopologyFile): Topology {
  const nodes: TopologyNode[] = [];
  const kinds = new Map<string, 'switch' | 'host'>();
  const add = (n: TopologyNode, path: DataPath): void => {
    if (kinds.has(n.name)) throw new TopologyError(path, `node name '${n.name}' is used twice`);
    kinds.set(n.name, n.kind);
    nodes.push(n);
  };
  file.switches.forEach((name, i) => add({ kind: 'switch', name }, ['switches', i]));
  const ips = new Map<number, string>();
  file.hosts.forEach((h, i) => {
    const ip = parseIpv4(h.ip);
    if (ip === undefined) throw new TopologyError(['hosts', i, 'ip'], `'${h.ip}' is not an IPv4 address`);
    const other = ips.get(ip);
    if (other !== undefined)
      throw new TopologyError(['hosts', i, 'ip'], `address ${h.ip} is already host '${other}''s`);
    ips.set(ip, h.name);
    const mac = h.mac === undefined ? 0x020000010000 + i + 1 : parseMac(h.mac);
    if (mac === undefined) throw new TopologyError(['hosts', i, 'mac'], `'${h.mac}' is not a MAC address`);
    add({ kind: 'host', name: h.name, ip, mac }, ['hosts', i]);
  });

  const used = new Set<string>();
  const endpoint = (text: string, path: DataPath): Endpoint => {
    const m = /^(.*):(\d+)$/.exec(text.trim());
    const node = m ? m[1]! : text.trim();
    const kind = kinds.get(node);
    if (kind === undefined)
      throw new TopologyError(
        path,
        `no switch or host named '${node}' (switches: ${file.switches.join(', ')})`,
      );
    if (kind === 'switch' && !m)
      throw new TopologyError(path, `'${text}': a switch end needs a port, e.g. ${node}:1`);
    if (kind === 'host' && m && Number(m[2]) !== 0)
      throw new TopologyError(path, `'${text}': a host has a single port; write just '${node}'`);
    const port = m ? Number(m[2]) : 0;
    if (port > 510) throw new TopologyError(path, `port ${port} is out of range (0..510; 511 drops in bmv2)`);
    const key = `${node}:${port}`;
    if (used.has(key)) throw new TopologyError(path, `${key} is already connected`);
    used.add(key);
    return { node, port };
  };
  const links: TopologyLink[] = [];
  const props = (rate: string | number | undefined, delay: string | undefined, path: DataPath): LinkProps => {
    const r = rate ?? file.link?.rate;
    if (r === undefined)
      throw new TopologyError(path, 'no rate: give one here or a default `link: {rate: ...}`');
    const d = delay ?? file.link?.delay;
    return d === undefined ? { rate: r } : { rate: r, delay: d };
  };
  // Hosts attached by `port:` come first, so that host links precede switch links as in the builder.
  file.hosts.forEach((h, i) => {
    if (h.port === undefined) return;
    const path = ['hosts', i, 'port'];
    const b = endpoint(h.port, path);
    if (kinds.get(b.node) !== 'switch') throw new TopologyError(path, `'${h.port}' is not a switch port`);
    links.push({ a: endpoint(h.name, path), b, props: props(undefined, undefined, path) });
  });
  file.links.forEach((l, i) => {
    const path: DataPath = ['links', i];
    let a: string;
    let b: string;
    let p: LinkProps;
    if (typeof l === 'string') {
      const m = LINK_TEXT.exec(l);
      if (!m) throw new TopologyError(path, `'${l}': expected 'switch:port <-> switch:port'`);
      [a, b] = [m[1]!, m[2]!];
      p = props(undefined, undefined, path);
    } else {
      [a, b] = [l.a, l.b];
      p = props(l.rate, l.delay, path);
    }
    const ea = endpoint(a, typeof l === 'string' ? path : [...path, 'a']);
    const eb = endpoint(b, typeof l === 'string' ? path : [...path, 'b']);
    if (ea.node === eb.node) throw new TopologyError(path, `a link from '${ea.node}' to itself`);
    links.push({ a: ea, b: eb, props: p });
  });
  file.hosts.forEach((h, i) => {
    if (!used.has(`${h.name}:0`))
      throw new TopologyError(['hosts', i], `host '${h.name}' is attached to nothing`);
  });

  const prefixes: HostPrefix[] = (file.prefixes ?? []).map((p, i) => {
    const path = ['prefixes', i];
    if (kinds.get(p.switch) !== 'switch')
      throw new TopologyError([...path, 'switch'], `no switch named '${p.switch}'`);
    const [addr, len] = p.prefix.split('/');
    const prefix = parseIpv4(addr ?? '');
    const prefixLen = Number(len);
    if (prefix === undefined || !Number.isInteger(prefixLen) || prefixLen < 0 || prefixLen > 32)
      throw new TopologyError([...path, 'prefix'], `'${p.prefix}' is not an IPv4 prefix like 10.0.1.0/24`);
    return { switch: p.switch, prefix, prefixLen };
  });
  return { nodes, links, prefixes: checkPrefixes({ nodes, links, prefixes }) };
}

/** Every host a prefix covers must hang off that prefix's switch, or packets would go to the wrong leaf. */
function checkPrefixes(t: Topology): HostPrefix[] {
  const attached = hostAttachments(t);
  t.prefixes.forEach((p, i) => {
    for (const n of t.nodes)
      if (
        n.kind === 'host' &&
        inPrefix(n.ip, p.prefix, p.prefixLen) &&
        attached.get(n.name)?.node !== p.switch
      )
        throw new TopologyError(
          ['prefixes', i, 'prefix'],
          `covers host '${n.name}', which is not attached to '${p.switch}'`,
        );
  });
  return t.prefixes;
}

/** The switch port each host hangs off. */
export function hostAttachments(t: Topology): Map<string, Endpoint> {
  const hosts = new Set(t.nodes.filter((n) => n.kind === 'host').map((n) => n.name));
  const out = new Map<string, Endpoint>();
  for (const l of t.links) {
    if (hosts.has(l.a.node) && !hosts.has(l.b.node)) out.set(l.a.node, l.b);
    if (hosts.has(l.b.node) && !hosts.has(l.a.node)) out.set(l.b.node, l.a);
  }
  return out;
}
