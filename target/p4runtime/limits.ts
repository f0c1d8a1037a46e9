// What one client can make the server do: the size of a message, the objects it decodes to, the updates
// of one Write, and how long a silent client keeps its stream (and its role). The defaults and why:
//
// - maxReceiveBytes, 64 MiB. bmv2's simple_switch_grpc (p4lang/PI's server) accepts 256 MiB, sized for
//   bmv2 JSON device configs of large programs. This target's device config is the P4 source itself
//   (mlt.p4 is about 30 KiB; the largest public P4_16 programs are well under 1 MiB), and a Write is
//   capped below at 10 000 updates (a few MiB), so 64 MiB leaves a wide margin over any legitimate
//   request while bounding what a client can make the server buffer. gRPC refuses a larger message
//   with RESOURCE_EXHAUSTED before the server sees it.
// - maxFieldsPerMessage, 1 000 000. Decoding creates about one object per protobuf field; a 64 MiB message
//   of empty fields would otherwise become 30 million objects (gigabytes). The biggest legitimate
//   messages (a P4Info, a full Write) hold tens of thousands. Counted on the wire before decoding.
// - maxUpdatesPerWrite and maxEntitiesPerRead, 10 000. One Write is applied in one event-loop turn (so no
//   packet or other RPC sees it half-done, which DATAPLANE_ATOMIC and strict serializability need); the
//   cap bounds that turn to tens of milliseconds. The P4Runtime spec ('Write RPC', Error Reporting) lets
//   an RPC-wide error be answered with the code that best describes it: RESOURCE_EXHAUSTED. Clients
//   split larger batches (p4runtime-ts writeBatched sends 1000 per Write).
// - maxReadResult, 1 000 000 entities: a Read is answered from one snapshot, so its result is held in
//   memory; wildcard reads of every table or counter of a program stay far below.
// - keepaliveTimeMs 10 000 and keepaliveTimeoutMs 5 000: the server pings every connection that has been
//   silent for 10 s and closes it when no answer comes within 5 s. A frozen or cut-off primary thus loses
//   its stream, and its role, within about 15 s; the backup with the highest election id becomes
//   primary and every stream of the role is told (P4Runtime spec §5: a broken stream ends the session).

export interface ServerLimits {
  maxReceiveBytes: number;
  maxFieldsPerMessage: number;
  maxUpdatesPerWrite: number;
  maxEntitiesPerRead: number;
  maxReadResult: number;
  keepaliveTimeMs: number;
  keepaliveTimeoutMs: number;
}

export const DEFAULT_LIMITS: Readonly<ServerLimits> = Object.freeze({
  maxReceiveBytes: 64 * 1024 * 1024,
  maxFieldsPerMessage: 1_000_000,
  maxUpdatesPerWrite: 10_000,
  maxEntitiesPerRead: 10_000,
  maxReadResult: 1_000_000,
  keepaliveTimeMs: 10_000,
  keepaliveTimeoutMs: 5_000,
});
