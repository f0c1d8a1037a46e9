// Standard metadata seen by a v1model program on bmv2: ingress_port,
// packet_length (bytes received), instance_type 0 for a normal packet,
// egress_port in egress (= egress_spec chosen in ingress), and random()
// used only with lo == hi so its result is deterministic. log_msg with and
// without arguments does not change the packet.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header meta_out_t {
    bit<16> ingress_port;
    bit<32> packet_length;
    bit<32> instance_type;
    bit<16> egress_port;
    bit<8>  rnd8;
    bit<16> rnd16;
}

struct headers {
    ethernet_t ethernet;
    meta_out_t m;
}

struct metadata {
    bit<8> lo;
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.m);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        log_msg("ingress: packet received");
        log_msg("ingress: port {} length {}",
                { standard_metadata.ingress_port, standard_metadata.packet_length });
        hdr.m.ingress_port = (bit<16>) standard_metadata.ingress_port;
        hdr.m.packet_length = standard_metadata.packet_length;
        hdr.m.instance_type = standard_metadata.instance_type;

        bit<8> r;
        random(r, 8w0x5A, 8w0x5A);
        hdr.m.rnd8 = r;
        // run-time bounds, equal: the result is the bound
        meta.lo = hdr.ethernet.dstAddr[7:0];
        random(r, meta.lo, meta.lo);
        bit<16> r16;
        random(r16, (bit<16>) r, (bit<16>) r);
        hdr.m.rnd16 = r16 + 16w0x0100;

        // send out of port (ingress_port + 1)
        standard_metadata.egress_spec = standard_metadata.ingress_port + 1;
    }
}

control MyEgress(inout headers hdr, inout metadata meta,
                 inout standard_metadata_t standard_metadata) {
    apply {
        hdr.m.egress_port = (bit<16>) standard_metadata.egress_port;
    }
}

control MyComputeChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyDeparser(packet_out packet, in headers hdr) {
    apply {
        packet.emit(hdr.ethernet);
        packet.emit(hdr.m);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
