// clone(CloneType.I2E, session): the original packet continues to its
// egress_spec; a copy is made of the packet as it was received (ingress
// changes to headers are not in the copy), re-parsed, and sent through
// egress to the mirror session's port with instance_type 1. The STF
// configures session 5 -> port 3 with bmv2's mirroring_add command.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> op;
    bit<8> v;
    bit<8> itype;
    bit<8> eport;
}

struct headers {
    ethernet_t ethernet;
    data_t     data;
}

struct metadata { }

const bit<32> MIRROR_SESSION = 5;

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
        standard_metadata.egress_spec = 1;
        hdr.data.v = 0x11;
        if (hdr.data.op == 1) {
            clone(CloneType.I2E, MIRROR_SESSION);
        }
    }
}

control MyEgress(inout headers hdr, inout metadata meta,
                 inout standard_metadata_t standard_metadata) {
    apply {
        hdr.data.itype = (bit<8>) standard_metadata.instance_type;
        hdr.data.eport = (bit<8>) standard_metadata.egress_port;
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
