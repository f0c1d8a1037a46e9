// PacketReplicationEngineEntry (multicast groups and clone sessions) over the device's replication
// engine. The device cannot list its groups, so the wire form of each one is kept here for Read.
import { status } from '@grpc/grpc-js';
import { bigintToBytes, bytesToBigint, checkReceived, type Entity, type EntityMsg } from 'p4runtime-ts';
import type { PipelineDevice } from './pipeline.js';
import { RpcError } from './rpc-error.js';

type PreMsg = NonNullable<EntityMsg['packet_replication_engine_entry']>;
type ReplicaMsg = NonNullable<PreMsg['multicast_group_entry']>['replicas'][number];

export interface Replica {
  port: number;
  instance: number;
}

interface Group {
  replicas: Replica[];
  /** Whether the controller sent ports as bytes (`port`) or the deprecated uint32 (`egress_port`). */
  portAsBytes: boolean;
  metadata: Buffer;
}

interface Session {
  replicas: Replica[];
  portAsBytes: boolean;
}

const invalid = (msg: string): RpcError => new RpcError(status.INVALID_ARGUMENT, msg);
/** v1model egress ports are 9 bits. */
const PORT_BITS = 9;

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
    const eng = this.engine();
    if (pre.type === 'multicast_group_entry') {
      const g = pre.multicast_group_entry!;
      const id = g.multicast_group_id;
      if (id === 0) throw invalid('multicast group id 0 is reserved');
      const old = this.groups.get(id);
      const setGroup = (v: Group | undefined): void => {
        if (v) this.groups.set(id, v);
        else this.groups.delete(id);
        eng.setMulticastGroup(
          id,
          v?.replicas.map((r) => ({ port: r.port, rid: r.instance })),
        );
      };
      if (type === 'INSERT' && old) throw new RpcError(status.ALREADY_EXISTS, `multicast group ${id} exists`);
      if ((type === 'MODIFY' || type === 'DELETE') && !old)
        throw new RpcError(status.NOT_FOUND, `no multicast group ${id}`);
      if (type === 'DELETE') setGroup(undefined);
      else setGroup({ ...replicas(g.replicas), metadata: g.metadata });
      return () => setGroup(old);
    }
    if (pre.type === 'clone_session_entry') {
      const c = pre.clone_session_entry!;
      const id = c.session_id;
      if (id === 0) throw invalid('clone session id 0 is reserved');
      const old = this.sessions.get(id);
      if (type === 'INSERT' && old) throw new RpcError(status.ALREADY_EXISTS, `clone session ${id} exists`);
      if ((type === 'MODIFY' || type === 'DELETE') && !old)
        throw new RpcError(status.NOT_FOUND, `no clone session ${id}`);
      let next: Session | undefined;
      if (type !== 'DELETE') {
        if (c.class_of_service !== 0 || c.packet_length_bytes !== 0)
          throw new RpcError(
            status.UNIMPLEMENTED,
            'clone sessions with class of service or truncation are not supported',
          );
        next = replicas(c.replicas);
        if (next.replicas.length > 1)
          throw new RpcError(
            status.UNIMPLEMENTED,
            'clone sessions with more than one replica are not supported',
          );
      }
      const setSession = (v: Session | undefined): void => {
        if (v) this.sessions.set(id, v);
        else this.sessions.delete(id);
        eng.setMirrorSession(id, v?.replicas[0]?.port);
      };
      setSession(next);
      return () => setSession(old);
    }
    throw invalid('packet replication engine entry has neither a multicast group nor a clone session');
  }

  read(pre: PreMsg, out: Entity[]): void {
    const wantGroups = pre.type !== 'clone_session_entry';
    const wantSessions = pre.type !== 'multicast_group_entry';
    if (wantGroups) {
      const id = pre.multicast_group_entry?.multicast_group_id ?? 0;
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
            clone_session_entry: { session_id: sid, replicas: replicaMsgs(s.replicas, s.portAsBytes) },
          },
        });
      }
    }
  }

  /** Re-create every group and session on another device (pipeline reconcile). */
  copyTo(other: ReplicationState): void {
    for (const [id, g] of this.groups) {
      other.groups.set(id, g);
      other.engine().setMulticastGroup(
        id,
        g.replicas.map((r) => ({ port: r.port, rid: r.instance })),
      );
    }
    for (const [id, s] of this.sessions) {
      other.sessions.set(id, s);
      other.engine().setMirrorSession(id, s.replicas[0]?.port);
    }
  }
}
