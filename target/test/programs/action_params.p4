// Actions with directional parameters (in, out, inout) called directly from
// a control, an action whose directional argument is bound in the table's
// actions list while its action data comes from the control plane, local
// variables in actions, and copy-in/copy-out order of arguments.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8>  x;
    bit<8>  y;
    bit<8>  z;
    bit<8>  w;
    bit<16> acc;
}

struct headers {
    ethernet_t ethernet;
    data_t     data;
}

struct metadata {
    bit<8> tmp;
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
    action add_into(inout bit<8> target, in bit<8> amount) {
        target = target + amount;
    }
    action invert(in bit<8> src, out bit<8> dst) {
        dst = ~src;
    }
    action swap(inout bit<8> p, inout bit<8> q) {
        bit<8> t = p;
        p = q;
        q = t;
    }
    // directional parameter first, then action data
    action accumulate(inout bit<16> acc, bit<16> delta, bit<9> port) {
        acc = acc + delta;
        standard_metadata.egress_spec = port;
    }
    table acc_table {
        key = { hdr.data.w: exact; }
        actions = { accumulate(hdr.data.acc); NoAction; }
        default_action = NoAction();
    }
    apply {
        add_into(hdr.data.x, 8w3);
        invert(hdr.data.y, meta.tmp);
        hdr.data.z = meta.tmp;
        swap(hdr.data.x, hdr.data.y);
        // the in argument is copied before the body runs: w doubles
        add_into(hdr.data.w, hdr.data.w);
        acc_table.apply();
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
