// Building the fabric of one run: a leaf-spine of p4/mlt.p4 switches under a named switch model, configured the
// way an operator configures one: the simulated switches serve P4Runtime on loopback and the controller pushes
// the configuration's policy to them (controller/push, the code `mlt push` runs), then the servers close and
// the traffic runs. No entry is written by hand: every switch holds exactly controller/policy's
// policyEntries() of the topology and the policy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../controller/config/index.js';
import type { Fabric as ControllerFabric } from '../../controller/fabric/index.js';
import { policyEntries, type ResolvedPolicy } from '../../controller/policy/index.js';
import { pushFabric, type SwitchPushResult } from '../../controller/push/index.js';
import { serveSimSwitches } from '../../target/p4runtime/fabric.js';
import type { ScenarioFile } from '../../target/sim/scenario-file.js';
import { buildScenario, type BuiltScenario } from '../../target/sim/scenario-run.js';
import { expandTopology, type Topology } from '../../topology/index.js';
import { QUEUES, type Experiment } from './config.js';
import type { SwitchModel } from './policy.js';

/**
 * The two named switch models (target/tm/switch-model.ts): `bmv2` (simple_switch: enq_qdepth of the whole egress
 * port, egress after the wait, 64 packets per priority queue) and `commodity` (the packet's own queue, thresholds
 * on admission, one shared buffer per port: what MLT configures and the threshold solver models).
 */
export function switchModel(exp: Experiment, model: SwitchModel): NonNullable<ScenarioFile['switch']> {
  if (model === 'commodity') return { model, queues: QUEUES, bufferPackets: exp.raw.switch.bufferPackets };
  return { model, queues: QUEUES, queueCapacity: exp.raw.switch.queueCapacity };
}

export function experimentTopology(exp: Experiment): Topology {
  // The experiment's topology section is a fabric file's leafSpine section plus serversPerLeaf.
  return expandTopology({ leafSpine: exp.raw.topology }).topology;
}

/** The P4 program every switch runs. */
export function programFile(): string {
  return join(projectRoot(), 'p4', 'mlt.p4');
}

/** A push that did not leave every switch configured. */
export class PushFailed extends Error {
  constructor(readonly results: SwitchPushResult[]) {
    super(
      `the controller could not configure the fabric: ${results
        .filter((r) => r.errors > 0)
        .map((r) => `${r.switch}: ${r.messages.join('; ') || 'failed'}`)
        .join(', ')}`,
    );
    this.name = 'PushFailed';
  }
}

/**
 * Serve the fabric's switches over P4Runtime on loopback, push the policy to all of them in parallel, and close
 * the servers. Returns what the push did per switch.
 */
export async function configureFabric(
  exp: Experiment,
  built: BuiltScenario,
  policy: ResolvedPolicy,
): Promise<SwitchPushResult[]> {
  const file = programFile();
  const running = await serveSimSwitches(built.fabric, {
    program: { source: readFileSync(file, 'utf8'), name: file },
  });
  try {
    const topology = experimentTopology(exp);
    const controller: ControllerFabric = {
      file: exp.file,
      name: exp.name,
      // No pipeline to set: the switches run mlt.p4 already (its P4Info is what the push reads and writes).
      switches: running.endpoints.map((e) => ({
        name: e.name,
        address: e.address,
        deviceId: e.deviceId,
        electionId: 1,
        role: '',
      })),
      topology,
      policy,
      entries: policyEntries(topology, policy),
    };
    const results = await pushFabric(controller);
    if (results.some((r) => r.errors > 0)) throw new PushFailed(results);
    return results;
  } finally {
    await running.stop(0);
  }
}

/** The run's fabric, built and configured through the controller. */
export async function buildFabric(
  exp: Experiment,
  policy: ResolvedPolicy,
  model: SwitchModel,
  seed: number,
): Promise<{ built: BuiltScenario; push: SwitchPushResult[] }> {
  const t = exp.raw.topology;
  const scenario: ScenarioFile = {
    name: exp.name,
    seed,
    duration: '1s',
    switch: switchModel(exp, model),
    topology: {
      leafSpine: {
        spines: t.spines,
        leaves: t.leaves,
        hostsPerLeaf: t.hostsPerLeaf,
        link: t.link,
        fabricLink: t.fabricLink,
      },
    },
    pipeline: { p4: programFile() },
    traffic: [],
  };
  const built = buildScenario(scenario, exp.file);
  const push = await configureFabric(exp, built, policy);
  return { built, push };
}
