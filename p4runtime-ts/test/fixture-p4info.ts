// A P4Info written by hand for codec tests: one table per match kind, actions with params of odd widths,
// counters, a register, a meter and controller headers.
import type { P4InfoLike } from '../src/p4info.js';

const pre = (id: number, name: string) => ({ id, name, alias: name.split('.').pop() ?? name });

export const FIXTURE_P4INFO: P4InfoLike = {
  tables: [
    {
      preamble: pre(0x02000001, 'ingress.ipv4_lpm'),
      match_fields: [{ id: 1, name: 'hdr.ipv4.dst', bitwidth: 32, match_type: 'LPM' }],
      action_refs: [{ id: 0x01000001 }, { id: 0x01000002 }],
      size: 1024,
    },
    {
      preamble: pre(0x02000002, 'ingress.acl'),
      match_fields: [
        { id: 1, name: 'hdr.ethernet.src', bitwidth: 48, match_type: 'TERNARY' },
        { id: 2, name: 'hdr.udp.dport', bitwidth: 16, match_type: 'RANGE' },
        { id: 3, name: 'meta.port', bitwidth: 9, match_type: 'OPTIONAL' },
        { id: 4, name: 'hdr.ipv6.dst', bitwidth: 128, match_type: 'EXACT' },
      ],
      action_refs: [{ id: 0x01000002 }],
      size: 64,
    },
  ],
  actions: [
    {
      preamble: pre(0x01000001, 'ingress.forward'),
      params: [
        { id: 1, name: 'port', bitwidth: 9 },
        { id: 2, name: 'dmac', bitwidth: 48 },
      ],
    },
    { preamble: pre(0x01000002, 'ingress.drop'), params: [] },
  ],
  counters: [{ preamble: pre(0x12000001, 'ingress.pkts'), size: 8 }],
  direct_counters: [{ preamble: pre(0x13000001, 'ingress.acl_hits'), direct_table_id: 0x02000002 }],
  meters: [{ preamble: pre(0x14000001, 'ingress.rate'), size: 4 }],
  registers: [
    {
      preamble: pre(0x16000001, 'ingress.last_seen'),
      size: 16,
      type_spec: { bitstring: { bit: { bitwidth: 48 } } },
    },
  ],
  controller_packet_metadata: [
    { preamble: pre(0x04000001, 'packet_out'), metadata: [{ id: 1, name: 'egress_port', bitwidth: 9 }] },
    {
      preamble: pre(0x04000002, 'packet_in'),
      metadata: [
        { id: 1, name: 'ingress_port', bitwidth: 9 },
        { id: 2, name: 'reason', bitwidth: 7 },
      ],
    },
  ],
};
