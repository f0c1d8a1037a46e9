// An error that answers an RPC (or one update of a Write) with a gRPC status code.
import { status } from '@grpc/grpc-js';
import { ControlPlaneError } from '../engine/control-plane-api.js';

export class RpcError extends Error {
  constructor(
    readonly code: status,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/** Map whatever an operation threw to an RpcError; engine errors keep their P4Runtime code. */
export function asRpcError(e: unknown): RpcError {
  if (e instanceof RpcError) return e;
  if (e instanceof ControlPlaneError) return new RpcError(status[e.code], e.message);
  return new RpcError(status.INTERNAL, e instanceof Error ? e.message : String(e));
}
