// Exact-match tables, a default action with action data that the control
// plane replaces with setdefault, and the .hit / .miss results of apply().
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<16> key1;
    bit<8>  key2;
    bit<8>  hit1;
    bit<8>  miss2;
    bit<8>  val;
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
    action set_port(bit<9> port) {
        standard_metadata.egress_spec = port;
    }
    action set_val(bit<8> v) {
        hdr.data.val = v;
    }
    action drop() {
        mark_to_drop(standard_metadata);
    }
    table t1 {
        key = { hdr.data.key1: exact; }
        actions = { set_port; drop; }
        size = 64;
        default_action = set_port(7);
    }
    table t2 {
        key = { hdr.data.key2: exact; }
        actions = { set_val; NoAction; }
        default_action = NoAction();
    }
    apply {
        if (t1.apply().hit) {
            hdr.data.hit1 = 1;
        } else {
            hdr.data.hit1 = 0;
        }
        if (t2.apply().miss) {
            hdr.data.miss2 = 1;
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
