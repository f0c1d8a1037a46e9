// A fabric file (configs/schemas/fabric.schema.json) as written, and as loaded.
import type { LeafSpineLayout, Topology, TopologyFile } from '../../topology/index.js';
import type { PolicyEntry } from '../policy/entries.js';
import type { PolicyFile, ResolvedPolicy } from '../policy/types.js';

/** What to set as the forwarding pipeline: P4 source for the embedded target, p4c's output for bmv2. */
export type PipelineFile = { p4: string } | { p4info: string; json: string };

export interface SwitchFile {
  name: string;
  address: string;
  deviceId?: number;
  electionId?: number;
  role?: string;
  pipeline?: PipelineFile;
}

export interface FabricFile {
  name?: string;
  description?: string;
  pipeline?: PipelineFile;
  switches: SwitchFile[];
  topology: TopologyFile;
  policy: PolicyFile;
}

/** How to reach one switch, and what it should hold. Paths are absolute. */
export interface SwitchTarget {
  name: string;
  address: string;
  deviceId: number;
  electionId: number;
  role: string;
  pipeline?: PipelineFile;
}

export interface Fabric {
  file: string;
  name: string;
  switches: SwitchTarget[];
  topology: Topology;
  /** The topology section as written (what a simulator builds from), when read from a file. */
  topologyFile?: TopologyFile;
  /** The file's default pipeline (absolute paths). */
  pipeline?: PipelineFile;
  layout?: LeafSpineLayout;
  policy: ResolvedPolicy;
  /** The policy's entries for every switch. */
  entries: Map<string, PolicyEntry[]>;
}
