// recirculate_preserving_field_list: at the end of egress the deparsed
// packet (with the changes egress made) goes back to the parser and
// ingress with instance_type 4, instead of being transmitted; metadata
// fields annotated with @field_list(2) keep their value.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> x;
    bit<8> mark;
    bit<8> itype;
}

struct headers {
    ethernet_t ethernet;
    data_t     data;
}

struct metadata {
    @field_list(2)
    bit<8> mark;
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.data);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        if (standard_metadata.instance_type == 0) {
            standard_metadata.egress_spec = 1;
        } else {
            hdr.data.mark = meta.mark;
            hdr.data.itype = (bit<8>) standard_metadata.instance_type;
            standard_metadata.egress_spec = 2;
        }
    }
}

control MyEgress(inout headers hdr, inout metadata meta,
                 inout standard_metadata_t standard_metadata) {
    apply {
        if (standard_metadata.instance_type == 0 && hdr.data.x != 0) {
            hdr.data.x = hdr.data.x + 1;
            meta.mark = 0x4D;
            recirculate_preserving_field_list(2);
        }
    }
}

control MyComputeChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyDeparser(packet_out packet, in headers hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.data);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
