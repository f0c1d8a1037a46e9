// Two parser value sets configured over P4Runtime. Which select case the parser took comes back in the
// packet's dst_addr: 1 for an ether_type in `types`, 2 for a (low byte of src_addr, ether_type) pair in
// `pairs`, 0 for neither.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dst_addr;
    bit<48> src_addr;
    bit<16> ether_type;
}

struct pair_t {
    bit<8> src;
    @match(ternary) bit<16> type;
}

struct headers_t { ethernet_t ethernet; }
struct meta_t { bit<8> path; }

parser MyParser(packet_in pkt, out headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    @id(0x03000001) value_set<bit<16>>(2) types;
    @id(0x03000002) value_set<pair_t>(4) pairs;

    state start {
        pkt.extract(hdr.ethernet);
        transition select(hdr.ethernet.ether_type) {
            types: typed;
            default: by_pair;
        }
    }
    state typed {
        meta.path = 1;
        transition accept;
    }
    state by_pair {
        transition select(hdr.ethernet.src_addr[7:0], hdr.ethernet.ether_type) {
            pairs: paired;
            default: accept;
        }
    }
    state paired {
        meta.path = 2;
        transition accept;
    }
}

control MyVerifyChecksum(inout headers_t hdr, inout meta_t meta) { apply { } }

control MyIngress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) {
    apply {
        hdr.ethernet.dst_addr = (bit<48>) meta.path;
        sm.egress_spec = 1;
    }
}

control MyEgress(inout headers_t hdr, inout meta_t meta, inout standard_metadata_t sm) { apply { } }
control MyComputeChecksum(inout headers_t hdr, inout meta_t meta) { apply { } }
control MyDeparser(packet_out pkt, in headers_t hdr) { apply { pkt.emit(hdr.ethernet); } }

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
