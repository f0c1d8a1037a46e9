// P4Runtime bytestrings (spec §8.4): unsigned big-endian integers carried in `bytes` fields.
// Senders use the canonical form, the shortest string holding the value (zero is one 0x00 byte);
// receivers also accept zero padding up to ceil(W/8) bytes, and nothing longer.

/** Anything a caller may give as a bit<W> value. Strings may be decimal, 0x-hex, IPv4, IPv6 or MAC. */
export type ValueInput = number | bigint | string | Uint8Array;

export class ValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValueError';
  }
}

export function byteWidth(bitwidth: number): number {
  return Math.max(1, Math.ceil(bitwidth / 8));
}

export function maxValue(bitwidth: number): bigint {
  return (1n << BigInt(bitwidth)) - 1n;
}

/** The canonical bytestring of a non-negative integer. */
export function bigintToBytes(value: bigint): Buffer {
  if (value < 0n) throw new ValueError(`negative value ${value}`);
  if (value === 0n) return Buffer.from([0]);
  // Most fields (ports, addresses up to MAC width) fit a double exactly: avoid the hex round trip.
  if (value <= 0xffffffffffffn) {
    let n = Number(value);
    const out: number[] = [];
    while (n > 0) {
      out.unshift(n % 256);
      n = Math.floor(n / 256);
    }
    return Buffer.from(out);
  }
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = '0' + hex;
  return Buffer.from(hex, 'hex');
}

/** The integer a bytestring holds (empty reads as zero, as an unset proto3 field would). */
export function bytesToBigint(bytes: Uint8Array): bigint {
  if (bytes.length === 0) return 0n;
  if (bytes.length <= 6) {
    let n = 0;
    for (const b of bytes) n = n * 256 + b;
    return BigInt(n);
  }
  return BigInt('0x' + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex'));
}

/** `bytes` left-padded with zeros to exactly `length` bytes (used for packet headers and addresses). */
export function bigintToPadded(value: bigint, length: number): Buffer {
  const raw = bigintToBytes(value);
  if (raw.length > length) throw new ValueError(`value ${value} does not fit in ${length} bytes`);
  const out = Buffer.alloc(length);
  raw.copy(out, length - raw.length);
  return out;
}

/** Leading zero bytes removed, keeping one byte for zero. */
export function canonicalize(bytes: Uint8Array): Buffer {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0) i++;
  return Buffer.from(bytes.subarray(i));
}

export function isCanonical(bytes: Uint8Array): boolean {
  return bytes.length >= 1 && (bytes.length === 1 || bytes[0] !== 0);
}

/** Why a received bytestring is unacceptable for a bit<W> field, or undefined when it is fine. */
export function checkReceived(bytes: Uint8Array, bitwidth: number): string | undefined {
  if (bytes.length === 0) return 'empty bytestring';
  // A P4Info width of 0 (a type translated to a string) leaves room for no bytestring at all, as in PI.
  if (bitwidth === 0) return 'a bytestring does not fit within 0 bits';
  if (bytes.length > byteWidth(bitwidth))
    return `${bytes.length} bytes is longer than ${byteWidth(bitwidth)} for a ${bitwidth}-bit value`;
  if (bytesToBigint(bytes) > maxValue(bitwidth)) return `value does not fit in ${bitwidth} bits`;
  return undefined;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const MAC = /^[0-9a-fA-F]{2}([:-])[0-9a-fA-F]{2}(\1[0-9a-fA-F]{2}){4}$/;

export function parseIpv4(text: string): bigint | undefined {
  const m = IPV4.exec(text);
  if (!m) return undefined;
  let v = 0n;
  for (const part of m.slice(1)) {
    const n = Number(part);
    if (n > 255) return undefined;
    v = (v << 8n) | BigInt(n);
  }
  return v;
}

export function parseMac(text: string): bigint | undefined {
  if (!MAC.test(text)) return undefined;
  return BigInt('0x' + text.replace(/[:-]/g, ''));
}

export function parseIpv6(text: string): bigint | undefined {
  if (!text.includes(':')) return undefined;
  let head = text;
  let tailV4: bigint | undefined;
  // An embedded IPv4 tail (::ffff:1.2.3.4) stands for the last two groups.
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    tailV4 = parseIpv4(text.slice(lastColon + 1));
    if (tailV4 === undefined) return undefined;
    head = text.slice(0, lastColon + 1) + '0:0';
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const parse = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const left = parse(halves[0] ?? '');
  const right = halves.length === 2 ? parse(halves[1] ?? '') : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right];
  let v = 0n;
  for (const g of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
    v = (v << 16n) | BigInt('0x' + g);
  }
  if (tailV4 !== undefined) v = (v & ~0xffffffffn) | tailV4;
  return v;
}

/** Parse a textual value: decimal, 0x/0b/0o literal, IPv4, IPv6 or MAC address. */
export function parseValueText(text: string): bigint {
  const t = text.trim();
  if (/^(0x[0-9a-fA-F]+|0b[01]+|0o[0-7]+|\d+)$/.test(t)) return BigInt(t);
  const v = parseIpv4(t) ?? parseMac(t) ?? parseIpv6(t);
  if (v === undefined) throw new ValueError(`cannot read '${text}' as a number or address`);
  return v;
}

/** Any accepted input as an unsigned integer that fits `bitwidth` bits. */
export function toBigint(value: ValueInput, bitwidth: number): bigint {
  let v: bigint;
  if (typeof value === 'bigint') v = value;
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new ValueError(`${value} is not a safe integer; pass a bigint`);
    v = BigInt(value);
  } else if (typeof value === 'string') v = parseValueText(value);
  else {
    if (value.length > byteWidth(bitwidth))
      throw new ValueError(`${value.length} bytes do not fit a ${bitwidth}-bit value`);
    v = bytesToBigint(value);
  }
  if (v < 0n) throw new ValueError(`negative value ${v} for an unsigned ${bitwidth}-bit field`);
  if (v > maxValue(bitwidth)) throw new ValueError(`value ${v} does not fit in ${bitwidth} bits`);
  return v;
}

/** Encode any accepted input as the canonical bytestring of a bit<W> value. */
export function encodeValue(value: ValueInput, bitwidth: number): Buffer {
  return bigintToBytes(toBigint(value, bitwidth));
}

export function formatIpv4(v: bigint): string {
  return [24n, 16n, 8n, 0n].map((s) => String((v >> s) & 0xffn)).join('.');
}

export function formatMac(v: bigint): string {
  return bigintToPadded(v, 6)
    .toString('hex')
    .replace(/(..)(?!$)/g, '$1:');
}

/** RFC 5952 text: lower case, longest run (two or more) of zero groups shortened to `::`. */
export function formatIpv6(v: bigint): string {
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((v >> BigInt(i * 16)) & 0xffffn));
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}
