// Parser select on single values, masks (&&&), ranges (..), several labels
// sharing one state, default, and tuples of two fields with don't-care (_)
// elements. The first matching case wins. The state that was reached is
// recorded in metadata and written into the packet.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header key_t {
    bit<8> k;
    bit<8> j;
    bit<8> path;
}

struct headers {
    ethernet_t ethernet;
    key_t      key;
}

struct metadata {
    bit<8> path;
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.key);
        transition select(hdr.key.k) {
            8w0x10 &&& 8w0xF0: st_mask;     // 0x10..0x1F
            8w0x18 .. 8w0x2F:  st_range;    // 0x18..0x1F already taken above
            0x05:              st_value;
            0x06:              st_value;
            0x30 &&& 0x30:     st_mask2;    // bits 4 and 5 set
            default:           st_tuple;
        }
    }
    state st_mask {
        meta.path = 1;
        transition accept;
    }
    state st_range {
        meta.path = 2;
        transition accept;
    }
    state st_value {
        meta.path = 3;
        transition accept;
    }
    state st_mask2 {
        meta.path = 4;
        transition accept;
    }
    state st_tuple {
        transition select(hdr.key.k, hdr.key.j) {
            (0x01, 0x02): st_t1;
            (0x01, _):    st_t2;
            (_, 0x03):    st_t3;
            (0x00 &&& 0xFC, 0x80 &&& 0x80): st_t4;   // k in 0..3, j >= 0x80
            default:      st_def;
        }
    }
    state st_t1 {
        meta.path = 0x11;
        transition accept;
    }
    state st_t2 {
        meta.path = 0x12;
        transition accept;
    }
    state st_t3 {
        meta.path = 0x13;
        transition accept;
    }
    state st_t4 {
        meta.path = 0x14;
        transition accept;
    }
    state st_def {
        meta.path = 0xDD;
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        hdr.key.path = meta.path;
        standard_metadata.egress_spec = 1;
    }
}

control MyEgress(inout headers hdr, inout metadata meta,
                 inout standard_metadata_t standard_metadata) {
    apply { }
}

control MyComputeChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyDeparser(packet_out packet, in headers hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.key);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
