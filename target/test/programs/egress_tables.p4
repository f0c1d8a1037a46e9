// Tables keyed on standard metadata: an lpm table combined with an exact
// key in ingress (vrf + destination; bmv2 treats this as an lpm table: the
// longest matching prefix wins among entries with the same exact key), and
// an egress table keyed on standard_metadata.egress_port that rewrites the
// source MAC address per output port.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header route_t {
    bit<8>  vrf;
    bit<32> dst;
}

struct headers {
    ethernet_t ethernet;
    route_t    route;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.route);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    action to_port(bit<9> port) {
        standard_metadata.egress_spec = port;
    }
    action drop() {
        mark_to_drop(standard_metadata);
    }
    table routes {
        key = {
            hdr.route.vrf: exact;
            hdr.route.dst: lpm;
        }
        actions = { to_port; drop; }
        default_action = drop();
    }
    apply {
        routes.apply();
    }
}

control MyEgress(inout headers hdr, inout metadata meta,
                 inout standard_metadata_t standard_metadata) {
    action set_smac(bit<48> smac) {
        hdr.ethernet.srcAddr = smac;
    }
    table port_smac {
        key = { standard_metadata.egress_port: exact; }
        actions = { set_smac; NoAction; }
        default_action = NoAction();
    }
    apply {
        port_smac.apply();
    }
}

control MyComputeChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyDeparser(packet_out packet, in headers hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.route);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
