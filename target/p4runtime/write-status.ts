// The status of a failed Write: one p4.v1.Error per update, in order, in the grpc-status-details-bin trailer
// (P4Runtime §12.3). gRPC sends that trailer as one HTTP/2 header, base64-encoded, and Node's HTTP/2 stack
// refuses a header list over 64 KiB on the receiving side; grpc-js cannot raise that limit, and a refused
// trailer leaves the client waiting for a status that never comes. So a status that would not fit first
// loses its per-update message texts (the codes stay, one per update, in order), and if even that is too
// large the details are left out and the top-level message says so and names the first failure.
import { status } from '@grpc/grpc-js';
import { encodeWriteStatus, type P4Error } from 'p4runtime-ts';

/** Raw bytes of the encoded google.rpc.Status that fit the trailer: 36 KiB is 48 KiB in base64, leaving room
 *  below the 64 KiB header-list limit for the other headers. */
export const MAX_STATUS_BYTES = 36 * 1024;

export interface WriteFailureStatus {
  message: string;
  /** The encoded google.rpc.Status for grpc-status-details-bin; undefined when the details were left out. */
  trailer: Buffer | undefined;
}

export function writeFailureStatus(
  message: string,
  perUpdate: P4Error[],
  maxBytes = MAX_STATUS_BYTES,
): WriteFailureStatus {
  const full = encodeWriteStatus(status.UNKNOWN, message, perUpdate);
  if (full.length <= maxBytes) return { message, trailer: full };
  const note = `${message} (per-update messages dropped: the full details exceed the gRPC trailer limit)`;
  const codesOnly = encodeWriteStatus(
    status.UNKNOWN,
    note,
    perUpdate.map((e) => ({ ...e, message: '' })),
  );
  if (codesOnly.length <= maxBytes) return { message: note, trailer: codesOnly };
  const first = perUpdate.findIndex((e) => e.canonical_code !== status.OK);
  const firstText =
    first < 0
      ? ''
      : `; first failure: update ${first}: ${status[perUpdate[first].canonical_code]}: ${perUpdate[first].message}`;
  return {
    message: `${message}${firstText} (per-update details omitted: ${perUpdate.length} updates exceed the gRPC trailer limit)`,
    trailer: undefined,
  };
}
