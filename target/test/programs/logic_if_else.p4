// if / else if / else chains, nested ifs, bool variables, !, && and ||
// (evaluated left to right with short-circuit), the conditional operator
// ?:, comparison operators, operator precedence, and metadata that is never
// written reading as 0 on bmv2.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> a;
    bit<8> b;
    bit<8> cls;
    bit<8> flags;
    bit<8> pick;
    bit<8> prec;
    bit<8> unset;
}

struct headers {
    ethernet_t ethernet;
    data_t     data;
}

struct metadata {
    bit<8> never_written;
    bool   flag;
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.data);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        bit<8> a = hdr.data.a;
        bit<8> b = hdr.data.b;

        // classification with an else-if chain and a nested if
        if (a == b) {
            hdr.data.cls = 0;
        } else if (a < b) {
            if (b - a > 16) {
                hdr.data.cls = 1;
            } else {
                hdr.data.cls = 2;
            }
        } else if (a >= 0x80) {
            hdr.data.cls = 3;
        } else {
            hdr.data.cls = 4;
        }

        bool both_odd = a[0:0] == 1 && b[0:0] == 1;
        bool any_zero = a == 0 || b == 0;
        bool differ = a != b;
        meta.flag = !(a <= b);           // a > b
        bit<8> f = 0;
        if (both_odd) { f = f | 0x01; }
        if (any_zero) { f = f | 0x02; }
        if (differ)   { f = f | 0x04; }
        if (meta.flag) { f = f | 0x08; }
        if (!both_odd && !any_zero) { f = f | 0x10; }
        if (a > b || a == b) { f = f | 0x20; }
        hdr.data.flags = f;

        hdr.data.pick = (a > b) ? a : ((a == b) ? 8w0xEE : b);

        // precedence: & binds tighter than |, + tighter than <<, comparison
        // lower than arithmetic
        hdr.data.prec = (a & 0x0F | b & 0xF0) + ((a + 1 << 1 == 8w4) ? 8w0x80 : 8w0);

        hdr.data.unset = meta.never_written;
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
        packet.emit(hdr.data);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
