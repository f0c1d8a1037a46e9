// Option values several commands share.
import { InvalidArgumentError } from 'commander';

/** Seeds are 32-bit integers, in files (the schemas' `seed`) and in every command's --seed. */
export const MAX_SEED = 2 ** 32 - 1;

/**
 * A parser for an integer option in [min, max], written in decimal digits only: `Number()` alone would also
 * take '' (as 0), '0x1f', '1e3' and '7.0', which no operator means as a count, a port or an id.
 */
export function integerOption(min: number, max: number = Number.MAX_SAFE_INTEGER): (value: string) => number {
  const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || !(n >= min && n <= max))
      throw new InvalidArgumentError(`expected an integer ${range}`);
    return n;
  };
}

/** A --seed value; a larger one would round, and with it every seed derived from it. */
export const seedValue = integerOption(0, MAX_SEED);

/** A P4Runtime server's address, `HOST:PORT` (an IPv6 host in brackets), checked before any connection:
 *  gRPC would take port 99999 and fail later with a socket error. */
export function addressValue(value: string): string {
  const m = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(value);
  if (!m || Number(m[2]) > 65535)
    throw new InvalidArgumentError('expected HOST:PORT with a port from 0 to 65535, e.g. 127.0.0.1:9559');
  return value;
}
