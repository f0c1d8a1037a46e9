// `mlt stf --pcap DIR`: the test's traffic as capture files, laid out as p4c's bmv2 STF runner leaves them (it
// runs simple_switch on interfaces named pcap0, pcap1, ... backed by files): DIR/pcapN_in.pcap holds what the
// test sent on port N, DIR/pcapN_out.pcap what the switch sent out of it. The STF format has no clock, so the
// k-th `packet` of the test, and every frame it produced, is stamped k microseconds.
import { PcapDir } from '../pcap/index.js';
import type { WireFrame } from './index.js';

const NS_PER_PACKET = 1000;

/** Writes one capture per port and direction that saw a frame; returns the files' paths, sorted. */
export function writeCaptures(dir: string, traffic: readonly WireFrame[]): string[] {
  const files = new PcapDir(dir);
  try {
    for (const f of traffic)
      files.file(`pcap${f.port}_${f.direction}.pcap`).write(f.packet * NS_PER_PACKET, f.data);
  } catch (e) {
    try {
      files.close();
    } catch {
      // The write's failure is the one to report.
    }
    throw e;
  }
  return files.close();
}
