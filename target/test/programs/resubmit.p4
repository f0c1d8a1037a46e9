// resubmit_preserving_field_list: at the end of ingress the packet, as it
// was received (ingress changes to headers are discarded), goes through
// the parser and ingress again with instance_type 6; metadata fields
// annotated with @field_list(1) keep their value. The packet asks for a
// number of passes; the resubmitted original is not forwarded.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> want;     // number of resubmissions wanted
    bit<8> passes;   // written on the last pass
    bit<8> itype;
    bit<8> x;
}

struct headers {
    ethernet_t ethernet;
    data_t     data;
}

struct metadata {
    @field_list(1)
    bit<8> passes;
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
        // this change is lost when the packet is resubmitted
        hdr.data.x = hdr.data.x + 1;
        if (meta.passes < hdr.data.want) {
            meta.passes = meta.passes + 1;
            standard_metadata.egress_spec = 1;
            resubmit_preserving_field_list(1);
        } else {
            hdr.data.passes = meta.passes;
            hdr.data.itype = (bit<8>) standard_metadata.instance_type;
            standard_metadata.egress_spec = 2;
        }
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
        packet.emit(hdr.data);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
