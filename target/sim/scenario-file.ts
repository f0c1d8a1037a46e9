// The scenario file format (configs/schemas/scenario.schema.json) as types, and its loader.
// Errors (config-file's ConfigError) name the file, the path inside it and the line, all at once.
import { join } from 'node:path';
import {
  ConfigError,
  findUp,
  formatPath,
  SchemaSet,
  YamlSource,
  type DataPath,
} from '../../config-file/index.js';
import type { TopologyFile } from '../../topology/index.js';
import type { SwitchModelName } from '../tm/switch-model.js';

const SCHEMA = 'scenario.schema.json';

export type Ecn = 'not-ect' | 'ect0' | 'ect1' | 'ce' | number;
export type Rate = string | number;

export interface LinkSpecFile {
  rate: Rate;
  delay?: string;
}

export interface TableEntryFile {
  switches?: string | string[];
  repeat?: Record<string, string | number[]>;
  table: string;
  default?: boolean;
  match?: Record<string, number | string>;
  priority?: number;
  action: string;
  params?: Record<string, number | string>;
  /** Set by tools that add defaults (not in the file format): a later entry with the same key replaces it. */
  overridable?: boolean;
  /** Set by tools that add entries (not in the file format): what made the entry, named in its errors. The
   *  entries of the file itself are numbered without them, so `tables[2]` is the file's third entry. */
  generatedBy?: string;
}

/** Frame sizes drawn per packet: exponential with mean `exponential`, rounded and clamped to [min, max]. */
export interface ExponentialBytesFile {
  exponential: number;
  min?: number;
  max?: number;
}

export interface FlowFile {
  kind: 'flow';
  name?: string;
  src: string;
  dst: string;
  rate: Rate;
  arrival?: 'constant' | 'poisson';
  packetBytes?: number | ExponentialBytesFile;
  dscp?: number;
  ecn?: Ecn;
  packets?: number;
  start?: string;
  stop?: string;
  sourceRoute?: number[];
}

export interface IncastFile {
  kind: 'incast';
  name?: string;
  senders: string | string[];
  receiver: string;
  packets: number;
  rate?: Rate;
  packetBytes?: number;
  dscp?: number;
  ecn?: Ecn;
  start?: string;
}

export interface GradientFile {
  kind: 'gradient';
  name?: string;
  workers: string | string[];
  servers: string | string[];
  model:
    | { profile: string; scale?: number; bytesPerParameter?: number }
    | { layerBytes: number[]; smallFraction?: number };
  rate?: Rate;
  packetBytes?: number;
  iterations?: number;
  iterationGap?: string;
  reserveTopQueue?: boolean;
  dscpForQueue?: number[];
  smallFraction?: number;
  sharding?: 'layer' | 'even';
  start?: string;
}

export type TrafficFile = FlowFile | IncastFile | GradientFile;

export interface ScenarioFile {
  name?: string;
  description?: string;
  seed?: number;
  duration: string;
  drain?: boolean;
  switch?: {
    /** The switch model (target/tm/switch-model.ts); bmv2 when absent. The fields below override its aspects. */
    model?: SwitchModelName;
    queues?: number;
    bufferPackets?: number;
    queueCapacity?: number;
    framingOverhead?: boolean;
    qdepth?: 'queue' | 'port';
    egressAt?: 'dequeue' | 'enqueue';
  };
  /** The leaf-spine builder or explicit switches, hosts and links (topology/file.ts), as fabric files write
   *  it. Absent when `fabric` is given: whoever resolves the fabric (the `mlt sim` command) fills it in. */
  topology: TopologyFile;
  /** A fabric file, or its topology and policy inline: resolved by the controller into `topology`,
   *  `pipeline` and policy `tables` before the simulator sees the scenario. */
  fabric?: string | { topology: TopologyFile; policy: Record<string, unknown> };
  pipeline:
    | { p4: string }
    | {
        builtin: {
          spray?: 'round-robin' | 'random' | 'hash';
          dscpToPriority?: Record<string, number>;
          routes?: Record<string, { prefix: string; ports: number[] }[]>;
        };
      };
  tables?: TableEntryFile[];
  traffic: TrafficFile[];
  report?: { queues?: 'active' | 'all'; flows?: boolean };
}

let schemas: SchemaSet | undefined;

/** configs/schemas, found above this module both in the source tree and in a compiled `dist/`. */
function scenarioSchemas(): SchemaSet {
  schemas ??= new SchemaSet(join(findUp(import.meta.url, `configs/schemas/${SCHEMA}`), 'configs', 'schemas'));
  return schemas;
}

/** Parse and validate scenario text; `file` is used in messages and to resolve relative paths. */
export function parseScenario(text: string, file: string): ScenarioFile {
  return explainRemoved(() => validated(YamlSource.parse(text, file)));
}

/** Reads a scenario file; every problem is a ConfigError (file:line:col: path: what is wrong). */
export function readScenario(file: string): ScenarioFile {
  return explainRemoved(() => validated(YamlSource.read(file)));
}

/** The text each scenario read from YAML came from, so that problems found later can cite its lines. */
const sources = new WeakMap<ScenarioFile, YamlSource>();

function validated(source: YamlSource): ScenarioFile {
  scenarioSchemas().validate(source, SCHEMA);
  const scn = source.value as ScenarioFile;
  sources.set(scn, source);
  return scn;
}

/**
 * A problem the schema cannot see (a host that does not exist, a time beyond the clock, an entry the program
 * has no table for), at its path in the scenario.
 */
export class ScenarioError extends Error {
  constructor(
    readonly path: DataPath,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(`${formatPath(path)}: ${detail}`, options);
    this.name = 'ScenarioError';
  }
}

/**
 * `err` as a ConfigError citing the line, when it is a ScenarioError about a value the scenario's own file
 * holds; otherwise `err` itself (a scenario built in code, or a part such as a topology taken from a fabric
 * file, has no line in this one to cite).
 */
export function locateScenarioError(scn: ScenarioFile, err: unknown): unknown {
  const source = sources.get(scn);
  if (!(err instanceof ScenarioError) || !source?.has(err.path.slice(0, 1))) return err;
  return new ConfigError([source.issue(err.path, err.detail)]);
}

/** Keys older scenarios used, with what replaced them (said instead of a bare "unknown property"). */
const REMOVED: Record<string, string> = {
  'pipeline.routing':
    'no longer supported: routes and spray groups come from the controller, as `mlt push` installs them; ' +
    'give `fabric:` instead (a fabric file, or inline { topology, policy: { spray: round-robin | random } })',
};

function explainRemoved<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    throw new ConfigError(e.issues.map((i) => (REMOVED[i.path] ? { ...i, message: REMOVED[i.path]! } : i)));
  }
}

/** The parts of a model profile (configs/schemas/model-profile.schema.json) a gradient workload uses. */
export interface GradientProfile {
  layers: { size: number }[];
  smallFraction?: number;
}

/**
 * Reads a model profile named by a gradient traffic item with the same limits and located errors as the
 * scenario itself (size, aliases, schema), so a bad profile cannot slip past as a raw exception.
 */
export function readGradientProfile(file: string): GradientProfile {
  return scenarioSchemas().load<GradientProfile>(file, 'model-profile.schema.json');
}
