// return in an action and in a control's apply block ends only that body;
// exit in an action or in apply ends the whole ingress control (statements
// after it, also in the caller, do not run); egress still runs. A function
// with a return value is called from ingress.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> op;
    bit<8> a;
    bit<8> b;
    bit<8> c;
    bit<8> e;
}

struct headers {
    ethernet_t ethernet;
    data_t     data;
}

struct metadata { }

bit<8> max8(in bit<8> x, in bit<8> y) {
    if (x > y) {
        return x;
    }
    return y;
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
    action early_return() {
        hdr.data.a = 0x11;
        if (hdr.data.op == 1) {
            return;
        }
        hdr.data.a = 0x12;
    }
    action stop_all() {
        hdr.data.b = 0x22;
        exit;
    }
    apply {
        standard_metadata.egress_spec = 1;
        early_return();
        hdr.data.c = max8(hdr.data.op, 8w3);
        if (hdr.data.op == 2) {
            stop_all();
            hdr.data.b = 0x99;        // not reached
        }
        if (hdr.data.op == 3) {
            exit;
        }
        if (hdr.data.op == 4) {
            return;
        }
        hdr.data.b = 0xBB;
        standard_metadata.egress_spec = 2;
    }
}

control MyEgress(inout headers hdr, inout metadata meta,
                 inout standard_metadata_t standard_metadata) {
    apply {
        hdr.data.e = 0xEE;
    }
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
