// One control instance and one parser instance applied more than once, each
// apply with its own arguments: the instance's tables and registers are shared
// between the applies, its parameters are bound anew each time.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header item_t {
    bit<8> kind;
    bit<8> val;
}

struct headers {
    ethernet_t ethernet;
    item_t     first;
    item_t     second;
}

struct metadata {
    bit<8> count;
}

parser ItemParser(packet_in packet, out item_t it, inout bit<8> count) {
    state start {
        packet.extract(it);
        count = count + 1;
        transition accept;
    }
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    ItemParser() items;
    state start {
        packet.extract(hdr.ethernet);
        items.apply(packet, hdr.first, meta.count);
        transition select(hdr.first.kind) {
            0: accept;
            default: more;
        }
    }
    state more {
        items.apply(packet, hdr.second, meta.count);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

// Rewrites one item through a table keyed on its kind and counts the applies
// in a register shared by all of them.
control Rewrite(inout item_t it, out bit<8> seen) {
    register<bit<8>>(1) applies;
    action set_val(bit<8> v) {
        it.val = v;
    }
    action add_val(bit<8> v) {
        it.val = it.val + v;
    }
    table by_kind {
        key = { it.kind: exact; }
        actions = { set_val; add_val; NoAction; }
        const entries = {
            1 : set_val(0x10);
            2 : add_val(0x20);
        }
        default_action = NoAction();
    }
    apply {
        bit<8> n;
        applies.read(n, 0);
        n = n + 1;
        applies.write(0, n);
        seen = n;
        by_kind.apply();
    }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    Rewrite() rw;
    apply {
        bit<8> s1;
        bit<8> s2 = 0;
        rw.apply(hdr.first, s1);
        if (hdr.second.isValid()) {
            rw.apply(hdr.second, s2);
        }
        // the register counts every apply since the switch started
        hdr.ethernet.dstAddr[15:8] = s1;
        hdr.ethernet.dstAddr[7:0] = s2;
        hdr.ethernet.srcAddr[7:0] = meta.count;
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
        packet.emit(hdr.first);
        packet.emit(hdr.second);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
