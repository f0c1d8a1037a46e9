// `mlt sim --pcap DIR`: what every switch port sent and received, as capture files, the way bmv2 started with
// --pcap writes one per interface and direction. Interfaces are named as Mininet names a bmv2 switch's (s1-eth1):
// DIR/leaf0-eth3_out.pcap holds the frames leaf0 sent out of port 3, stamped when their transmission began;
// DIR/leaf0-eth3_in.pcap those it received there, stamped when their last bit arrived. Host NICs get no files:
// a host's traffic is its switch port's.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PcapWriter } from '../pcap/index.js';
import type { Fabric } from './fabric.js';

export interface Capture {
  /** Stops capturing and closes the files; returns their paths, sorted. */
  close(): string[];
}

/** Starts capturing every switch port of `fabric` into `dir` (created if missing). */
export function captureSwitchPorts(fabric: Fabric, dir: string): Capture {
  mkdirSync(dir, { recursive: true });
  const writers = new Map<string, PcapWriter>();
  const file = (node: string, port: number, direction: 'in' | 'out'): PcapWriter => {
    const path = join(dir, `${node}-eth${port}_${direction}.pcap`);
    let w = writers.get(path);
    if (!w) writers.set(path, (w = new PcapWriter(path)));
    return w;
  };
  fabric.tap((link, startPs, arrivePs, data) => {
    if (fabric.switches.has(link.from)) file(link.from, link.fromPort, 'out').write(startPs / 1000, data);
    if (fabric.switches.has(link.to)) file(link.to, link.toPort, 'in').write(arrivePs / 1000, data);
  });
  return {
    close(): string[] {
      fabric.tap(undefined);
      for (const w of writers.values()) w.close();
      return [...writers.keys()].sort();
    },
  };
}
