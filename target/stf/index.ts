// Runs an STF test against a P4 program on the embedded target, the way p4c's bmv2 STF runner runs it on
// simple_switch: commands in order, packets processed as they are sent, and at the end every port's output
// compared with its `expect`s in order (a port with a bare `expect PORT` accepts anything).
import { readRegularFile } from '../frontend/source-file.js';
import { loadSwitch, PacketAborted, type Switch } from '../engine/index.js';
import {
  ControlPlaneError,
  type FieldMatch,
  type MeterConfig,
  type OutputPacket,
} from '../engine/control-plane-api.js';
import type { P4Info } from '../p4info/types.js';
import { formatPacket, comparePacket } from './diff.js';
import {
  parseStf,
  StfSyntaxError,
  type MeterRate,
  type StfActionCall,
  type StfCommand,
  type StfKeyValue,
  type StfNumber,
  type StfPattern,
} from './parser.js';
import { withControlPlaneNames } from './package-paths.js';
import { portabilityWarnings } from './portability.js';

export interface StfResult {
  status: 'pass' | 'fail' | 'error';
  report: string;
  /** What the file cannot mean on real bmv2 (see portability.ts), whatever the status; `file:line: warning: ...`. */
  warnings?: string[];
  /** Every frame sent in and every frame out, in order (see writeCaptures). */
  traffic?: WireFrame[];
}

/** A frame on a port: sent by the test's `packet` number `packet` (0-based), or produced by it. */
export interface WireFrame {
  port: number;
  direction: 'in' | 'out';
  packet: number;
  data: Uint8Array;
}

export class StfError extends Error {}

export async function runStf(options: {
  programPath: string;
  stfPath: string;
  includeDirs?: string[];
}): Promise<StfResult> {
  let commands: StfCommand[];
  const read = readRegularFile(options.stfPath);
  if (!read.ok) return { status: 'error', report: `cannot read the STF test: ${read.reason}` };
  try {
    commands = parseStf(read.bytes.toString('utf8'));
  } catch (e) {
    const msg =
      e instanceof StfSyntaxError ? `${options.stfPath}:${e.message}` : String((e as Error).message ?? e);
    return { status: 'error', report: `cannot read the STF test: ${msg}` };
  }
  let sw: Switch;
  const log: string[] = [];
  try {
    sw = loadSwitch(options.programPath, { includeDirs: options.includeDirs, log: (l) => log.push(l) });
  } catch (e) {
    return { status: 'error', report: `cannot load ${options.programPath}:\n${(e as Error).message}` };
  }
  const warnings = portabilityWarnings(commands, options.stfPath);
  try {
    return { ...runCommands(sw, commands, options.stfPath, log), warnings };
  } catch (e) {
    if (e instanceof StfError || e instanceof ControlPlaneError)
      return { status: 'error', report: `${options.stfPath}: ${(e as Error).message}`, warnings };
    // Anything else is a fault of the runner, not of the test: the caller reports it as a bug.
    throw e;
  }
}

interface Expectation {
  line: number;
  pattern: StfPattern;
}

/** Executes parsed commands on a switch and judges the outcome. Exported for tests. */
export function runCommands(
  sw: Switch,
  commands: StfCommand[],
  file = 'test.stf',
  log: string[] = [],
): StfResult {
  const outputs = new Map<number, OutputPacket[]>();
  const traffic: WireFrame[] = [];
  let sent = 0;
  const expected = new Map<number, Expectation[]>();
  const anyPorts = new Set<number>();
  const failures: string[] = [];
  const handles = new Map<string, { tableId: number; match: Map<number, FieldMatch>; priority: number }>();
  const groups = new Map<number, number[]>();
  const nodes: { rid: number; ports: number[] }[] = [];
  const at = (c: StfCommand): string => `${file}:${c.line}`;
  /** A multicast group's replicas: its nodes' ports in the order the nodes were associated. */
  const program = (group: number, list: number[]): void =>
    sw.setMulticastGroup(
      group,
      list.flatMap((h) => nodes[h]!.ports.map((port) => ({ port, rid: nodes[h]!.rid }))),
    );

  const blocks = sw.program.main.blockNames;
  commands: for (const written of commands) {
    const c = withControlPlaneNames(written, blocks);
    try {
      switch (c.kind) {
        case 'add': {
          const entry = buildEntry(sw.p4info, c);
          sw.insertEntry(entry);
          if (c.handle) handles.set(c.handle, entry);
          break;
        }
        case 'setdefault': {
          const t = findTable(sw.p4info, c.table);
          sw.setDefaultAction(t.preamble.id, buildAction(sw.p4info, t, c.action));
          break;
        }
        case 'packet': {
          let out: OutputPacket[];
          const packet = sent++;
          traffic.push({ port: c.port, direction: 'in', packet, data: c.data.slice() });
          try {
            out = sw.processPacket(c.port, c.data);
          } catch (e) {
            if (!(e instanceof PacketAborted)) throw e;
            // simple_switch exits on a failed assert and never returns from an endless loop: nothing after
            // this packet would happen on bmv2 either.
            failures.push(`${at(c)}: the program aborted this packet (${e.message}); the test stops here`);
            break commands;
          }
          for (const o of out) {
            traffic.push({ port: o.port, direction: 'out', packet, data: o.data });
            const list = outputs.get(o.port) ?? [];
            list.push(o);
            outputs.set(o.port, list);
          }
          break;
        }
        case 'expect':
          if (!c.pattern) anyPorts.add(c.port);
          else {
            const list = expected.get(c.port) ?? [];
            list.push({ line: c.line, pattern: c.pattern });
            expected.set(c.port, list);
          }
          break;
        case 'wait':
        case 'remove_all':
          if (c.kind === 'remove_all') for (const e of sw.readEntries()) sw.deleteEntry(e);
          break;
        case 'check_counter': {
          const got = readCounter(sw, c.counter, c.index, handles);
          if (c.op === undefined) break;
          const v = c.field === 'bytes' ? got.bytes : got.packets;
          if (!compare(v, c.op, c.value))
            failures.push(
              `${at(c)}: check_counter ${c.counter}(${c.index}) ${c.field}: got ${v}, expected ${c.op} ${c.value}`,
            );
          break;
        }
        case 'register_write': {
          const r = findByName(sw.p4info.registers, c.register, 'register');
          // A register of a `type` is written as its data-plane cells are (bmv2's CLI knows no P4Info types).
          const bits = 'bitstring' in r.type_spec ? r.type_spec.bitstring : undefined;
          const width = bits?.bit?.bitwidth ?? bits?.int?.bitwidth;
          const value =
            width === undefined
              ? c.value
              : fit({ value: c.value, text: String(c.value) }, width, `register ${c.register}`);
          sw.writeRegister(r.preamble.id, c.index, value);
          break;
        }
        case 'register_read': {
          const r = findByName(sw.p4info.registers, c.register, 'register');
          const [cell] = sw.readRegister(r.preamble.id, c.index);
          if (c.value !== undefined && cell.value !== c.value)
            failures.push(
              `${at(c)}: register ${c.register}[${c.index}] is ${cell.value}, expected ${c.value}`,
            );
          break;
        }
        case 'register_reset': {
          const r = findByName(sw.p4info.registers, c.register, 'register');
          sw.writeRegister(r.preamble.id, undefined, 0n);
          break;
        }
        case 'counter_read':
          sw.readCounter(indirectCounter(sw, c.counter).preamble.id, c.index);
          break;
        case 'counter_write':
          sw.writeCounter(indirectCounter(sw, c.counter).preamble.id, c.index, {
            packets: c.packets,
            bytes: c.bytes,
          });
          break;
        case 'meter_get_rates':
          sw.readMeter(indirectMeter(sw, c.meter).preamble.id, c.index);
          break;
        case 'meter_set_rates':
        case 'meter_array_set_rates':
          sw.writeMeter(indirectMeter(sw, c.meter).preamble.id, c.index, meterConfig(c.meter, c.rates));
          break;
        case 'mirroring_add':
          sw.setMirrorSession(c.session, c.port);
          break;
        case 'mirroring_add_mc':
          sw.setMirrorSession(c.session, { mgid: c.group });
          break;
        case 'mirroring_delete':
          sw.setMirrorSession(c.session, undefined);
          break;
        case 'mirroring_get':
          break;
        case 'mc_mgrp_create':
          groups.set(c.group, []);
          sw.setMulticastGroup(c.group, []);
          break;
        case 'mc_node_create':
          nodes.push({ rid: c.rid, ports: asBitmap(c.ports) });
          break;
        case 'mc_node_update': {
          const node = nodes[c.node];
          if (!node) throw new StfError(`no multicast node with handle ${c.node}`);
          node.ports = asBitmap(c.ports);
          for (const [group, list] of groups) if (list.includes(c.node)) program(group, list);
          break;
        }
        case 'mc_node_associate': {
          if (!nodes[c.node]) throw new StfError(`no multicast node with handle ${c.node}`);
          const list = groups.get(c.group) ?? [];
          list.push(c.node);
          groups.set(c.group, list);
          program(c.group, list);
          break;
        }
      }
    } catch (e) {
      if (e instanceof ControlPlaneError || e instanceof StfError)
        throw new StfError(`line ${c.line}: ${(e as Error).message}`);
      throw e;
    }
  }

  const report: string[] = [];
  // As under p4c's runner, the switch only has the interfaces the test mentions (in packet or expect lines):
  // what leaves on any other port goes nowhere and is not judged, only reported.
  const attached = new Set<number>();
  for (const c of commands) if (c.kind === 'packet' || c.kind === 'expect') attached.add(c.port);
  const notes: string[] = [];
  for (const [port, list] of outputs)
    if (!attached.has(port))
      notes.push(
        `note: ${list.length} packet(s) left on port ${port}, which the test does not attach (ignored)`,
      );
  const ports = [...new Set([...outputs.keys(), ...expected.keys()])]
    .filter((p) => attached.has(p))
    .sort((a, b) => a - b);
  for (const port of ports) {
    const got = outputs.get(port) ?? [];
    if (anyPorts.has(port)) {
      // p4c's runner long reported such a mix and failed the test (its current version counts a bare
      // `expect` as one packet of any content).
      if (expected.has(port))
        report.push(
          `port ${port}: a bare 'expect ${port}' (any packets) and expected packets (line ${expected.get(port)![0]!.line}) on one port`,
        );
      continue;
    }
    const want = expected.get(port) ?? [];
    const n = Math.max(got.length, want.length);
    const lines: string[] = [];
    let ok = true;
    for (let i = 0; i < n; i++) {
      const w = want[i];
      const g = got[i];
      if (w && g) {
        const cmp = comparePacket(w.pattern, g.data);
        if (!cmp.ok) {
          ok = false;
          lines.push(`  packet ${i} (expect at line ${w.line}): ${cmp.reason}`);
          lines.push(`    expected: ${cmp.expected}`);
          lines.push(`    actual:   ${cmp.actual}`);
          lines.push(`              ${cmp.marks}`);
        }
      } else if (w) {
        ok = false;
        lines.push(`  packet ${i} (expect at line ${w.line}): missing`);
        lines.push(`    expected: ${formatPacket(w.pattern.nibbles)}${w.pattern.exact ? '$' : ''}`);
      } else if (g) {
        ok = false;
        lines.push(`  packet ${i}: unexpected`);
        lines.push(`    actual:   ${formatPacket(hex(g.data))}`);
      }
    }
    if (!ok) {
      report.push(`port ${port}: expected ${want.length} packet(s), got ${got.length}`);
      report.push(...lines);
    }
  }
  if (failures.length) report.push(...failures);
  if (report.length === 0) {
    const count = ports.reduce((s, p) => s + (outputs.get(p)?.length ?? 0), 0);
    return {
      status: 'pass',
      report: [`PASS: ${count} packet(s) out as expected`, ...notes].join('\n'),
      traffic,
    };
  }
  report.push(...notes);
  if (log.length) report.push('switch log:', ...log.map((l) => `  ${l}`));
  return { status: 'fail', report: `FAIL\n${report.join('\n')}`, traffic };
}

function compare(
  a: bigint,
  op: NonNullable<Extract<StfCommand, { kind: 'check_counter' }>['op']>,
  b: bigint,
): boolean {
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

const hex = (d: Uint8Array): string => Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');

/** Exact name, else a unique suffix match on a dot boundary (as p4c's runner resolves short names). */
function findByName<T extends { preamble: { name: string; alias: string } }>(
  list: T[],
  name: string,
  what: string,
): T {
  const exact = list.find((x) => x.preamble.name === name || x.preamble.alias === name);
  if (exact) return exact;
  const suffix = list.filter((x) => x.preamble.name.endsWith(`.${name}`));
  if (suffix.length === 1) return suffix[0];
  if (suffix.length > 1) throw new StfError(`${what} name ${name} is ambiguous`);
  throw new StfError(`no ${what} named ${name}`);
}

/**
 * A top-level action as P4Testgen names it when a control's table lists it: under the control, as p4c's
 * front-end names the copy it makes there (`ingress.my_drop` for `my_drop`, LocalizeAllActions). P4Info keeps
 * the top-level name, so that name stands for it; any other name is returned as it is.
 */
function localActionName(table: string, name: string, actions: { preamble: { name: string } }[]): string {
  const control = table.slice(0, table.lastIndexOf('.') + 1);
  if (control === '' || !name.startsWith(control) || actions.some((a) => a.preamble.name === name))
    return name;
  const local = name.slice(control.length);
  return actions.some((a) => a.preamble.name === local) ? local : name;
}

function findTable(p4info: P4Info, name: string) {
  return findByName(p4info.tables, name, 'table');
}

function buildAction(p4info: P4Info, table: P4Info['tables'][number], call: StfActionCall) {
  const candidates = p4info.actions.filter((a) => table.action_refs.some((r) => r.id === a.preamble.id));
  const action = findByName(
    candidates,
    localActionName(table.preamble.name, call.name, candidates),
    `action of ${table.preamble.name}`,
  );
  const params = new Map<number, bigint>();
  for (const a of call.args) {
    const p = action.params.find((x) => x.name === a.name);
    if (!p) throw new StfError(`action ${action.preamble.name} has no parameter ${a.name}`);
    params.set(p.id, fit(a.value, p.bitwidth, `action ${action.preamble.name} parameter ${a.name}`));
  }
  for (const p of action.params)
    if (!params.has(p.id)) throw new StfError(`action ${action.preamble.name}: missing parameter ${p.name}`);
  return { actionId: action.preamble.id, params };
}

function buildEntry(p4info: P4Info, c: Extract<StfCommand, { kind: 'add' }>) {
  const t = findTable(p4info, c.table);
  // p4c's runner turns `add` into simple_switch_CLI's table_add, which bmv2 refuses for an indirect table
  // (WRONG_TABLE_TYPE): its entries point at action profile members and groups, which STF cannot create.
  if (t.implementation_id) {
    const p = p4info.action_profiles?.find((x) => x.preamble.id === t.implementation_id);
    throw new StfError(
      `table ${t.preamble.name} has an action ${p?.with_selector ? 'selector' : 'profile'} (${p?.preamble.name ?? t.implementation_id}): ` +
        'bmv2 refuses table_add on it, so STF cannot add its entries; write its members, groups and entries through P4Runtime',
    );
  }
  const match = new Map<number, FieldMatch>();
  for (const k0 of c.keys) {
    // p4c's runner writes header stack indices as `$N`: extra$0.h is extra[0].h.
    const k = { ...k0, name: k0.name.replace(/\$(\d+)/g, '[$1]') };
    const f = findKeyField(t.match_fields, k.name);
    if (!f) throw new StfError(`table ${t.preamble.name} has no key field ${k.name}`);
    const m = toMatch(f.match_type, f.bitwidth, k.value, k.name);
    if (m) match.set(f.id, m);
  }
  // p4c's runner starts table_add from a key of zeros, so an exact field the line leaves out matches 0 (a
  // validity key: an invalid header). Every other kind left out is a don't-care, as above.
  for (const f of t.match_fields)
    if (f.match_type === 'EXACT' && !match.has(f.id)) match.set(f.id, { kind: 'exact', value: 0n });
  const needsPriority = t.match_fields.some(
    (m) => m.match_type === 'TERNARY' || m.match_type === 'RANGE' || m.match_type === 'OPTIONAL',
  );
  // STF priorities may be 0 (p4c's runner hands bmv2 10000 - p); shifting by one keeps their order while
  // satisfying the control plane's "priority > 0" rule. Higher still wins.
  const priority = needsPriority ? (c.priority ?? 0) + 1 : 0;
  return { tableId: t.preamble.id, match, priority, action: buildAction(p4info, t, c.action) };
}

/**
 * The key field an STF key name stands for, tried in the order p4c's bmv2 runner tries them: the exact name,
 * the name with `$` or `.$valid$` appended (`h.$valid` and `h` for a validity key `h.$valid$`), `h.valid` for
 * `h.$valid$`, then the first of those that ends the field's name on a dot boundary (`valid` alone: any validity
 * key, or one named `$valid$`). Validity keys are `h.isValid()` in P4Info and `h.$valid$` in bmv2's JSON, which
 * the runner reads: both spellings are taken as the same.
 */
function findKeyField<T extends { name: string }>(fields: T[], name: string): T | undefined {
  const norm = (n: string): string =>
    n.replace(/\.isValid\(\)$/, '.$valid$').replace(/^isValid\(\)$/, '$valid$');
  const named = (n: string): T | undefined => fields.find((m) => norm(m.name) === n);
  const want = norm(name);
  const alt = want.endsWith('.valid') ? `${want.slice(0, -'valid'.length)}$valid$` : undefined;
  const exact =
    named(want) ?? named(`${want}$`) ?? named(`${want}.$valid$`) ?? (alt ? named(alt) : undefined);
  if (exact) return exact;
  const suffix = fields.find((m) => {
    const n = norm(m.name);
    return (
      n.endsWith(`.${want}`) ||
      n.endsWith(`.${want}$`) ||
      (alt !== undefined && n.endsWith(`.${alt}`)) ||
      (want === 'valid' && n.endsWith('.$valid$'))
    );
  });
  return suffix ?? (want === 'valid' ? named('$valid$') : undefined);
}

/**
 * A value as a `width`-bit field holds it. A value that does not fit is an error, as p4c's STF runner
 * (through bmv2's runtime CLI) refuses it, rather than silently wrapping (99999 for a 9-bit port would
 * become port 159). A negative value is taken as two's complement and must fit too.
 */
function fit(n: StfNumber, width: number, what: string): bigint {
  const v = n.value;
  const ok = v >= 0n ? v < 1n << BigInt(width) : v >= -(1n << BigInt(Math.max(0, width - 1)));
  if (!ok) throw new StfError(`${what}: value ${n.text} does not fit in ${width} bits`);
  return BigInt.asUintN(width, v);
}

function toMatch(kind: string, width: number, v: StfKeyValue, name: string): FieldMatch | undefined {
  const full = (1n << BigInt(width)) - 1n;
  const u = (x: StfNumber): bigint => fit(x, width, `key ${name}`);
  switch (kind) {
    case 'EXACT':
      if (v.kind !== 'number' || v.num.careMask !== undefined)
        throw new StfError(`${name}: exact key needs a plain value`);
      return { kind: 'exact', value: u(v.num) };
    case 'OPTIONAL':
      if (v.kind !== 'number') throw new StfError(`${name}: optional key needs a value`);
      if (v.num.careMask === 0n) return undefined;
      return { kind: 'optional', value: u(v.num) };
    case 'LPM': {
      if (v.kind === 'lpm') {
        if (v.prefixLen === 0) return undefined;
        const mask = full ^ (full >> BigInt(v.prefixLen));
        return { kind: 'lpm', value: u(v.value) & mask, prefixLen: Math.min(v.prefixLen, width) };
      }
      if (v.kind !== 'number') throw new StfError(`${name}: bad lpm key`);
      let len = width;
      if (v.num.careMask !== undefined && v.num.bits !== undefined) {
        let wild = 0;
        for (let b = 0; b < v.num.bits && ((v.num.careMask >> BigInt(b)) & 1n) === 0n; b++) wild++;
        len = Math.max(0, width - wild);
      }
      if (len === 0) return undefined;
      const mask = full ^ (full >> BigInt(len));
      return { kind: 'lpm', value: u(v.num) & mask, prefixLen: len };
    }
    case 'TERNARY': {
      let value: bigint;
      let mask: bigint;
      if (v.kind === 'ternary') {
        value = u(v.value);
        mask = u(v.mask);
      } else if (v.kind === 'number') {
        value = u(v.num);
        mask = v.num.careMask !== undefined ? BigInt.asUintN(width, v.num.careMask) : full;
      } else throw new StfError(`${name}: bad ternary key`);
      if (mask === 0n) return undefined;
      return { kind: 'ternary', value: value & mask, mask };
    }
    case 'RANGE':
      if (v.kind === 'range') return { kind: 'range', low: u(v.low), high: u(v.high) };
      if (v.kind === 'number' && v.num.careMask === undefined)
        return { kind: 'range', low: u(v.num), high: u(v.num) };
      throw new StfError(`${name}: bad range key`);
  }
  throw new StfError(`${name}: unsupported match kind ${kind}`);
}

/** A multicast node's ports as bmv2 keeps them: a bitmap, so each port once and in port order. */
function asBitmap(ports: readonly number[]): number[] {
  return [...new Set(ports)].sort((a, b) => a - b);
}

/** Whether an object is the one `name` stands for: its full name, or a suffix of it on a dot boundary. */
function named(name: string): (x: { preamble: { name: string } }) => boolean {
  return (x) => x.preamble.name === name || x.preamble.name.endsWith(`.${name}`);
}

/**
 * An indirect counter or meter by name. bmv2's CLI addresses a direct one's cells by entry handle, which STF
 * cannot name: a direct one gets that said instead of "no such counter".
 */
function indirect<T extends { preamble: { name: string; alias: string } }>(
  list: T[],
  direct: { preamble: { name: string } }[],
  name: string,
  what: 'counter' | 'meter',
): T {
  if (!list.some(named(name)) && direct.some(named(name)))
    throw new StfError(`${name} is a direct ${what}: STF cannot name the table entries its cells belong to`);
  return findByName(list, name, what);
}

function indirectCounter(sw: Switch, name: string) {
  return indirect(sw.p4info.counters, sw.p4info.direct_counters, name, 'counter');
}

function indirectMeter(sw: Switch, name: string) {
  return indirect(sw.p4info.meters, sw.p4info.direct_meters, name, 'meter');
}

/**
 * simple_switch_CLI's two rates (committed, then peak; units per microsecond) as a meter configuration in
 * units per second, as PI converts between the two.
 */
function meterConfig(name: string, rates: readonly MeterRate[]): MeterConfig {
  if (rates.length !== 2)
    throw new StfError(
      `meter ${name}: ${rates.length} rate(s) given, a two-rate meter takes 2 (committed, peak)`,
    );
  const [c, p] = rates as [MeterRate, MeterRate];
  const perSecond = (r: MeterRate): bigint => BigInt(Math.round(r.perMicrosecond * 1e6));
  return { cir: perSecond(c), cburst: c.burst, pir: perSecond(p), pburst: p.burst };
}

function readCounter(
  sw: Switch,
  name: string,
  index: number | string,
  handles: Map<string, { tableId: number; match: Map<number, FieldMatch>; priority: number }>,
) {
  const direct = sw.p4info.direct_counters.find(named(name));
  if (direct && !sw.p4info.counters.some((c) => c.preamble.name === name)) {
    // p4c's STF files name an entry `add ... = A` and refer to it as `$A`.
    const h =
      typeof index === 'string' ? (handles.get(index) ?? handles.get(index.replace(/^\$/, ''))) : undefined;
    if (!h) throw new StfError(`direct counter ${name}: unknown entry handle ${index}`);
    return sw.readDirectCounter(h);
  }
  const c = findByName(sw.p4info.counters, name, 'counter');
  if (typeof index !== 'number') throw new StfError(`counter ${name}: index must be a number`);
  return sw.readCounter(c.preamble.id, index)[0].data;
}
