// Slices of slices, read and written: x[15:8][3:0] is bits 11..8 of x; an
// assignment to it changes only those bits, also through an inout argument
// and in a compound chain of three slices.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<16> x;
    bit<16> y;
    bit<8>  r1;
    bit<8>  r2;
    bit<32> z;
}

struct headers {
    ethernet_t ethernet;
    data_t     d;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.d);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    action put_nibble(inout bit<4> n, bit<4> v) {
        n = v;
    }
    apply {
        hdr.d.r1 = 4w0 ++ hdr.d.x[15:8][3:0];
        hdr.d.r2 = (bit<8>)hdr.d.y[11:4][6:2];
        hdr.d.x[15:8][3:0] = 0xA;
        put_nibble(hdr.d.y[7:0][7:4], 0x5);
        hdr.d.z[31:8][23:8][3:0] = 0xF;
        hdr.d.z[7:0][0:0] = 1;
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
        packet.emit(hdr.d);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
