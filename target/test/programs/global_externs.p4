// Extern instances declared at the top level exist once, shared by every block that names them: a register
// that ingress writes and egress reads back (p4c's issue1097-2-bmv2 pattern), and a counter both count in.
#include <core.p4>
#include <v1model.p4>

header op_t {
    bit<8> idx;    // register cell to use
    bit<8> add;    // added to the cell in egress
    bit<8> seen;   // the cell's value egress wrote
}

struct headers {
    op_t op;
}

struct metadata { }

register<bit<8>>(16) cells;
counter(4, CounterType.packets) hits;

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.op);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        bit<8> old;
        cells.read(old, (bit<32>)hdr.op.idx);
        // Cell 0 is left to the control plane; others are set to 0x2A here.
        if (hdr.op.idx != 0) {
            cells.write((bit<32>)hdr.op.idx, 0x2A);
        }
        hits.count(0);
        standard_metadata.egress_spec = 1;
    }
}

control MyEgress(inout headers hdr, inout metadata meta,
                 inout standard_metadata_t standard_metadata) {
    apply {
        bit<8> v;
        cells.read(v, (bit<32>)hdr.op.idx);
        v = v + hdr.op.add;
        cells.write((bit<32>)hdr.op.idx, v);
        hdr.op.seen = v;
        hits.count(1);
    }
}

control MyComputeChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyDeparser(packet_out packet, in headers hdr) {
    apply {
        packet.emit(hdr.op);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
