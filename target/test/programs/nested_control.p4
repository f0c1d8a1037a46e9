// A control instantiated twice inside ingress: each instance has its own
// table (control-plane names MyIngress.first.lookup and
// MyIngress.second.lookup) and its own register; the fields to work on are
// passed as in / inout / out arguments of apply.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header data_t {
    bit<8> k1;
    bit<8> k2;
    bit<8> r1;
    bit<8> r2;
    bit<8> n1;
    bit<8> n2;
}

struct headers {
    ethernet_t ethernet;
    data_t     data;
}

struct metadata { }

control Lookup(in bit<8> k, inout bit<8> result, out bit<8> count) {
    register<bit<8>>(1) seen;
    action set_result(bit<8> v) {
        result = v;
    }
    table lookup {
        key = { k: exact; }
        actions = { set_result; NoAction; }
        default_action = NoAction();
    }
    apply {
        lookup.apply();
        bit<8> c;
        seen.read(c, 0);
        c = c + 1;
        seen.write(0, c);
        count = c;
    }
}

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
    Lookup() first;
    Lookup() second;
    apply {
        first.apply(hdr.data.k1, hdr.data.r1, hdr.data.n1);
        if (hdr.data.k2 != 0) {
            second.apply(hdr.data.k2, hdr.data.r2, hdr.data.n2);
        }
        standard_metadata.egress_spec = 1;
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
