// standard_metadata.priority chosen in ingress from the DSCP bits by a table
// (bmv2 started with --priority-queues 8: every priority 0..7 is a valid
// queue and the packet is forwarded); the value is still visible in egress,
// which writes it into the packet. Each priority goes to its own port so the
// expected order does not depend on queue scheduling.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header ipv4_t {
    bit<4>  version;
    bit<4>  ihl;
    bit<6>  dscp;
    bit<2>  ecn;
    bit<16> totalLen;
    bit<16> identification;
    bit<3>  flags;
    bit<13> fragOffset;
    bit<8>  ttl;
    bit<8>  protocol;
    bit<16> hdrChecksum;
    bit<32> srcAddr;
    bit<32> dstAddr;
}

header prio_t {
    bit<8> prio;
    bit<8> eport;
}

struct headers {
    ethernet_t ethernet;
    prio_t     p;
    ipv4_t     ipv4;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.etherType) {
            0x0800: parse_ipv4;
            default: accept;
        }
    }
    state parse_ipv4 {
        packet.extract(hdr.ipv4);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    action set_prio(bit<3> p) {
        standard_metadata.priority = p;
        standard_metadata.egress_spec = (bit<9>) p + 1;
    }
    action drop() {
        mark_to_drop(standard_metadata);
    }
    table dscp_to_prio {
        key = { hdr.ipv4.dscp: exact; }
        actions = { set_prio; drop; }
        default_action = set_prio(0);
    }
    apply {
        if (hdr.ipv4.isValid()) {
            dscp_to_prio.apply();
        } else {
            drop();
        }
    }
}

control MyEgress(inout headers hdr, inout metadata meta,
                 inout standard_metadata_t standard_metadata) {
    apply {
        hdr.p.setValid();
        hdr.p.prio = (bit<8>) standard_metadata.priority;
        hdr.p.eport = (bit<8>) standard_metadata.egress_port;
    }
}

control MyComputeChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyDeparser(packet_out packet, in headers hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.p);
        packet.emit(hdr.ipv4);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
