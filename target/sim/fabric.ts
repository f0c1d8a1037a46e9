// A fabric: switches and hosts joined by full-duplex links, all driven by one simulator. Each direction of a
// link is the sending node's egress port (which serialises at the link rate) followed by a propagation delay.
import type { EgressPort } from '../tm/egress-port.js';
import { DEFAULT_QUEUES } from '../tm/egress-port.js';
import { Simulator } from '../tm/simulator.js';
import { DEFAULT_SWITCH_MODEL } from '../tm/switch-model.js';
import { FlowRegistry } from './flows.js';
import { HostNode, SwitchNode, type FabricNode, type SwitchConfig } from './nodes.js';
import type { SimPipeline } from './pipeline.js';

export interface LinkSpec {
  rateBps: number;
  delayPs: number;
}

/** One direction of a link. */
export interface LinkDirection {
  from: string;
  fromPort: number;
  to: string;
  toPort: number;
  rateBps: number;
  delayPs: number;
  /** The sending side's egress port: its wire-busy time is the link's utilisation. */
  egress: EgressPort;
}

/**
 * Sees every frame put on a link: `startPs` when its transmission begins, `arrivePs` when its last bit reaches the
 * far end. Called during the simulation; `data` is only valid for the call (the frame's memory is reused).
 */
export type FrameTap = (link: LinkDirection, startPs: number, arrivePs: number, data: Uint8Array) => void;

export class Fabric {
  readonly sim = new Simulator();
  readonly flows = new FlowRegistry();
  readonly switches = new Map<string, SwitchNode>();
  readonly hosts = new Map<string, HostNode>();
  readonly links: LinkDirection[] = [];
  private readonly used = new Set<string>();
  /** See tap(). */
  private tapFn: FrameTap | undefined;

  constructor(readonly framingOverheadBytes = 0) {}

  addSwitch(name: string, pipeline: SimPipeline, config: Partial<SwitchConfig> = {}): SwitchNode {
    this.checkName(name);
    const sw = new SwitchNode(name, this.sim, pipeline, {
      ...config,
      queues: config.queues ?? DEFAULT_QUEUES,
      framingOverheadBytes: config.framingOverheadBytes ?? this.framingOverheadBytes,
      model: config.model ?? DEFAULT_SWITCH_MODEL,
    });
    this.switches.set(name, sw);
    return sw;
  }

  addHost(name: string, ip: number, mac: number): HostNode {
    this.checkName(name);
    const h = new HostNode(name, ip, mac, this.sim, this.flows);
    this.hosts.set(name, h);
    return h;
  }

  node(name: string): FabricNode {
    const n = this.switches.get(name) ?? this.hosts.get(name);
    if (!n) throw new Error(`no node named '${name}'`);
    return n;
  }

  host(name: string): HostNode {
    const h = this.hosts.get(name);
    if (!h) throw new Error(`no host named '${name}'`);
    return h;
  }

  /** Join a port of one node to a port of another (hosts have a single port, numbered 0). */
  connect(a: string, aPort: number, b: string, bPort: number, link: LinkSpec): void {
    this.half(a, aPort, b, bPort, link);
    this.half(b, bPort, a, aPort, link);
  }

  /** Show every frame put on a link to `fn` from now on (one tap at a time; undefined removes it). */
  tap(fn: FrameTap | undefined): void {
    this.tapFn = fn;
  }

  /** Frames handled by all switches so far (each arrival at a switch is one switch-hop). */
  switchHops(): number {
    let n = 0;
    for (const s of this.switches.values()) n += s.received;
    return n;
  }

  private half(from: string, fromPort: number, to: string, toPort: number, link: LinkSpec): void {
    const key = `${from}:${fromPort}`;
    if (this.used.has(key)) throw new Error(`port ${fromPort} of '${from}' is already connected`);
    this.used.add(key);
    const target = this.node(to);
    const sim = this.sim;
    const delay = link.delayPs;
    const deliver = (data: Uint8Array): void => target.receive(toPort, data);
    // Frames reach the far end in the order they were sent: one lane of events per link direction.
    const arrivals = sim.lane(deliver);
    // The wire is made before the port it belongs to, so the link it reports is filled in below.
    const self: { link?: LinkDirection } = {};
    const wire = (frames: readonly { data: Uint8Array }[], start: number, end: number): void => {
      const tap = this.tapFn;
      for (let i = 0; i < frames.length; i++) {
        if (tap !== undefined) tap(self.link!, start, end + delay, frames[i]!.data);
        arrivals.at(end + delay, frames[i]!.data);
      }
    };
    const sw = this.switches.get(from);
    let egress: EgressPort;
    if (sw) {
      sw.attach(fromPort, link.rateBps, wire);
      egress = sw.tm.port(fromPort)!;
    } else {
      const h = this.host(from);
      if (h.nic) throw new Error(`host '${from}' has a single port and it is already connected`);
      h.attach(link.rateBps, this.framingOverheadBytes, wire);
      egress = h.nic!;
    }
    self.link = { from, fromPort, to, toPort, rateBps: link.rateBps, delayPs: delay, egress };
    this.links.push(self.link);
  }

  private checkName(name: string): void {
    if (this.switches.has(name) || this.hosts.has(name)) throw new Error(`node name '${name}' used twice`);
  }
}
