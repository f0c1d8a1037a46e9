// Building the fabric of one run: a leaf-spine of p4/mlt.p4 switches under a named switch model, configured
// with a policy. This is the one place that turns a policy into table entries on the switches.
//
// For now the entries go in through the simulator's own entry mechanism (a scenario's `tables:`), the way
// `mlt sim` installs them; the P4Runtime push of the controller takes this function's place once a fabric can
// be served and pushed (see docs/experiment.md).
import { join } from 'node:path';
import { projectRoot } from '../../controller/config/index.js';
import type { TableEntryFile, ScenarioFile } from '../../target/sim/scenario-file.js';
import { buildScenario, type BuiltScenario } from '../../target/sim/scenario-run.js';
import { QUEUES, type Experiment } from './config.js';
import { installedThreshold, lossRateValue, type Policy, type SwitchModel } from './policy.js';

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

/** The table entries of a policy for every switch of the fabric (spray routing comes with the pipeline). */
export function policyEntries(exp: Experiment, policy: Policy): TableEntryFile[] {
  const t = exp.raw.topology;
  const ports = `1..${Math.max(t.hostsPerLeaf + t.spines, t.leaves)}`;
  const entries: TableEntryFile[] = [];
  for (const { dscp, priority } of policy.dscpToPriority)
    entries.push({
      table: 'MLTIngress.dscp_to_priority',
      match: { 'hdr.ipv4.dscp': dscp },
      action: 'MLTIngress.set_priority',
      params: { priority },
    });
  for (const q of policy.thresholds)
    entries.push({
      repeat: { port: ports },
      table: 'MLTEgress.queue_thresholds',
      match: { 'standard_metadata.egress_port': '${port}', 'standard_metadata.priority': q.queue },
      action: 'MLTEgress.set_thresholds',
      params: { s_threshold: installedThreshold(q.S), l_threshold: installedThreshold(q.L) },
    });
  if (policy.lossyLink)
    entries.push({
      switches: `leaf${policy.lossyLink.leaf}`,
      table: 'MLTEgress.port_loss_rate',
      match: { 'standard_metadata.egress_port': t.hostsPerLeaf + 1 + policy.lossyLink.spine },
      action: 'MLTEgress.set_loss_rate',
      params: { rate: lossRateValue(policy.lossyLink.lossRate) },
    });
  return entries;
}

export function buildFabric(
  exp: Experiment,
  policy: Policy,
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
    pipeline: { p4: join(projectRoot(), 'p4', 'mlt.p4'), routing: 'spray' },
    tables: policyEntries(exp, policy),
    traffic: [],
  };
  return buildScenario(scenario, exp.file);
}
