// An action selector (ecmp: dst exact, flow hashed with crc16) and an action profile (nexthop), for the
// P4Runtime action profile tests. A miss in ecmp leaves egress_spec 0.
#include <core.p4>
#include <v1model.p4>

header h_t { bit<8> dst; bit<16> flow; bit<8> tag; }
struct headers { h_t h; }
struct metadata { }

parser MyParser(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  state start { pkt.extract(hdr.h); transition accept; }
}
control MyVerifyChecksum(inout headers hdr, inout metadata meta) { apply { } }
control MyIngress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
  action fwd(bit<9> port) { sm.egress_spec = port; }
  action set_tag(bit<8> tag) { hdr.h.tag = tag; }
  @max_group_size(8)
  action_selector(HashAlgorithm.crc16, 32w16, 32w16) ecmp_selector;
  // No table uses it; p4c still lists it in the P4Info.
  action_selector(HashAlgorithm.crc16, 32w4, 32w16) spare_selector;
  table ecmp {
    key = { hdr.h.dst: exact; hdr.h.flow: selector; }
    actions = { fwd; }
    implementation = ecmp_selector;
  }
  table tagger {
    key = { hdr.h.dst: exact; }
    actions = { set_tag; }
    @name("tags") implementation = action_profile(32w4);
  }
  table plain {
    key = { hdr.h.dst: exact; }
    actions = { set_tag; }
  }
  apply { ecmp.apply(); tagger.apply(); plain.apply(); }
}
control MyEgress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }
control MyComputeChecksum(inout headers hdr, inout metadata meta) { apply { } }
control MyDeparser(packet_out pkt, in headers hdr) { apply { pkt.emit(hdr.h); } }
V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
