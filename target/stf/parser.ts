// Parser for p4c's STF test format (as run by p4c's bmv2 STF runner), one command a line, `#` comments.
// Commands: add, setdefault, packet, expect, wait, check_counter, remove all, and the simple_switch_CLI
// commands p4c's runner passes through: counter_read/counter_write, register_read/register_write/
// register_reset, meter_get_rates/meter_set_rates/meter_array_set_rates, mirroring_add/mirroring_add_mc/
// mirroring_delete/mirroring_get, mc_mgrp_create, mc_node_create/mc_node_update/mc_node_associate.
// Names may be written in double quotes, as P4Testgen's STF back end writes every table, key, action and
// parameter name (`add "ingress.t" "hdr.h.a":0x01 "ingress.set"("port":0x001)`); the quotes are dropped.

export class StfSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'StfSyntaxError';
  }
}

/** A number as written, with `*` wildcard digits turned into a mask over the written bits. */
export interface StfNumber {
  value: bigint;
  /** Bits of `value` that were written as digits (not `*`), over `bits` written bits; undefined: no wildcard. */
  careMask?: bigint;
  /** Number of bits the digits span (digits × bits per digit); undefined for decimal. */
  bits?: number;
  text: string;
}

export type StfKeyValue =
  | { kind: 'number'; num: StfNumber }
  | { kind: 'ternary'; value: StfNumber; mask: StfNumber }
  | { kind: 'lpm'; value: StfNumber; prefixLen: number }
  | { kind: 'range'; low: StfNumber; high: StfNumber };

export interface StfActionCall {
  name: string;
  args: { name: string; value: StfNumber }[];
}

/** A meter rate as simple_switch_CLI takes it: units (packets or bytes) per microsecond, and a burst in units. */
export interface MeterRate {
  perMicrosecond: number;
  burst: bigint;
}

/** One expected-packet pattern: nibbles ('*' = any), and whether the packet must end there. */
export interface StfPattern {
  nibbles: string;
  exact: boolean;
}

export type StfCommand =
  | {
      kind: 'add';
      line: number;
      table: string;
      priority?: number;
      keys: { name: string; value: StfKeyValue }[];
      action: StfActionCall;
      handle?: string;
    }
  | { kind: 'setdefault'; line: number; table: string; action: StfActionCall }
  | { kind: 'packet'; line: number; port: number; data: Uint8Array }
  | { kind: 'expect'; line: number; port: number; pattern?: StfPattern }
  | { kind: 'wait'; line: number }
  | {
      kind: 'check_counter';
      line: number;
      counter: string;
      /** A numeric index, or the handle given to an `add ... = ID` entry (direct counters). */
      index: number | string;
      field: 'packets' | 'bytes';
      /** Absent when the command only names the counter (it must then exist). */
      op?: '==' | '!=' | '<' | '<=' | '>' | '>=';
      value: bigint;
    }
  | { kind: 'register_write'; line: number; register: string; index: number; value: bigint }
  /** `value` absent: read only, nothing to check. */
  | { kind: 'register_read'; line: number; register: string; index: number; value?: bigint }
  | { kind: 'register_reset'; line: number; register: string }
  /** Reads a cell of an indirect counter (bmv2's CLI prints it; nothing is checked). */
  | { kind: 'counter_read'; line: number; counter: string; index: number }
  | { kind: 'counter_write'; line: number; counter: string; index: number; packets: bigint; bytes: bigint }
  | { kind: 'meter_get_rates'; line: number; meter: string; index: number }
  /** One cell's rates (meter_set_rates), or every cell's (meter_array_set_rates, no index). */
  | {
      kind: 'meter_set_rates' | 'meter_array_set_rates';
      line: number;
      meter: string;
      index?: number;
      rates: MeterRate[];
    }
  | { kind: 'mirroring_add'; line: number; session: number; port: number }
  | { kind: 'mirroring_add_mc'; line: number; session: number; group: number }
  | { kind: 'mirroring_delete' | 'mirroring_get'; line: number; session: number }
  | { kind: 'mc_mgrp_create'; line: number; group: number }
  | { kind: 'mc_node_create'; line: number; rid: number; ports: number[] }
  | { kind: 'mc_node_update'; line: number; node: number; ports: number[] }
  | { kind: 'mc_node_associate'; line: number; group: number; node: number }
  | { kind: 'remove_all'; line: number };

export function parseNumber(text: string, line: number): StfNumber {
  const t = text.trim();
  const m = /^(-)?(0[xX]([0-9a-fA-F*_]+)|0[bB]([01*_]+)|([0-9_]+))$/.exec(t);
  if (!m) throw new StfSyntaxError(line, `bad number '${text}'`);
  if (m[5] !== undefined) {
    const v = BigInt(m[5].replace(/_/g, ''));
    return { value: m[1] ? -v : v, text: t };
  }
  const digits = (m[3] ?? m[4]).replace(/_/g, '');
  const per = m[3] !== undefined ? 4 : 1;
  const radix = m[3] !== undefined ? 16 : 2;
  let value = 0n;
  let care = 0n;
  const full = BigInt(radix - 1);
  for (const d of digits) {
    value <<= BigInt(per);
    care <<= BigInt(per);
    if (d !== '*') {
      value |= BigInt(parseInt(d, radix));
      care |= full;
    }
  }
  const bits = digits.length * per;
  const hasWild = digits.includes('*');
  return { value: m[1] ? -value : value, careMask: hasWild ? care : undefined, bits, text: t };
}

function parseKeyValue(text: string, line: number): StfKeyValue {
  const tern = text.split('&&&');
  if (tern.length === 2)
    return { kind: 'ternary', value: parseNumber(tern[0], line), mask: parseNumber(tern[1], line) };
  const slash = text.split('/');
  if (slash.length === 2) {
    const len = Number(slash[1]);
    if (!Number.isInteger(len) || len < 0) throw new StfSyntaxError(line, `bad prefix length in '${text}'`);
    return { kind: 'lpm', value: parseNumber(slash[0], line), prefixLen: len };
  }
  const range = /^(.+?)(?:\.\.|->)(.+)$/.exec(text);
  if (range) return { kind: 'range', low: parseNumber(range[1], line), high: parseNumber(range[2], line) };
  return { kind: 'number', num: parseNumber(text, line) };
}

/** A table, action, counter or register name: qualified (`ingress.t`, `s[0]`), or anything in double quotes. */
const NAME = String.raw`"[^"]+"|[A-Za-z_$][\w.$[\]]*`;
const ACTION_CALL = new RegExp(String.raw`^(${NAME})\s*\(([^)]*)\)\s*$`);
const COUNTER_CHECK = new RegExp(
  String.raw`^(${NAME})\s*\(\s*([^)\s]+)\s*\)\s*(?:(packets|bytes)\s*)?(?:(==|!=|<=|>=|<|>)\s*(\S+))?\s*$`,
  'i',
);

/** `name(a:1, b:0x2)` possibly spread over several whitespace-separated words. */
function parseAction(text: string, line: number): StfActionCall {
  const m = ACTION_CALL.exec(text.trim());
  if (!m) throw new StfSyntaxError(line, `bad action call '${text}'`);
  const args: StfActionCall['args'] = [];
  const body = m[2].trim();
  if (body !== '') {
    for (const part of body.split(',')) {
      const a = /^\s*("[^"]+"|[A-Za-z_$][\w$]*)\s*:\s*(\S+)\s*$/.exec(part);
      if (!a) throw new StfSyntaxError(line, `bad action argument '${part.trim()}' (want NAME:VALUE)`);
      args.push({ name: unquote(a[1]), value: parseNumber(a[2], line) });
    }
  }
  return { name: unquote(m[1]), args };
}

/** A name without the double quotes it may be written in. */
function unquote(name: string): string {
  return name.length >= 2 && name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1) : name;
}

/** Where the first `ch` outside double quotes is, or -1: inside a quoted name (`"ingress.t#2"`, `"f()"`) it
 *  belongs to the name. */
function outsideQuotes(text: string, ch: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === ch && !quoted) return i;
  }
  return -1;
}

/** The line up to its `#` comment. */
function withoutComment(line: string): string {
  const hash = outsideQuotes(line, '#');
  return hash < 0 ? line : line.slice(0, hash);
}

/** The whitespace-separated words of a line; whitespace inside double quotes belongs to its word
 *  (`"hdr.a & 0xff":0x01` is one key: a key's name is the expression it is written as). */
function splitWords(text: string): string[] {
  const out: string[] = [];
  let word = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && (ch === ' ' || ch === '\t')) {
      if (word !== '') out.push(word);
      word = '';
    } else word += ch;
  }
  if (word !== '') out.push(word);
  return out;
}

function parsePort(text: string | undefined, line: number): number {
  if (text === undefined || !/^\d+$/.test(text)) throw new StfSyntaxError(line, `bad port '${text ?? ''}'`);
  return Number(text);
}

function parseIntArg(text: string | undefined, line: number, what: string): number {
  if (text === undefined) throw new StfSyntaxError(line, `missing ${what}`);
  const n = parseNumber(text, line).value;
  return Number(n);
}

/** Packet bytes from hex digits, two per byte. A lone last digit is a byte of its own value (`0 1 2` is
 *  01 02), as p4c's runner reads it: it converts the digits two at a time, and the last pair may be one. */
export function parseHexBytes(words: string[], line: number): Uint8Array {
  const hex = words.join('');
  if (!/^[0-9a-fA-F]*$/.test(hex)) throw new StfSyntaxError(line, `bad packet data '${hex}'`);
  const out = new Uint8Array(Math.ceil(hex.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function parsePattern(words: string[], line: number): StfPattern | undefined {
  let s = words.join('');
  if (s === '') return undefined;
  let exact = false;
  if (s.endsWith('$')) {
    exact = true;
    s = s.slice(0, -1);
  }
  if (!/^[0-9a-fA-F*]*$/.test(s)) throw new StfSyntaxError(line, `bad expected packet data '${s}'`);
  return { nibbles: s.toLowerCase(), exact };
}

export function parseStf(text: string): StfCommand[] {
  const out: StfCommand[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    const src = withoutComment(lines[i]).trim();
    if (src === '') continue;
    const words = splitWords(src);
    const cmd = words[0].toLowerCase();
    switch (cmd) {
      case 'add':
        out.push(parseAdd(src.slice(words[0].length).trim(), line));
        break;
      case 'setdefault': {
        if (words.length < 3) throw new StfSyntaxError(line, 'usage: setdefault TABLE ACTION(ARGS)');
        out.push({
          kind: 'setdefault',
          line,
          table: unquote(words[1]),
          action: parseAction(words.slice(2).join(' '), line),
        });
        break;
      }
      case 'packet': {
        const port = parsePort(words[1], line);
        out.push({ kind: 'packet', line, port, data: parseHexBytes(words.slice(2), line) });
        break;
      }
      case 'expect': {
        const port = parsePort(words[1], line);
        out.push({ kind: 'expect', line, port, pattern: parsePattern(words.slice(2), line) });
        break;
      }
      case 'wait':
        out.push({ kind: 'wait', line });
        break;
      case 'check_counter':
        out.push(parseCheckCounter(src.slice(words[0].length).trim(), line));
        break;
      case 'register_write':
      case 'register_read': {
        const rest = words.slice(1).filter((w) => w !== '==');
        // register_read without a value only reads (bmv2's CLI prints it; nothing is checked).
        const ok = rest.length === 3 || (cmd === 'register_read' && rest.length === 2);
        if (!ok) throw new StfSyntaxError(line, `usage: ${cmd} REGISTER INDEX VALUE`);
        out.push({
          kind: cmd,
          line,
          register: unquote(rest[0]),
          index: parseIntArg(rest[1], line, 'index'),
          value: rest[2] !== undefined ? parseNumber(rest[2], line).value : undefined,
        } as StfCommand);
        break;
      }
      case 'register_reset':
        if (words.length !== 2) throw new StfSyntaxError(line, 'usage: register_reset REGISTER');
        out.push({ kind: 'register_reset', line, register: unquote(words[1]!) });
        break;
      case 'counter_read': {
        const [counter, index] = cellOf(words, line, 'usage: counter_read COUNTER INDEX');
        out.push({ kind: 'counter_read', line, counter, index });
        break;
      }
      case 'counter_write':
        if (words.length !== 5)
          throw new StfSyntaxError(line, 'usage: counter_write COUNTER INDEX PACKETS BYTES');
        out.push({
          kind: 'counter_write',
          line,
          counter: unquote(words[1]!),
          index: parseIntArg(words[2], line, 'index'),
          packets: parseCount(words[3]!, line),
          bytes: parseCount(words[4]!, line),
        });
        break;
      case 'meter_get_rates': {
        const [meter, index] = cellOf(words, line, 'usage: meter_get_rates METER INDEX');
        out.push({ kind: 'meter_get_rates', line, meter, index });
        break;
      }
      case 'meter_set_rates':
      case 'meter_array_set_rates': {
        const cell = cmd === 'meter_set_rates';
        const usage = `usage: ${cmd} METER${cell ? ' INDEX' : ''} RATE:BURST RATE:BURST`;
        if (words.length < (cell ? 4 : 3)) throw new StfSyntaxError(line, usage);
        out.push({
          kind: cmd,
          line,
          meter: unquote(words[1]!),
          index: cell ? parseIntArg(words[2], line, 'index') : undefined,
          rates: parseMeterRates(words.slice(cell ? 3 : 2).join(' '), line, usage),
        });
        break;
      }
      case 'mirroring_add':
      case 'mirroring_add_mc': {
        // To a port, or to a multicast group's replicas.
        const session = parseIntArg(words[1], line, 'session');
        out.push(
          cmd === 'mirroring_add'
            ? { kind: cmd, line, session, port: parseIntArg(words[2], line, 'port') }
            : { kind: cmd, line, session, group: parseIntArg(words[2], line, 'group') },
        );
        break;
      }
      case 'mirroring_delete':
      case 'mirroring_get':
        out.push({ kind: cmd, line, session: parseIntArg(words[1], line, 'session') });
        break;
      case 'mc_mgrp_create':
        out.push({ kind: 'mc_mgrp_create', line, group: parseIntArg(words[1], line, 'group') });
        break;
      case 'mc_node_create':
      case 'mc_node_update': {
        // A new node's replication id, or the handle of the node to change; then the node's ports.
        const first = parseIntArg(words[1], line, cmd === 'mc_node_create' ? 'rid' : 'node');
        const ports = words.slice(2).map((w) => parseIntArg(w, line, 'port'));
        out.push(
          cmd === 'mc_node_create'
            ? { kind: cmd, line, rid: first, ports }
            : { kind: cmd, line, node: first, ports },
        );
        break;
      }
      case 'mc_node_associate':
        out.push({
          kind: 'mc_node_associate',
          line,
          group: parseIntArg(words[1], line, 'group'),
          node: parseIntArg(words[2], line, 'node'),
        });
        break;
      case 'remove':
        if (words[1]?.toLowerCase() !== 'all')
          throw new StfSyntaxError(line, 'only `remove all` is supported');
        out.push({ kind: 'remove_all', line });
        break;
      default:
        throw new StfSyntaxError(line, `unknown command '${words[0]}'`);
    }
  }
  return out;
}

/** `COMMAND NAME INDEX`: the name and the index. */
function cellOf(words: string[], line: number, usage: string): [string, number] {
  if (words.length !== 3) throw new StfSyntaxError(line, usage);
  return [unquote(words[1]!), parseIntArg(words[2], line, 'index')];
}

/** A packet or byte count: a non-negative whole number. */
function parseCount(text: string, line: number): bigint {
  const v = parseNumber(text, line).value;
  if (v < 0n) throw new StfSyntaxError(line, `bad count '${text}'`);
  return v;
}

/** `RATE:BURST` pairs (committed first, then peak), spaces around the colon allowed; a rate may have a fraction. */
function parseMeterRates(text: string, line: number, usage: string): MeterRate[] {
  const pairs = text
    .replace(/\s*:\s*/g, ':')
    .split(/\s+/)
    .filter((w) => w !== '');
  return pairs.map((p) => {
    const m = /^(\d+(?:\.\d*)?|\.\d+):(\S+)$/.exec(p);
    const rate = m ? Number(m[1]) : Number.NaN;
    // A rate beyond 2^53 units per second cannot be configured exactly (nor is it one a switch runs at).
    if (!m || !(rate * 1e6 <= Number.MAX_SAFE_INTEGER))
      throw new StfSyntaxError(line, `bad meter rate '${p}' (${usage})`);
    return { perMicrosecond: rate, burst: parseCount(m[2]!, line) };
  });
}

function parseAdd(rest: string, line: number): StfCommand {
  let handle: string | undefined;
  const eq = /\)\s*=\s*(\S+)\s*$/.exec(rest);
  if (eq) {
    handle = eq[1];
    rest = rest.slice(0, eq.index + 1);
  }
  const paren = outsideQuotes(rest, '(');
  if (paren < 0) throw new StfSyntaxError(line, 'add: missing ACTION(...)');
  const before = splitWords(rest.slice(0, paren).trim());
  const actionName = before.pop();
  if (!actionName) throw new StfSyntaxError(line, 'add: missing action name');
  const action = parseAction(actionName + rest.slice(paren), line);
  const table = before.shift();
  if (!table) throw new StfSyntaxError(line, 'usage: add TABLE [PRIORITY] KEY:VALUE ... ACTION(ARGS)');
  let priority: number | undefined;
  if (before.length > 0 && /^\d+$/.test(before[0])) priority = Number(before.shift());
  const keys = before.map((w) => {
    const c = w.lastIndexOf(':');
    if (c <= 0) throw new StfSyntaxError(line, `bad key '${w}' (want FIELD:VALUE)`);
    return { name: unquote(w.slice(0, c)), value: parseKeyValue(w.slice(c + 1), line) };
  });
  return { kind: 'add', line, table: unquote(table), priority, keys, action, handle };
}

function parseCheckCounter(rest: string, line: number): StfCommand {
  const m = COUNTER_CHECK.exec(rest);
  if (!m) throw new StfSyntaxError(line, 'usage: check_counter COUNTER(INDEX) [packets|bytes] == N');
  const index = /^\d+$|^0[xX]/.test(m[2]) ? Number(parseNumber(m[2], line).value) : m[2];
  return {
    kind: 'check_counter',
    line,
    counter: unquote(m[1]),
    index,
    field: (m[3]?.toLowerCase() as 'packets' | 'bytes' | undefined) ?? 'packets',
    op: m[4] as '==' | undefined,
    value: m[5] !== undefined ? parseNumber(m[5], line).value : 0n,
  };
}
