// switch (t.apply().action_run) with several labels, a shared body for two
// labels (fall-through of an empty case), a default label, and a second
// switch without default where the default action runs.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> k;
    bit<8> which;
    bit<8> second;
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
    action a1() { }
    action a2() { }
    action a3() { }
    action a4(bit<8> x) { hdr.data.second = x; }
    table t {
        key = { hdr.data.k: exact; }
        actions = { a1; a2; a3; a4; NoAction; }
        default_action = NoAction();
        const entries = {
            1 : a1();
            2 : a2();
            3 : a3();
            4 : a4(0x44);
        }
    }
    table t2 {
        key = { hdr.data.k: exact; }
        actions = { a1; a2; }
        default_action = a2();
        const entries = {
            1 : a1();
        }
    }
    apply {
        switch (t.apply().action_run) {
            a1: {
                hdr.data.which = 0x01;
            }
            a2:
            a3: {
                hdr.data.which = 0x23;
            }
            default: {
                hdr.data.which = 0xDD;
            }
        }
        switch (t2.apply().action_run) {
            a1: {
                standard_metadata.egress_spec = 1;
            }
            a2: {
                standard_metadata.egress_spec = 2;
            }
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
        packet.emit(hdr.data);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
