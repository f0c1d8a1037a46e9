// Fabric-file pipelines to configs a controller sets over P4Runtime: P4 source is compiled with the embedded
// target's front-end for its P4Info (the device config is the source itself); a bmv2 pipeline is read from
// p4c's P4Info and JSON. This is CLI wiring: the controller knows no compiler.
import { createHash } from 'node:crypto';
import { compileP4, formatDiagnostic, p4infoToText } from '../target/compiler/index.js';
import { readRegularFile } from '../target/frontend/source-file.js';
import { parseP4InfoFile, parseP4InfoText } from 'p4runtime-ts';
import type { PipelineFile } from '../controller/fabric/index.js';
import type { PipelineConfig, PipelineResolver, PipelineSource } from '../controller/push/index.js';

import { UserInputError } from './errors.js';

/** The pipeline cannot be used (does not compile, a file is missing); the message says why. */
export class PipelineFileError extends UserInputError {}

/** p4c's bmv2 JSON of a large program runs to tens of MiB; bmv2's P4Runtime server takes messages up to 256 MiB. */
const MAX_DEVICE_CONFIG_BYTES = 256 * 2 ** 20;

function read(file: string, maxBytes?: number): Buffer {
  const r = readRegularFile(file, maxBytes);
  if (!r.ok) throw new PipelineFileError(`${file}: ${r.reason}`);
  return r.bytes;
}

/** A cookie from the bytes a pipeline is made of: the same files give the same cookie, without compiling. */
function filesCookie(kind: string, parts: Buffer[]): bigint {
  const h = createHash('sha256').update(`mlt-pipeline:${kind}`);
  for (const p of parts) h.update(String(p.length)).update(':').update(p);
  return h.digest().readBigUInt64BE(0);
}

/** A resolver that reads each pipeline's files once and compiles each P4 program at most once (and only when
 *  a switch's cookie says it must be set), however many switches run it. */
export function pipelineResolver(): PipelineResolver {
  const sources = new Map<string, PipelineSource>();
  return (p: PipelineFile) => {
    const key = JSON.stringify(p);
    let source = sources.get(key);
    if (!source) {
      const files =
        'p4' in p
          ? [read(p.p4)]
          : [read(p.p4info, MAX_DEVICE_CONFIG_BYTES), read(p.json, MAX_DEVICE_CONFIG_BYTES)];
      let config: PipelineConfig | undefined;
      source = {
        cookie: filesCookie('p4' in p ? 'p4' : 'bmv2', files),
        config: () => (config ??= load(p, files)),
      };
      sources.set(key, source);
    }
    return source;
  };
}

/** The config to set, from the files' bytes as the cookie was made of them: the P4Info (compiled from P4
 *  source, or p4c's file) and the device config. */
function load(p: PipelineFile, files: Buffer[]): PipelineConfig {
  if ('p4' in p) {
    const source = files[0]!;
    const r = compileP4({ path: p.p4, text: source.toString('utf8') });
    if (!r.ok) throw new PipelineFileError(r.diagnostics.map(formatDiagnostic).join('\n'));
    return { p4info: parseP4InfoText(p4infoToText(r.p4info)), deviceConfig: source };
  }
  try {
    return { p4info: parseP4InfoFile(p.p4info, files[0]!), deviceConfig: files[1]! };
  } catch (e) {
    throw new PipelineFileError(`${p.p4info}: ${(e as Error).message}`);
  }
}
