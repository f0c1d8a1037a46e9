// Building the fabric of one run: a leaf-spine of p4/mlt.p4 switches under a named switch model, each switch
// holding exactly the entries the controller's policy mapping (controller/policy) computes for it.
//
// The entries reach the simulated switches through the simulator's own entry mechanism (a scenario's
// `tables:`), the way `mlt sim` installs them. `configureFabric` is the one place that does this, so a P4Runtime
// push of the same entries can take its place (see docs/experiment.md).
import { join } from 'node:path';
import { projectRoot } from '../../controller/config/index.js';
import { policyEntries, type ResolvedPolicy } from '../../controller/policy/index.js';
import type { TableEntryFile, ScenarioFile } from '../../target/sim/scenario-file.js';
import { buildScenario, type BuiltScenario } from '../../target/sim/scenario-run.js';
import { expandLeafSpine, type Topology } from '../../topology/index.js';
import { QUEUES, type Experiment } from './config.js';
import type { SwitchModel } from './policy.js';

/**
 * The two switch models (DESIGN.md §3): bmv2's simple_switch (enq_qdepth of the whole egress port, egress after
 * the wait, 64 packets per priority queue) and a commodity switch (the packet's own queue, thresholds applied on
 * admission, one shared buffer per port), which is what MLT configures and the threshold solver models.
 */
export function switchModel(exp: Experiment, model: SwitchModel): NonNullable<ScenarioFile['switch']> {
  if (model === 'commodity')
    return {
      queues: QUEUES,
      bufferPackets: exp.raw.switch.bufferPackets,
      qdepth: 'queue',
      egressAt: 'enqueue',
    };
  const cap = exp.raw.switch.queueCapacity;
  return {
    queues: QUEUES,
    bufferPackets: QUEUES * cap,
    queueCapacity: cap,
    qdepth: 'port',
    egressAt: 'dequeue',
  };
}

export function experimentTopology(exp: Experiment): Topology {
  const t = exp.raw.topology;
  return expandLeafSpine({
    spines: t.spines,
    leaves: t.leaves,
    hostsPerLeaf: t.hostsPerLeaf,
    hostLink: t.link,
    fabricLink: t.fabricLink ?? t.link,
  }).topology;
}

/** The policy's entries for every switch, as the simulator's table entries. */
export function configureFabric(exp: Experiment, policy: ResolvedPolicy): TableEntryFile[] {
  const out: TableEntryFile[] = [];
  for (const [sw, entries] of policyEntries(experimentTopology(exp), policy))
    for (const e of entries)
      out.push({ switches: sw, table: e.table, match: e.match, action: e.action, params: e.params });
  return out;
}

export function buildFabric(
  exp: Experiment,
  policy: ResolvedPolicy,
  model: SwitchModel,
  seed: number,
): BuiltScenario {
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
    pipeline: { p4: join(projectRoot(), 'p4', 'mlt.p4'), routing: 'none' },
    tables: configureFabric(exp, policy),
    traffic: [],
  };
  return buildScenario(scenario, exp.file);
}
