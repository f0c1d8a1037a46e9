// Header-stack indices computed at run time, in and out of range. p4c's bmv2
// back end rewrites each statement holding hs[i] into a chain of
// `if (i == 0) ... else if (i == 1) ...` over the stack's constant indices
// (midend HSIndexSimplifier), so no index raises an exception: out of range,
// a write or method call does nothing, an `if` takes its else branch, and an
// assignment whose right side reads hs[i] assigns the unset value 0 to its
// whole left side.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header ctl_t {
    bit<8> i;
    bit<8> j;
    bit<8> rd;
    bit<8> rd2;
    bit<8> cond;
}

header tag_t {
    bit<8> v;
}

struct headers {
    ethernet_t ethernet;
    ctl_t      c;
    tag_t[3]   tags;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.c);
        packet.extract(hdr.tags.next);
        packet.extract(hdr.tags.next);
        packet.extract(hdr.tags.next);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        hdr.c.rd = hdr.tags[hdr.c.i].v;
        hdr.c.rd2 = hdr.tags[hdr.c.i].v + 1;
        if (hdr.tags[hdr.c.i].v == 0) {
            hdr.c.cond = 1;
        } else {
            hdr.c.cond = 2;
        }
        hdr.tags[hdr.c.j].v = 0xEE;
        hdr.tags[hdr.c.j + 1].setInvalid();
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
        packet.emit(hdr.c);
        packet.emit(hdr.tags);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
