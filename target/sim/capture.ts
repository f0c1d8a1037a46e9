// `mlt sim --pcap DIR`: what every switch port sent and received, as capture files, the way bmv2 started with
// --pcap writes one per interface and direction. Interfaces are named as Mininet names a bmv2 switch's (s1-eth1):
// DIR/leaf0-eth3_out.pcap holds the frames leaf0 sent out of port 3, stamped when their transmission began;
// DIR/leaf0-eth3_in.pcap those it received there, stamped when their last bit arrived. Host NICs get no files:
// a host's traffic is its switch port's.
import { PcapDir } from '../pcap/index.js';
import type { Fabric } from './fabric.js';

/** A capture file could not be made or written: the --pcap directory's fault, not the scenario's. */
export class CaptureError extends Error {}

export interface Capture {
  /** Stops capturing and closes the files; returns their paths, sorted. */
  close(): string[];
}

/** Starts capturing every switch port of `fabric` into `dir` (created if missing); file errors are CaptureErrors. */
export function captureSwitchPorts(fabric: Fabric, dir: string): Capture {
  const files = asCaptureError(() => new PcapDir(dir));
  fabric.tap((link, startPs, arrivePs, data) =>
    asCaptureError(() => {
      if (fabric.switches.has(link.from))
        files.file(`${link.from}-eth${link.fromPort}_out.pcap`).write(startPs / 1000, data);
      if (fabric.switches.has(link.to))
        files.file(`${link.to}-eth${link.toPort}_in.pcap`).write(arrivePs / 1000, data);
    }),
  );
  return {
    close(): string[] {
      fabric.tap(undefined);
      return asCaptureError(() => files.close());
    },
  };
}

/** `f()`, with a file system error it throws made a CaptureError. */
function asCaptureError<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw new CaptureError((e as Error).message, { cause: e });
  }
}
