// Header stacks initialized from brace expressions (P4_16 "Header stack expressions", with default values):
//   - `H[2] s = {a, b}` and the cast `(H[2]){...}` build a stack element by element; a closing `...` leaves the
//     remaining elements invalid (a header's default value), `{ ... }` leaves all of them invalid.
//   - Assigning `{...}` to a stack assigns its elements one by one, as p4c lowers it, so the stack's nextIndex
//     is left as it was: here the parser's second `extract(st.next)` fills st[1], not st[0].
//   - Header union stacks take the same forms.
#include <core.p4>
#include <v1model.p4>

header h_t {
    bit<8> a;
}

header g_t {
    bit<16> c;
}

header e_t { }

header_union u_t {
    h_t h;
    g_t g;
}

struct headers {
    h_t    h;
    h_t[3] st;
}

struct metadata { }

// `(e_t){}` is a valid header with no fields; `(e_t){#}` an invalid one.
bool empty_valid() {
    return ((e_t){}).isValid() && !((e_t){#}).isValid();
}

parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start {
        pkt.extract(hdr.h);
        pkt.extract(hdr.st.next);
        hdr.st = { hdr.h, ... };     // st[0] = h, st[1] and st[2] invalid; nextIndex stays 1
        pkt.extract(hdr.st.next);    // st[1]
        transition accept;
    }
}

control VC(inout headers hdr, inout metadata meta) { apply { } }

control I(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    apply {
        h_t[2] loc = { hdr.h, { a = 7 } };
        u_t[2] us = { ... };
        u_t one = ...;
        one.g = { c = 0x1234 };
        us = { one, ... };
        h_t[2] cast = (h_t[2]){ (h_t){#}, loc[0] };
        // 7 + 1 (us[0].g valid) + 0 (us[1] invalid) + 0x10 (cast[0] invalid, cast[1] = h) + 0x20
        hdr.h.a = loc[1].a + (us[0].g.isValid() ? 8w1 : 8w0) + (us[1].isValid() ? 8w2 : 8w0)
                + (!cast[0].isValid() && cast[1].a == hdr.h.a ? 8w0x10 : 8w0)
                + (empty_valid() ? 8w0x20 : 8w0);
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
