// `==` and `!=` on varbit fields and on headers holding them (P4_16 spec,
// varbit operations): two varbit values are equal when they have the same
// dynamic width and the same bits.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header len_t {
    bit<8> n;
}

header opt_t {
    varbit<32> data;
}

header res_t {
    bit<8> r;
}

struct headers {
    ethernet_t ethernet;
    len_t      l1;
    opt_t      o1;
    len_t      l2;
    opt_t      o2;
    res_t      res;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.l1);
        packet.extract(hdr.o1, (bit<32>)hdr.l1.n * 8);
        packet.extract(hdr.l2);
        packet.extract(hdr.o2, (bit<32>)hdr.l2.n * 8);
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
        if (hdr.o1.data == hdr.o2.data) { r = r | 1; }
        if (hdr.o1.data != hdr.o2.data) { r = r | 2; }
        if (hdr.o1 == hdr.o2) { r = r | 4; }
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
        packet.emit(hdr.l1);
        packet.emit(hdr.o1);
        packet.emit(hdr.l2);
        packet.emit(hdr.o2);
        packet.emit(hdr.res);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
