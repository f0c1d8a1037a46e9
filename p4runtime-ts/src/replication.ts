// Packet replication engine entities: multicast groups and clone sessions. They need no P4Info.
// Replica ports go in the `port` bytes field (P4Runtime 1.4+); older servers (e.g. some PI/bmv2
// builds) only know the deprecated uint32 `egress_port`, which `portEncoding: 'uint32'` selects.
import { bigintToBytes, bytesToBigint } from './bytes.js';
import type { Entity, EntityMsg } from './types.js';

export interface ReplicaSpec {
  port: number;
  /** The replica's instance (egress_rid on v1model). Default 0. */
  instance?: number;
}

export type PortEncoding = 'bytes' | 'uint32';

function replicaMsgs(replicas: ReplicaSpec[], enc: PortEncoding) {
  return replicas.map((r) =>
    enc === 'bytes'
      ? { port: bigintToBytes(BigInt(r.port)), instance: r.instance ?? 0 }
      : { egress_port: r.port, instance: r.instance ?? 0 },
  );
}

export function multicastGroupEntity(
  groupId: number,
  replicas: ReplicaSpec[] = [],
  enc: PortEncoding = 'bytes',
): Entity {
  return {
    packet_replication_engine_entry: {
      multicast_group_entry: { multicast_group_id: groupId, replicas: replicaMsgs(replicas, enc) },
    },
  };
}

export function cloneSessionEntity(
  sessionId: number,
  replicas: ReplicaSpec[] = [],
  opts: { classOfService?: number; packetLengthBytes?: number; portEncoding?: PortEncoding } = {},
): Entity {
  return {
    packet_replication_engine_entry: {
      clone_session_entry: {
        session_id: sessionId,
        replicas: replicaMsgs(replicas, opts.portEncoding ?? 'bytes'),
        class_of_service: opts.classOfService ?? 0,
        packet_length_bytes: opts.packetLengthBytes ?? 0,
      },
    },
  };
}

export interface DecodedReplication {
  kind: 'multicast' | 'clone';
  /** Multicast group id or clone session id. */
  id: number;
  replicas: { port: number; instance: number }[];
  /** A clone session's class of service and truncation length (0: none); absent for multicast groups. */
  classOfService?: number;
  packetLengthBytes?: number;
}

export function decodeReplicationEntity(e: EntityMsg): DecodedReplication {
  const pre = e.packet_replication_engine_entry;
  const list = (rs: { port_kind?: string; port?: Buffer; egress_port?: number; instance: number }[]) =>
    rs.map((r) => ({
      port:
        r.port_kind === 'egress_port'
          ? (r.egress_port ?? 0)
          : Number(bytesToBigint(r.port ?? Buffer.alloc(0))),
      instance: r.instance,
    }));
  if (pre?.multicast_group_entry)
    return {
      kind: 'multicast',
      id: pre.multicast_group_entry.multicast_group_id,
      replicas: list(pre.multicast_group_entry.replicas),
    };
  if (pre?.clone_session_entry)
    return {
      kind: 'clone',
      id: pre.clone_session_entry.session_id,
      replicas: list(pre.clone_session_entry.replicas),
      classOfService: pre.clone_session_entry.class_of_service,
      packetLengthBytes: pre.clone_session_entry.packet_length_bytes,
    };
  throw new Error('not a packet replication engine entry');
}
