// Reading a scenario: YAML text -> JSON Schema validation (configs/schemas/scenario.schema.json) -> typed value.
// Errors name the file, the path inside it and the line, all at once, so a user can fix them in one go.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';

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
    queues?: number;
    bufferPackets?: number;
    queueCapacity?: number;
    framingOverhead?: boolean;
    qdepth?: 'queue' | 'port';
    egressAt?: 'dequeue' | 'enqueue';
  };
  topology:
    | {
        leafSpine: {
          spines: number;
          leaves: number;
          hostsPerLeaf: number;
          link: LinkSpecFile;
          fabricLink?: LinkSpecFile;
        };
      }
    | {
        switches: string[];
        hosts: { name: string; ip: string; mac?: string }[];
        links: { a: string; b: string; rate: Rate; delay?: string }[];
      };
  pipeline:
    | { p4: string; routing?: 'spray' | 'spray-random' | 'none' }
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

export interface ScenarioIssue {
  file: string;
  path: string;
  line?: number;
  col?: number;
  message: string;
}

export class ScenarioError extends Error {
  constructor(readonly issues: ScenarioIssue[]) {
    super(
      issues
        .map((i) => {
          const where = i.line === undefined ? i.file : `${i.file}:${i.line}:${i.col ?? 1}`;
          return i.path === '' ? `${where}: ${i.message}` : `${where}: ${i.path}: ${i.message}`;
        })
        .join('\n'),
    );
    this.name = 'ScenarioError';
  }
}

/** Directory holding configs/schemas: the nearest ancestor of this module that has it. */
export function findConfigsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'configs', 'schemas', 'scenario.schema.json'))) return join(dir, 'configs');
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find configs/schemas/scenario.schema.json above the code');
    dir = up;
  }
}

let validator: ValidateFunction | undefined;

function validate(): ValidateFunction {
  if (!validator) {
    const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, useDefaults: true });
    const schema = JSON.parse(
      readFileSync(join(findConfigsDir(), 'schemas', 'scenario.schema.json'), 'utf8'),
    );
    validator = ajv.compile(schema as object);
  }
  return validator;
}

/** Parse and validate scenario text; `file` is used in messages and to resolve relative paths. */
export function parseScenario(text: string, file: string): ScenarioFile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length > 0)
    throw new ScenarioError(
      doc.errors.map((e) => ({
        file,
        path: '',
        line: e.linePos?.[0]?.line,
        col: e.linePos?.[0]?.col,
        message: e.message.split('\n')[0]!,
      })),
    );
  const value = doc.toJS() as unknown;
  const v = validate();
  if (!v(value)) throw new ScenarioError(describe(v.errors ?? [], file, doc, lines));
  return value as ScenarioFile;
}

export function readScenario(file: string): ScenarioFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ScenarioError([{ file, path: '', message: code === 'ENOENT' ? 'no such file' : String(err) }]);
  }
  return parseScenario(text, file);
}

function describe(errors: ErrorObject[], file: string, doc: Document, lines: LineCounter): ScenarioIssue[] {
  const shown = explainOneOfs(errors);
  const seen = new Set<string>();
  const issues: ScenarioIssue[] = [];
  for (const e of shown) {
    const path = e.instancePath
      .split('/')
      .slice(1)
      .map((s) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, '/').replace(/~0/g, '~')));
    let message = e.message ?? 'is invalid';
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'additionalProperties') {
      path.push(String(params.additionalProperty));
      message = 'unknown property';
    } else if (e.keyword === 'required')
      message = `missing required property '${String(params.missingProperty)}'`;
    else if (e.keyword === 'enum')
      message = `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    else if (e.keyword === 'oneOf') message = 'matches none (or several) of the allowed forms';
    const text = path.reduce<string>(
      (acc, s) => (typeof s === 'number' ? `${acc}[${s}]` : acc === '' ? s : `${acc}.${s}`),
      '',
    );
    const key = `${text}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const pos = locate(doc, lines, path);
    issues.push({ file, path: text, line: pos?.line, col: pos?.col, message });
  }
  return issues;
}

/**
 * A failed oneOf comes with the reasons every alternative failed; only the alternative the user evidently
 * meant is worth showing: not one whose discriminating `kind` differs, and of the rest the one whose errors
 * reach deepest into the data (ties: the fewest errors).
 */
function explainOneOfs(errors: ErrorObject[]): ErrorObject[] {
  const within = (e: ErrorObject, o: ErrorObject): boolean =>
    e.schemaPath.startsWith(`${o.schemaPath}/`) &&
    (e.instancePath === o.instancePath || e.instancePath.startsWith(`${o.instancePath}/`));
  const oneOfs = errors
    .filter((e) => e.keyword === 'oneOf')
    .sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  let keep = errors.filter((e) => e.keyword !== 'oneOf');
  for (const o of oneOfs) {
    const inner = keep.filter((e) => within(e, o));
    if (inner.length === 0) {
      keep.push(o);
      continue;
    }
    const branchOf = (e: ErrorObject): string => e.schemaPath.slice(o.schemaPath.length + 1).split('/')[0]!;
    const branches = new Map<string, ErrorObject[]>();
    for (const e of inner) branches.set(branchOf(e), [...(branches.get(branchOf(e)) ?? []), e]);
    let best = '';
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const [b, errs] of branches) {
      const wrongKind = errs.some((e) => e.keyword === 'const');
      const depth = Math.max(...errs.map((e) => e.instancePath.split('/').length));
      const score = (wrongKind ? -1e6 : 0) + depth * 1000 - errs.length;
      if (score > bestScore) {
        bestScore = score;
        best = b;
      }
    }
    keep = keep.filter((e) => !within(e, o) || branchOf(e) === best);
  }
  return keep;
}

function locate(
  doc: Document,
  lines: LineCounter,
  path: (string | number)[],
): { line: number; col: number } | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const prefix = path.slice(0, depth);
    if (depth === path.length && depth > 0) {
      // For an unknown key, point at the key itself.
      const parent: unknown = depth === 1 ? doc.contents : doc.getIn(prefix.slice(0, -1), true);
      if (isMap(parent)) {
        const last = prefix[prefix.length - 1];
        const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(last));
        if (pair && isScalar(pair.key) && pair.key.range) return lines.linePos(pair.key.range[0]);
      }
    }
    const node: unknown = depth === 0 ? doc.contents : doc.getIn(prefix, true);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (range) return lines.linePos(range[0]);
  }
  return undefined;
}
