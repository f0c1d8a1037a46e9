// setValid() as bmv2 runs it: p4c compiles it to bmv2's add_header primitive, which gives a header that was
// invalid every field 0 before marking it valid, and leaves a header that is already valid as it is. (The
// P4_16 specification leaves the fields of a newly valid header unspecified; this is what bmv2 chooses.)
//   - h is valid (extracted): setValid() keeps its fields.
//   - x is copied from h, made invalid, then valid again: its fields read 0, and b is then set to 9.
//   - u.g becomes valid after u.h was: u.h turns invalid (a union holds one valid member) and u.g's field is 0.
#include <core.p4>
#include <v1model.p4>

header h_t {
    bit<8> a;
    bit<8> b;
}

header g_t {
    bit<16> c;
}

header_union u_t {
    h_t h;
    g_t g;
}

struct headers {
    h_t h;
    h_t x;
    u_t u;
}

struct metadata { }

parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start {
        pkt.extract(hdr.h);
        transition accept;
    }
}

control VC(inout headers hdr, inout metadata meta) { apply { } }

control I(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    apply {
        hdr.h.setValid();
        hdr.x = hdr.h;
        hdr.x.setInvalid();
        hdr.x.setValid();
        hdr.x.b = 9;
        hdr.u.h = hdr.h;
        hdr.u.g.setValid();
        sm.egress_spec = 2;
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
