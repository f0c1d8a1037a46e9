// MAC learning by digest: every packet reports its source address and ingress port (mac_learn_t), with the
// port read when ingress ends, after the program has added 100 to it for frames of ether_type 0x0101.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dst_addr;
    bit<48> src_addr;
    bit<16> ether_type;
}

struct mac_learn_t {
    bit<48> src_addr;
    bit<9>  ingress_port;
}

struct headers_t { ethernet_t ethernet; }
struct meta_t { bit<9> port; }

parser MyParser(packet_in pkt, out headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    state start { pkt.extract(hdr.ethernet); transition accept; }
}

control MyVerifyChecksum(inout headers_t hdr, inout meta_t meta) { apply { } }

control MyIngress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    action learn() {
        meta.port = sm.ingress_port;
        digest<mac_learn_t>(1, { hdr.ethernet.src_addr, meta.port });
    }
    table smac {
        key = { hdr.ethernet.src_addr : exact; }
        actions = { learn; NoAction; }
        default_action = learn();
    }
    apply {
        smac.apply();
        if (hdr.ethernet.ether_type == 0x0101) { meta.port = meta.port + 100; }
        sm.egress_spec = 1;
    }
}

control MyEgress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) { apply { } }
control MyComputeChecksum(inout headers_t hdr, inout meta_t meta) { apply { } }
control MyDeparser(packet_out pkt, in headers_t hdr) { apply { pkt.emit(hdr.ethernet); } }

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
