// IPv4 and MAC text <-> numbers, as topology files write them.

export function parseIpv4(text: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text.trim());
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return undefined;
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

export function formatIpv4(ip: number): string {
  return [24, 16, 8, 0].map((s) => (ip >>> s) & 255).join('.');
}

export function parseMac(text: string): number | undefined {
  if (!/^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/.test(text.trim())) return undefined;
  return Number.parseInt(text.trim().replace(/:/g, ''), 16);
}

/** The network mask of a prefix length as an unsigned 32-bit number. */
export function prefixMask(len: number): number {
  return len === 0 ? 0 : (0xffffffff << (32 - len)) >>> 0;
}

export function inPrefix(ip: number, prefix: number, len: number): boolean {
  const mask = prefixMask(len);
  return (ip & mask) >>> 0 === (prefix & mask) >>> 0;
}
