// Casts between bit<W> and int<W>: widening bit<W> zero-extends, widening
// int<W> sign-extends, narrowing truncates, bit<W> <-> int<W> of the same
// width reinterprets the bits (one step at a time: sign and width are
// changed by separate casts); bool -> bit<1>; signed versus unsigned
// comparison of the same bits.
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
}

header results_t {
    bit<16> zext;       // (bit<16>) a
    bit<16> sext;       // (bit<16>) (int<16>) (int<8>) a
    bit<8>  trunc;      // (bit<8>) c
    int<8>  reint;      // (int<8>) a
    bit<32> sext32;     // (bit<32>) (int<32>) (int<16>) c
    bit<8>  narrowed;   // (bit<8>) (bit<16>) ((int<16>) c >> 4)
    bit<1>  ult;        // a < b as unsigned
    bit<1>  slt;        // a < b as signed
    bit<1>  eq;         // a == b
    bit<1>  boolbit;    // (bit<1>) (a > b)
    bit<4>  pad;
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
        hdr.res.zext     = (bit<16>) hdr.ops.a;
        hdr.res.sext     = (bit<16>) (int<16>) (int<8>) hdr.ops.a;
        hdr.res.trunc    = (bit<8>) hdr.ops.c;
        hdr.res.reint    = (int<8>) hdr.ops.a;
        hdr.res.sext32   = (bit<32>) (int<32>) (int<16>) hdr.ops.c;
        hdr.res.narrowed = (bit<8>) (bit<16>) (((int<16>) hdr.ops.c) >> 4);
        if (hdr.ops.a < hdr.ops.b) {
            hdr.res.ult = 1;
        } else {
            hdr.res.ult = 0;
        }
        if ((int<8>) hdr.ops.a < (int<8>) hdr.ops.b) {
            hdr.res.slt = 1;
        } else {
            hdr.res.slt = 0;
        }
        hdr.res.eq      = (hdr.ops.a == hdr.ops.b) ? 1w1 : 1w0;
        hdr.res.boolbit = (bit<1>) (hdr.ops.a > hdr.ops.b);
        hdr.res.pad     = 0;
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
