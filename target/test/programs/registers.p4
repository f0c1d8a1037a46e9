// Registers: read and write from an action and from the apply block, the
// value read is written into the packet, the state persists from packet to
// packet, and the control plane sets a value with register_write.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header reg_op_t {
    bit<8>  index;
    bit<32> add;
    bit<32> before;
    bit<16> count;
}

struct headers {
    ethernet_t ethernet;
    reg_op_t   op;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.op);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    register<bit<32>>(16) values;
    register<bit<16>>(1) packets_seen;

    action accumulate() {
        bit<32> v;
        values.read(v, (bit<32>) hdr.op.index);
        hdr.op.before = v;
        values.write((bit<32>) hdr.op.index, v + hdr.op.add);
    }

    apply {
        accumulate();
        bit<16> n;
        packets_seen.read(n, 0);
        n = n + 1;
        packets_seen.write(0, n);
        hdr.op.count = n;
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
        packet.emit(hdr.op);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
