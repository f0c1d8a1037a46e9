// Assigning an invalid header as bmv2 runs it: p4c compiles a header assignment to bmv2's assign_header, which
// for an invalid source only marks the destination invalid, leaving the destination's fields as they were.
// Reading them is unspecified in P4_16; bmv2 reads the old values, and so must the target.
//   - x = h (valid, 05 06), then x = y (y extracted as 07 08, then made invalid): x keeps 05 06.
//   - The same for a header inside a struct assigned from a brace expression.
#include <core.p4>
#include <v1model.p4>

header h_t {
    bit<8> a;
    bit<8> b;
}

struct inner_t {
    h_t i;
}

struct headers {
    h_t h;
    h_t y;
    h_t o;
}

struct metadata { }

parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start {
        pkt.extract(hdr.h);
        pkt.extract(hdr.y);
        hdr.y.setInvalid();
        transition accept;
    }
}

control VC(inout headers hdr, inout metadata meta) { apply { } }

control I(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    apply {
        h_t x = hdr.h;
        x = hdr.y;
        inner_t s = { hdr.h };
        s = { hdr.y };
        hdr.o.setValid();
        hdr.o.a = x.a;
        hdr.o.b = s.i.b;
        if (!x.isValid() && !s.i.isValid()) {
            sm.egress_spec = 2;
        }
    }
}

control E(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) { apply { } }

control CC(inout headers hdr, inout metadata meta) { apply { } }

control D(packet_out pkt, in headers hdr) {
    apply {
        pkt.emit(hdr);
    }
}

V1Switch(P(), VC(), I(), E(), CC(), D()) main;
