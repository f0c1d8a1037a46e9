// Compile-time constants: consts defined from expressions over other
// consts (untyped integers have infinite precision, typed ones wrap),
// width-prefixed literals (8w255, 8s5), casts, slices and
// concatenation of constants, and constants used as table entry keys,
// select labels and action arguments.
#include <core.p4>
#include <v1model.p4>

const bit<8>  BASE     = 0x10;
const bit<8>  NEXT     = BASE + 1;
const bit<16> WIDE     = BASE ++ NEXT;              // 0x1011
const bit<8>  WRAPPED  = 8w255 + 8w2;               // wraps to 1
const int<8>  NEG      = -8s5;
const bit<8>  NEG_BITS = (bit<8>) NEG;              // 0xFB
const bit<32> SHIFTED  = 32w1 << 20;                // 0x00100000
const bit<4>  HI_NIB   = WIDE[15:12];               // 1
const bit<8>  FROM_INT = 3 * 7 + 100;               // 121 = 0x79
const bit<16> ETYPE    = 16w0x9000 | (bit<16>) BASE; // 0x9010

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header out_t {
    bit<8>  next;
    bit<16> wide;
    bit<8>  wrapped;
    bit<8>  neg_bits;
    bit<32> shifted;
    bit<8>  hi_nib;
    bit<8>  from_int;
    bit<8>  table_result;
}

struct headers {
    ethernet_t ethernet;
    out_t      o;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.etherType) {
            ETYPE: parse_o;
            default: accept;
        }
    }
    state parse_o {
        packet.extract(hdr.o);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    action set_result(bit<8> r) {
        hdr.o.table_result = r;
    }
    table t {
        key = { hdr.o.next: exact; }
        actions = { set_result; }
        default_action = set_result(WRAPPED);
        const entries = {
            NEXT      : set_result(FROM_INT);
            NEXT + 1  : set_result(NEG_BITS);
        }
    }
    apply {
        if (!hdr.o.isValid()) {
            mark_to_drop(standard_metadata);
            exit;
        }
        t.apply();
        hdr.o.next     = NEXT;
        hdr.o.wide     = WIDE;
        hdr.o.wrapped  = WRAPPED;
        hdr.o.neg_bits = NEG_BITS;
        hdr.o.shifted  = SHIFTED;
        hdr.o.hi_nib   = (bit<8>) HI_NIB;
        hdr.o.from_int = FROM_INT;
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
        packet.emit(hdr.o);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
