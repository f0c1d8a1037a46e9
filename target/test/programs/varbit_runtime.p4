// `extract` of a varbit header with a length computed at run time, and the
// parser errors simple_switch reports for it: ParserInvalidArgument when the
// length is not a multiple of 8 (this includes negative values, which reach
// bmv2 as large bit<32> values read as a signed int), PacketTooShort when the
// packet ends first, HeaderTooShort when the length exceeds the varbit's
// maximum but the packet is long enough. On any error the header stays
// invalid and its bytes stay payload.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header len_t {
    bit<32> nbits;
}

header opt_t {
    bit<8>      kind;
    varbit<32>  data;
}

header tail_t {
    bit<8> t;
}

struct headers {
    ethernet_t ethernet;
    len_t      len;
    opt_t      opt;
    tail_t     tail;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.len);
        packet.extract(hdr.opt, hdr.len.nbits);
        packet.extract(hdr.tail);
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
        } else if (standard_metadata.parser_error == error.PacketTooShort) {
            standard_metadata.egress_spec = 2;
        } else if (standard_metadata.parser_error == error.ParserInvalidArgument) {
            standard_metadata.egress_spec = 3;
        } else if (standard_metadata.parser_error == error.HeaderTooShort) {
            standard_metadata.egress_spec = 4;
        } else {
            standard_metadata.egress_spec = 5;
        }
        if (hdr.tail.isValid()) {
            hdr.tail.t = hdr.tail.t + 1;
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
        packet.emit(hdr.len);
        packet.emit(hdr.opt);
        packet.emit(hdr.tail);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
