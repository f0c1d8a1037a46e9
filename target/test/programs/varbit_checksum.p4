// varbit in a checksum: the IPv4 header checksum is verified over the fixed
// fields and the options held in a varbit<320> field (v1model.p4 allows
// varbit elements in the data of verify_checksum / update_checksum); a bad
// checksum is marked by checksum_error and the packet is dropped. The TTL is
// decremented and the checksum recomputed, again over the options.
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
    apply {
        verify_checksum(hdr.ipv4.isValid(),
            { hdr.ipv4.version, hdr.ipv4.ihl, hdr.ipv4.diffserv,
              hdr.ipv4.totalLen, hdr.ipv4.identification, hdr.ipv4.flags,
              hdr.ipv4.fragOffset, hdr.ipv4.ttl, hdr.ipv4.protocol,
              hdr.ipv4.srcAddr, hdr.ipv4.dstAddr, hdr.opts.options },
            hdr.ipv4.hdrChecksum, HashAlgorithm.csum16);
    }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        if (!hdr.marker.isValid() || standard_metadata.checksum_error == 1) {
            mark_to_drop(standard_metadata);
        } else {
            // the marker value goes into the Ethernet destination
            hdr.ethernet.dstAddr = (bit<48>) hdr.marker.value;
            hdr.ipv4.ttl = hdr.ipv4.ttl - 1;
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
    apply {
        update_checksum(hdr.ipv4.isValid(),
            { hdr.ipv4.version, hdr.ipv4.ihl, hdr.ipv4.diffserv,
              hdr.ipv4.totalLen, hdr.ipv4.identification, hdr.ipv4.flags,
              hdr.ipv4.fragOffset, hdr.ipv4.ttl, hdr.ipv4.protocol,
              hdr.ipv4.srcAddr, hdr.ipv4.dstAddr, hdr.opts.options },
            hdr.ipv4.hdrChecksum, HashAlgorithm.csum16);
    }
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
