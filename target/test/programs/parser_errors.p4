// Parser errors: a program-defined error raised by verify(), the core error
// PacketTooShort when the packet ends inside a header, and error.NoError.
// On bmv2 a parser error does not drop the packet: ingress runs with
// standard_metadata.parser_error set, headers extracted before the error
// stay valid, and the unparsed bytes remain as payload.
#include <core.p4>
#include <v1model.p4>

error {
    BadVersion,
    ZeroLength
}

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header proto_t {
    bit<8>  version;
    bit<8>  length;
}

header body_t {
    bit<32> data;
}

struct headers {
    ethernet_t ethernet;
    proto_t    proto;
    body_t     body;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.etherType) {
            0x9000: parse_proto;
            default: accept;
        }
    }
    state parse_proto {
        packet.extract(hdr.proto);
        verify(hdr.proto.version == 2, error.BadVersion);
        verify(hdr.proto.length != 0, error.ZeroLength);
        packet.extract(hdr.body);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        if (standard_metadata.parser_error == error.NoError) {
            standard_metadata.egress_spec = 1;
        } else if (standard_metadata.parser_error == error.BadVersion) {
            hdr.ethernet.srcAddr = 0xBAD000000001;
            standard_metadata.egress_spec = 2;
        } else if (standard_metadata.parser_error == error.ZeroLength) {
            hdr.ethernet.srcAddr = 0xBAD000000002;
            standard_metadata.egress_spec = 3;
        } else if (standard_metadata.parser_error == error.PacketTooShort) {
            hdr.ethernet.srcAddr = 0xBAD000000003;
            standard_metadata.egress_spec = 4;
        } else {
            mark_to_drop(standard_metadata);
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
        packet.emit(hdr.proto);
        packet.emit(hdr.body);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
