// Header unions: the parser extracts one member depending on the EtherType;
// isValid() of the union and of its members; making another member valid
// invalidates the current one; emitting a union emits its valid member.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header short_t {
    bit<8> a;
    bit<8> b;
}

header long_t {
    bit<16> c;
    bit<16> d;
}

header_union variant_t {
    short_t s;
    long_t  l;
}

struct headers {
    ethernet_t ethernet;
    variant_t  v;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.etherType) {
            0x9101: parse_short;
            0x9102: parse_long;
            default: accept;
        }
    }
    state parse_short {
        packet.extract(hdr.v.s);
        transition accept;
    }
    state parse_long {
        packet.extract(hdr.v.l);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        if (!hdr.v.isValid()) {
            mark_to_drop(standard_metadata);
            exit;
        }
        if (hdr.v.s.isValid()) {
            if (hdr.v.s.a == 0xFF) {
                // widen: the short member becomes invalid
                bit<8> b = hdr.v.s.b;
                hdr.v.l.setValid();
                hdr.v.l.c = 0xABCD;
                hdr.v.l.d = (bit<16>) b;
                hdr.ethernet.etherType = 0x9102;
                standard_metadata.egress_spec = 3;
            } else {
                hdr.v.s.b = hdr.v.s.a + hdr.v.s.b;
                standard_metadata.egress_spec = 1;
            }
        } else if (hdr.v.l.isValid()) {
            hdr.v.l.d = hdr.v.l.c ^ hdr.v.l.d;
            standard_metadata.egress_spec = 2;
        }
        if (hdr.v.s.isValid() && hdr.v.l.isValid()) {
            // never true: at most one member of a union is valid
            standard_metadata.egress_spec = 9;
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
        packet.emit(hdr.v);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
