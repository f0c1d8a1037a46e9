// hash() with crc16, crc32, csum16 and identity over fields of the packet;
// the results are written into the packet so the expected bytes prove the
// algorithms (bmv2: crc16 = CRC-16/ARC, crc32 = the usual CRC-32, csum16 =
// the Internet checksum, identity = the input bits). The result is
// base + (H % max): one call uses base 100 and max 1000.
#include <core.p4>
#include <v1model.p4>

header ethernet_t {
    bit<48> dstAddr;
    bit<48> srcAddr;
    bit<16> etherType;
}

header input_t {
    bit<8>  a;
    bit<16> b;
    bit<8>  c;
    bit<32> d;
}

header output_t {
    bit<16> crc16;
    bit<32> crc32;
    bit<16> csum16;
    bit<32> ident;
    bit<16> crc16_mod;
    bit<16> crc32_low;
}

struct headers {
    ethernet_t ethernet;
    input_t    inp;
    output_t   outp;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        packet.extract(hdr.inp);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        hdr.outp.setValid();
        hash(hdr.outp.crc16, HashAlgorithm.crc16, 16w0,
             { hdr.inp.a, hdr.inp.b, hdr.inp.c, hdr.inp.d }, 32w65536);
        hash(hdr.outp.crc32, HashAlgorithm.crc32, 32w0,
             { hdr.inp.a, hdr.inp.b, hdr.inp.c, hdr.inp.d }, 64w4294967296);
        hash(hdr.outp.csum16, HashAlgorithm.csum16, 16w0,
             { hdr.inp.a, hdr.inp.b, hdr.inp.c, hdr.inp.d }, 32w65536);
        hash(hdr.outp.ident, HashAlgorithm.identity, 32w0,
             { hdr.inp.a, hdr.inp.b, hdr.inp.c }, 64w4294967296);
        hash(hdr.outp.crc16_mod, HashAlgorithm.crc16, 16w100,
             { hdr.inp.d }, 16w1000);
        hash(hdr.outp.crc32_low, HashAlgorithm.crc32, 16w0,
             { hdr.inp.d }, 32w65536);
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
        packet.emit(hdr.inp);
        packet.emit(hdr.outp);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(),
         MyComputeChecksum(), MyDeparser()) main;
