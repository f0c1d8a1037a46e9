// Compound assignments (P4_16 v1.2.5): `a op= b` is `a = a op b` for every operator that has the form,
// including saturating `|+|=`/`|-|=`, an arithmetic `>>=` on int<8>, and a slice as the target.
#include <core.p4>
#include <v1model.p4>

header h_t {
    bit<8> a;
    bit<8> b;
    bit<8> c;
    bit<8> d;
    bit<8> e;
    bit<8> f;
    bit<8> g;
    bit<8> h;
    bit<8> i;
    bit<8> j;
    bit<8> k;
    int<8> s;
}

struct headers {
    h_t h;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.h);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        hdr.h.a += 5;
        hdr.h.b -= 3;
        hdr.h.c *= 3;
        hdr.h.d /= 2;
        hdr.h.e %= 3;
        hdr.h.f |+|= 250;
        hdr.h.g |-|= 250;
        hdr.h.h <<= 2;
        hdr.h.i >>= 1;
        hdr.h.j &= 0x0f;
        hdr.h.k |= 0x80;
        hdr.h.k ^= 0x01;
        hdr.h.s >>= 1;
        bit<8> one = 1;
        hdr.h.a[7:4] += one[3:0];
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
        packet.emit(hdr);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
