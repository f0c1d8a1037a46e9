// Option values several commands share.
import { InvalidArgumentError } from 'commander';

/** Seeds are 32-bit integers, in files (the schemas' `seed`) and in every command's --seed. */
export const MAX_SEED = 2 ** 32 - 1;

/** A --seed value; a larger one would round, and with it every seed derived from it. */
export function seedValue(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > MAX_SEED)
    throw new InvalidArgumentError(`expected an integer from 0 to ${MAX_SEED}`);
  return Number(value);
}
