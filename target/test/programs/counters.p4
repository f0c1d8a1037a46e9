// Indirect counters (packets, bytes, packets_and_bytes) indexed by the
// ingress port and by a packet field (always within the counter's size: an
// out-of-range index is only checked by debug builds of bmv2), and a direct counter attached to a
// table. Counters do not change the packets; the STF checks them with
// check_counter (which p4c's bmv2 runner parses but does not evaluate).
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> idx;
    bit<8> key;
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
    counter(8, CounterType.packets) port_pkts;
    counter(8, CounterType.bytes) port_bytes;
    counter(4, CounterType.packets_and_bytes) by_idx;
    direct_counter(CounterType.packets_and_bytes) key_hits;

    action fwd(bit<9> port) {
        standard_metadata.egress_spec = port;
    }
    action drop() {
        mark_to_drop(standard_metadata);
    }
    table by_key {
        key = { hdr.data.key: exact; }
        actions = { fwd; drop; }
        default_action = drop();
        counters = key_hits;
    }
    apply {
        port_pkts.count((bit<32>) standard_metadata.ingress_port);
        port_bytes.count((bit<32>) standard_metadata.ingress_port);
        by_idx.count((bit<32>) hdr.data.idx);
        by_key.apply();
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
