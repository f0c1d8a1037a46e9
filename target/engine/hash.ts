// Hash and checksum algorithms with bmv2's exact parameters (bmv2 src/bm_sim/calculations.cpp), since tests
// compare our outputs with real bmv2:
//   crc16  = CRC-16/ARC: poly 0x8005 reflected, init 0, xorout 0 (check "123456789" -> 0xBB3D)
//   crc32  = CRC-32/ISO-HDLC: poly 0x04C11DB7 reflected, init/xorout 0xFFFFFFFF (check -> 0xCBF43926)
//   csum16 = the Internet checksum (RFC 1071), odd input padded with a zero byte
//   xor16  = XOR of the input's 16-bit big-endian words
//   identity = the input read as a big-endian integer (bmv2 keeps 64 bits of it)
// crc16_custom/crc32_custom run with the default crc16/crc32 parameters, which is what bmv2 does until the
// control plane reconfigures them (we offer no such call).

function reflectedTable(poly: number, width: number): Uint32Array {
  let rpoly = 0;
  for (let i = 0; i < width; i++) if (poly & (1 << i)) rpoly |= 1 << (width - 1 - i);
  rpoly >>>= 0;
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ rpoly : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
}

const CRC32_TABLE = reflectedTable(0x04c11db7, 32);
const CRC16_TABLE = reflectedTable(0x8005, 16);

// Each function reads the first n bytes of data (all of it by default), so callers can hash a shared buffer.
export function crc32(data: Uint8Array, n = data.length): number {
  let c = 0xffffffff;
  for (let i = 0; i < n; i++) c = CRC32_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function crc16(data: Uint8Array, n = data.length): number {
  let c = 0;
  for (let i = 0; i < n; i++) c = CRC16_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return c & 0xffff;
}

export function csum16(data: Uint8Array, n = data.length): number {
  let sum = 0;
  for (let i = 0; i + 1 < n; i += 2) sum += (data[i]! << 8) | data[i + 1]!;
  if (n & 1) sum += data[n - 1]! << 8;
  while (sum > 0xffff) sum = (sum & 0xffff) + Math.floor(sum / 0x10000);
  return ~sum & 0xffff;
}

export function xor16(data: Uint8Array, n = data.length): number {
  let x = 0;
  for (let i = 0; i + 1 < n; i += 2) x ^= (data[i]! << 8) | data[i + 1]!;
  if (n & 1) x ^= data[n - 1]! << 8;
  return x;
}

export function identity(data: Uint8Array): bigint {
  let v = 0n;
  for (let i = 0; i < data.length; i++) v = (v << 8n) | BigInt(data[i]!);
  return BigInt.asUintN(64, v);
}

export type HashAlgorithm =
  'crc32' | 'crc32_custom' | 'crc16' | 'crc16_custom' | 'random' | 'identity' | 'csum16' | 'xor16';

/** The algorithm's 64-bit result over data; `random` draws from the switch's generator. */
export function computeHash(algo: HashAlgorithm, data: Uint8Array, random: () => number): bigint {
  switch (algo) {
    case 'crc32':
    case 'crc32_custom':
      return BigInt(crc32(data));
    case 'crc16':
    case 'crc16_custom':
      return BigInt(crc16(data));
    case 'csum16':
      return BigInt(csum16(data));
    case 'xor16':
      return BigInt(xor16(data));
    case 'identity':
      return identity(data);
    case 'random':
      return BigInt(random() >>> 0);
  }
}

/** Packs (value, width) pairs MSB first into bytes; a partial last byte is zero-padded on the right, as bmv2's
 *  field-list builder does. */
export function packFields(fields: readonly { value: number | bigint; width: number }[]): Uint8Array {
  let total = 0;
  for (const f of fields) total += f.width;
  const out = new Uint8Array((total + 7) >> 3);
  let bit = 0;
  for (const f of fields) {
    writeUnsigned(out, bit, f.width, f.value);
    bit += f.width;
  }
  return out;
}

function writeUnsigned(buf: Uint8Array, bitOffset: number, width: number, value: number | bigint): void {
  let v = BigInt.asUintN(width, typeof value === 'bigint' ? value : BigInt(value));
  for (let i = width - 1; i >= 0; i--) {
    if (v & 1n) {
      const pos = bitOffset + i;
      buf[pos >> 3] |= 0x80 >> (pos & 7);
    }
    v >>= 1n;
  }
}
