// A fixed-function pipeline written in TypeScript: longest-prefix routes to groups of ports, per-packet or
// per-flow choice inside a group, DSCP -> priority, and source-route popping. It is not a model of mlt.p4: it
// exists so that fabrics, traffic and the traffic manager can be exercised (and compared against a P4
// pipeline) without a compiled program.
import { ReadyPacket, type Enqueued, type IngressSink } from '../tm/seam.js';
import { Rng } from '../tm/random.js';
import { ETHERTYPE_IPV4, ETHERTYPE_SOURCE_ROUTE, ipv4Offset } from './frames.js';
import type { SimPipeline } from './pipeline.js';

export interface Route {
  prefix: number;
  prefixLen: number;
  /** Candidate egress ports; more than one makes an ECMP / spray group. */
  ports: readonly number[];
}

/** How a route with several ports picks one: per packet in turn, per packet at random, or per flow by hash. */
export type SprayMode = 'round-robin' | 'random' | 'hash';

export interface BuiltinRouterConfig {
  routes: readonly Route[];
  spray: SprayMode;
  /** Priority for each DSCP value (64 entries); missing entries mean priority 0. */
  dscpToPriority?: readonly number[];
  seed?: number;
}

interface Group {
  mask: number;
  prefix: number;
  ports: readonly number[];
  next: number;
}

export class BuiltinRouter implements SimPipeline {
  readonly description: string;
  private readonly groups: Group[];
  private readonly prio: Uint8Array;
  private readonly rng: Rng;

  constructor(private readonly config: BuiltinRouterConfig) {
    this.description = `builtin router (${config.spray})`;
    this.groups = [...config.routes]
      .sort((a, b) => b.prefixLen - a.prefixLen)
      .map((r) => {
        const mask = r.prefixLen === 0 ? 0 : (0xffffffff << (32 - r.prefixLen)) >>> 0;
        return { mask, prefix: (r.prefix & mask) >>> 0, ports: r.ports, next: 0 };
      });
    this.prio = new Uint8Array(64);
    config.dscpToPriority?.forEach((p, i) => (this.prio[i] = p));
    this.rng = new Rng(config.seed ?? 1);
  }

  ingress(_port: number, data: Uint8Array, _now: number, enqueue: IngressSink): void {
    const type = (data[12]! << 8) | data[13]!;
    if (type === ETHERTYPE_SOURCE_ROUTE) {
      enqueue(this.sourceRouted(data));
      return;
    }
    const ip = ipv4Offset(data);
    if (ip < 0 || type !== ETHERTYPE_IPV4) return;
    const dst =
      ((data[ip + 16]! << 24) | (data[ip + 17]! << 16) | (data[ip + 18]! << 8) | data[ip + 19]!) >>> 0;
    const g = this.lookup(dst);
    if (!g) return;
    let port: number;
    if (g.ports.length === 1) port = g.ports[0]!;
    else if (this.config.spray === 'round-robin') {
      port = g.ports[g.next]!;
      g.next = (g.next + 1) % g.ports.length;
    } else if (this.config.spray === 'random') port = g.ports[this.rng.nextInt(g.ports.length)]!;
    else port = g.ports[flowHash(data, ip) % g.ports.length]!;
    enqueue(this.forward(port, this.prio[data[ip + 1]! >> 2]!, data));
  }

  private sourceRouted(data: Uint8Array): Enqueued {
    const hop = (data[14]! << 8) | data[15]!;
    const out = new Uint8Array(data.length - 2);
    out.set(data.subarray(0, 12));
    out.set(data.subarray(16), 14);
    if (hop & 0x8000) {
      out[12] = ETHERTYPE_IPV4 >> 8;
      out[13] = ETHERTYPE_IPV4 & 0xff;
    } else {
      out[12] = ETHERTYPE_SOURCE_ROUTE >> 8;
      out[13] = ETHERTYPE_SOURCE_ROUTE & 0xff;
    }
    const ip = ipv4Offset(out);
    const prio = ip < 0 ? 0 : this.prio[out[ip + 1]! >> 2]!;
    return this.forward(hop & 0x7fff, prio, out);
  }

  private forward(port: number, priority: number, data: Uint8Array): Enqueued {
    return new ReadyPacket(port, priority, [{ port, data }]);
  }

  private lookup(dst: number): Group | undefined {
    for (const g of this.groups) if ((dst & g.mask) >>> 0 === g.prefix) return g;
    return undefined;
  }
}

/** FNV-1a over the IPv4 addresses, protocol and (for UDP/TCP) ports: a stand-in for a switch's ECMP hash. */
function flowHash(data: Uint8Array, ip: number): number {
  let h = 0x811c9dc5;
  const mix = (b: number): void => {
    h = Math.imul(h ^ b, 0x01000193);
  };
  for (let i = 12; i < 20; i++) mix(data[ip + i]!);
  mix(data[ip + 9]!);
  const l4 = ip + (data[ip]! & 0x0f) * 4;
  for (let i = 0; i < 4 && l4 + i < data.length; i++) mix(data[l4 + i]!);
  return h >>> 0;
}
