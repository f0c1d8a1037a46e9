// A stack of header unions: the parser extracts into a member of the next
// element (`items.next.a`), selects on a field through `items.last.a`, and
// gets StackOutOfBounds when more elements arrive than fit; ingress reads the
// validity of elements and of their members; emitting the stack emits the
// valid member of each element in order.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header a_t {
    bit<8> kind;
    bit<8> x;
}

header b_t {
    bit<8>  kind;
    bit<16> y;
}

header_union ab_t {
    a_t a;
    b_t b;
}

header res_t {
    bit<8> r;
}

struct headers {
    ethernet_t ethernet;
    ab_t[3]    items;
    res_t      res;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        transition next_item;
    }
    state next_item {
        transition select(packet.lookahead<bit<8>>()) {
            1: parse_a;
            2: parse_b;
            default: accept;
        }
    }
    state parse_a {
        packet.extract(hdr.items.next.a);
        // x = 0 ends the list
        transition select(hdr.items.last.a.x) {
            0: accept;
            default: next_item;
        }
    }
    state parse_b {
        packet.extract(hdr.items.next.b);
        transition next_item;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        bit<8> r = 0;
        if (hdr.items[0].a.isValid()) { r = r | 0x01; }
        if (hdr.items[0].b.isValid()) { r = r | 0x02; }
        if (hdr.items[1].a.isValid()) { r = r | 0x04; }
        if (hdr.items[1].b.isValid()) { r = r | 0x08; }
        if (hdr.items[2].a.isValid()) { r = r | 0x10; }
        if (hdr.items[2].b.isValid()) { r = r | 0x20; }
        if (hdr.items[2].isValid()) { r = r | 0x40; }
        if (standard_metadata.parser_error == error.StackOutOfBounds) { r = r | 0x80; }
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
        packet.emit(hdr.ethernet);
        packet.emit(hdr.items);
        packet.emit(hdr.res);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
