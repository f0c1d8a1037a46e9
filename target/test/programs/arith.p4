// Arithmetic with P4's width rules: + - * wrap around modulo 2^W for bit<W>
// and int<W>; |+| and |-| saturate (unsigned at 0 and 2^W-1, signed at
// -2^(W-1) and 2^(W-1)-1); unary minus and complement; bitwise ops.
// The operands come from the packet, the results are appended in a new
// header so the expected bytes show every result.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header operands_t {
    bit<8>  a;
    bit<8>  b;
    bit<16> c;
    bit<16> d;
    int<8>  s;
    int<8>  t;
}

header results_t {
    bit<8>  add8;
    bit<8>  sub8;
    bit<8>  mul8;
    bit<8>  neg8;
    bit<8>  not8;
    bit<8>  satadd8;
    bit<8>  satsub8;
    bit<8>  plus255;
    bit<16> and16;
    bit<16> or16;
    bit<16> xor16;
    bit<16> add16;
    bit<16> mul16;
    int<8>  sadd;
    int<8>  ssub;
    int<8>  smul;
    int<8>  sneg;
    int<8>  ssatadd;
    int<8>  ssatsub;
}

struct headers {
    ethernet_t ethernet;
    operands_t ops;
    results_t  res;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.etherType) {
            0x88B5: parse_ops;
            default: accept;
        }
    }
    state parse_ops {
        packet.extract(hdr.ops);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        if (!hdr.ops.isValid()) {
            mark_to_drop(standard_metadata);
            exit;
        }
        hdr.res.setValid();
        hdr.res.add8    = hdr.ops.a + hdr.ops.b;
        hdr.res.sub8    = hdr.ops.a - hdr.ops.b;
        hdr.res.mul8    = hdr.ops.a * hdr.ops.b;
        hdr.res.neg8    = -hdr.ops.a;
        hdr.res.not8    = ~hdr.ops.a;
        hdr.res.satadd8 = hdr.ops.a |+| hdr.ops.b;
        hdr.res.satsub8 = hdr.ops.a |-| hdr.ops.b;
        hdr.res.plus255 = hdr.ops.a + 255;
        hdr.res.and16   = hdr.ops.c & hdr.ops.d;
        hdr.res.or16    = hdr.ops.c | hdr.ops.d;
        hdr.res.xor16   = hdr.ops.c ^ hdr.ops.d;
        hdr.res.add16   = hdr.ops.c + hdr.ops.d;
        hdr.res.mul16   = hdr.ops.c * hdr.ops.d;
        hdr.res.sadd    = hdr.ops.s + hdr.ops.t;
        hdr.res.ssub    = hdr.ops.s - hdr.ops.t;
        hdr.res.smul    = hdr.ops.s * hdr.ops.t;
        hdr.res.sneg    = -hdr.ops.s;
        hdr.res.ssatadd = hdr.ops.s |+| hdr.ops.t;
        hdr.res.ssatsub = hdr.ops.s |-| hdr.ops.t;
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
        packet.emit(hdr.ops);
        packet.emit(hdr.res);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
