// Watch ports (the `watch_kind` of a group member or a one-shot action, spec §9.2): a port whose going down
// takes the member out of its group's selection. Sent as `watch_port` bytes; read from either field, the
// deprecated int32 `watch` included.
import { bigintToBytes, bytesToBigint, ValueError } from './bytes.js';

/** The `watch_kind` fields of a watch port, for a group member or a one-shot action. */
export function watchPortFields(port: number | undefined): { watch_port?: Buffer } {
  if (port === undefined) return {};
  if (!Number.isInteger(port) || port < 0) throw new ValueError(`watch port ${port} is not a port number`);
  return { watch_port: bigintToBytes(BigInt(port)) };
}

/** A decoded watch port: the port either `watch_kind` names, or undefined when none is set. */
export function decodeWatchPort(m: {
  watch_kind?: 'watch' | 'watch_port';
  watch?: number;
  watch_port?: Buffer;
}): { watchPort?: number } {
  if (m.watch_kind === 'watch') return { watchPort: m.watch ?? 0 };
  if (m.watch_kind === 'watch_port')
    return { watchPort: Number(bytesToBigint(m.watch_port ?? Buffer.alloc(0))) };
  return {};
}
