// PacketReplicationEngineEntry (multicast groups and clone sessions) over the device's replication
// engine, programmed as PI programs bmv2's (a clone session is a mirroring session to a multicast group of
// its own). The device cannot list its groups, so the wire form of each one is kept here for Read.
import { status } from '@grpc/grpc-js';
import { bigintToBytes, bytesToBigint, checkReceived, type Entity, type EntityMsg } from 'p4runtime-ts';
import type { PipelineDevice } from './pipeline.js';
import { RpcError } from './rpc-error.js';

type PreMsg = NonNullable<EntityMsg['packet_replication_engine_entry']>;
type GroupMsg = NonNullable<PreMsg['multicast_group_entry']>;
type SessionMsg = NonNullable<PreMsg['clone_session_entry']>;
type ReplicaMsg = GroupMsg['replicas'][number];

export interface Replica {
  port: number;
  instance: number;
}

interface Group {
  replicas: Replica[];
  /** Whether the controller sent ports as bytes (`port`) or the deprecated uint32 (`egress_port`). */
  portAsBytes: boolean;
  metadata: Buffer;
  /** The instances of its bmv2 nodes, in the order they are attached (see nodeOrder). */
  nodes: number[];
}

interface Session {
  replicas: Replica[];
  portAsBytes: boolean;
  nodes: number[];
}

const invalid = (msg: string): RpcError => new RpcError(status.INVALID_ARGUMENT, msg);
/** v1model egress ports are 9 bits. */
const PORT_BITS = 9;
/** PI's ranges: clone sessions 1..511, multicast groups below 2^15. PI programs each clone session into bmv2 as
 *  a mirroring session to a multicast group of its own, 2^15 + the session id, holding the session's replicas. */
const CLONE_SESSIONS = 512;
const FIRST_RESERVED_GROUP = 1 << 15;

function replicas(list: ReplicaMsg[]): { replicas: Replica[]; portAsBytes: boolean } {
  const seen = new Set<string>();
  let portAsBytes = true;
  const out = list.map((r) => {
    let port: number;
    if (r.port_kind === 'egress_port') {
      portAsBytes = false;
      port = r.egress_port ?? 0;
    } else {
      const bytes = r.port ?? Buffer.alloc(0);
      const bad = checkReceived(bytes, PORT_BITS);
      if (bad) throw invalid(`replica port: ${bad}`);
      port = Number(bytesToBigint(bytes));
    }
    if (port >= 1 << PORT_BITS) throw invalid(`replica port ${port} does not fit in ${PORT_BITS} bits`);
    const key = `${port}/${r.instance}`;
    if (seen.has(key)) throw invalid(`replica (port ${port}, instance ${r.instance}) given twice`);
    seen.add(key);
    return { port, instance: r.instance };
  });
  return { replicas: out, portAsBytes };
}

function replicaMsgs(
  rs: Replica[],
  portAsBytes: boolean,
): { port?: Buffer; egress_port?: number; instance: number }[] {
  return rs.map((r) =>
    portAsBytes
      ? { port: bigintToBytes(BigInt(r.port)), instance: r.instance }
      : { egress_port: r.port, instance: r.instance },
  );
}

/**
 * The order of a group's bmv2 nodes, one per instance (egress_rid), as PI attaches them: a group's nodes
 * that survive a MODIFY keep their places, new ones follow. (PI keeps a group's nodes in an unordered map, so
 * the order of the nodes of one write is its hash order; we take the order in which instances first appear.)
 */
function nodeOrder(rs: Replica[], previous: number[] = []): number[] {
  const now = new Set(rs.map((r) => r.instance));
  const kept = previous.filter((rid) => now.has(rid));
  return [...new Set([...kept, ...rs.map((r) => r.instance)])];
}

/** The replicas as bmv2 replicates them: node by node, and within a node (a port bitmap) in port order. */
function preReplicas(rs: Replica[], nodes: number[]): { port: number; rid: number }[] {
  // Grouped in one pass: a client may send a group of a few hundred thousand replicas.
  const ports = new Map<number, number[]>(nodes.map((rid) => [rid, []]));
  for (const r of rs) ports.get(r.instance)!.push(r.port);
  return nodes.flatMap((rid) =>
    ports
      .get(rid)!
      .sort((a, b) => a - b)
      .map((port) => ({ port, rid })),
  );
}

/** An INSERT of something that exists, or a MODIFY or DELETE of something that does not: the spec's codes. */
function checkExists(type: string, exists: boolean, what: string): void {
  if (type === 'INSERT' && exists) throw new RpcError(status.ALREADY_EXISTS, `${what} exists`);
  if ((type === 'MODIFY' || type === 'DELETE') && !exists) throw new RpcError(status.NOT_FOUND, `no ${what}`);
}

export class ReplicationState {
  private readonly groups = new Map<number, Group>();
  private readonly sessions = new Map<number, Session>();

  constructor(private readonly device: PipelineDevice) {}

  private engine(): Required<Pick<PipelineDevice, 'setMirrorSession' | 'setMulticastGroup'>> {
    const d = this.device;
    if (!d.setMirrorSession || !d.setMulticastGroup)
      throw new RpcError(status.UNIMPLEMENTED, 'this device has no packet replication engine');
    return { setMirrorSession: d.setMirrorSession.bind(d), setMulticastGroup: d.setMulticastGroup.bind(d) };
  }

  /** Apply one update; returns its undo. */
  apply(type: string, pre: PreMsg): () => void {
    if (pre.type === 'multicast_group_entry') return this.applyGroup(type, pre.multicast_group_entry!);
    if (pre.type === 'clone_session_entry') return this.applySession(type, pre.clone_session_entry!);
    throw invalid('packet replication engine entry has neither a multicast group nor a clone session');
  }

  private applyGroup(type: string, g: GroupMsg): () => void {
    // A device without a replication engine answers UNIMPLEMENTED before anything is checked.
    this.engine();
    const id = g.multicast_group_id;
    if (id === 0) throw invalid('multicast group id 0 is reserved');
    if (id >= FIRST_RESERVED_GROUP)
      throw new RpcError(
        status.OUT_OF_RANGE,
        `multicast group id ${id} is too high: ids from ${FIRST_RESERVED_GROUP} on belong to clone sessions`,
      );
    const old = this.groups.get(id);
    checkExists(type, old !== undefined, `multicast group ${id}`);
    let next: Group | undefined;
    if (type !== 'DELETE') {
      const r = replicas(g.replicas);
      next = { ...r, metadata: g.metadata, nodes: nodeOrder(r.replicas, old?.nodes) };
    }
    this.setGroup(id, next);
    return () => this.setGroup(id, old);
  }

  /** Keep (or forget) a group and program the device's replication engine with it. */
  private setGroup(id: number, g: Group | undefined): void {
    if (g) this.groups.set(id, g);
    else this.groups.delete(id);
    this.engine().setMulticastGroup(id, g && preReplicas(g.replicas, g.nodes));
  }

  private applySession(type: string, c: SessionMsg): () => void {
    this.engine();
    const id = c.session_id;
    if (id === 0) throw invalid('clone session id 0 is reserved');
    if (id >= CLONE_SESSIONS)
      throw new RpcError(
        status.OUT_OF_RANGE,
        `clone session id ${id} is out of range 1..${CLONE_SESSIONS - 1}`,
      );
    const old = this.sessions.get(id);
    checkExists(type, old !== undefined, `clone session ${id}`);
    let next: Session | undefined;
    if (type !== 'DELETE') {
      const r = replicas(c.replicas);
      // PI's answers on bmv2: class of service is PI's own gap, truncation the target's (reported as UNKNOWN).
      if (c.class_of_service !== 0)
        throw new RpcError(status.UNIMPLEMENTED, 'class of service for clone sessions is not supported');
      if (c.packet_length_bytes !== 0)
        throw new RpcError(
          status.UNKNOWN,
          'error when creating clone session in target: bmv2 cannot truncate clones (packet_length_bytes)',
        );
      next = { ...r, nodes: nodeOrder(r.replicas, old?.nodes) };
    }
    this.setSession(id, next);
    return () => this.setSession(id, old);
  }

  /** Keep (or forget) a clone session and program it as PI does: a mirroring session to its own group. */
  private setSession(id: number, s: Session | undefined): void {
    if (s) this.sessions.set(id, s);
    else this.sessions.delete(id);
    const eng = this.engine();
    const group = FIRST_RESERVED_GROUP + id;
    eng.setMulticastGroup(group, s && preReplicas(s.replicas, s.nodes));
    eng.setMirrorSession(id, s && { mgid: group });
  }

  read(pre: PreMsg, out: Entity[]): void {
    const wantGroups = pre.type !== 'clone_session_entry';
    const wantSessions = pre.type !== 'multicast_group_entry';
    if (wantGroups) {
      const id = pre.multicast_group_entry?.multicast_group_id ?? 0;
      if (id >= FIRST_RESERVED_GROUP)
        throw new RpcError(status.OUT_OF_RANGE, `multicast group id ${id} is too high`);
      if (id !== 0 && !this.groups.has(id)) throw new RpcError(status.NOT_FOUND, `no multicast group ${id}`);
      for (const [gid, g] of this.groups) {
        if (id !== 0 && gid !== id) continue;
        out.push({
          packet_replication_engine_entry: {
            multicast_group_entry: {
              multicast_group_id: gid,
              replicas: replicaMsgs(g.replicas, g.portAsBytes),
              metadata: g.metadata,
            },
          },
        });
      }
    }
    if (wantSessions) {
      const id = pre.clone_session_entry?.session_id ?? 0;
      if (id !== 0 && !this.sessions.has(id)) throw new RpcError(status.NOT_FOUND, `no clone session ${id}`);
      for (const [sid, s] of this.sessions) {
        if (id !== 0 && sid !== id) continue;
        out.push({
          packet_replication_engine_entry: {
            clone_session_entry: {
              session_id: sid,
              replicas: replicaMsgs(s.replicas, s.portAsBytes),
              class_of_service: 0,
              packet_length_bytes: 0,
            },
          },
        });
      }
    }
  }

  /** Re-create every group and session on another device (pipeline reconcile). */
  copyTo(other: ReplicationState): void {
    for (const [id, g] of this.groups) other.setGroup(id, g);
    for (const [id, sess] of this.sessions) other.setSession(id, sess);
  }
}
