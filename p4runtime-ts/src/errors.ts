// Typed exceptions for failed RPCs. A Write failure also carries each update's p4.v1.Error, which the
// server packs into the google.rpc.Status details in request order (P4Runtime spec §12.3).
import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import {
  decodeP4Error,
  decodeStatus,
  P4_ERROR_TYPE_URL,
  STATUS_DETAILS_KEY,
  type P4Error,
} from './status-codec.js';

export { status as GrpcStatus };

export function codeName(code: number): string {
  return (status as unknown as Record<number, string>)[code] ?? `CODE_${code}`;
}

export class P4RuntimeError extends Error {
  constructor(
    /** The gRPC status code. */
    readonly code: status,
    /** The server's message. */
    readonly details: string,
    readonly rpc: string,
  ) {
    super(`${rpc} failed: ${codeName(code)}: ${details}`);
    this.name = 'P4RuntimeError';
  }
}

export interface UpdateError extends P4Error {
  /** Position of the update in the request. */
  index: number;
}

export class WriteError extends P4RuntimeError {
  constructor(
    code: status,
    details: string,
    /** One entry per update of the batch, in request order; canonical_code 0 for updates that succeeded.
     *  Empty when the server sent no per-update details (e.g. a request-level error). */
    readonly updates: UpdateError[],
  ) {
    super(code, details, 'Write');
    this.name = 'WriteError';
  }

  /** Only the updates that failed. */
  get failed(): UpdateError[] {
    return this.updates.filter((u) => u.canonical_code !== status.OK);
  }
}

function perUpdateErrors(metadata: Metadata | undefined): UpdateError[] {
  const raw = metadata?.get(STATUS_DETAILS_KEY)[0];
  if (!raw || typeof raw === 'string') return [];
  try {
    return decodeStatus(raw)
      .details.filter((d) => d.type_url.endsWith(P4_ERROR_TYPE_URL.slice(P4_ERROR_TYPE_URL.indexOf('/'))))
      .map((d, index) => ({ ...decodeP4Error(d.value), index }));
  } catch {
    return [];
  }
}

function isServiceError(err: unknown): err is ServiceError {
  return err instanceof Error && typeof (err as Partial<ServiceError>).code === 'number';
}

/** Turn whatever a gRPC call rejected with into a P4RuntimeError (WriteError for Write). */
export function toP4RuntimeError(err: unknown, rpc: string): P4RuntimeError {
  if (err instanceof P4RuntimeError) return err;
  if (!isServiceError(err)) {
    return new P4RuntimeError(status.UNKNOWN, err instanceof Error ? err.message : String(err), rpc);
  }
  if (rpc === 'Write') return new WriteError(err.code, err.details, perUpdateErrors(err.metadata));
  return new P4RuntimeError(err.code, err.details, rpc);
}
