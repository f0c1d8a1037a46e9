// The invalid header expression `{#}` (P4_16 "Expressions on headers" and "Expressions on header unions"): an
// invalid header or header union of the type its context gives: the destination of an assignment or
// initializer, a cast, a returned value, or the other side of `==` / `!=`.
//   - Assigning `{#}` makes the destination invalid, so the deparser does not emit it.
//   - `h == {#}` holds exactly when h is invalid (two invalid headers are equal whatever their fields);
//     `u == {#}` holds when no member of the union u is valid.
// Each comparison sets one bit of r, written to h.b: 0x3F when every one holds.
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
    h_t h2;
    u_t u;
}

struct metadata {
    h_t tmp;
}

// Drops a header whose first byte is 2: `{#}` returned takes the function's return type.
h_t keep(in h_t x) {
    if (x.a == 2) {
        return {#};
    }
    return x;
}

parser P(packet_in pkt, out headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    state start {
        pkt.extract(hdr.h);
        meta.tmp = {#};
        transition select(hdr.h.a) {
            1: two;
            default: accept;
        }
    }
    state two {
        pkt.extract(hdr.h2);
        transition accept;
    }
}

control VC(inout headers hdr, inout metadata meta) { apply { } }

control I(inout headers hdr, inout metadata meta, inout standard_metadata_t sm) {
    apply {
        bit<8> r = 0;
        if (hdr.h2 == {#}) { r = r | 1; }       // not extracted
        if ({#} != hdr.h) { r = r | 2; }        // extracted; `{#}` on the left
        if (hdr.u == {#}) { r = r | 4; }        // no member valid
        if (meta.tmp == (h_t){#}) { r = r | 8; }
        h_t local = {#};
        if (!local.isValid()) { r = r | 16; }
        headers s = { h = {#}, h2 = hdr.h, u = {#} };
        if (!s.h.isValid() && s.h2.isValid()) { r = r | 32; }
        hdr.h2 = keep(hdr.h2);
        hdr.h.b = r;
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
