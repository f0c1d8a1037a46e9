// Host transports for the fabric simulator: MLT's bounded-loss tolerant transport, a TCP-like baseline, and the
// parameter-server workload that measures training iterations over either. See README.md.
export { HostStack, type PacketSource, type FrameHandler } from './host-stack.js';
export { MltTransport, MltMessage, type MltOptions, type MltMessageSpec } from './mlt.js';
export { TcpTransport, TcpConnection, type TcpOptions } from './tcp.js';
export { PsWorkload, type PsSpec, type MltTransportSpec, type TcpTransportSpec } from './ps.js';
export { TransportStats, LazyTimer, isImportant } from './stats.js';
export { Kind, kindOf, CONTROL_FRAME_BYTES, HEADER_BYTES, gradientBytesPerFrame } from './wire.js';
