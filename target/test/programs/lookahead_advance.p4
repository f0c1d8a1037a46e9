// lookahead<T>() of a bit<W> value, of a header type and of a struct (with a
// struct inside) without consuming input, and advance(bits) to skip bytes that are then not part of the
// output (they are neither extracted nor left in the payload).
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header body_t {
    bit<8>  kind;
    bit<8>  val;
}

header peek_t {
    bit<8>  first;
    bit<16> next2;
}

struct nibbles_t {
    bit<4>  hi;
    bit<4>  lo;
}

struct peek_struct_t {
    nibbles_t n;
    bit<16>   next2;
}

header info_t {
    bit<8>  peeked;
    bit<16> peeked2;
    bit<8>  skipped;
    bit<8>  agree;   // 1 when the struct lookahead read what the others read
}

struct headers {
    ethernet_t ethernet;
    info_t     info;
    body_t     body;
}

struct metadata {
    bit<8>  peeked;
    bit<16> peeked2;
    bit<8>  skipped;
    bit<8>  agree;
}

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        meta.peeked = packet.lookahead<bit<8>>();
        meta.peeked2 = packet.lookahead<peek_t>().next2;
        peek_struct_t ps = packet.lookahead<peek_struct_t>();
        meta.agree = (ps.n.hi ++ ps.n.lo == meta.peeked && ps.next2 == meta.peeked2) ? 8w1 : 8w0;
        transition select(meta.peeked) {
            0xAA: skip_two;
            0xBB: skip_four;
            default: parse_body;
        }
    }
    state skip_two {
        packet.advance(16);
        meta.skipped = 2;
        transition parse_body;
    }
    state skip_four {
        packet.advance(32w32);
        meta.skipped = 4;
        transition parse_body;
    }
    state parse_body {
        packet.extract(hdr.body);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        hdr.info.setValid();
        hdr.info.peeked = meta.peeked;
        hdr.info.peeked2 = meta.peeked2;
        hdr.info.skipped = meta.skipped;
        hdr.info.agree = meta.agree;
        standard_metadata.egress_spec = 2;
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
        packet.emit(hdr.body);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
