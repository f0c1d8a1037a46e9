// `mlt target --pcap DIR`: the frames a device sends out of its data-plane ports (what its PacketOuts, or
// packets injected by tools, became), as capture files, the way simple_switch_grpc started with --pcap writes
// one per interface. Each frame is written through at once, stamped with the wall-clock time it left, so
// `tcpdump -r` shows it while the target runs. Frames for the CPU port are PacketIns, not captured.
import type { OutputPacket } from '../engine/control-plane-api.js';
import { PcapDir } from '../pcap/index.js';
import type { P4RuntimeService } from './service.js';

export interface EgressCapture {
  /** Stops capturing and closes the files; returns their paths, sorted. */
  close(): string[];
}

/**
 * Captures `service`'s egress into `dir` (created if missing; throws if it cannot be), one file per port:
 * `fileOf(port)`. A file that cannot be written later (a full disk) ends the capture with a line to `log`,
 * never the device.
 */
export function captureEgress(
  service: P4RuntimeService,
  dir: string,
  fileOf: (port: number) => string,
  log: (line: string) => void,
): EgressCapture {
  const files = new PcapDir(dir);
  // Wall-clock nanoseconds: the epoch at start, advanced by the monotonic clock.
  const epochNs = BigInt(Date.now()) * 1_000_000n;
  const started = process.hrtime.bigint();
  const onEgress = (o: OutputPacket): void => {
    try {
      const w = files.file(fileOf(o.port));
      w.write(epochNs + (process.hrtime.bigint() - started), o.data);
      w.flush();
    } catch (e) {
      log(`capture stopped: ${(e as Error).message}`);
      stop();
    }
  };
  let paths: string[] = [];
  const stop = (): void => {
    service.off('egress', onEgress);
    try {
      paths = files.close();
    } catch {
      // Already reported when it failed: the capture stopped there.
    }
  };
  service.on('egress', onEgress);
  return {
    close(): string[] {
      stop();
      return paths;
    },
  };
}
