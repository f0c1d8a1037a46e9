// `mlt sim --pcap DIR`: what every switch port sent and received, as capture files, the way bmv2 started with
// --pcap writes one per interface and direction. Interfaces are named as Mininet names a bmv2 switch's (s1-eth1):
// DIR/leaf0-eth3_out.pcap holds the frames leaf0 sent out of port 3, stamped when their transmission began;
// DIR/leaf0-eth3_in.pcap those it received there, stamped when their last bit arrived. Host NICs get no files:
// a host's traffic is its switch port's.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PcapWriter } from '../pcap/index.js';
import type { Fabric } from './fabric.js';

/** A capture file could not be made or written: the --pcap directory's fault, not the scenario's. */
export class CaptureError extends Error {}

export interface Capture {
  /** Stops capturing and closes the files; returns their paths, sorted. */
  close(): string[];
}

/** Starts capturing every switch port of `fabric` into `dir` (created if missing); file errors are CaptureErrors. */
export function captureSwitchPorts(fabric: Fabric, dir: string): Capture {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new CaptureError((e as Error).message, { cause: e });
  }
  const writers = new Map<string, PcapWriter>();
  const file = (node: string, port: number, direction: 'in' | 'out'): PcapWriter => {
    const path = join(dir, `${node}-eth${port}_${direction}.pcap`);
    let w = writers.get(path);
    if (!w) writers.set(path, (w = new PcapWriter(path)));
    return w;
  };
  fabric.tap((link, startPs, arrivePs, data) => {
    try {
      if (fabric.switches.has(link.from)) file(link.from, link.fromPort, 'out').write(startPs / 1000, data);
      if (fabric.switches.has(link.to)) file(link.to, link.toPort, 'in').write(arrivePs / 1000, data);
    } catch (e) {
      throw new CaptureError((e as Error).message, { cause: e });
    }
  });
  return {
    close(): string[] {
      fabric.tap(undefined);
      try {
        for (const w of writers.values()) w.close();
      } catch (e) {
        throw new CaptureError((e as Error).message, { cause: e });
      }
      return [...writers.keys()].sort();
    },
  };
}
