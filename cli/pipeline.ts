// Fabric-file pipelines to configs a controller sets over P4Runtime: P4 source is compiled with the embedded
// target's front-end for its P4Info (the device config is the source itself); a bmv2 pipeline is read from
// p4c's P4Info and JSON. This is CLI wiring: the controller knows no compiler.
import { readFileSync } from 'node:fs';
import { compileP4, formatDiagnostic, p4infoToText } from '../target/compiler/index.js';
import { loadP4InfoFile, parseP4InfoText } from 'p4runtime-ts';
import type { PipelineFile } from '../controller/fabric/index.js';
import type { PipelineConfig, PipelineResolver } from '../controller/push/index.js';

import { UserInputError } from './errors.js';

/** The pipeline cannot be used (does not compile, a file is missing); the message says why. */
export class PipelineFileError extends UserInputError {}

function read(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new PipelineFileError(`${file}: ${code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
}

/** A resolver that compiles each P4 program once, however many switches run it. */
export function pipelineResolver(): PipelineResolver {
  const cache = new Map<string, PipelineConfig>();
  return (p: PipelineFile) => {
    const key = JSON.stringify(p);
    let config = cache.get(key);
    if (config) return config;
    if ('p4' in p) {
      const source = read(p.p4);
      const r = compileP4({ path: p.p4, text: source.toString('utf8') });
      if (!r.ok) throw new PipelineFileError(r.diagnostics.map(formatDiagnostic).join('\n'));
      config = { p4info: parseP4InfoText(p4infoToText(r.p4info)), deviceConfig: source };
    } else {
      read(p.p4info);
      let p4info;
      try {
        p4info = loadP4InfoFile(p.p4info);
      } catch (e) {
        throw new PipelineFileError(`${p.p4info}: ${(e as Error).message}`);
      }
      config = { p4info, deviceConfig: read(p.json) };
    }
    cache.set(key, config);
    return config;
  };
}
