// The pipeline cookie: a 64-bit digest of the P4Info and device config, stored on the device with the
// pipeline so that a controller can tell whether the device already runs exactly this configuration.
import { createHash } from 'node:crypto';

/** JSON with sorted keys and bytes as hex, so equal messages give equal text whatever their key order. */
function stableText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return `"${value.toString()}n"`;
  if (value instanceof Uint8Array) return `"0x${Buffer.from(value).toString('hex')}"`;
  if (Array.isArray(value)) return `[${value.map(stableText).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function pipelineCookie(p4info: unknown, deviceConfig: Uint8Array): bigint {
  const h = createHash('sha256');
  h.update(stableText(p4info));
  h.update('\0');
  h.update(deviceConfig);
  return h.digest().readBigUInt64BE(0);
}
