// Shifts (by constants and by run-time amounts, including amounts not
// smaller than the width, which give 0 for << and for unsigned >>),
// arithmetic right shift of int<W>, bit slices, slice assignment and
// concatenation with ++ (the result width is the sum of the widths).
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header operands_t {
    bit<8>  a;
    bit<8>  n;      // a run-time shift amount
    bit<16> c;
    bit<32> w;
    int<8>  s;
}

header results_t {
    bit<8>  shl3;
    bit<8>  shr3;
    bit<8>  shln;
    bit<8>  shrn;
    bit<16> shl16;
    int<8>  sshr2;
    int<8>  sshrn;
    bit<8>  hi;
    bit<8>  lo;
    bit<16> mid;
    bit<4>  nib;
    bit<4>  top;
    bit<16> sliced;
    bit<16> cat;
    bit<24> cat3;
    bit<32> wset;
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
        hdr.res.shl3  = hdr.ops.a << 3;
        hdr.res.shr3  = hdr.ops.a >> 3;
        hdr.res.shln  = hdr.ops.a << hdr.ops.n;
        hdr.res.shrn  = hdr.ops.a >> hdr.ops.n;
        hdr.res.shl16 = hdr.ops.c << 4;
        hdr.res.sshr2 = hdr.ops.s >> 2;
        hdr.res.sshrn = hdr.ops.s >> hdr.ops.n;
        hdr.res.hi    = hdr.ops.c[15:8];
        hdr.res.lo    = hdr.ops.c[7:0];
        hdr.res.mid   = hdr.ops.w[23:8];
        hdr.res.nib   = hdr.ops.a[3:0];
        hdr.res.top   = hdr.ops.w[31:28];

        bit<16> t = hdr.ops.c;
        t[3:0] = 4w0xF;
        t[15:12] = hdr.ops.a[7:4];
        t[8:8] = 1w0;
        hdr.res.sliced = t;

        hdr.res.cat  = hdr.ops.a ++ hdr.ops.n;
        hdr.res.cat3 = hdr.ops.a[3:0] ++ hdr.ops.c ++ 4w0x9;

        bit<32> x = 0;
        x[31:16] = hdr.ops.c;
        x[7:0] = hdr.ops.a;
        hdr.res.wset = x;

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
