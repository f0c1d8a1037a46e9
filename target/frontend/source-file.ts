// Reading a file a user names (a program, an include, an STF test, a device config): only a regular file,
// opened without blocking and checked on the open descriptor, and no larger than a bound. A FIFO would block
// the read until a writer came, a device such as /dev/zero would never end it, and a multi-gigabyte file
// would exhaust memory: each is refused with a reason instead.
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';

/** The largest P4 source file or STF test read: real programs, includes and all, stay below a few MiB. */
export const MAX_SOURCE_BYTES = 16 * 2 ** 20;

export type FileRead = { ok: true; bytes: Buffer } | { ok: false; reason: string };

export function readRegularFile(path: string, maxBytes: number = MAX_SOURCE_BYTES): FileRead {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    return { ok: false, reason: errnoReason(e) };
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) return { ok: false, reason: 'is a directory' };
    if (!st.isFile()) return { ok: false, reason: 'not a regular file' };
    if (st.size > maxBytes)
      return {
        ok: false,
        reason: `${st.size} bytes, more than the ${maxBytes / 2 ** 20} MiB a file may have here`,
      };
    return { ok: true, bytes: readFileSync(fd) };
  } catch (e) {
    return { ok: false, reason: errnoReason(e) };
  } finally {
    closeSync(fd);
  }
}

function errnoReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  return e instanceof Error ? e.message : String(e);
}
