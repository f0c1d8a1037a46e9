// A direct meter's colour is written on every table hit, before the action runs and whichever action the
// entry runs: p4c turns `read(x)` into the table's meter target x, and bmv2 sets x on a hit only. With the
// meter left unconfigured the colour is GREEN (0), so a hit zeroes `color` even through `fwd`, which never
// calls read(); a miss leaves it as sent. The indirect meter (cell key & 3) marks icolor GREEN too.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> key;
    bit<8> color;
    bit<8> icolor;
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
    direct_meter<bit<8>>(MeterType.packets) flow_meter;
    meter(4, MeterType.bytes) cells;

    action police(bit<9> port) {
        flow_meter.read(hdr.data.color);
        standard_metadata.egress_spec = port;
    }
    action fwd(bit<9> port) {
        standard_metadata.egress_spec = port;
    }
    table flows {
        key = { hdr.data.key: exact; }
        actions = { police; fwd; }
        default_action = fwd(4);
        meters = flow_meter;
    }
    apply {
        cells.execute_meter((bit<32>) (hdr.data.key & 3), hdr.data.icolor);
        flows.apply();
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
