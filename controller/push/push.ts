// `mlt push`: make each switch hold exactly the fabric's policy. Per switch: connect, become primary, set the
// pipeline when the device's cookie differs, read what the policy's tables hold, write only the difference
// (in batches, CONTINUE_ON_ERROR, so that it works on bmv2, which has no ROLLBACK_ON_ERROR), and on any
// failure write the snapshot read before back, so the switch is left as it was. Switches run in parallel.
import {
  P4Codec,
  P4RuntimeClient,
  P4RuntimeError,
  WriteError,
  codeName,
  type P4InfoMsg,
  type Update,
} from 'p4runtime-ts';
import type { Fabric, PipelineFile, SwitchTarget } from '../fabric/index.js';
import { POLICY_TABLES, type PolicyEntry } from '../policy/index.js';
import { diffEntries, ordered, type Change, type EntryDiff } from './diff.js';
import { keyedFromPolicy, keyedFromSwitch, type KeyedEntry } from './entries.js';

export interface PipelineConfig {
  p4info: P4InfoMsg;
  /** What SetForwardingPipelineConfig carries: P4 source for the embedded target, bmv2 JSON for bmv2. */
  deviceConfig: Uint8Array;
}

/** A pipeline to set: its cookie (cheap, from the files' bytes) and, only when a switch's cookie differs,
 *  the config itself (the CLI compiles P4 source with the embedded target's front-end for the P4Info). */
export interface PipelineSource {
  cookie: bigint;
  config(): PipelineConfig | Promise<PipelineConfig>;
}

export type PipelineResolver = (pipeline: PipelineFile) => PipelineSource;

/** The pipeline named in the file cannot be used (a compile error, a missing file): bad input. */
export class PipelineInputError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PipelineInputError';
  }
}

export interface PushOptions {
  /** Compute and report the difference; write nothing, set no pipeline. */
  dryRun?: boolean;
  /** Updates per Write RPC. Default 1000. */
  batchSize?: number;
  /** Needed when switches name a pipeline; without one the device's pipeline is used as it is. */
  resolvePipeline?: PipelineResolver;
  /** Give up on a switch after this long. Default 30 s. */
  timeoutMs?: number;
  /** Where to reach a switch instead of its address in the file (e.g. servers on ports picked at run time). */
  addressOf?: (sw: SwitchTarget) => string;
}

export type PipelineOutcome = 'unchanged' | 'set' | 'would be set' | 'as found';

export interface SwitchPushResult {
  switch: string;
  /** Entries this push left added, modified and deleted (all 0 after a failure was undone). */
  added: number;
  modified: number;
  deleted: number;
  unchanged: number;
  errors: number;
  /** The failure was the file's pipeline (bad input), not the switch. */
  badInput: boolean;
  pipeline: PipelineOutcome;
  /** What went wrong, for people. */
  messages: string[];
  /** The difference (with --dry-run, what would be written). */
  changes: Change[];
}

const DEFAULT_BATCH = 1000;
const DEFAULT_TIMEOUT_MS = 30_000;

export async function pushFabric(
  fabric: Fabric,
  opts: PushOptions & { switches?: readonly string[] } = {},
): Promise<SwitchPushResult[]> {
  const chosen = opts.switches ? new Set(opts.switches) : undefined;
  const targets = fabric.switches.filter((s) => !chosen || chosen.has(s.name));
  return Promise.all(targets.map((t) => pushSwitch(t, fabric.entries.get(t.name) ?? [], opts)));
}

export async function pushSwitch(
  target: SwitchTarget,
  entries: readonly PolicyEntry[],
  opts: PushOptions = {},
): Promise<SwitchPushResult> {
  const result: SwitchPushResult = {
    switch: target.name,
    added: 0,
    modified: 0,
    deleted: 0,
    unchanged: 0,
    errors: 0,
    badInput: false,
    pipeline: 'as found',
    messages: [],
    changes: [],
  };
  const client = new P4RuntimeClient({
    address: opts.addressOf?.(target) ?? target.address,
    deviceId: target.deviceId,
    electionId: target.electionId,
    role: target.role,
    reconnect: false,
  });
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    await Promise.race([run(client, target, entries, opts, result), timeout]);
  } catch (e) {
    result.errors = Math.max(result.errors, 1);
    result.badInput = e instanceof PipelineInputError;
    result.messages.push(describeError(e));
  } finally {
    clearTimeout(timer);
    client.close();
  }
  return result;
}

function describeError(e: unknown): string {
  if (e instanceof WriteError && e.failed.length > 0)
    return e.failed.map((u) => `update ${u.index}: ${codeName(u.canonical_code)}: ${u.message}`).join('; ');
  if (e instanceof P4RuntimeError) return `${e.rpc}: ${codeName(e.code)}: ${e.details}`;
  return e instanceof Error ? e.message : String(e);
}

async function run(
  client: P4RuntimeClient,
  target: SwitchTarget,
  entries: readonly PolicyEntry[],
  opts: PushOptions,
  result: SwitchPushResult,
): Promise<void> {
  const arbitration = await client.connect();
  if (!arbitration.primary && !opts.dryRun)
    throw new Error(
      `not the primary controller: election id ${target.electionId}, the primary's is ${arbitration.electionId ?? '?'}`,
    );

  let p4info: P4InfoMsg;
  let fresh = false;
  if (target.pipeline && opts.resolvePipeline) {
    const source = opts.resolvePipeline(target.pipeline);
    if ((await client.getPipelineCookie()) === source.cookie) {
      // The same pipeline: the device's own P4Info is the one the file's would compile to.
      result.pipeline = 'unchanged';
      p4info = await client.fetchP4Info();
    } else {
      let config: PipelineConfig;
      try {
        config = await source.config();
      } catch (e) {
        throw new PipelineInputError((e as Error).message, { cause: e });
      }
      p4info = config.p4info;
      if (opts.dryRun) {
        result.pipeline = 'would be set';
        fresh = true;
      } else {
        await client.setPipeline({ ...config, cookie: source.cookie, force: true });
        result.pipeline = 'set';
      }
    }
  } else p4info = await client.fetchP4Info();
  const codec = new P4Codec(p4info);
  for (const t of POLICY_TABLES)
    if (!codec.index.tables.find(t)) throw new Error(`the pipeline has no table ${t} (is it p4/mlt.p4?)`);

  const want = entries.map((e) => keyedFromPolicy(codec, e));
  const before = fresh ? [] : await readPolicyTables(client, codec);
  const diff = diffEntries(before, want);
  result.unchanged = diff.unchanged;
  result.changes = ordered(diff, 'make-before-break');
  if (opts.dryRun) {
    setCounts(result, diff);
    return;
  }
  try {
    await writeChanges(client, result.changes, opts.batchSize ?? DEFAULT_BATCH);
    setCounts(result, diff);
  } catch (e) {
    result.errors = e instanceof WriteError ? Math.max(1, e.failed.length) : 1;
    result.messages.push(describeError(e));
    // Undo: whatever part of the difference took effect, write the snapshot back.
    try {
      const now = await readPolicyTables(client, codec);
      await writeChanges(
        client,
        ordered(diffEntries(now, before), 'free-first'),
        opts.batchSize ?? DEFAULT_BATCH,
      );
      result.messages.push('undone: the switch holds what it held before the push');
    } catch (undo) {
      result.errors++;
      result.messages.push(`could not undo: ${describeError(undo)}`);
    }
  }
}

function setCounts(result: SwitchPushResult, diff: EntryDiff): void {
  result.added = diff.inserts.length;
  result.modified = diff.modifies.length;
  result.deleted = diff.deletes.length;
}

/** Every non-default entry of the tables a policy owns. */
export async function readPolicyTables(client: P4RuntimeClient, codec: P4Codec): Promise<KeyedEntry[]> {
  const out: KeyedEntry[] = [];
  for await (const e of client.read(POLICY_TABLES.map((t) => codec.tableReadEntity(t))))
    if (e.table_entry && !e.table_entry.is_default_action) out.push(keyedFromSwitch(codec, e.table_entry));
  return out;
}

async function writeChanges(
  client: P4RuntimeClient,
  changes: readonly Change[],
  batchSize: number,
): Promise<void> {
  const updates: Update[] = changes.map((c) => ({ type: c.type, entity: { table_entry: c.entry.wire } }));
  for (let i = 0; i < updates.length; i += batchSize)
    await client.write(updates.slice(i, i + batchSize), 'CONTINUE_ON_ERROR');
}
