// Read a P4Info as p4c writes it: protobuf text format (p4info.txt, p4c's default), the protobuf JSON
// mapping (--p4runtime-files x.json) or binary (x.bin). Text and JSON are read with the message
// descriptors of this library's protos, then passed through the binary codec, so all three give the
// same message in the shape the rest of the library uses.
import { readFileSync } from 'node:fs';
import type { MessageTypeDefinition } from '@grpc/proto-loader';
import { p4RuntimePackageDefinition } from './proto.js';
import type { P4InfoMsg } from './types.js';

export class P4InfoParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'P4InfoParseError';
  }
}

interface FieldDesc {
  name: string;
  jsonName: string;
  label: string;
  type: string;
  typeName: string;
}

interface MessageDesc {
  name: string;
  field: FieldDesc[];
  nestedType: MessageDesc[];
  options?: { mapEntry?: boolean } | null;
}

const P4INFO = 'p4.config.v1.P4Info';

function definition(name: string): MessageTypeDefinition<object, object> {
  const d = p4RuntimePackageDefinition()[name] as MessageTypeDefinition<object, object> | undefined;
  if (!d || !('serialize' in d)) throw new Error(`no message ${name} in the protos`);
  return d;
}

/** A field's message type: a map entry nested in `desc`, or a message found from `scope` outwards. */
function resolve(scope: string, desc: MessageDesc, typeName: string): { scope: string; desc: MessageDesc } {
  const nested = desc.nestedType.find((n) => n.name === typeName);
  if (nested) return { scope: `${scope}.${typeName}`, desc: nested };
  const clean = typeName.replace(/^\./, '');
  const parts = scope.split('.');
  for (let i = parts.length; i >= 0; i--) {
    const full = [...parts.slice(0, i), clean].join('.');
    const d = p4RuntimePackageDefinition()[full] as MessageTypeDefinition<object, object> | undefined;
    if (d && 'serialize' in d) return { scope: full, desc: d.type as unknown as MessageDesc };
  }
  throw new Error(`cannot resolve type ${typeName} from ${scope}`);
}

function snakeFromCamel(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

// ------------------------------------------------------------------ text format

type Token = { kind: 'ident' | 'number' | 'string' | 'punct'; text: string; line: number };

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') {
      line++;
      i++;
    } else if (/\s/.test(c)) i++;
    else if (c === '#') while (i < text.length && text[i] !== '\n') i++;
    else if ('{}<>:;,[]'.includes(c)) {
      out.push({ kind: 'punct', text: c, line });
      i++;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out.push({ kind: 'string', text: text.slice(i + 1, j), line });
      i = j + 1;
    } else {
      const m = /^[-+]?[\w.]+/.exec(text.slice(i));
      if (!m) throw new P4InfoParseError(`line ${line}: unexpected '${c}'`);
      out.push({ kind: /^[-+]?(\d|\.\d)/.test(m[0]) ? 'number' : 'ident', text: m[0], line });
      i += m[0].length;
    }
  }
  return out;
}

/** Bytes of a text-format string literal (C escapes, octal and hex). */
function unescape(s: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const n = s[++i] ?? '';
    const simple: Record<string, number> = {
      n: 10,
      t: 9,
      r: 13,
      '"': 34,
      "'": 39,
      '\\': 92,
      a: 7,
      b: 8,
      f: 12,
      v: 11,
    };
    if (n in simple) bytes.push(simple[n]!);
    else if (/[0-7]/.test(n)) {
      const m = /^[0-7]{1,3}/.exec(s.slice(i))![0];
      bytes.push(parseInt(m, 8));
      i += m.length - 1;
    } else if (n === 'x') {
      const m = /^[0-9a-fA-F]{1,2}/.exec(s.slice(i + 1))?.[0] ?? '';
      bytes.push(parseInt(m || '0', 16));
      i += m.length;
    } else bytes.push(n.charCodeAt(0));
  }
  return Buffer.from(bytes);
}

class TextParser {
  private pos = 0;
  constructor(private readonly toks: Token[]) {}

  private peek(): Token | undefined {
    return this.toks[this.pos];
  }

  private next(): Token {
    const t = this.toks[this.pos++];
    if (!t) throw new P4InfoParseError('unexpected end of input');
    return t;
  }

  private fail(t: Token | undefined, msg: string): never {
    throw new P4InfoParseError(`line ${t?.line ?? '?'}: ${msg}`);
  }

  message(scope: string, desc: MessageDesc, close?: string): Record<string, unknown> {
    const obj: Record<string, unknown> = {};
    for (;;) {
      const t = this.peek();
      if (!t) {
        if (close) this.fail(t, `missing '${close}'`);
        return obj;
      }
      if (close && t.kind === 'punct' && t.text === close) {
        this.pos++;
        return obj;
      }
      if (t.kind === 'punct' && (t.text === ',' || t.text === ';')) {
        this.pos++;
        continue;
      }
      const nameTok = this.next();
      if (nameTok.kind !== 'ident') this.fail(nameTok, `expected a field name, got '${nameTok.text}'`);
      const field = desc.field.find((f) => f.name === nameTok.text);
      if (!field) this.fail(nameTok, `${scope} has no field ${nameTok.text}`);
      if (this.peek()?.text === ':') this.pos++;
      const values: unknown[] = [];
      if (this.peek()?.text === '[') {
        this.pos++;
        while (this.peek()?.text !== ']') {
          values.push(this.value(scope, desc, field));
          if (this.peek()?.text === ',') this.pos++;
        }
        this.pos++;
      } else values.push(this.value(scope, desc, field));
      for (const v of values) this.store(obj, field, desc, v);
    }
  }

  private store(obj: Record<string, unknown>, field: FieldDesc, desc: MessageDesc, v: unknown): void {
    const entry = desc.nestedType.find((n) => n.name === field.typeName && n.options?.mapEntry);
    if (entry) {
      const e = v as { key?: unknown; value?: unknown };
      const map = (obj[field.name] ??= {}) as Record<string, unknown>;
      map[String(e.key ?? '')] = e.value ?? {};
    } else if (field.label === 'LABEL_REPEATED') ((obj[field.name] ??= []) as unknown[]).push(v);
    else obj[field.name] = v;
  }

  private value(scope: string, desc: MessageDesc, field: FieldDesc): unknown {
    const t = this.next();
    if (field.type === 'TYPE_MESSAGE') {
      if (t.text !== '{' && t.text !== '<') this.fail(t, `expected '{' for ${field.name}`);
      const sub = resolve(scope, desc, field.typeName);
      return this.message(sub.scope, sub.desc, t.text === '{' ? '}' : '>');
    }
    if (t.kind === 'string') {
      if (field.type !== 'TYPE_STRING' && field.type !== 'TYPE_BYTES')
        this.fail(t, `expected a ${field.type.slice(5).toLowerCase()} for ${field.name}, got a string`);
      // Adjacent string literals concatenate.
      const parts = [unescape(t.text)];
      while (this.peek()?.kind === 'string') parts.push(unescape(this.next().text));
      const bytes = Buffer.concat(parts);
      return field.type === 'TYPE_BYTES' ? bytes : bytes.toString('utf8');
    }
    if (field.type === 'TYPE_BOOL') {
      if (!['true', 'false', 't', 'f', '1', '0', 'True', 'False'].includes(t.text))
        this.fail(t, `expected a bool for ${field.name}`);
      return ['true', 't', '1', 'True'].includes(t.text);
    }
    if (field.type === 'TYPE_ENUM') return t.kind === 'number' ? Number(t.text) : t.text;
    if (t.kind !== 'number') this.fail(t, `expected a number for ${field.name}, got '${t.text}'`);
    if (/^(TYPE_(U?INT|S?FIXED|SINT)64)$/.test(field.type)) return BigInt(t.text).toString();
    return Number(t.text);
  }
}

export function parseP4InfoText(text: string): P4InfoMsg {
  const d = definition(P4INFO);
  const obj = new TextParser(tokenize(text)).message(P4INFO, d.type as unknown as MessageDesc);
  return d.deserialize(d.serialize(obj)) as P4InfoMsg;
}

// ------------------------------------------------------------------ JSON mapping

function fromJson(scope: string, desc: MessageDesc, json: unknown): unknown {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return json;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(json as Record<string, unknown>)) {
    const field = desc.field.find((f) => f.name === k || f.jsonName === k || f.name === snakeFromCamel(k));
    if (!field) throw new P4InfoParseError(`${scope} has no field ${k}`);
    if (field.type !== 'TYPE_MESSAGE') {
      out[field.name] = v;
      continue;
    }
    const sub = resolve(scope, desc, field.typeName);
    if (sub.desc.options?.mapEntry) {
      const valueField = sub.desc.field.find((f) => f.name === 'value')!;
      const target =
        valueField.type === 'TYPE_MESSAGE' ? resolve(sub.scope, sub.desc, valueField.typeName) : undefined;
      out[field.name] = Object.fromEntries(
        Object.entries(v as Record<string, unknown>).map(([mk, mv]) => [
          mk,
          target ? fromJson(target.scope, target.desc, mv) : mv,
        ]),
      );
    } else if (Array.isArray(v)) out[field.name] = v.map((x) => fromJson(sub.scope, sub.desc, x));
    else out[field.name] = fromJson(sub.scope, sub.desc, v);
  }
  return out;
}

export function parseP4InfoJson(text: string): P4InfoMsg {
  const d = definition(P4INFO);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new P4InfoParseError(`not JSON: ${(e as Error).message}`);
  }
  const obj = fromJson(P4INFO, d.type as unknown as MessageDesc, json);
  return d.deserialize(d.serialize(obj as object)) as P4InfoMsg;
}

export function decodeP4InfoBinary(bytes: Uint8Array): P4InfoMsg {
  return definition(P4INFO).deserialize(Buffer.from(bytes)) as P4InfoMsg;
}

export function encodeP4InfoBinary(p4info: object): Buffer {
  return definition(P4INFO).serialize(p4info);
}

/** Read a P4Info file, choosing the format by extension (.txt/.pb.txt text, .json JSON, .bin/.pb binary). */
export function loadP4InfoFile(path: string): P4InfoMsg {
  return parseP4InfoFile(path, readFileSync(path));
}

/** A P4Info file's bytes, already read, in the format its name's extension says (as loadP4InfoFile). */
export function parseP4InfoFile(path: string, data: Buffer): P4InfoMsg {
  if (/\.json$/i.test(path)) return parseP4InfoJson(data.toString('utf8'));
  if (/\.(bin|pb)$/i.test(path)) return decodeP4InfoBinary(data);
  return parseP4InfoText(data.toString('utf8'));
}
