// P4Runtime digests of one pipeline: DigestEntry configs (P4Runtime spec 'DigestEntry'), the DigestLists
// built from the samples the engine reports (engine/digest.ts), and the acks that let a sample be reported
// again. Modelled on p4lang/PI's DigestMgr, which simple_switch_grpc runs:
// - nothing is reported for a digest until a DigestEntry configures it; DELETE forgets its pending samples,
//   its cache and its unacked lists;
// - samples gather in a list sent when it holds max_list_size samples (0: no limit) or when max_timeout_ns
//   has passed since its first sample (0: at once);
// - with ack_timeout_ns > 0 a sample already sent is not sent again until its list is acked (DigestListAck)
//   or ack_timeout_ns passes; with 0 there is no such cache;
// - INSERT of a configured digest is ALREADY_EXISTS, MODIFY or DELETE of one not configured NOT_FOUND, an
//   unknown digest id NOT_FOUND; acks of unknown digests or lists are ignored.
// Unlike PI, whose sweeps run every max_timeout_ns/ack_timeout_ns (at least 100 ms) and so can take twice as
// long, the timers here are exact; and reading digest_id 0 returns every configured digest (PI: UNIMPLEMENTED).
import { status } from '@grpc/grpc-js';
import { bigintToBytes, type DigestEntryMsg, type DigestList, type Entity, type P4Data } from 'p4runtime-ts';
import type { DigestSample, DigestValue } from '../engine/index.js';
import type { P4Info } from '../p4info/types.js';
import { RpcError } from './rpc-error.js';

type Undo = () => void;

/** Samples of one list at most: a config with no size limit and a long timeout cannot grow a list without
 *  bound (the list is sent when it holds this many). */
export const MAX_DIGEST_LIST = 65536;

const INT64_MAX = (1n << 63n) - 1n;
/** The longest delay setTimeout takes; longer ones are waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

interface Config {
  maxTimeoutNs: bigint;
  maxListSize: number;
  ackTimeoutNs: bigint;
  /** As written, for reads. */
  wire: { max_timeout_ns: string; max_list_size: number; ack_timeout_ns: string };
}

/** A timer that can wait longer than setTimeout can and never keeps the process alive. */
class Timer {
  private handle: NodeJS.Timeout | undefined;

  constructor(ns: bigint, fire: () => void) {
    this.wait(ns, fire);
  }

  private wait(ns: bigint, fire: () => void): void {
    const ms = ns / 1_000_000n;
    if (ms > BigInt(MAX_DELAY_MS)) {
      this.handle = setTimeout(() => this.wait(ns - BigInt(MAX_DELAY_MS) * 1_000_000n, fire), MAX_DELAY_MS);
    } else this.handle = setTimeout(fire, Number(ms));
    this.handle.unref();
  }

  cancel(): void {
    clearTimeout(this.handle);
    this.handle = undefined;
  }
}

interface Sent {
  keys: string[];
  timer: Timer | undefined;
}

/** What a DigestEntry write replaces: restoring it undoes the write. */
interface SlotState {
  config: Config | undefined;
  data: P4Data[];
  keys: string[];
  cache: Set<string>;
  sent: Map<string, Sent>;
}

class Slot {
  config: Config | undefined;
  /** The list being gathered: its samples, and their cache keys (when the cache is on). */
  data: P4Data[] = [];
  keys: string[] = [];
  /** Samples sent and not yet acked or expired, as keys. */
  cache = new Set<string>();
  /** Unacked lists that hold cache keys, by list_id. */
  sent = new Map<string, Sent>();
  /** list_id counts on across DELETE, as in PI, so an old ack never matches a new list. */
  nextListId = 1n;
  private flushTimer: Timer | undefined;

  constructor(
    readonly id: number,
    private readonly send: (list: DigestList) => void,
  ) {}

  state(): SlotState {
    return { config: this.config, data: this.data, keys: this.keys, cache: this.cache, sent: this.sent };
  }

  /** Put a state back (an undone write): its timers start again from now. */
  restore(s: SlotState): void {
    this.stopTimers();
    Object.assign(this, s);
    const ack = this.config?.ackTimeoutNs ?? 0n;
    for (const [listId, sent] of this.sent) sent.timer = ack > 0n ? this.expiry(listId, ack) : undefined;
    if (this.data.length > 0 && this.config)
      this.flushTimer = new Timer(this.config.maxTimeoutNs, () => this.flush());
  }

  reset(): void {
    this.stopTimers();
    this.config = undefined;
    this.data = [];
    this.keys = [];
    this.cache = new Set();
    this.sent = new Map();
  }

  /** A new config for a configured digest: a list gathered under the old one is sent when the new one says. */
  reconfigure(c: Config): void {
    this.config = c;
    this.flushTimer?.cancel();
    this.flushTimer = undefined;
    if (this.data.length === 0) return;
    // Sent from a timer even when due at once, so that an atomic batch undone in this turn has sent nothing.
    const due = c.maxTimeoutNs === 0n || (c.maxListSize > 0 && this.data.length >= c.maxListSize);
    this.flushTimer = new Timer(due ? 0n : c.maxTimeoutNs, () => this.flush());
  }

  learn(data: P4Data, key: string): void {
    const c = this.config;
    if (!c) return;
    if (c.ackTimeoutNs > 0n) {
      if (this.cache.has(key)) return;
      this.cache.add(key);
      this.keys.push(key);
    }
    this.data.push(data);
    const full =
      (c.maxListSize > 0 && this.data.length >= c.maxListSize) || this.data.length >= MAX_DIGEST_LIST;
    if (c.maxTimeoutNs === 0n || full) this.flush();
    else this.flushTimer ??= new Timer(c.maxTimeoutNs, () => this.flush());
  }

  flush(): void {
    this.flushTimer?.cancel();
    this.flushTimer = undefined;
    if (this.data.length === 0) return;
    const listId = this.nextListId++;
    const list: DigestList = {
      digest_id: this.id,
      list_id: listId.toString(),
      data: this.data,
      timestamp: (BigInt(Date.now()) * 1_000_000n).toString(),
    };
    const ack = this.config?.ackTimeoutNs ?? 0n;
    if (this.keys.length > 0)
      this.sent.set(listId.toString(), {
        keys: this.keys,
        timer: ack > 0n ? this.expiry(listId.toString(), ack) : undefined,
      });
    this.data = [];
    this.keys = [];
    this.send(list);
  }

  /** A sent list's samples may be sent again: it was acked, or ack_timeout_ns passed. */
  release(listId: string): void {
    const sent = this.sent.get(listId);
    if (!sent) return;
    sent.timer?.cancel();
    this.sent.delete(listId);
    for (const k of sent.keys) this.cache.delete(k);
  }

  private expiry(listId: string, ns: bigint): Timer {
    return new Timer(ns, () => this.release(listId));
  }

  stopTimers(): void {
    this.flushTimer?.cancel();
    this.flushTimer = undefined;
    for (const s of this.sent.values()) s.timer?.cancel();
  }
}

/** A sample as P4Data, and a key that is equal for equal samples (the cache's). */
function encode(v: DigestValue): { data: P4Data; key: string } {
  if (typeof v === 'bigint') return { data: { bitstring: bigintToBytes(v) }, key: v.toString(16) };
  if (typeof v === 'boolean') return { data: { bool: v }, key: v ? 't' : 'f' };
  const members = [...v.fields.values()].map(encode);
  const key = `(${members.map((m) => m.key).join(',')})`;
  if (v.kind === 'struct') return { data: { struct: { members: members.map((m) => m.data) } }, key };
  return {
    data: {
      header: {
        is_valid: v.valid,
        bitstrings: members.map((m) => (m.data.bitstring ?? Buffer.alloc(1)) as Buffer),
      },
    },
    key: `${v.valid ? 'v' : 'i'}${key}`,
  };
}

function int64(v: string, what: string): bigint {
  const n = BigInt(v);
  if (n < 0n || n > INT64_MAX) throw new RpcError(status.INVALID_ARGUMENT, `${what} ${v} is negative`);
  return n;
}

function configOf(e: DigestEntryMsg): Config {
  const c = e.config ?? { max_timeout_ns: '0', max_list_size: 0, ack_timeout_ns: '0' };
  const maxTimeoutNs = int64(c.max_timeout_ns, 'max_timeout_ns');
  const ackTimeoutNs = int64(c.ack_timeout_ns, 'ack_timeout_ns');
  if (c.max_list_size < 0)
    throw new RpcError(status.INVALID_ARGUMENT, `max_list_size ${c.max_list_size} is negative`);
  return {
    maxTimeoutNs,
    maxListSize: c.max_list_size,
    ackTimeoutNs,
    wire: {
      max_timeout_ns: c.max_timeout_ns,
      max_list_size: c.max_list_size,
      ack_timeout_ns: c.ack_timeout_ns,
    },
  };
}

/** The digests of one pipeline. */
export class DigestState {
  private readonly byId = new Map<number, Slot>();
  private readonly byName = new Map<string, Slot>();

  /** `send` takes each list when it is complete (the server streams it to the primary). */
  constructor(p4info: P4Info, send: (list: DigestList) => void) {
    for (const d of p4info.digests ?? []) {
      const slot = new Slot(d.preamble.id, send);
      this.byId.set(d.preamble.id, slot);
      this.byName.set(d.preamble.name, slot);
    }
  }

  private slot(id: number): Slot {
    const s = this.byId.get(id);
    if (!s) throw new RpcError(status.NOT_FOUND, `no digest with id ${id}`);
    return s;
  }

  write(type: string, e: DigestEntryMsg, wantUndo: boolean): Undo | undefined {
    const slot = this.slot(e.digest_id);
    const before = slot.state();
    switch (type) {
      case 'INSERT':
        if (slot.config)
          throw new RpcError(status.ALREADY_EXISTS, `digest ${e.digest_id} is already configured`);
        slot.config = configOf(e);
        break;
      case 'MODIFY':
        if (!slot.config) throw new RpcError(status.NOT_FOUND, `digest ${e.digest_id} is not configured`);
        slot.reconfigure(configOf(e));
        break;
      case 'DELETE':
        if (!slot.config) throw new RpcError(status.NOT_FOUND, `digest ${e.digest_id} is not configured`);
        slot.reset();
        break;
      default:
        throw new RpcError(status.INVALID_ARGUMENT, `invalid update type ${type} for a DigestEntry`);
    }
    return wantUndo ? () => slot.restore(before) : undefined;
  }

  /** digest_id 0 reads every configured digest; a given one must exist and be configured (NOT_FOUND). */
  read(e: DigestEntryMsg, out: Entity[]): void {
    const slots =
      e.digest_id === 0 ? [...this.byId.values()].filter((s) => s.config) : [this.slot(e.digest_id)];
    for (const s of slots) {
      if (!s.config) throw new RpcError(status.NOT_FOUND, `digest ${s.id} is not configured`);
      out.push({ digest_entry: { digest_id: s.id, config: s.config.wire } });
    }
  }

  /** Configure in `other` every digest configured here (RECONCILE_AND_COMMIT keeps the configs, not the
   *  lists being gathered or awaiting acks); NOT_FOUND when the new program has no digest of that id. */
  copyTo(other: DigestState): void {
    for (const s of this.byId.values()) if (s.config) other.slot(s.id).config = s.config;
  }

  /** A sample from the data plane (the engine's onDigest). */
  learn(sample: DigestSample): void {
    const slot = this.byName.get(sample.name);
    if (!slot?.config) return;
    const { data, key } = encode(sample.data);
    slot.learn(data, key);
  }

  /** DigestListAck: unknown digests and lists are ignored, as PI ignores them. */
  ack(digestId: number, listId: string): void {
    this.byId.get(digestId)?.release(listId);
  }

  /** Stop every timer (the pipeline is replaced or the server stops); nothing is sent afterwards. */
  close(): void {
    for (const s of this.byId.values()) s.reset();
  }
}
