// The action-profile test program (programs/action-profile.p4) and what its P4Runtime tests share: its
// source, its forwarding action, and a packet through a server's committed pipeline.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc16 } from '../../engine/hash.js';
import type { RunningP4RuntimeServer } from '../../p4runtime/server.js';

export const SOURCE = readFileSync(
  fileURLToPath(new URL('./programs/action-profile.p4', import.meta.url)),
  'utf8',
);

/** The program's `fwd(port)` action, as p4runtime-ts takes an action. */
export const fwd = (port: number) => ({ name: 'fwd', params: { port } });

/** Egress port and tag of a packet to dst with this flow (the selector's field), through the server's
 *  pipeline (port 0: a miss). */
export function send(
  server: RunningP4RuntimeServer,
  dst: number,
  flow: number,
): { port: number; tag: number } {
  const [out] = server.service.device.running!.device.processPacket(
    0,
    Uint8Array.from([dst, flow >> 8, flow & 0xff, 0]),
  );
  assert.ok(out);
  return { port: out.port, tag: out.data[3]! };
}

/** bmv2's pick for a packet of this flow in a group of n (active) bmv2 members: crc16 of the selector field
 *  (the 16-bit flow) modulo n. */
export const slotOf = (flow: number, n: number): number =>
  crc16(Uint8Array.from([flow >> 8, flow & 0xff])) % n;
