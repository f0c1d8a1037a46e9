// A control named like v1model's extern function verify_checksum (p4c accepts it: from its declaration on,
// the name is a type name, so `verify_checksum()` in main constructs the control), and a parser named like
// the extern function `random`. Before those declarations, the names still call the externs.
#include <core.p4>
#include <v1model.p4>

header h_t { bit<8> a; bit<16> sum; }
struct headers { h_t h; }
struct metadata { }

control ingress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    apply {
        bit<8> r;
        random(r, 8w7, 8w7);
        hdr.h.a = hdr.h.a + r;
        sm.egress_spec = 2;
    }
}

parser random(packet_in pk, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start { pk.extract(hdr.h); transition accept; }
}

control verify_checksum(inout headers hdr, inout metadata meta) {
    apply { }
}

control egress(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }

control compute_checksum(inout headers hdr, inout metadata meta) {
    apply { update_checksum(true, { hdr.h.a }, hdr.h.sum, HashAlgorithm.csum16); }
}

control deparser(packet_out pk, in headers hdr) { apply { pk.emit(hdr.h); } }

V1Switch(random(), verify_checksum(), ingress(), egress(), compute_checksum(), deparser()) main;
