// Option values several commands share.
import { InvalidArgumentError } from 'commander';
import { addressProblem } from '../controller/fabric/index.js';

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

/** A P4Runtime server's address, checked before any connection as a fabric file's are. */
export function addressValue(value: string): string {
  if (addressProblem(value) !== undefined)
    throw new InvalidArgumentError('expected HOST:PORT with a port from 0 to 65535, e.g. 127.0.0.1:9559');
  return value;
}
