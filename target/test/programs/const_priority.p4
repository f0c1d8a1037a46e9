// `@priority` on `const entries`. p4c's bmv2 back end gives each const entry of
// a ternary table the priority of its @priority annotation, or else its
// 1-based position in the list; simple_switch picks the matching entry with
// the lowest number, and among equal numbers the one declared first.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> k;
}

struct headers {
    ethernet_t ethernet;
    data_t     d;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.d);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    action set(bit<9> port) {
        standard_metadata.egress_spec = port;
    }
    table t {
        key = { hdr.d.k: ternary; }
        actions = { set; }
        const entries = {
            @priority(10) 0x10 &&& 0xF0 : set(1);  // 10
            0x12 &&& 0xFF : set(2);                // 2 (second entry)
            0x13 &&& 0xFF : set(3) @priority(1);   // 1 (annotations may follow the action too)
            @priority(2) 0x14 &&& 0xFE : set(4);   // 2
            0x15 &&& 0xFF : set(5);                // 5 (fifth entry)
            @priority(3) 0x16 &&& 0xFE : set(6);   // 3
            @priority(3) 0x17 &&& 0xFF : set(7);   // 3, declared after the 0x16 entry
        }
        default_action = set(9);
    }
    apply {
        t.apply();
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
        packet.emit(hdr.d);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
