// Election ids are uint128 on the wire (two uint64 halves); callers use one bigint.
import type { Uint128, Uint128Msg } from './types.js';

const U64 = (1n << 64n) - 1n;

export function toUint128(value: bigint | number): Uint128 {
  const v = BigInt(value);
  if (v < 0n || v > (1n << 128n) - 1n) throw new RangeError(`election id ${v} is not a uint128`);
  return { high: (v >> 64n).toString(), low: (v & U64).toString() };
}

export function fromUint128(msg: Uint128Msg | null | undefined): bigint | undefined {
  if (!msg) return undefined;
  return (BigInt(msg.high) << 64n) | BigInt(msg.low);
}
