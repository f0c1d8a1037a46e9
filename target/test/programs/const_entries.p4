// Tables with const entries only (no control-plane entries): range keys,
// optional keys, ternary masks written with &&&, the don't-care _, exact
// keys in a tuple, and default actions. For const entries in a table that
// needs priorities, the entry written first has the highest priority.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8>  a;
    bit<8>  b;
    bit<16> c;
    bit<8>  r1;
    bit<8>  r2;
    bit<8>  r3;
}

struct headers {
    ethernet_t ethernet;
    data_t     data;
}

struct metadata { }

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
    action r1(bit<8> v) { hdr.data.r1 = v; }
    action r2(bit<8> v) { hdr.data.r2 = v; }
    action r3(bit<8> v) { hdr.data.r3 = v; }

    // range + optional
    table by_range {
        key = {
            hdr.data.a: range;
            hdr.data.b: optional;
        }
        actions = { r1; }
        default_action = r1(0xFF);
        const entries = {
            (1 .. 10, 5)      : r1(1);
            (1 .. 10, _)      : r1(2);
            (8 .. 20, _)      : r1(3);
            (_, 7)            : r1(4);
        }
    }

    // ternary with explicit masks
    table by_mask {
        key = {
            hdr.data.c: ternary;
        }
        actions = { r2; NoAction; }
        default_action = NoAction();
        const entries = {
            16w0x1200 &&& 16w0xFF00 : r2(0x12);
            16w0x0034 &&& 16w0x00FF : r2(0x34);
            _                       : r2(0x99);
        }
    }

    // exact keys in tuples
    table by_exact {
        key = {
            hdr.data.a: exact;
            hdr.data.b: exact;
        }
        actions = { r3; }
        default_action = r3(0);
        const entries = {
            (0x01, 0x05) : r3(0x15);
            (0x10, 0x07) : r3(0x17);
        }
    }

    apply {
        by_range.apply();
        by_mask.apply();
        by_exact.apply();
        standard_metadata.egress_spec = 2;
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
