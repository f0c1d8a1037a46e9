// A switch's P4Runtime address, as fabric files and the operator commands' --target write it.

/** `HOST:PORT`, an IPv6 host in brackets: the fabric schema's `address` pattern. */
const ADDRESS = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;

/** What is wrong with `address`, or undefined. gRPC would take port 99999 and fail only on connecting. */
export function addressProblem(address: string): string | undefined {
  const m = ADDRESS.exec(address);
  if (!m) return 'expected HOST:PORT';
  const port = Number(m[2]);
  return port > 65535 ? `port ${port} is out of range (0..65535)` : undefined;
}
