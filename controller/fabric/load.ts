// Loading a fabric file: YAML and JSON Schema through config-file/, then the checks a schema cannot make
// (every topology switch has exactly one switch entry, addresses are unique, loss ports exist, the policy's
// files load), each reported at the value in the file with file:line:col.
import { dirname, isAbsolute, resolve } from 'node:path';
import { ConfigError, YamlSource, type DataPath } from '../../config-file/index.js';
import { expandTopology, TopologyError, type ExpandedTopology } from '../../topology/index.js';
import { configSchemas } from '../config/index.js';
import { policyEntries, PolicyError, resolvePolicy } from '../policy/index.js';
import { addressProblem } from './address.js';
import type { Fabric, FabricFile, PipelineFile, SwitchTarget } from './types.js';

export const FABRIC_SCHEMA = 'fabric.schema.json';

export function loadFabric(file: string): Fabric {
  const source = YamlSource.read(file);
  configSchemas().validate(source, FABRIC_SCHEMA);
  return fabricFromSource(source);
}

export function parseFabric(text: string, file: string): Fabric {
  const source = YamlSource.parse(text, file);
  configSchemas().validate(source, FABRIC_SCHEMA);
  return fabricFromSource(source);
}

function absolutePipeline(p: PipelineFile | undefined, file: string): PipelineFile | undefined {
  if (!p) return undefined;
  const abs = (x: string): string => (isAbsolute(x) ? x : resolve(dirname(file), x));
  return 'p4' in p ? { p4: abs(p.p4) } : { p4info: abs(p.p4info), json: abs(p.json) };
}

/** Topology and policy (the part scenarios share), at `at` inside `source`; errors located there. */
export function topologyAndPolicy(
  source: YamlSource,
  value: Pick<FabricFile, 'topology' | 'policy'>,
  at: DataPath = [],
): Pick<Fabric, 'topology' | 'layout' | 'policy' | 'entries'> {
  const fail = (path: DataPath, message: string): never => {
    throw new ConfigError([source.issue([...at, ...path], message)]);
  };
  let expanded: ExpandedTopology;
  try {
    expanded = expandTopology(value.topology);
  } catch (e) {
    if (e instanceof TopologyError) fail(['topology', ...e.path], e.message);
    throw e;
  }
  const { topology } = expanded;
  const switchNames = new Set(topology.nodes.filter((n) => n.kind === 'switch').map((n) => n.name));
  const linked = new Set(
    topology.links.flatMap((l) => [`${l.a.node}:${l.a.port}`, `${l.b.node}:${l.b.port}`]),
  );
  (value.policy.loss ?? []).forEach((l, i) => {
    if (!switchNames.has(l.switch))
      fail(
        ['policy', 'loss', i, 'switch'],
        `no switch named '${l.switch}' (switches: ${[...switchNames].join(', ')})`,
      );
    if (!linked.has(`${l.switch}:${l.port}`))
      fail(['policy', 'loss', i, 'port'], `port ${l.port} of '${l.switch}' has no link`);
  });
  let policy;
  try {
    policy = resolvePolicy(value.policy, source.file);
  } catch (e) {
    if (e instanceof PolicyError) fail(['policy', ...e.path], e.message);
    throw e;
  }
  let entries;
  try {
    entries = policyEntries(topology, policy);
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    fail(['topology'], (e as Error).message);
  }
  return { topology, ...(expanded.layout ? { layout: expanded.layout } : {}), policy, entries: entries! };
}

function fabricFromSource(source: YamlSource): Fabric {
  const value = source.value as FabricFile;
  const file = source.file;
  const fail = (path: DataPath, message: string): never => {
    throw new ConfigError([source.issue(path, message)]);
  };
  const shared = topologyAndPolicy(source, value);
  const inTopology = shared.topology.nodes.filter((n) => n.kind === 'switch').map((n) => n.name);
  const named = new Map<string, number>();
  const endpoints = new Map<string, string>();
  const switches: SwitchTarget[] = value.switches.map((s, i) => {
    if (named.has(s.name)) fail(['switches', i, 'name'], `switch '${s.name}' is listed twice`);
    named.set(s.name, i);
    if (!inTopology.includes(s.name))
      fail(['switches', i, 'name'], `'${s.name}' is not a switch of the topology (${inTopology.join(', ')})`);
    const problem = addressProblem(s.address);
    if (problem !== undefined) fail(['switches', i, 'address'], problem);
    const deviceId = s.deviceId ?? 0;
    const endpoint = `${s.address}#${deviceId}`;
    const other = endpoints.get(endpoint);
    // Port 0 asks a local server for any free port (`mlt target --fabric`): never a clash.
    if (other !== undefined && !s.address.endsWith(':0'))
      fail(['switches', i, 'address'], `${s.address} device ${deviceId} is already switch '${other}'`);
    endpoints.set(endpoint, s.name);
    const pipeline = absolutePipeline(s.pipeline ?? value.pipeline, file);
    return {
      name: s.name,
      address: s.address,
      deviceId,
      electionId: s.electionId ?? 1,
      role: s.role ?? '',
      ...(pipeline ? { pipeline } : {}),
    };
  });
  const missing = inTopology.filter((n) => !named.has(n));
  if (missing.length > 0)
    fail(
      ['switches'],
      `no entry for switch${missing.length > 1 ? 'es' : ''} ${missing.join(', ')} of the topology`,
    );
  const pipeline = absolutePipeline(value.pipeline, file);
  return {
    file,
    name: value.name ?? file,
    switches,
    topologyFile: value.topology,
    ...(pipeline ? { pipeline } : {}),
    ...shared,
  };
}

/** What a scenario's `fabric:` (a fabric file, or topology and policy inline) gives the simulator. */
export interface ScenarioFabric {
  topologyFile: FabricFile['topology'];
  /** The fabric file's pipeline, when the scenario names a file that has one. */
  pipeline?: PipelineFile;
  entries: Fabric['entries'];
}

/** Resolve the `fabric:` of a scenario file; undefined when it has none. Errors are located in the file. */
export function scenarioFabric(scenarioFile: string): ScenarioFabric | undefined {
  const source = YamlSource.read(scenarioFile);
  const value = source.value as { fabric?: string | Pick<FabricFile, 'topology' | 'policy'> };
  if (value.fabric === undefined) return undefined;
  if (typeof value.fabric === 'string') {
    const path = isAbsolute(value.fabric) ? value.fabric : resolve(dirname(scenarioFile), value.fabric);
    const fabric = nestedFabric(source, path);
    return {
      topologyFile: fabric.topologyFile!, // loadFabric always sets it
      ...(fabric.pipeline ? { pipeline: fabric.pipeline } : {}),
      entries: fabric.entries,
    };
  }
  const shared = topologyAndPolicy(source, value.fabric, ['fabric']);
  return { topologyFile: value.fabric.topology, entries: shared.entries };
}

/** A fabric file named by a scenario; one that cannot be read at all is reported at the name. */
function nestedFabric(source: YamlSource, path: string): Fabric {
  try {
    return loadFabric(path);
  } catch (e) {
    if (e instanceof ConfigError && e.issues.every((i) => i.line === undefined))
      throw new ConfigError([
        source.issue(['fabric'], e.issues.map((i) => `${i.file}: ${i.message}`).join('; ')),
      ]);
    throw e;
  }
}
