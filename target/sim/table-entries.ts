// Scenario table entries: expansion of templates (`repeat` over variables, `${expr}` in values, switch globs)
// and their installation through a pipeline's ControlPlane by control-plane name, as the STF runner and a
// P4Runtime controller name them.
import type { ActionCall, ControlPlane, FieldMatch, TableEntry } from '../engine/control-plane-api.js';
import type { P4Info } from '../p4info/types.js';
import type { DataPath } from '../../config-file/index.js';
import { ScenarioError, type TableEntryFile } from './scenario-file.js';

/**
 * Entries a scenario may expand to, over all its switches: far more than any table holds (bmv2's default
 * table size is 1024), and few enough that a range mistyped as `0..100000000` is an error naming it rather
 * than a process out of memory.
 */
export const MAX_EXPANDED_ENTRIES = 1_000_000;

/** One entry for one switch, with every template variable substituted. */
export interface EntrySpec {
  /** Where it came from, for messages, e.g. `tables[2]` or what generated it. */
  origin: string;
  /** Its place in the scenario file, for an entry written there. */
  path?: DataPath;
  /** A default that a later entry with the same key replaces instead of clashing with (e.g. generated ones). */
  overridable?: boolean;
  table: string;
  isDefault: boolean;
  match: Record<string, string>;
  priority?: number;
  action: string;
  params: Record<string, string>;
}

/** Glob (`*`, `?`) to an anchored regular expression. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

/** Names matching any of the globs, in the order of `names`; an error if a glob matches nothing. */
export function selectNames(
  patterns: string | readonly string[],
  names: readonly string[],
  what: string,
): string[] {
  const list = typeof patterns === 'string' ? [patterns] : patterns;
  const out = new Set<string>();
  for (const p of list) {
    const re = globToRegExp(p);
    const hit = names.filter((n) => re.test(n));
    if (hit.length === 0) throw new Error(`no ${what} matches '${p}'`);
    for (const h of hit) out.add(h);
  }
  return names.filter((n) => out.has(n));
}

/** Expand every entry for every switch it applies to. */
export function expandEntries(
  entries: readonly TableEntryFile[],
  switches: readonly string[],
): Map<string, EntrySpec[]> {
  const bySwitch = new Map<string, EntrySpec[]>(switches.map((s) => [s, []]));
  let fileIndex = 0;
  let expanded = 0;
  for (const e of entries) {
    const path = e.generatedBy === undefined ? ['tables', fileIndex++] : undefined;
    const origin = e.generatedBy ?? `tables[${fileIndex - 1}]`;
    try {
      const targets = e.switches === undefined ? [...switches] : selectNames(e.switches, switches, 'switch');
      const repeat = e.repeat ?? {};
      const count = combinationCount(repeat);
      if (count === 0 || targets.length === 0) continue;
      expanded += targets.length * count;
      if (!(expanded <= MAX_EXPANDED_ENTRIES))
        throw new Error(
          `the entries expand to more than ${MAX_EXPANDED_ENTRIES} over all switches up to here; ` +
            'check the ranges in repeat and the switches',
        );
      for (const vars of combinations(repeat)) {
        const sub = (v: number | string): string => (typeof v === 'number' ? String(v) : substitute(v, vars));
        const spec: EntrySpec = {
          origin,
          path,
          overridable: e.overridable,
          table: e.table,
          isDefault: e.default ?? false,
          match: Object.fromEntries(Object.entries(e.match ?? {}).map(([k, v]) => [k, sub(v)])),
          priority: e.priority,
          action: e.action,
          params: Object.fromEntries(Object.entries(e.params ?? {}).map(([k, v]) => [k, sub(v)])),
        };
        for (const s of targets) bySwitch.get(s)!.push(spec);
      }
    } catch (err) {
      throw entryError({ origin, path }, (err as Error).message, err);
    }
  }
  return bySwitch;
}

/** An error about an entry: located in the scenario file when it was written there. */
function entryError(spec: Pick<EntrySpec, 'origin' | 'path'>, message: string, cause: unknown): Error {
  return spec.path
    ? new ScenarioError(spec.path, message, { cause })
    : new Error(`${spec.origin}: ${message}`, { cause });
}

/** The values of `repeat`'s variables: `'a..b'` is the integers a to b. */
function repeatValues(name: string, spec: string | number[]): { lo: number; count: number } | number[] {
  if (typeof spec !== 'string') return spec;
  const m = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/.exec(spec);
  if (!m) throw new Error(`repeat.${name}: expected a range a..b`);
  const lo = Number(m[1]);
  return { lo, count: Math.max(0, Number(m[2]) - lo + 1) };
}

/** How many combinations `repeat` has, counted without making them (0 if any variable has no value, however
 *  many the others have). */
function combinationCount(repeat: Record<string, string | number[]>): number {
  const counts = Object.entries(repeat).map(([name, spec]) => {
    const v = repeatValues(name, spec);
    return Array.isArray(v) ? v.length : v.count;
  });
  return counts.includes(0) ? 0 : counts.reduce((a, b) => a * b, 1);
}

function combinations(repeat: Record<string, string | number[]>): Record<string, number>[] {
  let out: Record<string, number>[] = [{}];
  for (const [name, spec] of Object.entries(repeat)) {
    const v = repeatValues(name, spec);
    const values = Array.isArray(v) ? v : Array.from({ length: v.count }, (_, k) => v.lo + k);
    out = out.flatMap((o) => values.map((x) => ({ ...o, [name]: x })));
  }
  return out;
}

/** Replace each `${expr}` by its integer value; expr uses variables, integers, + - * and parentheses. */
export function substitute(text: string, vars: Record<string, number>): string {
  return text.replace(/\$\{([^}]*)\}/g, (_, expr: string) => String(evaluate(expr, vars)));
}

function evaluate(expr: string, vars: Record<string, number>): number {
  const tokens =
    expr.match(/\s*(0x[0-9a-fA-F]+|\d+|[A-Za-z_][A-Za-z0-9_]*|[-+*()])/g)?.map((t) => t.trim()) ?? [];
  if (tokens.join('') !== expr.replace(/\s+/g, '')) throw new Error(`cannot evaluate '\${${expr}}'`);
  let i = 0;
  const fail = (): never => {
    throw new Error(`cannot evaluate '\${${expr}}'`);
  };
  const atom = (): number => {
    const t = tokens[i++] ?? fail();
    if (t === '(') {
      const v = sum();
      if (tokens[i++] !== ')') fail();
      return v;
    }
    if (t === '-') return -atom();
    if (/^(0x[0-9a-fA-F]+|\d+)$/.test(t)) return Number(t);
    if (t in vars) return vars[t]!;
    throw new Error(`unknown variable '${t}' in '\${${expr}}'`);
  };
  const product = (): number => {
    let v = atom();
    while (tokens[i] === '*') {
      i++;
      v *= atom();
    }
    return v;
  };
  const sum = (): number => {
    let v = product();
    while (tokens[i] === '+' || tokens[i] === '-') v = tokens[i++] === '+' ? v + product() : v - product();
    return v;
  };
  const v = sum();
  if (i !== tokens.length) fail();
  return v;
}

/** A value as written in a scenario: decimal, 0x hex, dotted IPv4 or a MAC address. */
export function parseValue(text: string): bigint {
  const t = text.trim();
  if (/^\d+$/.test(t) || /^0x[0-9a-fA-F]+$/.test(t)) return BigInt(t);
  if (/^\d+\.\d+\.\d+\.\d+$/.test(t)) {
    const parts = t.split('.').map(Number);
    if (parts.some((p) => p > 255)) throw new Error(`bad IPv4 address '${t}'`);
    return BigInt(((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0);
  }
  if (/^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/.test(t)) return BigInt(`0x${t.replace(/:/g, '')}`);
  throw new Error(`cannot read value '${t}' (decimal, 0x hex, IPv4 or MAC)`);
}

function parseMatch(text: string, kind: string, width: number): FieldMatch {
  const max = (1n << BigInt(width)) - 1n;
  const check = (v: bigint): bigint => {
    if (v < 0n || v > max) throw new Error(`value ${v} does not fit in ${width} bits`);
    return v;
  };
  switch (kind) {
    case 'EXACT':
      return { kind: 'exact', value: check(parseValue(text)) };
    case 'OPTIONAL':
      return { kind: 'optional', value: check(parseValue(text)) };
    case 'LPM': {
      const [v, len] = text.split('/');
      const prefixLen = len === undefined ? width : Number(len);
      if (!Number.isInteger(prefixLen) || prefixLen < 0 || prefixLen > width)
        throw new Error(`bad prefix in '${text}'`);
      const value = check(parseValue(v!));
      const mask = prefixLen === 0 ? 0n : (max >> BigInt(width - prefixLen)) << BigInt(width - prefixLen);
      return { kind: 'lpm', value: value & mask, prefixLen };
    }
    case 'TERNARY': {
      const [v, m] = text.split('&&&');
      return {
        kind: 'ternary',
        value: check(parseValue(v!)),
        mask: m === undefined ? max : check(parseValue(m)),
      };
    }
    case 'RANGE': {
      const [lo, hi] = text.split('..');
      const low = check(parseValue(lo!));
      return { kind: 'range', low, high: hi === undefined ? low : check(parseValue(hi)) };
    }
    default:
      throw new Error(`unsupported match kind ${kind}`);
  }
}

const byName = <T extends { preamble: { name: string; alias: string } }>(
  list: readonly T[],
  name: string,
): T | undefined => list.find((x) => x.preamble.name === name) ?? list.find((x) => x.preamble.alias === name);

/** Translate a named entry to ids and values of this program's P4Info. */
export function resolveEntry(
  p4info: P4Info,
  spec: EntrySpec,
): { tableId: number; entry: TableEntry; action: ActionCall } {
  const table = byName(p4info.tables, spec.table);
  if (!table) throw new Error(`unknown table '${spec.table}'`);
  const action = byName(p4info.actions, spec.action);
  if (!action) throw new Error(`unknown action '${spec.action}'`);
  if (!table.action_refs.some((r) => r.id === action.preamble.id))
    throw new Error(`action '${spec.action}' is not an action of table '${spec.table}'`);
  const params = new Map<number, bigint>();
  for (const p of action.params) {
    const text = spec.params[p.name];
    if (text === undefined) throw new Error(`missing parameter '${p.name}' of '${spec.action}'`);
    const v = parseValue(text);
    if (v >= 1n << BigInt(p.bitwidth))
      throw new Error(`parameter '${p.name}' = ${v} does not fit in ${p.bitwidth} bits`);
    params.set(p.id, v);
  }
  for (const k of Object.keys(spec.params))
    if (!action.params.some((p) => p.name === k)) throw new Error(`'${spec.action}' has no parameter '${k}'`);
  const call: ActionCall = { actionId: action.preamble.id, params };
  const match = new Map<number, FieldMatch>();
  for (const [name, text] of Object.entries(spec.match)) {
    const f = table.match_fields.find((m) => m.name === name);
    if (!f) throw new Error(`table '${spec.table}' has no key field '${name}'`);
    match.set(f.id, parseMatch(text, f.match_type, f.bitwidth));
  }
  const needsPriority = table.match_fields.some((f) => f.match_type !== 'EXACT' && f.match_type !== 'LPM');
  const entry: TableEntry = {
    tableId: table.preamble.id,
    match,
    priority: spec.priority ?? (needsPriority ? 1 : 0),
    action: call,
  };
  return { tableId: table.preamble.id, entry, action: call };
}

/** Install a switch's entries; errors name the entry they came from. */
export function installEntries(cp: ControlPlane, specs: readonly EntrySpec[], switchName: string): void {
  const replaceable = new Set<string>();
  const keyOf = (e: TableEntry): string =>
    `${e.tableId}|${e.priority}|${JSON.stringify(
      [...e.match].sort((a, b) => a[0] - b[0]),
      (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
    )}`;
  for (const spec of specs) {
    try {
      const r = resolveEntry(cp.p4info, spec);
      if (spec.isDefault) {
        cp.setDefaultAction(r.tableId, r.action);
        continue;
      }
      const key = keyOf(r.entry);
      if (replaceable.has(key)) {
        cp.modifyEntry(r.entry);
        if (!spec.overridable) replaceable.delete(key);
        continue;
      }
      cp.insertEntry(r.entry);
      if (spec.overridable) replaceable.add(key);
    } catch (err) {
      throw entryError(spec, `${(err as Error).message} (on ${switchName})`, err);
    }
  }
}
