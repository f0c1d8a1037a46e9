// Where a packet goes on bmv2: egress_spec is 0 unless ingress sets it;
// port 511 is the drop port (set directly or by mark_to_drop); code after
// mark_to_drop may set egress_spec again and the packet is then forwarded;
// mark_to_drop in egress drops the packet at the end of egress.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header cmd_t {
    bit<8> op;
    bit<8> arg;
}

struct headers {
    ethernet_t ethernet;
    cmd_t      cmd;
}

struct metadata { }

const bit<9> DROP_PORT = 511;

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.cmd);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        if (hdr.cmd.op == 1) {
            // nothing: egress_spec keeps its initial value 0
        } else if (hdr.cmd.op == 2) {
            standard_metadata.egress_spec = (bit<9>) hdr.cmd.arg;
        } else if (hdr.cmd.op == 3) {
            standard_metadata.egress_spec = DROP_PORT;
        } else if (hdr.cmd.op == 4) {
            mark_to_drop(standard_metadata);
        } else if (hdr.cmd.op == 5) {
            mark_to_drop(standard_metadata);
            standard_metadata.egress_spec = 6;
        } else if (hdr.cmd.op == 6) {
            standard_metadata.egress_spec = 3;
        } else if (hdr.cmd.op == 7) {
            standard_metadata.egress_spec = 3;
            mark_to_drop(standard_metadata);
        } else {
            standard_metadata.egress_spec = 2;
        }
    }
}

control MyEgress(inout headers hdr, inout metadata meta,
                 inout standard_metadata_t standard_metadata) {
    apply {
        // op 6 is dropped in egress
        if (hdr.cmd.op == 6) {
            mark_to_drop(standard_metadata);
        }
        hdr.cmd.arg = (bit<8>) standard_metadata.egress_port;
    }
}

control MyComputeChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyDeparser(packet_out packet, in headers hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.cmd);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
