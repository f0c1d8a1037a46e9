// Policy file -> resolved policy: reads the model profile or solve config it names and computes DSCP maps
// and per-queue thresholds. Relative paths are relative to the file the policy came from.
import { dirname, isAbsolute, resolve as resolvePath } from 'node:path';
import { ConfigError } from '../../config-file/index.js';
import { loadModelProfile, loadSolveConfig } from '../config/index.js';
import { solve } from '../solver/index.js';
import { dlcpThresholds } from '../solver/dlcp.js';
import type { PolicyFile, ResolvedPolicy } from './types.js';

export const DEFAULT_QUEUES = 8;

/** DSCP class selector CS(q) = 8q tags queue q, as MLT senders (and the simulator's gradient traffic) do. */
export function dscpForQueue(q: number): number {
  return Math.min(63, 8 * q);
}

/** The data queue of layer j of m: front layers on the highest queues (rank floor(j·P/m), rank 0 on top). */
export function queueOfLayer(j: number, m: number, queues: number, reserveTopQueue: boolean): number {
  const p = reserveTopQueue ? queues - 1 : queues;
  return p - 1 - Math.floor((j * p) / m);
}

/** Something in the policy cannot be used; `path` is relative to the policy section. */
export class PolicyError extends Error {
  constructor(
    readonly path: (string | number)[],
    message: string,
  ) {
    super(message);
    this.name = 'PolicyError';
  }
}

/** Load a file the policy names; a file that cannot be read at all is reported at the value naming it
 *  (errors inside a file that was read point into that file). */
function nested<T>(path: (string | number)[], load: () => T): T {
  try {
    return load();
  } catch (e) {
    if (e instanceof ConfigError && e.issues.every((i) => i.line === undefined))
      throw new PolicyError(path, e.issues.map((i) => `${i.file}: ${i.message}`).join('; '));
    throw e;
  }
}

export function resolvePolicy(policy: PolicyFile, file: string): ResolvedPolicy {
  const rel = (p: string): string => (isAbsolute(p) ? p : resolvePath(dirname(file), p));
  const t = policy.thresholds;
  const solveConfig =
    t && 'solve' in t ? nested(['thresholds', 'solve'], () => loadSolveConfig(rel(t.solve))) : undefined;
  // A solve config says how many queues there are, unless the policy does.
  const queues = policy.queues ?? solveConfig?.problem.queues ?? DEFAULT_QUEUES;
  const dscp = new Map<number, number>();
  const d = policy.dscp;
  if (d && 'map' in d) {
    for (const [k, v] of Object.entries(d.map)) {
      if (v >= queues)
        throw new PolicyError(['dscp', 'map', k], `priority ${v} is not a queue (0..${queues - 1})`);
      dscp.set(Number(k), v);
    }
  } else if (d) {
    const profile = nested(['dscp', 'profile'], () => loadModelProfile(rel(d.profile)));
    const reserve = d.reserveTopQueue ?? false;
    const m = profile.layers.length;
    for (let j = 0; j < m; j++) {
      const q = queueOfLayer(j, m, queues, reserve);
      dscp.set(dscpForQueue(q), q);
    }
    if (reserve) dscp.set(dscpForQueue(queues - 1), queues - 1);
  }

  const thresholds = new Map<number, { S: number; L: number }>();
  if (t && 'solve' in t) {
    const config = solveConfig!;
    if (config.problem.queues !== queues)
      throw new PolicyError(
        ['thresholds', 'solve'],
        `${t.solve} solves for ${config.problem.queues} queues, but the policy has ${queues}`,
      );
    for (const q of solve(config.problem).queues) thresholds.set(q.queue, { S: q.S, L: q.L });
  } else if (t && 'dlcp' in t) {
    const data = (t.reserveTopQueue ?? false) ? queues - 1 : queues;
    dlcpThresholds(data, t.bufferPackets, t.dlcp).forEach((th, rank) => thresholds.set(data - 1 - rank, th));
  } else if (t) {
    t.queues.forEach((q, i) => {
      if (q.queue >= queues)
        throw new PolicyError(['thresholds', 'queues', i, 'queue'], `not a queue (0..${queues - 1})`);
      if (q.S > q.L)
        throw new PolicyError(['thresholds', 'queues', i, 'S'], `S = ${q.S} is above L = ${q.L}`);
      thresholds.set(q.queue, { S: q.S, L: q.L });
    });
  }
  return { queues, dscp, thresholds, spray: policy.spray ?? 'round-robin', loss: policy.loss ?? [] };
}
