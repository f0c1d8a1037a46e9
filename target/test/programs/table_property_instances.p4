// Externs constructed in place as table properties, each named by the
// property's @name (the form ngsdn-tutorial's programs use):
//   counters       = direct_counter(...)
//   meters         = direct_meter<T>(...)
//   implementation = action_profile(...)
// The direct counter counts every hit of its table; an unconfigured direct
// meter marks GREEN and changes nothing; the action profile's members are
// what the table's entries point at (none here: the table misses).
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

struct headers {
    ethernet_t ethernet;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    action fwd(bit<9> port) {
        standard_metadata.egress_spec = port;
    }
    action drop() {
        mark_to_drop(standard_metadata);
    }
    action set_type(bit<16> t) {
        hdr.ethernet.etherType = t;
    }
    table l2_exact_table {
        key = { hdr.ethernet.dstAddr: exact; }
        actions = { fwd; drop; }
        const default_action = drop();
        @name("l2_exact_table_counter")
        counters = direct_counter(CounterType.packets_and_bytes);
        @name("l2_exact_table_meter")
        meters = direct_meter<bit<2>>(MeterType.packets);
    }
    table indirect {
        key = { hdr.ethernet.srcAddr: exact; }
        actions = { set_type; NoAction; }
        @name("indirect_profile")
        implementation = action_profile(32w16);
    }
    apply {
        l2_exact_table.apply();
        indirect.apply();
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
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
