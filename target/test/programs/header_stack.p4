// Header stacks: extract into .next in a parser loop, .last and .lastIndex
// in the parser, .size, constant indexing, push_front / pop_front, validity
// of shifted elements, emitting a stack (valid elements only), and the
// StackOutOfBounds parser error when more elements arrive than fit.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header tag_t {
    bit<8> v;
}

header info_t {
    bit<8> last_index;
    bit<8> last_v;
    bit<8> size;
    bit<8> sum01;
    bit<8> valid_mask;
    bit<8> err;
}

struct headers {
    ethernet_t ethernet;
    info_t     info;
    tag_t[4]   tags;
}

struct metadata {
    bit<8> last_index;
    bit<8> last_v;
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.etherType) {
            0x9001: parse_tag;
            default: accept;
        }
    }
    // a tag with value 0 ends the list
    state parse_tag {
        packet.extract(hdr.tags.next);
        meta.last_index = (bit<8>) hdr.tags.lastIndex;
        meta.last_v = hdr.tags.last.v;
        transition select(hdr.tags.last.v) {
            0: accept;
            default: parse_tag;
        }
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        if (!hdr.tags[0].isValid()) {
            mark_to_drop(standard_metadata);
            exit;
        }
        hdr.info.setValid();
        hdr.info.last_index = meta.last_index;
        hdr.info.last_v = meta.last_v;
        hdr.info.size = (bit<8>) hdr.tags.size;
        if (hdr.tags[1].isValid()) {
            hdr.info.sum01 = hdr.tags[0].v + hdr.tags[1].v;
        } else {
            hdr.info.sum01 = hdr.tags[0].v;
        }
        if (standard_metadata.parser_error == error.StackOutOfBounds) {
            hdr.info.err = 1;
        } else {
            hdr.info.err = 0;
        }

        // [t0 t1 t2 ..] -> pop -> [t1 t2 .. -] -> push 2 -> [- - t1 t2]
        hdr.tags.pop_front(1);
        hdr.tags.push_front(2);
        hdr.tags[0].setValid();
        hdr.tags[0].v = 0xAA;

        bit<8> m = 0;
        if (hdr.tags[0].isValid()) { m = m | 8w1; }
        if (hdr.tags[1].isValid()) { m = m | 8w2; }
        if (hdr.tags[2].isValid()) { m = m | 8w4; }
        if (hdr.tags[3].isValid()) { m = m | 8w8; }
        hdr.info.valid_mask = m;

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
        packet.emit(hdr.info);
        packet.emit(hdr.tags);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
