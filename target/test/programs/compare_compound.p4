// `==` and `!=` on headers, structs (nested), header stacks and header unions
// (P4_16 spec, "Operations on headers/structs/stacks/unions"): two headers are
// equal when both are invalid, or both valid with equal fields; structs and
// stacks compare element by element; two unions are equal when the same
// member is valid in both and equal, or no member is valid in either.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header ctl_t {
    bit<8> flags;
    bit<8> a;
    bit<8> b;
    bit<8> c;
    bit<8> d;
}

header val_t {
    bit<8> x;
    bit<8> y;
}

header w_t {
    bit<16> q;
}

header_union u_t {
    val_t v;
    w_t   w;
}

header res_t {
    bit<8> r;
}

struct pair_t {
    bit<8> x;
    bit<8> y;
}

struct outer_t {
    pair_t p;
    bit<8> z;
}

struct headers {
    ethernet_t ethernet;
    ctl_t      ctl;
    val_t      h1;
    val_t      h2;
    res_t      res;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.ctl);
        transition select(hdr.ctl.flags[1:0]) {
            1: parse_h1;
            3: parse_h1;
            2: parse_h2;
            default: accept;
        }
    }
    state parse_h1 {
        packet.extract(hdr.h1);
        transition select(hdr.ctl.flags[1:1]) {
            1: parse_h2;
            default: accept;
        }
    }
    state parse_h2 {
        packet.extract(hdr.h2);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        bit<8> r = 0;
        if (hdr.h1 == hdr.h2) {
            r = r | 0x01;
        }
        if (hdr.h1 != hdr.h2) {
            r = r | 0x02;
        }
        pair_t s1 = { x = hdr.ctl.a, y = hdr.ctl.b };
        pair_t s2 = { x = hdr.ctl.c, y = hdr.ctl.d };
        if (s1 == s2) {
            r = r | 0x04;
        }
        outer_t o1 = { p = s1, z = 0 };
        outer_t o2 = { p = s2, z = hdr.ctl.flags & 0x80 };
        if (o1 != o2) {
            r = r | 0x08;
        }
        val_t[2] st1;
        val_t[2] st2;
        st1[0] = hdr.h1;
        st2[0] = hdr.h2;
        if (hdr.ctl.flags[2:2] == 1) {
            st1[1].setValid();
            st1[1].x = 0;
            st1[1].y = 0;
        }
        if (st1 == st2) {
            r = r | 0x10;
        }
        u_t u1;
        u_t u2;
        u1.v = hdr.h1;
        u2.v = hdr.h2;
        if (hdr.ctl.flags[3:3] == 1) {
            u2.w.setValid();
            u2.w.q = 0;
        }
        if (u1 == u2) {
            r = r | 0x20;
        }
        hdr.res.setValid();
        hdr.res.r = r;
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
        packet.emit(hdr.ctl);
        packet.emit(hdr.h1);
        packet.emit(hdr.h2);
        packet.emit(hdr.res);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
