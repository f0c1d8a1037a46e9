// Headers whose fields are structs of bit fields: extracted and emitted in
// declaration order (the struct's fields in place), compared with `==`,
// assigned as a whole struct, field by field, and as part of a header copy.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

struct addr_t {
    bit<16> hi;
    bit<8>  lo;
}

header rec_t {
    bit<8> tag;
    addr_t src;
    addr_t dst;
}

struct headers {
    ethernet_t ethernet;
    rec_t      r;
    rec_t      copy;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.r);
        transition select(hdr.r.src.lo) {
            0xCC: parse_copy;
            default: accept;
        }
    }
    state parse_copy {
        packet.extract(hdr.copy);
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
        if (hdr.copy.isValid()) {
            // compare whole headers holding structs
            hdr.r.tag = hdr.r == hdr.copy ? 8w0xE0 : 8w0xD0;
            return;
        }
        if (hdr.r.src == hdr.r.dst) {
            hdr.r.tag = 0xEE;
        } else {
            addr_t t = hdr.r.src;
            hdr.r.src = hdr.r.dst;
            hdr.r.dst = t;
            hdr.r.dst.lo = hdr.r.dst.lo + 1;
            hdr.copy = hdr.r;
            hdr.copy.tag = 0xC0;
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
        packet.emit(hdr.r);
        packet.emit(hdr.copy);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
