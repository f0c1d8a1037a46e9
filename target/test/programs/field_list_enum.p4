// @field_list indices written as members of a serializable enum, the way p4c
// translates P4_14 field lists (enum bit<8> FieldLists { ... }), and named by
// a cast of the member in the call. A field may belong to several lists. What
// the second pass sees of the metadata is written into the header: only the
// fields of the list named in the call keep their value, the others start at 0.
#include <core.p4>
#include <v1model.p4>

enum bit<8> FieldLists {
    resubmit_FL    = 1,
    recirculate_FL = 2
}

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> op;      // 1: resubmit, 2: recirculate, else neither
    bit<8> itype;   // written on the last pass
    bit<8> r;
    bit<8> c;
    bit<8> both;
    bit<8> none;
}

struct headers {
    ethernet_t ethernet;
    data_t     data;
}

struct metadata {
    @field_list(FieldLists.resubmit_FL)
    bit<8> r;
    @field_list(FieldLists.recirculate_FL)
    bit<8> c;
    @field_list(FieldLists.resubmit_FL, FieldLists.recirculate_FL)
    bit<8> both;
    bit<8> none;
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
        standard_metadata.egress_spec = 2;
        if (standard_metadata.instance_type == 0) {
            meta.r = 0x11;
            meta.c = 0x22;
            meta.both = 0x33;
            meta.none = 0x44;
            if (hdr.data.op == 1) {
                resubmit_preserving_field_list((bit<8>)FieldLists.resubmit_FL);
            }
        } else {
            hdr.data.itype = (bit<8>) standard_metadata.instance_type;
            hdr.data.r = meta.r;
            hdr.data.c = meta.c;
            hdr.data.both = meta.both;
            hdr.data.none = meta.none;
        }
    }
}

control MyEgress(inout headers hdr, inout metadata meta,
                 inout standard_metadata_t standard_metadata) {
    apply {
        if (hdr.data.op == 2 && standard_metadata.instance_type == 0) {
            recirculate_preserving_field_list((bit<8>)FieldLists.recirculate_FL);
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
