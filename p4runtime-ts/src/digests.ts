// Digests (P4Runtime spec 'DigestEntry', 'DigestList'): configure a digest by name, and decode the lists the
// switch streams into values whose fields are named as the P4Info's type_info names them.
import { bytesToBigint, ValueError } from './bytes.js';
import { idOf, nameOf, type P4InfoIndex } from './p4info.js';
import type { DigestListMsg, Entity, EntityMsg, P4DataMsg } from './types.js';

/** DigestEntry.Config: how long a sample may wait, how many a list holds (0: no limit), and how long a sent
 *  sample is not sent again while its list is not acked (0: it may be sent again at once). */
export interface DigestConfig {
  maxTimeoutNs?: bigint | number;
  maxListSize?: number;
  ackTimeoutNs?: bigint | number;
}

export interface DecodedDigestEntry {
  digest: string;
  digestId: number;
  config: { maxTimeoutNs: bigint; maxListSize: number; ackTimeoutNs: bigint };
}

/** A digest's data: bit strings as bigints, bools, structs by field name, headers with their validity,
 *  tuples as arrays. */
export type DigestValue = bigint | boolean | DigestValue[] | DigestStruct | DigestHeader;
export interface DigestStruct {
  readonly [field: string]: DigestValue;
}
export interface DigestHeader {
  readonly valid: boolean;
  readonly fields: Readonly<Record<string, bigint>>;
}

export interface DigestListEvent {
  /** The digest's name ('' when the client has no P4Info naming it). */
  digest: string;
  digestId: number;
  listId: bigint;
  /** Nanoseconds since the epoch, when the switch sent the list. */
  timestamp: bigint;
  /** The samples, decoded with the P4Info's type_info (empty when the client has no P4Info for them). */
  data: DigestValue[];
  raw: DigestListMsg;
}

type TypeSpecLike = {
  bitstring?: unknown;
  bool?: unknown;
  struct?: { name: string } | null;
  header?: { name: string } | null;
  tuple?: { members?: TypeSpecLike[] } | null;
} | null;

interface TypeInfoLike {
  structs?: Record<string, { members?: { name: string; type_spec?: TypeSpecLike }[] }>;
  headers?: Record<string, { members?: { name: string }[] }>;
}

/** Set a key that may be any P4 name, `__proto__` too, as an own property. */
function define<T>(o: Record<string, T>, k: string, v: T): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

function decodeData(d: P4DataMsg, spec: TypeSpecLike, info: TypeInfoLike): DigestValue {
  switch (d.data) {
    case 'bitstring':
      return bytesToBigint(d.bitstring!);
    case 'bool':
      return d.bool!;
    case 'struct': {
      const name = spec?.struct?.name ?? '';
      const members =
        (info.structs && Object.hasOwn(info.structs, name) ? info.structs[name]!.members : []) ?? [];
      const got = d.struct!.members;
      if (got.length !== members.length)
        throw new ValueError(
          `digest data: struct ${name} has ${members.length} members, the list ${got.length}`,
        );
      const out: Record<string, DigestValue> = {};
      got.forEach((m, i) =>
        define(out, members[i]!.name, decodeData(m, members[i]!.type_spec ?? null, info)),
      );
      return out;
    }
    case 'header': {
      const name = spec?.header?.name ?? '';
      const members =
        (info.headers && Object.hasOwn(info.headers, name) ? info.headers[name]!.members : []) ?? [];
      const h = d.header!;
      if (h.bitstrings.length !== members.length)
        throw new ValueError(
          `digest data: header ${name} has ${members.length} fields, the list ${h.bitstrings.length}`,
        );
      const fields: Record<string, bigint> = {};
      h.bitstrings.forEach((b, i) => define(fields, members[i]!.name, bytesToBigint(b)));
      return { valid: h.is_valid, fields };
    }
    case 'tuple': {
      const specs = spec?.tuple?.members ?? [];
      return d.tuple!.members.map((m, i) => decodeData(m, specs[i] ?? null, info));
    }
    default:
      throw new ValueError(`digest data: ${d.data ?? 'no data'} is not supported`);
  }
}

/** A DigestList as values named by the P4Info. Throws ValueError when the data does not fit the P4Info. */
export function decodeDigestList(index: P4InfoIndex, msg: DigestListMsg): DigestListEvent {
  const d = index.digests.get(msg.digest_id);
  const info = (index.p4info.type_info ?? {}) as TypeInfoLike;
  return {
    digest: nameOf(d),
    digestId: msg.digest_id,
    listId: BigInt(msg.list_id),
    timestamp: BigInt(msg.timestamp),
    data: msg.data.map((x) => decodeData(x, (d.type_spec ?? null) as TypeSpecLike, info)),
    raw: msg,
  };
}

function nanos(v: bigint | number | undefined, what: string): string {
  const n = BigInt(v ?? 0);
  if (n < 0n) throw new ValueError(`${what} cannot be negative (${n})`);
  return n.toString();
}

/** A DigestEntry by digest name (or id); without a digest, every configured digest (for a read). */
export function digestEntity(index: P4InfoIndex, digest?: string | number, config?: DigestConfig): Entity {
  const digest_id = digest === undefined ? 0 : idOf(index.digests.get(digest));
  if (!config) return { digest_entry: { digest_id } };
  const size = config.maxListSize ?? 0;
  if (!Number.isInteger(size) || size < 0 || size > 0x7fffffff)
    throw new ValueError(`maxListSize must be an int32 of at least 0, not ${size}`);
  return {
    digest_entry: {
      digest_id,
      config: {
        max_timeout_ns: nanos(config.maxTimeoutNs, 'maxTimeoutNs'),
        max_list_size: size,
        ack_timeout_ns: nanos(config.ackTimeoutNs, 'ackTimeoutNs'),
      },
    },
  };
}

export function decodeDigestEntity(index: P4InfoIndex, e: EntityMsg): DecodedDigestEntry {
  const d = e.digest_entry;
  if (!d) throw new ValueError('not a digest entry');
  const c = d.config;
  return {
    digest: nameOf(index.digests.get(d.digest_id)),
    digestId: d.digest_id,
    config: {
      maxTimeoutNs: BigInt(c?.max_timeout_ns ?? 0),
      maxListSize: c?.max_list_size ?? 0,
      ackTimeoutNs: BigInt(c?.ack_timeout_ns ?? 0),
    },
  };
}
