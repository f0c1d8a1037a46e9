// Structs and headers as values: struct initializers with named fields,
// struct assignment (a copy), nested structs, header assignment (copies the
// fields and the validity), setInvalid() removing a header from the output,
// setValid() adding one, and == on structs.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header pair_t {
    bit<8> x;
    bit<8> y;
}

struct inner_t {
    bit<8> p;
    bit<8> q;
}

struct outer_t {
    inner_t in1;
    bit<16> w;
}

struct headers {
    ethernet_t ethernet;
    pair_t     a;
    pair_t     b;
    pair_t     c;
}

struct metadata {
    outer_t o;
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.a);
        transition select(hdr.ethernet.etherType) {
            0x9002: parse_b;
            default: accept;
        }
    }
    state parse_b {
        packet.extract(hdr.b);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        inner_t i1 = { p = hdr.a.x, q = hdr.a.y };
        inner_t i2 = i1;           // a copy
        i2.p = i2.p + 1;
        meta.o = { in1 = i2, w = 16w0x0102 };

        if (hdr.b.isValid()) {
            // header assignment copies the fields and validity of b into c
            hdr.c = hdr.b;
            hdr.b.setInvalid();
        } else {
            hdr.c.setValid();
            hdr.c.x = meta.o.in1.p;
            hdr.c.y = meta.o.in1.q;
        }
        if (i1 == i2) {
            hdr.a.x = 0xEE;          // never: i2.p differs
        } else {
            hdr.a.x = meta.o.in1.p;
        }
        hdr.a.y = meta.o.w[7:0];
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
        packet.emit(hdr.a);
        packet.emit(hdr.b);
        packet.emit(hdr.c);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
