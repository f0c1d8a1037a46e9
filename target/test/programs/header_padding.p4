// Headers whose fields are not a whole number of bytes, as p4c's bmv2 back end lays them out: each is padded
// after its last field to a whole byte (bmv2 parses and deparses bytes). Extract takes the padding bits from
// the packet and emit writes them back unchanged; a header made valid in the program has zero padding; the
// padding is no field, so two headers that differ only there are equal.
#include <core.p4>
#include <v1model.p4>

header flags_t {
    bit<3> f;       // 3 bits, then 5 bits of padding
}

header rec_t {
    bit<8>  k;
    bit<16> v;
    bit<1>  last;   // 25 bits, then 7 bits of padding
}

header res_t {
    bit<8> eq;      // 1 when flags and flags_copy are equal
}

struct headers {
    flags_t flags;
    rec_t   rec;
    flags_t flags2;   // made valid in ingress
    res_t   res;
}

struct metadata { }

parser MyParser(packet_in packet, out headers hdr, inout metadata meta,
                inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.flags);
        packet.extract(hdr.rec);
        transition accept;
    }
}

control MyVerifyChecksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control MyIngress(inout headers hdr, inout metadata meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        if (standard_metadata.parser_error != error.NoError) {
            mark_to_drop(standard_metadata);
            return;
        }
        hdr.rec.v = hdr.rec.v + 1;
        hdr.flags2.setValid();
        hdr.flags2.f = hdr.flags.f;
        hdr.res.setValid();
        hdr.res.eq = hdr.flags2 == hdr.flags ? 8w1 : 8w0;
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
        packet.emit(hdr.flags);
        packet.emit(hdr.rec);
        packet.emit(hdr.flags2);
        packet.emit(hdr.res);
    }
}

V1Switch(MyParser(), MyVerifyChecksum(), MyIngress(), MyEgress(), MyComputeChecksum(), MyDeparser()) main;
