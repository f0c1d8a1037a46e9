// varbit: IPv4 options extracted into a varbit<320> field with a run-time
// length computed from ihl (two-argument extract), emitted again unchanged.
// A small header after the options proves that exactly the right number of
// bytes was consumed. (varbit_checksum.p4 adds checksum verification.)
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
    bit<8>  diffserv;
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

header ipv4_options_t {
    varbit<320> options;
}

header marker_t {
    bit<16> value;
}

struct headers {
    ethernet_t     ethernet;
    ipv4_t         ipv4;
    ipv4_options_t opts;
    marker_t       marker;
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
        transition select(hdr.ipv4.ihl) {
            5: parse_marker;
            6 .. 15: parse_options;
            default: accept;
        }
    }
    state parse_options {
        packet.extract(hdr.opts, (bit<32>) (((bit<16>) hdr.ipv4.ihl - 5) * 32));
        transition parse_marker;
    }
    state parse_marker {
        packet.extract(hdr.marker);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        if (!hdr.marker.isValid()) {
            mark_to_drop(standard_metadata);
        } else {
            // the marker value goes into the Ethernet destination
            hdr.ethernet.dstAddr = (bit<48>) hdr.marker.value;
            if (hdr.opts.isValid()) {
                standard_metadata.egress_spec = 2;
            } else {
                standard_metadata.egress_spec = 1;
            }
        }
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
        packet.emit(hdr.ipv4);
        packet.emit(hdr.opts);
        packet.emit(hdr.marker);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
