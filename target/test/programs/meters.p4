// Meters whose rates the control plane never configured: on bmv2 an
// unconfigured meter marks every packet GREEN (0). An indirect meter and a
// direct meter attached to a table write their color into the packet.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> key;
    bit<8> color1;
    bit<8> color2;
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
    meter(8, MeterType.packets) port_meter;
    direct_meter<bit<8>>(MeterType.bytes) key_meter;

    action read_color(bit<9> port) {
        key_meter.read(hdr.data.color2);
        standard_metadata.egress_spec = port;
    }
    action drop() {
        mark_to_drop(standard_metadata);
    }
    table metered {
        key = { hdr.data.key: exact; }
        actions = { read_color; drop; }
        default_action = drop();
        meters = key_meter;
    }
    apply {
        bit<8> c;
        port_meter.execute_meter((bit<32>) standard_metadata.ingress_port, c);
        hdr.data.color1 = c;
        metered.apply();
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
