// `==` on header stacks compares their elements only: a stack filled by extraction (nextIndex 2) equals a
// local stack whose elements were assigned the same headers (nextIndex 0). p4c expands the comparison
// element by element, so bmv2 never sees nextIndex in it.
#include <core.p4>
#include <v1model.p4>

header item_t {
    bit<8> v;
}

header res_t {
    bit<8> r;
}

struct headers {
    item_t[2] items;
    res_t     res;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.items.next);
        packet.extract(hdr.items.next);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        bit<8> r = 0;
        item_t[2] copy;
        copy[0] = hdr.items[0];
        copy[1] = hdr.items[1];
        if (copy == hdr.items) {
            r = r | 0x01;
        }
        item_t[2] swapped;
        swapped[0] = hdr.items[1];
        swapped[1] = hdr.items[0];
        if (swapped == hdr.items) {
            r = r | 0x02;
        }
        if (swapped != hdr.items) {
            r = r | 0x04;
        }
        hdr.res.setValid();
        hdr.res.r = r;
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
        packet.emit(hdr);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
